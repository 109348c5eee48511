import { describe, expect, it } from "vitest";
import { handoffWithout, HydrationStore, splitHandoff, stateJson } from "./hydration.server";

describe("hydration store", () => {
  it("drops the least recently used state past its bytes, and any state past its age", () => {
    let now = 0;
    const store = new HydrationStore(100, 1_000, () => now);
    store.set("a", "x".repeat(20), { shared: true }); // 40 bytes as UTF-16
    store.set("b", "y".repeat(20), { shared: false });
    expect(store.touch("a")).toBe(true); // a served again: b is now the oldest
    store.set("c", "z".repeat(20), { shared: false });
    expect(store.get("b")).toBeNull();
    expect(store.get("a")).toEqual({ json: "x".repeat(20), shared: true });
    expect(store.totalBytes).toBe(80);
    now = 999;
    expect(store.touch("a")).toBe(true); // renewed
    now = 1_500;
    expect(store.get("c")).toBeNull();
    expect(store.get("a")).not.toBeNull();
    now = 2_000;
    expect(store.get("a")).toBeNull();
    expect(store.totalBytes).toBe(0);
    // Larger than the whole store: not kept, nothing else dropped for it.
    store.set("d", "w".repeat(10), { shared: true });
    store.set("e", "v".repeat(60), { shared: true });
    expect(store.size).toBe(1);
  });

  it("gives a member page's state only to a request that shows that page's token", () => {
    const store = new HydrationStore(1_000, 1_000);
    store.set("m", '{"who":"member"}', { shared: false, owner: "tok_0123456789abcdef" });
    expect(store.get("m")).toBeNull();
    expect(store.get("m", "tok_0123456789abcdeX")).toBeNull();
    expect(store.get("m", "short")).toBeNull();
    expect(store.get("m", "tok_0123456789abcdef")).toEqual({ json: '{"who":"member"}', shared: false });
    store.set("v", '{"who":"visitor"}', { shared: true });
    expect(store.get("v")).toEqual({ json: '{"who":"visitor"}', shared: true });
  });

  it("gives ids nobody can guess", () => {
    const ids = new Set(Array.from({ length: 100 }, () => HydrationStore.randomId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe("the page's handoff", () => {
  const handoff = JSON.stringify({
    future: { v3_fetcherPersist: true },
    isSpaMode: false,
    state: { loaderData: { root: { csrfToken: "tok_0123456789abcdef", shell: { title: "</script><b>" } } }, actionData: null, errors: null },
  }).replace(/</g, "\\u003c");

  it("takes the state out, and the CSRF token out of the state", () => {
    const { rest, state } = splitHandoff(handoff);
    expect(rest).toEqual({ future: { v3_fetcherPersist: true }, isSpaMode: false });
    expect(state?.loaderData?.root).toEqual({ csrfToken: "tok_0123456789abcdef", shell: { title: "</script><b>" } });
    const json = stateJson(state, "tok_0123456789abcdef");
    expect(json).not.toContain("tok_0123456789abcdef");
    expect(JSON.parse(json).loaderData.root.csrfToken).toBe("");
    expect(splitHandoff("null")).toEqual({ rest: {}, state: null });
  });

  it("stays inert inside a script and starts the state's request", () => {
    const out = handoffWithout({ basename: "</script>&" }, { id: "abc_-1", csrf: "tok<&>" });
    expect(out).not.toMatch(/[<>&]/);
    const window = { __remixContext: undefined as unknown as { basename: string; hydrate: { id: string; csrf: string; p: unknown } } };
    const fetch = (url: string, init: { headers: Record<string, string> }) => ({ catch: () => `asked ${url} with ${JSON.stringify(init.headers)}` });
    new Function("window", "fetch", `window.__remixContext = ${out};`)(window, fetch);
    expect(window.__remixContext.basename).toBe("</script>&");
    // The page's token goes in a header, never in the address (request logs print the path).
    expect(window.__remixContext.hydrate).toEqual({ id: "abc_-1", csrf: "tok<&>", p: 'asked /hydration/abc_-1 with {"X-Hydration-Token":"tok<&>"}' });
  });
});
