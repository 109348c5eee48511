// The web server behind `npm start`: the Remix build on plain node:http (ADR 015). It keeps what
// remix-serve did for us (static assets, /build with immutable caching, gzip, the request
// handler) without Express, compression and morgan on every request, sends static files as
// brotli to browsers that take it (ADR 030), and adds the graceful shutdown (server/shutdown.mjs):
// SIGTERM stops taking connections, finishes the requests in flight, stops the platform's jobs at
// a safe point, closes the database and exits within 10 s.
//
//   node server/index.mjs [build/index.js]      PORT (default 3000), HOST (default all interfaces)
import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompress, constants as zlibConstants, createGzip, gzipSync } from "node:zlib";
import { createReadableStreamFromReadable, createRequestHandler, installGlobals } from "@remix-run/node";
import { gracefulShutdown } from "./shutdown.mjs";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future?.v3_singleFetch });

const handle = createRequestHandler(build, process.env.NODE_ENV);
// A visitor's page known before its loaders run (app/entry.server.tsx, ADR 035): asked first.
const keptVisitorPage = build.entry.module.keptVisitorPage ?? (async () => null);

// DEBUG_REQUEST_COUNTS=1: each answer carries how many platform calls and SQL statements it cost
// (platform/http/request-counts.ts), for the bench's per-request counts. Off in production.
const countKey = Symbol.for("bet.requestCounts");
const requestCounts = process.env.DEBUG_REQUEST_COUNTS === "1" ? (globalThis[countKey] ??= new AsyncLocalStorage()) : null;
const publicDir = path.resolve("public");
const assetsDir = path.resolve(build.assetsBuildDirectory);
const publicPath = build.publicPath; // "/build/"

const TYPES = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".gif": "image/gif",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg)/;
const MIN_COMPRESS = 1024;
const HAS_EXTENSION = /\.[^/]*$/;

/** The encodings a request takes, from its Accept-Encoding (an encoding with q=0 is refused). */
function accepts(req, encoding) {
  const ae = req.headers["accept-encoding"];
  if (typeof ae !== "string") return false;
  for (const part of ae.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name.trim().toLowerCase() !== encoding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)).find(Boolean);
    return !q || Number(q[1]) > 0;
  }
  return false;
}
const acceptsGzip = (req) => accepts(req, "gzip");

// Brotli at its best quality is about 12% smaller than gzip -9 on our scripts, but costs ~0.5 s of
// CPU for the framework chunk: it runs once per file on libuv's thread pool (never on the event
// loop), started for every built asset when the server starts, and kept with the file.
const brotliOptions = (size) => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
function compressBrotli(entry) {
  entry.brReady = new Promise((resolve) => {
    brotliCompress(entry.body, brotliOptions(entry.body.length), (err, out) => {
      // Smaller or not at all: a failure (out of memory) leaves the gzip copy in use.
      if (!err && out.length < (entry.gz ?? entry.body).length) entry.br = out;
      resolve();
    });
  });
}

/** Static files: each read and gzipped once, then served from memory (assets are small and few). */
const fileCache = new Map();
function loadFile(file) {
  // Every page's path is tried here first: a missing file must not cost a thrown error.
  let st;
  try {
    st = statSync(file, { throwIfNoEntry: false });
  } catch {
    return null;
  }
  if (!st?.isFile()) return null;
  const cached = fileCache.get(file);
  if (cached && cached.mtimeMs === st.mtimeMs && cached.size === st.size) return cached;
  const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  if (st.size > 4 * 1024 * 1024) return { file, type, size: st.size, mtimeMs: st.mtimeMs, big: true };
  const body = readFileSync(file);
  // Compressed once and kept, so a static file of any size goes out compressed when that is smaller
  // (a page's scripts are a few large chunks and many of a few hundred bytes).
  let gz = COMPRESSIBLE.test(type) ? gzipSync(body, { level: 9 }) : null;
  if (gz && gz.length >= body.length) gz = null;
  const entry = { file, type, size: st.size, mtimeMs: st.mtimeMs, body, gz, br: null, brReady: null, etag: `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"` };
  if (gz) compressBrotli(entry);
  if (fileCache.size > 2000) fileCache.clear();
  fileCache.set(file, entry);
  return entry;
}

