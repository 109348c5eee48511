import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * patches/@remix-run+dev+*.patch (ADR 047): in a production build each route's browser module
 * imports its parent's, so that esbuild puts the code a page's whole route chain loads into a few
 * chunks instead of one per subset of routes sharing it; the manifest then lists a chunk once per
 * chain, and routes sharing a file (the home page's aliases) are one entry point. If the patch
 * stopped applying (a new Remix version), these fail.
 */
const require = createRequire(import.meta.url);
const { withParentImport } = require("@remix-run/dev/dist/compiler/js/plugins/routes.js") as {
  withParentImport: (route: { id: string; parentId?: string }, config: { routes: Record<string, { file: string }> }, mode?: string) => string;
};

const root = path.resolve(__dirname, "../..");
const config = { routes: { root: { file: "root.tsx" }, "routes/_home": { file: "routes/_home.tsx" }, "routes/_home.help": { file: "routes/_home.help.tsx" } } };

describe("a route's browser module and its parent's (ADR 047)", () => {
  it("imports the parent's browser module in a production build", () => {
    expect(withParentImport({ id: "routes/_home.help", parentId: "routes/_home" }, config, "production")).toBe('\nimport "routes/_home.tsx?browser";\n');
    expect(withParentImport({ id: "routes/_home", parentId: "root" }, config, "production")).toBe('\nimport "root.tsx?browser";\n');
  });

  it("adds nothing for the root, an unknown parent, or a development build", () => {
    expect(withParentImport({ id: "root" }, config, "production")).toBe("");
    expect(withParentImport({ id: "routes/x", parentId: "routes/gone" }, config, "production")).toBe("");
    expect(withParentImport({ id: "routes/_home.help", parentId: "routes/_home" }, config, "development")).toBe("");
  });

  // Skipped without a build (build/index.js): it reads the built files. `npm test` builds before it
  // runs this suite; run `npm run build` first when running this file alone.
  it.runIf(existsSync(path.join(root, "build/index.js")))("holds in the build: a child loads its parent's chunks, the manifest names each once per chain, one output per file", async () => {
    const { pathToFileURL } = await import("node:url");
    type Route = { parentId?: string; module: string; imports?: string[] };
    const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as {
      assets: { entry: { module: string; imports: string[] }; routes: Record<string, Route> };
      routes: Record<string, { module: { default?: unknown } }>;
    };
    const { assets } = build;
    const importsOf = (file: string) =>
      [...readFileSync(path.join(root, "public", file), "utf8").matchAll(/import(?:[^"]*?from)?"(\/build\/[^"]+)"/g)].map((m) => m[1]!);
    // Routes with a component (the others are resource routes whose browser module is empty).
    const pages = Object.entries(assets.routes).filter(([id]) => build.routes[id]?.module.default);
    expect(pages.length).toBeGreaterThan(50);
    for (const [id, route] of pages) {
      if (!route.parentId) continue;
      const own = new Set(importsOf(route.module));
      expect(importsOf(assets.routes[route.parentId]!.module).filter((f) => !own.has(f)), id).toEqual([]);
      // The manifest: no chunk of the entry or of any ancestor is listed again for this route.
      const above = new Set(assets.entry.imports);
      for (let p: string | undefined = route.parentId; p; p = assets.routes[p]!.parentId) for (const f of assets.routes[p]!.imports ?? []) above.add(f);
      expect((route.imports ?? []).filter((f) => above.has(f)), id).toEqual([]);
    }
    // One output per route file: the home page's aliases share the index route's, whose code is
    // then not a chunk of its own that the home page loads besides.
    const metafile = JSON.parse(readFileSync(path.join(root, "build/metafile.js.json"), "utf8")) as { outputs: Record<string, { entryPoint?: string }> };
    const entries = Object.values(metafile.outputs).flatMap((o) => (o.entryPoint ? [o.entryPoint] : []));
    expect(entries.filter((e, i) => entries.indexOf(e) !== i)).toEqual([]);
    expect(new Set(["routes/_home._index", "routes/home-alias-home"].map((id) => assets.routes[id]!.module)).size).toBe(1);
    // The home page's chain (entry, root, layout, page) loads in few files: 24 before the patch.
    const chain = ["root", "routes/_home", "routes/_home._index"];
    const files = new Set([assets.entry.module, ...assets.entry.imports, ...chain.flatMap((id) => [assets.routes[id]!.module, ...(assets.routes[id]!.imports ?? [])])]);
    expect(files.size).toBeLessThanOrEqual(15);
  });
});
