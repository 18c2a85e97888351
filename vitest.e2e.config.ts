import { defineConfig } from "vitest/config";

// End-to-end tests: the production build in Chromium, one server for the run.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "e2e",
    include: ["tests/**/*.e2e.ts"],
    globalSetup: ["tests/support/server.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
