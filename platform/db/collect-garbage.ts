import v8 from "node:v8";
import vm from "node:vm";

/**
 * One full garbage collection, now. For start-up only (ADR 031): after the first start on a fresh
 * PGlite data directory, the instance that ran initdb, the migrations and the seed is closed and
 * unreferenced, but its WebAssembly memory (about 50 MiB) goes back only when V8 collects the
 * instance, and a server that serves small pages may not run a full collection for a long time.
 *
 * Uses `gc` when Node runs with --expose-gc; otherwise turns the flag on just long enough to take
 * the function from a fresh context (the flag applies to contexts made while it is set) and off
 * again. False when neither works: the memory is then freed at V8's next full collection.
 */
export function collectGarbage(): boolean {
  let gc = (globalThis as { gc?: unknown }).gc;
  if (typeof gc !== "function") {
    try {
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc");
    } catch {
      gc = undefined;
    } finally {
      v8.setFlagsFromString("--no-expose-gc");
    }
  }
  if (typeof gc !== "function") return false;
  (gc as () => void)();
  return true;
}
