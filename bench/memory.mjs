// Where the server's memory is (issue 15): starts the built site as `npm start` does
// (server/start.sh, with its settings) on a fresh PGlite data directory, warms it up as bench/run.mjs does, then prints
// RSS split by kind of mapping from /proc/<pid>/smaps (V8's heap, the WebAssembly memory, code,
// malloc, files) with process.memoryUsage() from inside, idle and after some load.
//
//   npm run build && node bench/memory.mjs
//   MEMORY_SNAPSHOT=1   also a heap snapshot of the idle server (path printed; kept with its data
//                       directory), and no load after it: writing it grows malloc by the snapshot's size
//   MEMORY_LOAD_SECONDS seconds of load after the idle reading (default 10; 0: none)
//   BENCH_PORT          port (default 3299)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const LOAD_SECONDS = process.env.MEMORY_SNAPSHOT === "1" ? 0 : Number(process.env.MEMORY_LOAD_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-mem-"));
const out = path.join(dataDir, "mem");
const UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
const get = (p) =>
  new Promise((resolve, reject) => {
    http
      .get(base + p, { agent, headers: { "user-agent": UA, "accept-encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      })
      .on("error", reject);
  });

async function load(paths, seconds) {
  const until = performance.now() + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) await get(paths[i++ % paths.length]);
    }),
  );
}

/**
 * RSS by kind of memory, in KiB, from /proc/<pid>/smaps. Adjacent anonymous mappings are taken as
 * one region (a reservation whose pages were made usable piece by piece):
 * - a region of 8 GiB or more is a WebAssembly memory (V8 reserves 8 GiB plus guards): PGlite's heap;
 * - a region aligned to 64 MiB whose size is a multiple of 64 MiB is one or more glibc malloc arenas
 *   of other threads (V8's compiler and GC threads, libuv's pool);
 * - [heap] is the main thread's malloc;
 * - executable anonymous memory is compiled code (JS and WebAssembly);
 * - the rest of the anonymous memory is V8's heap pages (256 KiB each) and other buffers.
 */
function smaps(pid) {
  const regions = [];
  let cur = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const m = { start: parseInt(head[1], 16), end: parseInt(head[2], 16), perms: head[3], name: head[4] || "", rss: 0 };
      const last = regions[regions.length - 1];
      // (a malloc arena starts on a 64 MiB boundary: never glued to the mapping before it)
      if (last && !m.name && !last.name && last.end === m.start && m.start % (64 * 2 ** 20) !== 0) {
        last.end = m.end;
        last.perms += m.perms;
        cur = last;
      } else regions.push((cur = m));
      continue;
    }
    const m = /^Rss:\s+(\d+) kB/.exec(line);
    if (m && cur) cur.rss += Number(m[1]);
  }
  const MiB = 2 ** 20;
  const kinds = {};
  for (const r of regions) {
    const size = r.end - r.start;
    let kind;
    if (r.name.startsWith("/")) kind = /\/node$/.test(r.name) ? "file: the node binary" : "file: other";
    else if (r.name === "[heap]") kind = "malloc, main thread ([heap])";
    else if (r.name.startsWith("[")) kind = r.name;
    else if (size >= 8 * 1024 * MiB) kind = "WebAssembly memory (PGlite's heap)";
    else if (r.start % (64 * MiB) === 0 && size % (64 * MiB) === 0) kind = "malloc arenas of other threads";
    else if (r.perms.includes("x")) kind = "compiled code (JS and WebAssembly)";
    else kind = "V8 heap pages and other anonymous";
    kinds[kind] ??= { rss: 0, n: 0 };
    kinds[kind].rss += r.rss;
    kinds[kind].n++;
  }
  const top = regions.filter((r) => r.rss > 4096).sort((a, b) => b.rss - a.rss).slice(0, 12).map((r) => ({ ...r, size: (r.end - r.start) / 1024 }));
  return { kinds, top };
}

