import { describe, expect, it } from "vitest";
import { RenderCache, visitorPage } from "./render-cache.server";

const csrf = "tok_0123456789abcdefghij.sig";
const values = (n: number) => ({ csrf: `${csrf}${n}`, nonce: `nonce+/${n}abcdefghijklmnop=`, requestId: `0000-1111-2222-333${n}-aaaa` });
const page = (v: ReturnType<typeof values>, body = "Hola") =>
  `<html data-request-id="${v.requestId}"><script nonce="${v.nonce}">window.__remixContext={"csrfToken":"${v.csrf}"}</script><input name="csrf" value="${v.csrf}">${body}</html>`;
const keyFor = (cache: RenderCache, v: ReturnType<typeof values>, extra: Record<string, unknown> = {}) =>
  cache.key({ url: "http://x/", language: "es", theme: "dark", status: 200, csrf: v.csrf, loaderData: { root: { csrfToken: v.csrf, shell: { user: null } }, ...extra } });

describe("render cache", () => {
  it("gives a second visitor the same page with its own token, nonce and request id", () => {
    const cache = new RenderCache(8);
    const a = values(1);
    const b = values(2);
    const key = keyFor(cache, a)!;
    // Another visitor's token does not change the key: it is taken out of the loader data.
    expect(keyFor(cache, b)).toBe(key);
    expect(cache.get(key, b)).toBeNull();
    cache.set(key, page(a), a);
    const html = cache.get(key, b)!;
    expect(html).toBe(page(b));
    expect(html).not.toContain(a.csrf);
    expect(html).not.toContain(a.nonce);
    expect(html).not.toContain(a.requestId);
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
    expect(cache.get("a", v)).toContain("A");
    cache.set("c", page(v, "C"), v);
    expect(cache.get("b", v)).toBeNull();
    expect(cache.get("a", v)).toContain("A");
    expect(cache.get("c", v)).toContain("C");
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
