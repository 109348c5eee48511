import { describe, expect, it } from "vitest";
import { crc32, gunzipSync, gzipSync } from "node:zlib";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { crcPast, crcShift, loaderDataText, RenderCache, visitorPage } from "./render-cache.server";

const csrf = "tok_0123456789abcdefghij.sig";
const values = (n: number) => ({ csrf: `${csrf}${n}`, nonce: `nonce+/${n}abcdefghijklmnop=`, requestId: `0000-1111-2222-333${n}-aaaa` });
const page = (v: ReturnType<typeof values>, body = "Hola") =>
  `<html data-request-id="${v.requestId}"><script nonce="${v.nonce}">window.__remixContext={"csrfToken":"${v.csrf}"}</script><input name="csrf" value="${v.csrf}">${body}</html>`;
const keyFor = (cache: RenderCache, v: ReturnType<typeof values>, extra: Record<string, unknown> = {}) =>
  cache.key({ url: "http://x/", language: "es", theme: "dark", status: 200, csrf: v.csrf, loaderData: { root: { csrfToken: v.csrf, shell: { user: null } }, ...extra } });

const text = (kept: { body: Buffer } | null) => kept?.body.toString("utf8") ?? null;

describe("render cache", () => {
  it("joins CRC-32s of pieces into the CRC-32 of the whole, as zlib computes it", () => {
    for (const [a, b] of [
      [0, 0],
      [0, 5],
      [7, 0],
      [1, 1],
      [100, 61_000],
      [33, 70_000],
      [4096, 255],
    ]) {
      const left = randomBytes(a!);
      const right = randomBytes(b!);
      expect(crcPast(crc32(left), crcShift(right.length), crc32(right))).toBe(crc32(Buffer.concat([left, right])));
    }
  });

  it("gives a second visitor the same page with its own token, nonce and request id", () => {
    const cache = new RenderCache(8);
    const a = values(1);
    const b = values(2);
    const key = keyFor(cache, a)!;
    // Another visitor's token does not change the key: it is taken out of the loader data.
    expect(keyFor(cache, b)).toBe(key);
    expect(cache.get(key, b)).toBeNull();
    cache.set(key, page(a), a);
    const html = cache.get(key, b)!.body.toString("utf8");
    expect(html).toBe(page(b));
    expect(html).not.toContain(a.csrf);
    expect(html).not.toContain(a.nonce);
    expect(html).not.toContain(a.requestId);
  });

  it("answers gzip made of the kept compressed pieces, which gunzip reads as the filled page", () => {
    const cache = new RenderCache(8);
    const a = values(1);
    // A page of some size and variety, with non-ASCII text and the values at its very start and end.
    const body = Array.from({ length: 400 }, (_, i) => `<p class="r${i % 7}">Gana ${i} € — ربح ${i} — ไทย</p>`).join("");
    const html = `${a.csrf}${page(a, body)}${a.requestId}`;
    const key = keyFor(cache, a)!;
    cache.set(key, html, a);
    for (const n of [2, 3]) {
      const b = values(n);
      const expected = `${b.csrf}${page(b, body)}${b.requestId}`;
      const zipped = cache.get(key, b, { gzip: true })!;
      expect(zipped.encoding).toBe("gzip");
      expect(zipped.body.length).toBeLessThan(Buffer.byteLength(expected) / 4);
      expect(gunzipSync(zipped.body).toString("utf8")).toBe(expected);
      // Compressed as one stream would be (each piece sees the page before it), not piece by piece.
      expect(zipped.body.length).toBeLessThan(gzipSync(expected).length * 1.1);
      const plain = cache.get(key, b)!;
      expect(plain.encoding).toBeNull();
      expect(plain.body.toString("utf8")).toBe(expected);
    }
    // A value of another length than the kept page's: the pieces do not fit, the page goes uncompressed.
    const longer = { ...values(4), csrf: `${values(4).csrf}-longer` };
    const odd = cache.get(key, longer, { gzip: true })!;
    expect(odd.encoding).toBeNull();
    expect(odd.body.toString("utf8")).toBe(`${longer.csrf}${page(longer, body)}${longer.requestId}`);
    // A page with a NUL byte is kept, but never answered from compressed pieces.
    const nul = new RenderCache(8);
    nul.set("k", page(a, "a\u0000b"), a);
    expect(nul.get("k", values(5), { gzip: true })!.encoding).toBeNull();
  });

  it("keys on everything the page is made of", () => {
    const cache = new RenderCache(8);
    const v = values(1);
    const base = keyFor(cache, v);
    expect(keyFor(cache, v, { "routes/_home._index": { now: 1000 } })).not.toBe(base);
    expect(cache.key({ url: "http://x/?a=1", language: "es", theme: "dark", status: 200, csrf: v.csrf, loaderData: {} })).not.toBe(
      cache.key({ url: "http://x/", language: "es", theme: "dark", status: 200, csrf: v.csrf, loaderData: {} }),
    );
    expect(cache.key({ url: "http://x/", language: "ar", theme: "dark", status: 200, csrf: v.csrf, loaderData: {} })).not.toBe(
      cache.key({ url: "http://x/", language: "es", theme: "dark", status: 200, csrf: v.csrf, loaderData: {} }),
    );
    expect(cache.key({ url: "http://x/", language: "es", theme: "light", status: 200, csrf: v.csrf, loaderData: {} })).not.toBe(
      cache.key({ url: "http://x/", language: "es", theme: "dark", status: 200, csrf: v.csrf, loaderData: {} }),
    );
  });

  it("writes the loader data alike whether its loader's json() text was kept (ADR 033) or not", () => {
    const router = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");
    const root = { csrfToken: "t".repeat(24), shell: { menus: [{ id: 1, name: "Slots" }] } };
    const home = { winners: [{ account: "ab***", win: "12.50" }], now: 1000 };
    router.json(root);
    router.json(home);
    const copy = JSON.parse(JSON.stringify({ root, "routes/_home._index": home })) as Record<string, unknown>;
    expect(loaderDataText({ root, "routes/_home._index": home })).toBe(loaderDataText(copy));
    expect(loaderDataText({ root, "routes/_home._index": { ...home, now: 1001 } })).not.toBe(loaderDataText(copy));
  });

  it("keeps no error page, no short per-request value, and nothing when turned off", () => {
    const cache = new RenderCache(8);
    const v = values(1);
    expect(cache.key({ url: "http://x/", language: "es", theme: "dark", status: 404, csrf: v.csrf, loaderData: {} })).toBeNull();
    expect(cache.key({ url: "http://x/", language: "es", theme: "dark", status: 200, csrf: "short", loaderData: {} })).toBeNull();
    cache.set("k", page(v), { ...v, requestId: "unknown" });
    expect(cache.size).toBe(0);
    const off = new RenderCache(0);
    expect(keyFor(off, v)).toBeNull();
  });

  it("drops the least recently used page past its bound", () => {
    const cache = new RenderCache(2);
    const v = values(1);
    cache.set("a", page(v, "A"), v);
    cache.set("b", page(v, "B"), v);
    expect(text(cache.get("a", v))).toContain("A");
    cache.set("c", page(v, "C"), v);
    expect(cache.get("b", v)).toBeNull();
    expect(text(cache.get("a", v))).toContain("A");
    expect(text(cache.get("c", v))).toContain("C");
  });

  it("lets one request render a page while the others asking for it wait for its copy", async () => {
    const cache = new RenderCache(8, 5_000);
    const finish = cache.begin("k")!;
    expect(finish).toBeTypeOf("function");
    // A second request for the same page is not given the render: it waits.
    expect(cache.begin("k")).toBeNull();
    let woke = false;
    const waiting = cache.rendered("k").then(() => (woke = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(woke).toBe(false);
    const v = values(1);
    cache.set("k", page(v), v);
    finish();
    await waiting;
    expect(text(cache.get("k", values(2)))).toBe(page(values(2)));
    // Once it ended, the next render of the key is anyone's again; finishing twice does no harm.
    finish();
    const again = cache.begin("k");
    expect(again).toBeTypeOf("function");
    again!();
    // Nothing rendering: no wait. Another key is its own.
    await cache.rendered("other");
    expect(cache.begin("other")).toBeTypeOf("function");
  });

  it("stops waiting for a render that never says it ended, and lets another take it over", async () => {
    const cache = new RenderCache(8, 50);
    cache.begin("k");
    const started = performance.now();
    await cache.rendered("k");
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
    expect(cache.begin("k")).toBeTypeOf("function");
    // Turned off: nothing is marked, so nobody waits.
    const off = new RenderCache(0);
    expect(off.begin("k")).toBeNull();
    await off.rendered("k");
  });

  it("shares only a visitor's page: never a member's, an action's answer or an error", () => {
    const root = { csrfToken: csrf, shell: { user: null } };
    expect(visitorPage({ loaderData: { root } })).toEqual({ csrf, loaderData: { root } });
    expect(visitorPage({ loaderData: { root: { ...root, shell: { user: { account: "m1" } } } } })).toBeNull();
    expect(visitorPage({ loaderData: { root }, actionData: { x: 1 } })).toBeNull();
    expect(visitorPage({ loaderData: { root }, errors: { root: new Error("x") } })).toBeNull();
    expect(visitorPage({ loaderData: {} })).toBeNull();
  });
});
