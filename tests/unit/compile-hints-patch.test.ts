import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * patches/@remix-run+dev+*.patch (ADR 046): a production build starts the client entry and every
 * chunk it imports, transitively, with V8's per-file compile hint, so that Chromium compiles their
 * functions while it streams the files instead of on the main thread when each is first called.
 * Route modules and what only they import stay lazy. If the patch stopped applying (a new Remix
 * version), these fail.
 */
const require = createRequire(import.meta.url);
const { withCompileHints } = require("@remix-run/dev/dist/compiler/js/compiler.js") as {
  withCompileHints: (
    ctx: { config: { entryClientFilePath: string } },
    metafile: { outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }> },
    outputFiles: { path: string; contents: Uint8Array }[],
  ) => { path: string; contents: Uint8Array }[];
};

const HINT = "//# allFunctionsCalledOnLoad\n";
const root = path.resolve(__dirname, "../..");
const abs = (p: string) => path.resolve(p);
const file = (p: string, text: string) => ({ path: abs(p), contents: new TextEncoder().encode(text) });
const text = (f: { contents: Uint8Array }) => new TextDecoder().decode(f.contents);

describe("the compile hints of the client's start (ADR 046)", () => {
  const ctx = { config: { entryClientFilePath: abs("app/entry.client.tsx") } };
  const metafile = {
    outputs: {
      "public/build/entry.client-A.js": {
        entryPoint: "app/entry.client.tsx",
        imports: [
          { path: "public/build/_shared/chunk-REACT.js", kind: "import-statement" },
          { path: "public/build/_shared/chunk-LATER.js", kind: "dynamic-import" },
        ],
      },
      "public/build/_shared/chunk-REACT.js": { imports: [{ path: "public/build/_shared/chunk-HELPERS.js", kind: "import-statement" }] },
      "public/build/_shared/chunk-HELPERS.js": { imports: [] },
      "public/build/_shared/chunk-LATER.js": { imports: [] },
      "public/build/routes/_home-B.js": { entryPoint: "app/routes/_home.tsx?browser", imports: [{ path: "public/build/_shared/chunk-HELPERS.js", kind: "import-statement" }] },
    },
  };

  it("go on the entry and every chunk it imports statically, and on nothing else", () => {
    const out = withCompileHints(ctx, metafile, [
      file("public/build/entry.client-A.js", "import'./_shared/chunk-REACT.js';"),
      file("public/build/_shared/chunk-REACT.js", "export function a(){}"),
      file("public/build/_shared/chunk-HELPERS.js", "export function b(){}"),
      file("public/build/_shared/chunk-LATER.js", "export function c(){}"),
      file("public/build/routes/_home-B.js", "export default function d(){}"),
    ]);
    const hinted = out.filter((f) => text(f).startsWith(HINT)).map((f) => path.basename(f.path));
    expect(hinted.sort()).toEqual(["chunk-HELPERS.js", "chunk-REACT.js", "entry.client-A.js"]);
    expect(text(out[1]!)).toBe(`${HINT}export function a(){}`);
    expect(text(out[4]!)).toBe("export default function d(){}");
  });

  it("shift a hinted file's source map by the hint's line", () => {
    const map = { version: 3, sources: ["a.ts"], names: [], mappings: "AAAA;AACA" };
    const out = withCompileHints(ctx, metafile, [
      file("public/build/entry.client-A.js", "x()"),
      file("public/build/entry.client-A.js.map", JSON.stringify(map)),
      file("public/build/routes/_home-B.js.map", JSON.stringify(map)),
    ]);
    expect(JSON.parse(text(out[1]!)).mappings).toBe(";AAAA;AACA");
    expect(JSON.parse(text(out[2]!)).mappings).toBe("AAAA;AACA");
  });

  it("leave the files as they are when no output is the client entry", () => {
    const files = [file("public/build/routes/_home-B.js", "export default 1")];
    expect(withCompileHints({ config: { entryClientFilePath: abs("app/elsewhere.tsx") } }, metafile, files)).toBe(files);
  });

  // Skipped without a build (build/index.js): it reads the built files. `npm test` builds before it
  // runs this suite; run `npm run build` first when running this file alone.
  it.runIf(existsSync(path.join(root, "build/index.js")))("are in the build: the entry's files start with the hint, the routes' do not", async () => {
    const { pathToFileURL } = await import("node:url");
    const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as {
      assets: { entry: { module: string; imports: string[] }; routes: Record<string, { module: string }> };
    };
    const read = (f: string) => readFileSync(path.join(root, "public", f), "utf8");
    for (const f of [build.assets.entry.module, ...build.assets.entry.imports]) expect(read(f).startsWith(HINT), f).toBe(true);
    const routes = Object.values(build.assets.routes).map((r) => r.module);
    expect(routes.filter((f) => read(f).startsWith(HINT))).toEqual([]);
  });
});
