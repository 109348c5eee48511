// Benchmarks of the built site on the embedded default. Run: npm run build && npm run bench
// Prints a Markdown table; paste it into bench/README.md with the date and machine.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync, brotliCompressSync } from "node:zlib";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" },
  stdio: "ignore",
});

async function waitUp() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

/** `total` requests, `concurrency` at a time; returns requests per second and p50/p95 ms. */
async function load(pathname, total = 2000, concurrency = 16) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        const res = await fetch(base + pathname);
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rps: total / seconds, p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)] };
}

async function pageBytes(pathname) {
  const html = await (await fetch(base + pathname)).text();
  const assets = [...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.(css|js))"/g)].map((m) => ({ url: m[1], kind: m[2] }));
  const out = { html: 0, css: 0, js: 0 };
  const add = (kind, body) => (out[kind] += brotliCompressSync(Buffer.from(body)).length);
  add("html", html);
  for (const a of new Map(assets.map((a) => [a.url, a])).values()) add(a.kind, await (await fetch(base + a.url)).text());
  out.gzipHtml = gzipSync(Buffer.from(html)).length;
  return out;
}

try {
  await waitUp();
  await load("/", 200, 8); // warm-up
  const baseline = await load("/healthz");
  const home = await load("/");
  const bytes = await pageBytes("/");
  const kib = (n) => (n / 1024).toFixed(1);
  console.log("| measure | value |\n|---|---|");
  console.log(`| /healthz (baseline) req/s | ${baseline.rps.toFixed(0)} (p50 ${baseline.p50.toFixed(1)} ms, p95 ${baseline.p95.toFixed(1)} ms) |`);
  console.log(`| / (home) req/s | ${home.rps.toFixed(0)} (p50 ${home.p50.toFixed(1)} ms, p95 ${home.p95.toFixed(1)} ms) |`);
  console.log(`| home throughput / baseline | ${(home.rps / baseline.rps).toFixed(2)} |`);
  console.log(`| home bytes, brotli: HTML / CSS / JS | ${kib(bytes.html)} / ${kib(bytes.css)} / ${kib(bytes.js)} KiB |`);
  console.log(`| home HTML gzip | ${kib(bytes.gzipHtml)} KiB |`);
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
