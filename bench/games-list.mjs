// Game list page with search over the 10,000-slot demo catalogue (issue 6 proof): find the peak
// throughput of /rng?gameName=...&page=..., then offer 50% of that peak at a fixed arrival rate and
// report latency percentiles, p97.5 against the 100 ms goal.
// Run: npm run build && node bench/games-list.mjs   (BENCH_PORT, BENCH_SECONDS to change)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-games-"));
const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" },
  stdio: "ignore",
});

// Searches a player would type, in English and Spanish (the default language), on several pages.
const TERMS = ["golden", "dragon", "koi", "fortune", "bingo", "dorado", "riches", "lucky", "wild", "tesoro", "mega", "poker", "o", "a"];
const paths = [];
for (const term of TERMS) for (const page of [1, 2, 3]) paths.push(`/rng?gameName=${encodeURIComponent(term)}&page=${page}`);
let cursor = 0;
const nextPath = () => paths[cursor++ % paths.length];

async function get(p, marker = 'data-testid="game-list"') {
  const res = await fetch(base + p);
  const body = await res.text();
  if (res.status !== 200 || !body.includes(marker)) throw new Error(`${p}: ${res.status}`);
}

async function waitReady() {
  const started = Date.now();
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return Date.now() - started;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become ready");
}

/** Closed loop: `concurrency` clients, each sending the next request when the last answered. */
async function closedLoop(concurrency, seconds, send = () => get(nextPath())) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await send();
        done++;
      }
    }),
  );
  return done / seconds;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Open loop: requests start on a fixed schedule (rate per second) whatever the answers do; each
 * latency is measured from its scheduled start, so a stall counts against every request it delays.
 */
async function openLoop(rate, seconds) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const t0 = performance.now() + 50;
  const latencies = [];
  const pending = [];
  for (let i = 0; i < total; i++) {
    const at = t0 + i * interval;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(get(nextPath()).then(() => latencies.push(performance.now() - at)));
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: pct(latencies, 50), p95: pct(latencies, 95), p975: pct(latencies, 97.5), p99: pct(latencies, 99), max: latencies.at(-1) };
}

try {
  const readyMs = await waitReady();
  for (let i = 0; i < 60; i++) await get(nextPath()); // warm-up
  const ramp = [];
  for (const c of [1, 2, 4, 8, 16]) ramp.push({ c, rps: await closedLoop(c, SECONDS) });
  const peak = Math.max(...ramp.map((r) => r.rps));
  const half = await openLoop(peak / 2, SECONDS * 2);
  // Reference: a page with the same site shell and no game list, at the concurrency of the peak.
  const best = ramp.find((r) => r.rps === peak).c;
  const shell = await closedLoop(best, SECONDS, () => get("/promotions", 'id="main"'));
  const f = (n) => n.toFixed(1);
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(" ")}; platform ready (migrations + full seed) in ${readyMs} ms`);
  console.log("| concurrency | req/s |\n|---|---|");
  for (const r of ramp) console.log(`| ${r.c} | ${f(r.rps)} |`);
  console.log(`\n| at 50% of peak (${f(peak / 2)} req/s, ${half.n} requests) | ms |\n|---|---|`);
  console.log(`| p50 | ${f(half.p50)} |\n| p95 | ${f(half.p95)} |\n| **p97.5** | **${f(half.p975)}** |\n| p99 | ${f(half.p99)} |\n| max | ${f(half.max)} |`);
  console.log(`\nreference: /promotions (same shell, no list) ${f(shell)} req/s at concurrency ${best}`);
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(`goal p97.5 <= 100 ms: ${half.p975 <= 100 ? "met" : "NOT met"}`);
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