/** Every built asset read and compressed once the server listens, so no visitor waits for it. */
function warmAssets(dir) {
  let names;
  try {
    names = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const d of names) {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) warmAssets(file);
    else if (!d.name.endsWith(".map")) loadFile(file);
  }
}

/** false when the path is no file; true when answered; a promise when the answer waits for its brotli copy. */
function serveStatic(req, res, url) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  // A page's path (no extension in its last part) is never looked for on disk: every file we
  // serve has one (public/, the build's assets). The stat of a missing file on every page was
  // 3-7% of /healthz's CPU (bench/README.md, 2026-11-30).
  if (!HAS_EXTENSION.test(pathname)) return false;
  if (pathname.includes("\0")) return false;
  const immutable = pathname.startsWith(publicPath);
  const root = immutable ? assetsDir : publicDir;
  const rel = immutable ? pathname.slice(publicPath.length) : pathname.slice(1);
  if (!rel || rel.endsWith("/")) return false;
  const file = path.resolve(root, rel);
  if (!file.startsWith(root + path.sep)) return false;
  const entry = loadFile(file);
  if (!entry) return false;
  res.setHeader("Content-Type", entry.type);
  res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
  res.setHeader("Last-Modified", new Date(entry.mtimeMs).toUTCString());
  if (entry.big) {
    res.setHeader("Content-Length", entry.size);
    if (req.method === "HEAD") res.end();
    else createReadStream(entry.file).pipe(res);
    return true;
  }
  res.setHeader("ETag", entry.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === entry.etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  const wantsBr = entry.brReady !== null && accepts(req, "br");
  if (wantsBr && !entry.br) return entry.brReady.then(() => sendFile(req, res, entry, wantsBr));
  sendFile(req, res, entry, wantsBr);
  return true;
}

function sendFile(req, res, entry, wantsBr) {
  const body = wantsBr && entry.br ? entry.br : entry.gz && acceptsGzip(req) ? entry.gz : entry.body;
  if (body === entry.br) res.setHeader("Content-Encoding", "br");
  else if (body === entry.gz) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * A signal that aborts when the client leaves before its answer is finished. Watched from the
 * start, so a client that leaves while the memo is asked is not missed; the controller itself is
 * made only for a request that reaches the handler (a page from the memo needs none).
 */
function abortOnClose(res) {
  let finished = false;
  let left = false;
  let controller = null;
  res.once("finish", () => (finished = true));
  res.once("close", () => {
    if (finished) return;
    left = true;
    controller?.abort();
  });
  return () => {
    controller = new AbortController();
    if (left) controller.abort();
    return controller.signal;
  };
}

function toRequest(req, url, signal) {
  // Pairs, not a Headers: the Request makes its own Headers of them, and a Headers given to it was
  // read back and checked a second time.
  const headers = [];
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.push([key, v]);
    else headers.push([key, value]);
  }
  const init = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(req, res, response, counts) {
  res.statusCode = response.status;
  if (counts) {
    res.setHeader("X-Debug-Platform-Calls", String(counts.calls));
    res.setHeader("X-Debug-Sql-Statements", String(counts.statements));
  }
  if (response.statusText) res.statusMessage = response.statusText;
  const cookies = [];
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") cookies.push(value);
    else res.setHeader(key, value);
  }
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  const type = response.headers.get("content-type") ?? "";
  const streaming = /text\/event-stream/i.test(type);
  const gzip =
    response.body && req.method !== "HEAD" && !streaming && !response.headers.has("content-encoding") && COMPRESSIBLE.test(type) && acceptsGzip(req);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  if (streaming) res.flushHeaders();
  const reader = response.body.getReader();
  // A body that comes whole and small (a JSON answer, /healthz) goes out as it is: gzip would cost
  // more than the bytes it saves. The rest is compressed as it streams.
  let first = null;
  if (gzip) {
    const a = await reader.read();
    const b = a.done ? a : await reader.read();
    if (b.done) {
      const whole = a.done ? new Uint8Array(0) : a.value;
      if (whole.length < MIN_COMPRESS) {
        res.setHeader("Content-Length", whole.length);
        res.setHeader("Vary", res.getHeader("Vary") ? `${res.getHeader("Vary")}, Accept-Encoding` : "Accept-Encoding");
        res.end(whole);
        return;
      }
      first = [whole];
    } else first = [a.value, b.value];
  }
  let out = res;
  if (gzip) {
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Vary", res.getHeader("Vary") ? `${res.getHeader("Vary")}, Accept-Encoding` : "Accept-Encoding");
    out = createGzip({ level: 6, flush: zlibConstants.Z_NO_FLUSH });
    out.pipe(res);
  }
  try {
    for (const chunk of first ?? []) if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!out.write(value)) await new Promise((r) => out.once("drain", r));
      if (res.destroyed) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } finally {
    out.end();
  }
}

