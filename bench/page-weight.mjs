// Page weight as a phone gets it: each page loaded in the system Chromium (playwright-core), in a
// fresh context (nothing cached), once with scripts (every script, style sheet and the language
// file the page fetches, counted as the bytes that came over the wire: Chromium asks for
// "gzip, deflate, br, zstd") and once without (the HTML as sent and as read). Member pages are
// weighed logged in as an agent made through the operator API. Then every route of the build,
// from its manifest: the scripts a first visit to that route loads, compressed as the server
// compresses them (brotli for browsers that take it, gzip for those that do not).
//
//   node bench/page-weight.mjs <base URL> <operator key>      (run.mjs calls measurePageWeight)
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const PHONE = {
  viewport: { width: 360, height: 740 },
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  isMobile: true,
  hasTouch: true,
};
export const VISITOR_PAGES = ["/", "/rng", "/login", "/register", "/promotions"];
export const MEMBER_PAGES = ["/house/HOUSE_ROULETTE", "/member/depositv2", "/member/withdraw", "/member/securityCenter", "/agent/registerCenter"];

/** A member made by the back office: an agent (type 1) for the agent pages, or a player. */
async function makeMember(base, operatorKey, { agent = true } = {}) {
  const account = `bw${randomBytes(4).toString("hex")}`;
  const res = await fetch(`${base}/operator/v1/merchants/DEMO/members`, {
    method: "POST",
    headers: { authorization: `Bearer ${operatorKey}`, "content-type": "application/json" },
    body: JSON.stringify({ account, password: "secret123", ...(agent ? { type: 1 } : {}) }),
  });
  if (res.status !== 201) throw new Error(`operator member create: ${res.status} ${await res.text()}`);
  return account;
}

async function login(browser, base, account) {
  const context = await browser.newContext({ ...PHONE, baseURL: base });
  const page = await context.newPage();
  await page.goto("/login");
  const form = page.locator("form[action^='/login']").last();
  await form.locator("input[name=username]").fill(account);
  await form.locator("input[name=password]").fill("secret123");
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), form.locator("button[type=submit]").click()]);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One page with scripts: the bytes of every script, style sheet and language file it loads. */
async function withScripts(browser, base, pathname, storageState) {
  const context = await browser.newContext({ ...PHONE, baseURL: base, storageState });
  const page = await context.newPage();
  const pending = [];
  page.on("requestfinished", (req) => {
    const type = req.resourceType();
    const url = new URL(req.url());
    const kind = type === "script" ? "js" : type === "stylesheet" ? "css" : url.pathname.startsWith("/locales/") ? "language" : null;
    if (!kind) return;
    pending.push(
      Promise.all([req.sizes(), req.response()]).then(([sizes, res]) => ({ kind, bytes: sizes.responseBodySize, encoding: res?.headers()["content-encoding"] ?? "identity" })),
    );
  });
  const res = await page.goto(pathname, { waitUntil: "networkidle" });
  const status = res?.status() ?? 0;
  const finalPath = new URL(page.url()).pathname;
  const hydrated = await page.evaluate(() => Boolean(window.__remixRouter)).catch(() => false);
  // On a loaded machine the finished-request events trail the network: wait until a second passes
  // without one (at most 10 s); a request finishing after that is not counted, as its sizes would
  // be asked of a closed context.
  for (let seen = -1, i = 0; seen !== pending.length && i < 10; i++) {
    seen = pending.length;
    await page.waitForTimeout(1000);
  }
  page.removeAllListeners("requestfinished");
  const parts = await Promise.all(pending);
  await context.close();
  const sum = (k) => parts.filter((p) => p.kind === k).reduce((a, p) => a + p.bytes, 0);
  const files = parts.filter((p) => p.kind === "js").length;
  const encodings = [...new Set(parts.filter((p) => p.kind === "js").map((p) => p.encoding))].join(",");
  return { status, finalPath, hydrated, js: sum("js"), css: sum("css"), language: sum("language"), files, encodings };
}

/**
 * The same page without scripts: the HTML as sent over the wire and as read, and everything the
 * first view fetched until its load event (pictures, style sheets, and the scripts Chromium's
 * preload scanner fetches even with scripting off): requests, pictures among them, bytes.
 */
