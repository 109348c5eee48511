import { createRequire } from "node:module";

/**
 * patches/@remix-run+server-runtime+*.patch, applied by `npm install`'s postinstall: a document
 * request's `serverHandoffString` (every loader's data serialised for the page) is made when the
 * entry first reads it, not before the entry runs. A visitor page served from the render cache
 * (ADR 025) never reads it. The server loads the runtime's CommonJS build, so that is the one
 * checked here; if the patch stopped applying (a new Remix version), this fails.
 */
const require = createRequire(import.meta.url);
const runtime = require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");
const handoff = require("@remix-run/server-runtime/dist/serverHandoff.js") as { createServerHandoffString: (x: unknown) => string };

function buildWith(
  entry: (context: { serverHandoffString?: string }, request: Request) => Response,
  loader: (args: { request: Request }) => unknown = () => ({ greeting: "hello" }),
) {
  const route = { id: "root", path: "", index: undefined, caseSensitive: undefined, parentId: undefined };
  return {
    mode: "production",
    entry: { module: { default: (request: Request, _status: number, _headers: Headers, context: { serverHandoffString?: string }) => entry(context, request) } },
    routes: { root: { ...route, module: { default: () => null, loader } } },
    assets: { entry: { module: "/build/entry.js", imports: [] }, routes: { root: { ...route, module: "/build/root.js", hasLoader: true, hasAction: false } }, url: "/build/manifest.js", version: "1" },
    future: {},
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    basename: undefined,
    isSpaMode: false,
  } as unknown as Parameters<typeof runtime.createRequestHandler>[0];
}

describe("the server runtime patch (the handoff string made when first read)", () => {
  it("is not made for a document the entry answers without reading it", async () => {
    const spy = vi.spyOn(handoff, "createServerHandoffString");
    try {
      const handler = runtime.createRequestHandler(buildWith(() => new Response("kept page", { headers: { "Content-Type": "text/html" } })));
      const res = await handler(new Request("http://localhost/"));
      expect(await res.text()).toBe("kept page");
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("is made once, with the loaders' data, when the entry reads it", async () => {
    const spy = vi.spyOn(handoff, "createServerHandoffString");
    try {
      const seen: string[] = [];
      const handler = runtime.createRequestHandler(
        buildWith((context) => {
          seen.push(context.serverHandoffString!, context.serverHandoffString!, { ...context }.serverHandoffString!);
          return new Response("rendered", { headers: { "Content-Type": "text/html" } });
        }),
      );
      await handler(new Request("http://localhost/"));
      expect(spy).toHaveBeenCalledTimes(1);
      expect(new Set(seen).size).toBe(1);
      expect(JSON.parse(seen[0]!).state.loaderData.root).toEqual({ greeting: "hello" });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the server runtime patch (no copies of a request that has no query)", () => {
  it("hands a loader the request itself when its URL has no query", async () => {
    let loaderRequest: Request | undefined;
    let entryRequest: Request | undefined;
    const handler = runtime.createRequestHandler(
      buildWith(
        (_context, request) => {
          entryRequest = request;
          return new Response("page", { headers: { "Content-Type": "text/html" } });
        },
        ({ request }) => {
          loaderRequest = request;
          return null;
        },
      ),
    );
    await handler(new Request("http://localhost/"));
    expect(loaderRequest).toBeDefined();
    expect(loaderRequest).toBe(entryRequest);
  });

  it("still strips the runtime's own params from a query, as before", async () => {
    const seen: string[] = [];
    const handler = runtime.createRequestHandler(
      buildWith(
        () => new Response("page", { headers: { "Content-Type": "text/html" } }),
        ({ request }) => {
          seen.push(request.url);
          return null;
        },
      ),
    );
    await handler(new Request("http://localhost/?index&q=a%20b"));
    await handler(new Request("http://localhost/?_data=root&page=2"));
    expect(seen).toEqual(["http://localhost/?q=a+b", "http://localhost/?page=2"]);
  });
});
