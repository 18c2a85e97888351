import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands } from "./app/islands/vite-plugin.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is the Express app, which wraps the React Router handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  // The marketing pages' islands: a Preact bundle built beside the app (decision 0022).
  plugins: [tailwindcss(), reactRouter(), islands({ clientOutDir: "build/client" })],
}));
