// Process settings side by side (issue 15): starts the built site once per variant (Node flags and
// environment, e.g. malloc settings), each on its own port and fresh PGlite data directory, all at
// once; then loads them in turn, round after round, so the load from other work on the shared
// machine weighs on every variant alike. Prints per variant: RSS idle after the warm-up (as
// bench/run.mjs reads it), RSS max under the load, and req/s of `/`, `/healthz` and the list
// pages as a ratio to the first variant's in the same round (median over the rounds).
//
//   MEMORY_AB='[{"name":"now"},{"name":"mmap32k","env":{"MALLOC_MMAP_THRESHOLD_":"32768"}},{"name":"semi4","flags":["--max-semi-space-size=4"]}]' node bench/memory-ab.mjs
//   A variant's "cwd" runs another copy of the built site (build/, public/, server/, platform/db/migrations
//   and node_modules), e.g. the commit before, to compare code changes the same way.
//   MEMORY_AB_ROUNDS (default 5), MEMORY_AB_SECONDS per load (default 4), BENCH_PORT (first port, default 3299)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

const variants = JSON.parse(process.env.MEMORY_AB ?? '[{"name":"as is"}]');
const ROUNDS = Number(process.env.MEMORY_AB_ROUNDS ?? 5);
const SECONDS = Number(process.env.MEMORY_AB_SECONDS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const listPaths = ["golden", "dorado", "o", "a", "lucky", "mega"].flatMap((t) => [1, 2, 3].map((p) => `/rng?gameName=${t}&page=${p}`));
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
const get = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "user-agent": UA, "accept-encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`))));
      })
      .on("error", reject);
  });
async function throughput(base, paths, seconds) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) {
        await get(base + paths[i++ % paths.length]);
        done++;
      }
    }),
  );
  return done / seconds;
}
/**
 * CPU time of a process so far (user + system, ms) and its minor page faults: per request, both are
 * far less moved by other work than req/s is (faults not at all: memory handed back to the system
 * and taken again shows there).
 */
const procStat = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return { cpu: ((Number(f[11]) + Number(f[12])) * 1000) / 100, faults: Number(f[7]) }; // utime, stime in ticks of 1/100 s; minflt
};
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const runs = variants.map((v, k) => ({ ...v, port: PORT + k, dir: mkdtempSync(path.join(tmpdir(), "bench-ab-")), rows: { home: [], health: [], list: [] }, cpu: { home: [], health: [], list: [] }, faults: { home: [], health: [], list: [] } }));
try {
  console.log(`load average at start ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  for (const r of runs) {
    r.child = spawn(process.execPath, [...(r.flags ?? []), "server/index.mjs", "build/index.js"], {
      cwd: r.cwd ?? process.cwd(),
      env: { ...process.env, ...(r.env ?? {}), PORT: String(r.port), DATA_DIR: r.dir, LOG_LEVEL: "silent", NODE_ENV: "production" },
      stdio: "ignore",
    });
    r.base = `http://127.0.0.1:${r.port}`;
  }
  for (const r of runs) {
    for (let i = 0; ; i++) {
      if (i > 1800) throw new Error(`${r.name} did not become ready`);
      if (await get(r.base + "/readyz").then(() => true, () => false)) break;
      await new Promise((res) => setTimeout(res, 100));
    }
  }
  // The bench's warm-up, one variant after the other, then its 2 s pause; idle RSS of each.
  for (const r of runs) await throughput(r.base, ["/", "/rng", ...listPaths, "/healthz"], 3);
  await new Promise((res) => setTimeout(res, 2000));
  for (const r of runs) r.idle = rss(r.child.pid);
  for (const r of runs) r.max = r.idle;
  const sampler = setInterval(() => runs.forEach((r) => (r.max = Math.max(r.max, rss(r.child.pid)))), 250);
  for (let k = 0; k < ROUNDS; k++) {
    // Each round in a different order, so no variant always follows the same one.
    const order = runs.map((_, i) => runs[(i + k) % runs.length]);
    for (const r of order) {
      for (const [key, paths] of [["home", ["/"]], ["health", ["/healthz"]], ["list", listPaths]]) {
        const s0 = procStat(r.child.pid);
        const rate = await throughput(r.base, paths, SECONDS);
        const s1 = procStat(r.child.pid);
        r.rows[key].push(rate);
        r.cpu[key].push((s1.cpu - s0.cpu) / (rate * SECONDS));
        r.faults[key].push((s1.faults - s0.faults) / (rate * SECONDS));
      }
    }
  }
  clearInterval(sampler);
  const first = runs[0];
  const rel = (r, key) => median(r.rows[key].map((x, i) => x / first.rows[key][i])).toFixed(2);
  console.log(`load average at end ${loadavg().map((x) => x.toFixed(1)).join(" ")}; ${ROUNDS} rounds of ${SECONDS} s per page kind\n`);
  const ms = (r, key) => `${median(r.cpu[key]).toFixed(key === "health" ? 3 : 2)} ms, ${median(r.faults[key]).toFixed(1)} faults`;
  console.log(`| variant | RSS idle / max under load (MiB) | \`/\` req/s (÷ ${first.name}); CPU and minor faults per request | \`/healthz\` the same | list pages the same |`);
  console.log("|---|---|---|---|---|");
  for (const r of runs)
    console.log(`| ${r.name} | ${r.idle.toFixed(0)} / ${r.max.toFixed(0)} | ${median(r.rows.home).toFixed(0)} (${rel(r, "home")}); ${ms(r, "home")} | ${median(r.rows.health).toFixed(0)} (${rel(r, "health")}); ${ms(r, "health")} | ${median(r.rows.list).toFixed(0)} (${rel(r, "list")}); ${ms(r, "list")} |`);
} finally {
  for (const r of runs) {
    r.child?.kill("SIGKILL");
    rmSync(r.dir, { recursive: true, force: true });
  }
  agent.destroy();
}