const rollup = (pid) => Object.fromEntries([...readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").matchAll(/^(\w+):\s+(\d+) kB/gm)].map((m) => [m[1], Number(m[2])]));
const mib = (kb) => (kb / 1024).toFixed(1);

async function inside(pid, k) {
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (existsSync(`${out}.${k}.json`)) {
      await new Promise((r) => setTimeout(r, 100));
      return JSON.parse(readFileSync(`${out}.${k}.json`, "utf8"));
    }
  }
  return null;
}

function report(label, { r, kinds, top }, data) {
  console.log(`\n## ${label}: RSS ${mib(r.Rss)} MiB (anonymous ${mib(r.Anonymous)}, file ${mib(r.Rss - r.Anonymous)})`);
  for (const [k, v] of Object.entries(kinds).sort((a, b) => b[1].rss - a[1].rss)) if (v.rss > 512) console.log(`  ${mib(v.rss).padStart(7)} MiB  ${k} (${v.n} mappings)`);
  console.log("  largest mappings (RSS MiB / size MiB, perms, name):");
  for (const t of top) console.log(`    ${mib(t.rss).padStart(7)} / ${mib(t.size).padStart(9)}  ${[...new Set(t.perms.match(/.{4}/g))].join("+")} ${t.name}`);
  if (data) {
    const u = data.memoryUsage;
    console.log(`  process.memoryUsage: rss ${(u.rss / 2 ** 20).toFixed(1)}, heapTotal ${(u.heapTotal / 2 ** 20).toFixed(1)}, heapUsed ${(u.heapUsed / 2 ** 20).toFixed(1)}, external ${(u.external / 2 ** 20).toFixed(1)}, arrayBuffers ${(u.arrayBuffers / 2 ** 20).toFixed(1)} MiB`);
    console.log(`  V8 heap spaces (size / used MiB): ${data.heapSpaces.map((s) => `${s.name} ${(s.size / 2 ** 20).toFixed(1)}/${(s.used / 2 ** 20).toFixed(1)}`).join(", ")}`);
    console.log(`  V8 malloced ${(data.heap.malloced_memory / 2 ** 20).toFixed(1)} MiB (peak ${(data.heap.peak_malloced_memory / 2 ** 20).toFixed(1)}), external ${(data.heap.external_memory / 2 ** 20).toFixed(1)}`);
    if (data.snapshot) console.log(`  heap snapshot: ${data.snapshot}`);
  }
}

let child;
try {
  if (!existsSync("build/index.js")) throw new Error("build first: npm run build");
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  const nodeOptions = [process.env.NODE_OPTIONS, "--import ./bench/memory-hook.mjs"].filter(Boolean).join(" ");
  child = spawn("sh", ["server/start.sh", "build/index.js"], {
    env: { ...process.env, NODE: process.execPath, NODE_OPTIONS: nodeOptions, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production", MEMORY_OUT: out },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; ; i++) {
    if (i > 1200) throw new Error("server did not become ready");
    if (await get("/readyz").catch(() => 0) === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const read = (pid) => ({ r: rollup(pid), ...smaps(pid) });
  report("ready", read(child.pid), null);
  const listPaths = ["golden", "dorado", "o", "a", "lucky", "mega"].flatMap((t) => [1, 2, 3].map((p) => `/rng?gameName=${t}&page=${p}`));
  await get("/");
  await load(["/", "/rng", ...listPaths, "/healthz"], 3);
  await new Promise((r) => setTimeout(r, 2000));
  const idle = read(child.pid);
  report("idle after warm-up (as bench/run.mjs reads it)", idle, await inside(child.pid, 0));
  if (LOAD_SECONDS > 0) {
    let max = 0;
    const t = setInterval(() => (max = Math.max(max, rollup(child.pid).Rss)), 250);
    await load(["/", "/healthz", ...listPaths], LOAD_SECONDS);
    clearInterval(t);
    const after = read(child.pid);
    report(`after ${LOAD_SECONDS} s of load (max RSS during it ${mib(max)} MiB)`, after, await inside(child.pid, 1));
  }
} finally {
  child?.kill("SIGKILL");
  agent.destroy();
  if (process.env.MEMORY_SNAPSHOT !== "1") rmSync(dataDir, { recursive: true, force: true });
}
