import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_OPERATOR_KEY = "e2e-operator-key-0123456789";
/** The embedded demo studio's master secret: specs that sign wallet calls for a studio vendor derive its key. */
export const E2E_DEMO_VENDOR_SECRET = "e2e-demo-vendor-master-secret-0123456789";
// A fresh data directory per run; the variable keeps one value across the config's re-loads.
process.env.E2E_DATA_DIR ??= path.join("tests", ".tmp", `e2e-${Date.now()}`);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Machines are shared and noisy: one retry, reported as flaky, keeps a slow moment from failing main.
  retries: 1,
  // Logins hash passwords (argon2id) and pages render server-side on 2 shared cores; on a starved
  // CI machine a flow of a dozen pages took 40-60 s (stop 17). Long flows set more themselves.
  timeout: 120_000,
  // A starved browser can take 5-10 s for one client-side transition (the action, the loaders,
  // the route manifest, the route's module): the default 5 s failed such waits in CI as if the
  // page were wrong. A wait that succeeds costs nothing more.
  expect: { timeout: 20_000 },
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace only on the retry: recording one for every test (retain-on-failure) doubled the suite's
    // CPU time on 2 cores (a11y spec: 84 s of CPU and 193 s of wall time with it, 41 s and 104 s without).
    trace: "on-first-retry",
    launchOptions: chromium,
    // One browser context and page per worker, reset between tests (cookies, storage, cache, routes,
    // extra headers, viewport): a new page is a renderer process starting, about 1 s of CPU on 2
    // shared cores, more than most page loads here. Every test still makes its own members and
    // addresses; a file's `test.use` options that differ start a fresh context. ADR 034.
    reuseContext: true,
    // The home page's tickers and every page's bank strip are endless animations: a page left open
    // kept the browser drawing 60 frames a second, 0.10-0.16 of a core per open tab here against
    // 0.005-0.02 with reduced motion, which the site honours. A subset of the suite took 12% less
    // time. home.spec.ts checks both settings; the phone layout spec measures with motion.
    reducedMotion: "reduce",
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
      // axe-core runs as a script inside the page, which this project forbids; the markup it
      // checks is the same server-rendered HTML, checked in the "js" project.
      testIgnore: [/a11y\.spec\.ts/],
    },
  ],
  webServer: {
    command: "sh server/start.sh build/index.js",
    // /readyz answers once the embedded platform has started (migrations, and the demo seed with
    // its 10,000 slots on a fresh data directory), so no test pays for the cold start.
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      DATA_DIR: process.env.E2E_DATA_DIR,
      OPERATOR_API_KEY: E2E_OPERATOR_KEY,
      DEMO_VENDOR_SECRET: E2E_DEMO_VENDOR_SECRET,
      ENABLE_TEST_ROUTES: "1",
      SANDBOX_PAYMENTS: "1",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
