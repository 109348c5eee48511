import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * PGlite's WebAssembly build starts its backend with `shared_buffers=128MB` written into the
 * binary's own argument list: no option, `postgresql.conf` or `ALTER SYSTEM` changes it (those rank
 * below the command line). Those 128 MB are most of the embedded default's memory (a bare PGlite at
 * 293 MiB RSS, 189 MiB with 16 MB of buffers). We compile the module ourselves with that one
 * argument rewritten in place (same length, NUL-padded: the C string simply ends sooner) and hand it
 * to PGlite (`wasmModule`), once per process. ADR 028.
 *
 * If the argument is not found exactly once (a PGlite upgrade moved it), the stock module is used,
 * unchanged: the site runs as before with PGlite's own 128 MB, and `tests/unit/pglite-wasm.test.ts`
 * fails so that whoever upgraded sees it.
 */
export const STOCK_SHARED_BUFFERS = "shared_buffers=128MB";
/** 16 MB: the demo's whole database (10,000 games, the seed) is under 30 MB and its hot set far less. */
export const DEFAULT_SHARED_BUFFERS = "16MB";

/** Where PGlite's `pglite.wasm` is: beside its entry point. */
export function pgliteWasmPath(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return path.join(path.dirname(entry), "pglite.wasm");
}

/**
 * The binary with `shared_buffers=128MB` rewritten to `shared_buffers=<size>`, or null when the
 * argument is not there exactly once or the new one would not fit in its place.
 */
export function rewriteSharedBuffers(binary: Uint8Array, size: string): Buffer<ArrayBuffer> | null {
  if (!/^\d{1,4}[kMG]B$/.test(size)) return null;
  const buf = Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength);
  const from = Buffer.from(`${STOCK_SHARED_BUFFERS}\0`, "latin1");
  const at = buf.indexOf(from);
  if (at < 0 || buf.indexOf(from, at + 1) >= 0) return null;
  const to = Buffer.alloc(from.length);
  const written = to.write(`shared_buffers=${size}`, "latin1");
  if (written >= from.length) return null;
  const out = Buffer.alloc(buf.length);
  buf.copy(out);
  to.copy(out, at);
  return out;
}

const compiled = new Map<string, Promise<WebAssembly.Module | undefined>>();

/**
 * The compiled PGlite module with `size` of shared buffers, compiled once per process and size
 * (every in-memory test database shares it); undefined means "use PGlite's own" (logged by the caller).
 */
export function pgliteModule(size: string = DEFAULT_SHARED_BUFFERS): Promise<WebAssembly.Module | undefined> {
  let module = compiled.get(size);
  if (!module) {
    module = (async () => {
      const patched = rewriteSharedBuffers(readFileSync(pgliteWasmPath()), size);
      return patched ? WebAssembly.compile(patched) : undefined;
    })();
    compiled.set(size, module);
  }
  return module;
}
