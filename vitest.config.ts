import { defineConfig } from "vitest/config";

// Unit and integration tests sit next to the code they test. Every test runs
// on PGlite; database tests (*.db.test.ts) run again on PostgreSQL when
// TEST_DATABASE_URL names a server.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: "postgres",
          include: ["server/**/*.db.test.ts", "app/**/*.db.test.ts"],
          env: { TEST_DB: "postgres" },
        },
      },
    ]
  : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
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
        },
      },
      ...postgres,
    ],
  },
});
