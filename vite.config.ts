import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands } from "./app/islands/vite-plugin.ts";

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is the Express app, which wraps the React Router handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  // Packages of many small modules go into the server build's own chunks: Node then reads a
  // few files at start instead of some 1,400 (issue 15, item 6). React, React Router and the
  // database drivers stay outside: one copy each, shared with the packages that import them.
  // Development keeps Node's own loading (and its reloads quick).
  ssr:
    command !== "build"
      ? undefined
      : {
          noExternal: [
            "date-fns",
            "@date-fns/tz",
            "radix-ui",
            /^@radix-ui\//,
            /^@floating-ui\//,
            "lucide-react",
            "zod",
            "drizzle-orm",
            "kysely",
            "better-auth",
            /^@better-auth\//,
            "better-call",
            "jose",
            /^@noble\//,
            "date-holidays",
            "date-holidays-parser",
            "astronomia",
            "date-chinese",
            "caldate",
            "date-easter",
            "date-bengali-revised",
            "jalaali-js",
          ],
        },
  // The marketing pages' islands: a Preact bundle built beside the app (decision 0022).
  plugins: [tailwindcss(), reactRouter(), islands({ clientOutDir: "build/client" })],
}));
