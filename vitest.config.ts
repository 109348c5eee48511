import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const TEST_DIRS = ["app", "platform", "tests/unit", "tests/integration"];
const INCLUDE = ["app/**/*.test.{ts,tsx}", "platform/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"];
const EXCLUDE = ["node_modules", "build", "tests/e2e/**"];

/**
 * Test files that replace something for themselves alone: a module (`vi.mock`), a global, an
 * environment variable, the clock, an object's method, or the network (msw). Each runs in a
 * worker thread of its own, made for it; every other file shares its worker's modules
 * with the files before it (ADR 051). Found by reading the files, so a new test that mocks is
 * isolated without anyone listing it.
 */
const REPLACES = /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|\bsetupServer\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;

function isolatedFiles(): string[] {
  return TEST_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((f) => `${dir}/${f.split("\\").join("/")}`)
      .filter((f) => /\.test\.tsx?$/.test(f) && REPLACES.test(readFileSync(f, "utf8"))),
  );
}

const isolated = isolatedFiles();

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
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where
    // the files then ran one after another (290 s). Much of a file's time is waiting on a database
    // or a timer, so one per core keeps both busy (196 s on the same machine).
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    // Whether a pool's workers are made afresh for each file is the pool's setting, not a project's:
    // the shared files run in processes (forks) kept from file to file, the isolated ones in
    // threads made for each file (ADR 051).
    pool: "forks",
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    // Each test file's in-memory database starts from a copy of the first one made (testing/db.ts).
    globalSetup: ["platform/testing/pglite-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    projects: [
      // A process per file imported the platform, drizzle and PGlite again for each of ~110 files
      // (77 s of "collect" on 2 cores) and compiled PGlite's WebAssembly again for each database:
      // shared, the whole suite took 171-192 s against 290-320 s (ADR 051).
      // (A project's include and exclude add to the root's: so the root has none.)
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: [...EXCLUDE, ...isolated] } },
      { extends: true, test: { name: "isolated", pool: "threads", include: isolated, exclude: EXCLUDE } },
    ],
  },
});
