import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

/**
 * What a first visit to each route loads, read from the build's manifest (ADR 030): the scripts
 * the page links (the entry, and each matched route's module with its static imports). `npm test`
 * builds before it runs this suite; run `npm run build` first when running it alone.
 */
const root = path.resolve(__dirname, "../..");
// Skipped without a build: these start the built server (build/index.js). `npm test` builds
// before it runs them; run `npm run build` first when running this file alone.
const built = existsSync(path.join(root, "build/index.js"));

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
}

async function firstVisits() {
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as { assets: Manifest };
  const m = build.assets;
  const read = (f: string) => readFileSync(path.join(root, "public", f), "utf8");
  return Object.values(m.routes).map((route) => {
    const files = new Set([m.entry.module, ...m.entry.imports]);
    for (let r: Manifest["routes"][string] | undefined = route; r; r = r.parentId ? m.routes[r.parentId] : undefined) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    return { id: route.id, files: [...files].map((f) => ({ f, text: read(f) })) };
  });
}

// Skipped without a build (build/index.js): `npm test` builds before it runs this suite; run
// `npm run build` first when running it alone.
describe.runIf(built)("the scripts of a first visit (ADR 030)", () => {
  it("never include zod or conform's zod adapter: form schemas load when a form is first used", async () => {
    const offenders = (await firstVisits()).flatMap(({ id, files }) =>
      files.filter(({ text }) => text.includes("ZodError") || text.includes("__undefined__")).map(({ f }) => `${id}: ${f}`),
    );
    expect(offenders).toEqual([]);
  });

  it("never include the empty stand-ins of server modules (the route module patch applies)", async () => {
    // Without patches/@remix-run+dev+2.17.5.patch every route links one such chunk per
    // `.server` module it imports, and the chunks of whatever only its action used.
    const standIn = /^import\{\w+ as \w+\}from"[^"]+";var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);export\{\w+ as a\};/;
    const offenders = (await firstVisits()).flatMap(({ id, files }) => files.filter(({ text }) => standIn.test(text)).map(({ f }) => `${id}: ${f}`));
    expect(offenders).toEqual([]);
  });

  it("keeps each form's schema loadable on demand", async () => {
    // The dynamic imports of useSchemaValidation exist as chunks of their own (conform's zod
    // adapter is the one with the "__undefined__" coercion mark).
    const chunks = (await firstVisits()).flatMap(({ files }) => files.map(({ text }) => text));
    const dynamic = new Set(chunks.flatMap((t) => [...t.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!)));
    const schemaChunks = [...dynamic].filter((f) => /schemas?-[A-Z0-9]+\.js$/.test(f));
    expect(schemaChunks.length).toBeGreaterThanOrEqual(6);
    for (const f of schemaChunks) expect(existsSync(path.join(root, "public", f)), f).toBe(true);
  });

  it("stay within 100 KiB of brotli on every route, as the server sends them (issue 15)", async () => {
    const sizes = new Map<string, number>();
    const size = (f: string, text: string) => {
      if (!sizes.has(f)) {
        const raw = Buffer.from(text);
        // As the server sends them: brotli at quality 11 when that is smaller.
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;
        sizes.set(f, Math.min(raw.length, br));
      }
      return sizes.get(f)!;
    };
    const over = (await firstVisits())
      .map(({ id, files }) => ({ id, kib: files.reduce((a, { f, text }) => a + size(f, text), 0) / 1024 }))
      .filter((r) => r.kib > 100)
      .map((r) => `${r.id}: ${r.kib.toFixed(3)} KiB`);
    expect(over).toEqual([]);
  }, 120_000);
});
