import { defineConfig } from "vitest/config";
import { islands } from "./app/islands/vite-plugin.ts";

// Unit and integration tests sit next to the code they test. Every test runs
// on PGlite; database tests (*.db.test.ts) run again on PostgreSQL when
// TEST_DATABASE_URL names a server. Each project's global setup migrates a
// template database once, which every test file copies.
const globalSetup = ["server/testing/database-templates.ts"];
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: "postgres",
          include: ["server/**/*.db.test.ts", "app/**/*.db.test.ts"],
          env: { TEST_DB: "postgres" },
          globalSetup,
        },
      },
    ]
  : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Route modules import app/root.tsx, which names the islands' script (decision 0022).
  plugins: [islands({ clientOutDir: "build/client" })],
  test: {
    // The tests' farm has an ABN (the ATO's example) and so is registered for GST.
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", SITE_ABN: "51 824 753 556" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Every test file opens its own database, so files need no fresh process:
    // reusing one skips re-importing the server and re-compiling PGlite's
    // WebAssembly per file (a full run takes about a third of the time). The
    // default of one worker per core but one leaves a 2-core machine one.
    isolate: false,
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: [
            "server/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "domain/**/*.test.ts",
            "content/**/*.test.ts",
          ],
          globalSetup,
        },
      },
      ...postgres,
    ],
  },
});
