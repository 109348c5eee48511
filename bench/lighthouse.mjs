// Lighthouse mobile on the home page and a game list: `npm run build && npm run bench:lighthouse`.
//
// Lighthouse is not a dependency of the site (about 200 packages that no test needs): install it
// beside the checkout once, e.g. `npm install --prefix /tmp/lh lighthouse`, and point
// LIGHTHOUSE_BIN at its binary (default: `lighthouse` on the PATH). It drives the system Chromium
// (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded. The built site is started on a
// fresh PGlite data directory, each page is measured LIGHTHOUSE_RUNS (3) times, and every run's
// category scores, LCP and TBT are printed with any failing accessibility or best-practices audit.
// Each run is paired with one of the same page with every script blocked (Lighthouse's
// --blocked-url-patterns): the page as a scripts-off phone gets it, measured on the same machine at
// the same moment. Its TBT is this machine's floor for the page's HTML, styles and pictures; what the
// site's run has above it is the scripts' share. Each run also prints Lighthouse's benchmark index.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const bin = process.env.LIGHTHOUSE_BIN ?? "lighthouse";
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3390);
const pages = (process.env.LIGHTHOUSE_PAGES ?? "/,/rng").split(",");
// LIGHTHOUSE_BASELINE=0: no paired runs with the page's scripts blocked.
const baseline = process.env.LIGHTHOUSE_BASELINE !== "0";
const flags = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync";

const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
const server = spawn(process.execPath, ["server/index.mjs", "build/index.js"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: join(dir, "data"), NODE_ENV: "production" },
  stdio: "ignore",
});
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
};

async function ready() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the site did not start");
}

const results = [];
try {
  await ready();
  // Warm the page once so the first run is not the one that fills the caches.
  for (const page of pages) await fetch(`http://127.0.0.1:${port}${page}`);
  for (const page of pages) {
    for (let i = 1; i <= runs; i++) {
      // Each run of the site is paired with a baseline run of the same page with its scripts blocked,
      // in alternating order: what this machine gives for the HTML, the styles and the pictures alone.
      for (const scripts of baseline ? (i % 2 ? [true, false] : [false, true]) : [true]) {
        const out = join(dir, `report-${i}-${scripts ? "site" : "baseline"}.json`);
        const blocked = scripts ? [] : ["--blocked-url-patterns=*.js"];
        const lighthouse = () =>
          spawnSync(bin, [`http://127.0.0.1:${port}${page}`, "--quiet", "--form-factor=mobile", "--output=json", `--output-path=${out}`, `--chrome-flags=${flags}`, ...blocked], {
            env: { ...process.env, CHROME_PATH: chrome },
            stdio: ["ignore", "ignore", "inherit"],
          });
        // Lighthouse itself now and then loses the trace (NO_NAVSTART): that run is made again, up to twice.
        let r = lighthouse();
        for (let retry = 0; r.status !== 0 && retry < 2; retry++) r = lighthouse();
        if (r.status !== 0) throw new Error(`lighthouse failed on ${page} (is LIGHTHOUSE_BIN set?)`);
        const report = JSON.parse(readFileSync(out, "utf8"));
        const score = (k) => Math.round(report.categories[k].score * 100);
        results.push({
          page,
          scripts,
          // Lighthouse's reading of the host's speed at that moment (docs/throttling.md in Lighthouse).
          benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          lcpMs: report.audits["largest-contentful-paint"].numericValue,
          tbtMs: report.audits["total-blocking-time"].numericValue,
        });
        // A blocked script is an error in the console: the baseline's own audits are not the site's.
        const failing = (scripts ? ["accessibility", "best-practices"] : []).flatMap((k) =>
          report.categories[k].auditRefs.filter((a) => a.weight > 0 && report.audits[a.id].score !== null && report.audits[a.id].score < 1).map((a) => a.id),
        );
        console.log(
          `${page.padEnd(6)} run ${i}${scripts ? "" : " (scripts blocked)"}: performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")}, ` +
            `LCP ${report.audits["largest-contentful-paint"].displayValue}, TBT ${report.audits["total-blocking-time"].displayValue}` +
            `, benchmark index ${Math.round(report.environment?.benchmarkIndex ?? 0)}` +
            (failing.length ? `; failing: ${failing.join(", ")}` : ""),
        );
        // LIGHTHOUSE_DETAIL=1: the long tasks behind TBT (simulated, as the score counts them) and the
        // scripts' main-thread time, to see what blocks.
        if (process.env.LIGHTHOUSE_DETAIL === "1") {
          const tasks = report.audits["long-tasks"]?.details?.items ?? [];
          for (const t of tasks) console.log(`    long task ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${t.url}`);
          const boot = report.audits["bootup-time"]?.details?.items ?? [];
          for (const b of boot.slice(0, 4)) console.log(`    script ${b.url}: ${Math.round(b.total)} ms (evaluation ${Math.round(b.scripting)} ms, parse ${Math.round(b.scriptParseCompile)} ms)`);
          const lcp = report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet;
          if (lcp) console.log(`    LCP element: ${lcp}`);
          const phases = report.audits["largest-contentful-paint-element"]?.details?.items?.[1]?.items ?? [];
          if (phases.length) console.log(`    LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(", ")}`);
          const work = report.audits["mainthread-work-breakdown"]?.details?.items ?? [];
          console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(", ")}`);
        }
      }
    }
  }
  // For bench/run.mjs: every run's figures on one line.
  if (process.env.LIGHTHOUSE_JSON === "1") console.log(`LIGHTHOUSE_RESULTS ${JSON.stringify(results)}`);
} finally {
  stop();
}
