import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#platform": fileURLToPath(new URL("./platform", import.meta.url)),
    },
  },
  test: {
    globals: true,
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "platform/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where
    // the files then ran one after another (290 s). Much of a file's time is waiting on a database
    // or a timer, so one per core keeps both busy (196 s on the same machine).
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    // Each test file's in-memory database starts from a copy of the first one made (testing/db.ts).
    globalSetup: ["platform/testing/pglite-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
