import { createRequire } from "node:module";

/**
 * patches/@remix-run+router+*.patch (ADR 027), applied by `npm install`'s postinstall: the server's
 * route matching flattens and ranks a routes array once, and compiles each pattern once, instead
 * of on every request. The server runtime loads the router's CommonJS build, so that is the one
 * checked here; if the patch stopped applying (a new router version), this fails.
 */
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

describe("the router patch (ADR 027)", () => {
  /** A route tree whose `path` reads are counted: flattening reads every route's path. */
  function countedRoutes() {
    let reads = 0;
    const route = (id: string, path: string | undefined, extra: Record<string, unknown> = {}) => ({
      id,
      ...extra,
      get path() {
        reads++;
        return path;
      },
    });
    const routes = [
      route("root", "", {
        children: [route("game", "games/:id"), route("splat", "docs/*"), route("opt", "lang/:lng?/help"), route("index", undefined, { index: true })],
      }),
    ];
    return { routes, reads: () => reads };
  }

  it("flattens and ranks a routes array once, however often it is matched", () => {
    const { routes, reads } = countedRoutes();
    router.matchRoutes(routes, "/games/7");
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) router.matchRoutes(routes, `/games/${i}`);
    expect(reads()).toBe(afterFirst);
    // Another array is flattened on its own.
    const other = countedRoutes();
    router.matchRoutes(other.routes, "/");
    expect(other.reads()).toBeGreaterThan(0);
  });

  it("still answers every kind of pattern as the router does, with fresh params each time", () => {
    const { routes } = countedRoutes();
    const ids = (p: string) => router.matchRoutes(routes, p)?.map((m) => [m.route.id, m.params, m.pathnameBase]) ?? null;
    for (let round = 0; round < 2; round++) {
      expect(ids("/games/7")).toEqual([
        ["root", { id: "7" }, "/"],
        ["game", { id: "7" }, "/games/7"],
      ]);
      expect(ids("/docs/a/b")).toEqual([
        ["root", { "*": "a/b" }, "/"],
        ["splat", { "*": "a/b" }, "/docs"],
      ]);
      expect(ids("/lang/help")).toEqual([
        ["root", { lng: undefined }, "/"],
        ["opt", { lng: undefined }, "/lang/help"],
      ]);
      expect(ids("/lang/ar/help")?.[1]).toEqual(["opt", { lng: "ar" }, "/lang/ar/help"]);
      expect(ids("/")?.map((m) => m[0])).toEqual(["root", "index"]);
      expect(ids("/nothing/here")).toBeNull();
    }
    const a = router.matchRoutes(routes, "/games/1")!;
    const b = router.matchRoutes(routes, "/games/2")!;
    expect(a[1]!.params).not.toBe(b[1]!.params);
    expect(a[1]!.params.id).toBe("1");
  });

  it("answers a repeated pathname with its own copy: changing one answer changes no other", () => {
    const { routes } = countedRoutes();
    const first = router.matchRoutes(routes, "/games/9")!;
    // As the router's own answers: one params object shared by the matches of one answer.
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).id = "changed";
    (first[1] as { pathname: string }).pathname = "/elsewhere";
    first.pop();
    const again = router.matchRoutes(routes, "/games/9")!;
    expect(again).toHaveLength(2);
    expect(again[1]!.params).toEqual({ id: "9" });
    expect(again[1]!.pathname).toBe("/games/9");
    expect(again).not.toBe(first);
    // Encoded and decoded forms of one path answer alike.
    expect(router.matchRoutes(routes, "/games/a%20b")![1]!.params.id).toBe("a b");
    expect(router.matchRoutes(routes, "/games/a b")![1]!.params.id).toBe("a b");
  });
});

/**
 * The same patch file (ADR 033): a loader's `json()` answer keeps the data it was given when JSON
 * would give it back unchanged, and a document request's loader data is that data, not its text
 * parsed back. Anything JSON would change goes the JSON way, as unpatched.
 */
describe("the router patch: loader data not parsed back from its own JSON (ADR 033)", () => {
  const texts = (globalThis as { [k: symbol]: WeakMap<object, string> | undefined })[Symbol.for("remix-patch.keptJsonTexts")];

  async function loaderData(data: unknown) {
    const handler = router.createStaticHandler([{ id: "root", path: "/", loader: () => router.json(data) }]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("the handler answered a Response");
    return context.loaderData.root as unknown;
  }

  it("hands plain JSON data through as it is, and keeps its text", async () => {
    const data = { name: "Ocean", list: [1, "two", true, null, { deep: [0.5] }], empty: {} };
    const got = await loaderData(data);
    // The same object: fails when the patch is missing (the router then parses a copy).
    expect(got).toBe(data);
    expect(texts?.get(data)).toBe(JSON.stringify(data));
  });

  it("parses as before whatever JSON would change: a Date, undefined, NaN, a class", async () => {
    const at = new Date("2026-11-29T05:00:00.000Z");
    const cases: Array<[unknown, unknown]> = [
      [{ at }, { at: "2026-11-29T05:00:00.000Z" }],
      [{ a: 1, gone: undefined }, { a: 1 }],
      [{ list: [1, undefined] }, { list: [1, null] }],
      [{ n: Number.NaN }, { n: null }],
      [{ m: new Map([["k", 1]]) }, { m: {} }],
    ];
    for (const [data, parsed] of cases) {
      const got = await loaderData(data);
      expect(got).not.toBe(data);
      expect(got).toStrictEqual(parsed);
      expect(texts?.has(data as object)).toBe(false);
    }
  });

  it("answers a data request with the same JSON text as unpatched", async () => {
    const data = { a: [1, 2], b: "x" };
    const handler = router.createStaticHandler([{ id: "root", path: "/", loader: () => router.json(data) }]);
    const res = (await handler.queryRoute(new Request("http://localhost/"), { routeId: "root" })) as Response;
    expect(await res.text()).toBe(JSON.stringify(data));
  });
});