/**
 * What keptVisitorPage reads of a request (its URL, method and headers' get), without the cost of
 * a Request: its header checks and abort signal were a tenth of a kept page's answer.
 */
function requestView(req, url) {
  const raw = req.headers;
  const header = (name) => {
    const value = raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  };
  return { url: url.href, method: req.method, headers: { get: header, has: (name) => header(name) !== null } };
}

/** A kept page (keptVisitorPage): its headers and body as they are, already compressed when gzip is taken. */
function sendKept(res, { status, headers, pieces }, counts) {
  res.statusCode = status;
  if (counts) {
    res.setHeader("X-Debug-Platform-Calls", String(counts.calls));
    res.setHeader("X-Debug-Sql-Statements", String(counts.statements));
  }
  for (const [key, value] of headers) res.setHeader(key, value);
  // Written corked: the headers and every piece leave in one writev.
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
  res.uncork();
}

/** The request's URL, or null when its Host header cannot be part of one (`[::`, a space). */
function urlOf(req) {
  try {
    return new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return null;
  }
}

const server = http.createServer(async (req, res) => {
  const url = urlOf(req);
  // Answered as the app answers a URL it cannot read (routes/bad-request.tsx): the exception it
  // threw here, outside any handler, stopped the whole process.
  if (!url) {
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end("Bad request");
    return;
  }
  try {
    const served = serveStatic(req, res, url);
    if (served) {
      if (served !== true) await served;
      return;
    }
    const counts = requestCounts ? { calls: 0, statements: 0 } : null;
    const signalFor = abortOnClose(res);
    const answer = async () => {
      // GET only: a method with a body needs the Request, and the memo is for GETs.
      // A failure there (a cookie it cannot read) is the request handler's to answer, as for any page.
      const memo = req.method === "GET" ? await keptVisitorPage(requestView(req, url)).catch(() => null) : null;
      if (memo?.page) return memo.page;
      return handle(toRequest(req, url, signalFor()), memo?.context);
    };
    const response = await (counts ? requestCounts.run(counts, answer) : answer());
    if (Array.isArray(response.pieces)) sendKept(res, response, counts);
    else await sendResponse(req, res, response, counts);
  } catch (err) {
    console.error(err);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Internal Server Error");
    } else res.destroy();
  }
});
server.keepAliveTimeout = 65_000;

const log = (msg, extra = {}) => console.log(JSON.stringify({ level: 30, time: Date.now(), service: "web", ...extra, msg }));
gracefulShutdown(server, {
  log,
  // The embedded platform (platform/index.ts), when this process started one: jobs stopped at a
  // safe point, then the database closed. With UPSTREAM_URL there is none.
  onDrained: async () => {
    const platform = await globalThis.__embeddedPlatform?.catch(() => null);
    await platform?.close();
  },
});

const port = Number(process.env.PORT || 3000);
const onListen = () => {
  log("web listening", { port: server.address().port });
  warmAssets(assetsDir);
};
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);