async function withoutScripts(browser, base, pathname, storageState) {
  const context = await browser.newContext({ ...PHONE, baseURL: base, storageState, javaScriptEnabled: false });
  const page = await context.newPage();
  const fetched = [];
  page.on("requestfinished", (req) => fetched.push(req.sizes().then((s) => ({ bytes: s.responseBodySize + s.responseHeadersSize, image: req.resourceType() === "image" }))));
  const res = await page.goto(pathname, { waitUntil: "load" });
  const sizes = await res.request().sizes();
  const raw = (await res.body()).length;
  const inline = await page.evaluate(() => [...document.scripts].reduce((a, s) => a + new Blob([s.outerHTML]).size, 0));
  page.removeAllListeners("requestfinished");
  const firstView = await Promise.all(fetched);
  await context.close();
  return {
    served: sizes.responseBodySize,
    raw,
    inline,
    encoding: res.headers()["content-encoding"] ?? "identity",
    requests: firstView.length,
    images: firstView.filter((f) => f.image).length,
    total: firstView.reduce((a, f) => a + f.bytes, 0),
  };
}

export async function measurePageWeight(base, operatorKey) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const account = operatorKey ? await makeMember(base, operatorKey) : null;
    const state = account ? await login(browser, base, account) : undefined;
    const rows = [];
    for (const [pathname, storageState] of [...VISITOR_PAGES.map((p) => [p, undefined]), ...(state ? MEMBER_PAGES.map((p) => [p, state]) : [])]) {
      const on = await withScripts(browser, base, pathname, storageState);
      const off = await withoutScripts(browser, base, pathname, storageState);
      rows.push({ pathname, member: Boolean(storageState), ...on, html: off });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/**
 * A player logged in through the login form as the phone: its cookies as one Cookie header, to load
 * member pages over plain HTTP with the phone's user agent (run.mjs's member row).
 */
export async function memberCookieHeader(base, operatorKey) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const state = await login(browser, base, await makeMember(base, operatorKey, { agent: false }));
    return state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

/** Every route of the build: the scripts its first visit loads (entry, each matched route's module and imports). */
export async function everyRoute(buildPath = "build/index.js", publicDir = "public") {
  const build = await import(pathToFileURL(path.resolve(buildPath)).href);
  const m = build.assets;
  const sizes = new Map();
  const size = (f) => {
    if (!sizes.has(f)) {
      const body = readFileSync(path.join(publicDir, f));
      const gz = gzipSync(body, { level: 9 }).length;
      const br = Math.min(gz, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length);
      // The server sends a file compressed when that is smaller.
      sizes.set(f, { gz: Math.min(gz, body.length), br: Math.min(br, body.length) });
    }
    return sizes.get(f);
  };
  const out = [];
  for (const [id, route] of Object.entries(m.routes)) {
    if (!route.hasComponent && route.hasComponent !== undefined) continue;
    const files = new Set([m.entry.module, ...m.entry.imports]);
    for (let r = route; r; r = r.parentId ? m.routes[r.parentId] : null) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    let gz = 0;
    let br = 0;
    for (const f of files) {
      gz += size(f).gz;
      br += size(f).br;
    }
    out.push({ id, gz, br, files: files.size });
  }
  return out.sort((a, b) => b.br - a.br);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [base, key] = process.argv.slice(2);
  const kib = (n) => (n / 1024).toFixed(1);
  for (const r of await measurePageWeight(base, key)) {
    console.log(`${r.pathname}\t${r.status}\tJS ${kib(r.js)} KiB (${r.files} files, ${r.encodings})\tCSS ${kib(r.css)}\tlanguage ${kib(r.language)}\tHTML ${kib(r.html.raw)} / ${kib(r.html.served)} KiB (inline scripts ${kib(r.html.inline)})\tscripts off: ${r.html.requests} requests (${r.html.images} pictures), ${kib(r.html.total)} KiB${r.hydrated ? "" : "\tNOT HYDRATED"}`);
  }
  const routes = await everyRoute();
  for (const r of routes.slice(0, 10)) console.log(`${r.id}\tbr ${kib(r.br)}\tgzip ${kib(r.gz)}\t${r.files} files`);
}
