// Loaded with `node --import ./bench/memory-hook.mjs server/index.mjs ...` by bench/memory.mjs only:
// on SIGUSR2 the process writes what it holds (process.memoryUsage, V8's heap spaces, and a heap
// snapshot when MEMORY_SNAPSHOT=1) to MEMORY_OUT (a path; ".json" and ".heapsnapshot" beside it).
import { writeFileSync } from "node:fs";
import v8 from "node:v8";

const out = process.env.MEMORY_OUT;
let n = 0;
if (out) {
  process.on("SIGUSR2", () => {
    const k = n++;
    if (process.env.MEMORY_GC === "1" && typeof globalThis.gc === "function") globalThis.gc();
    const data = {
      memoryUsage: process.memoryUsage(),
      heapSpaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, size: s.space_size, used: s.space_used_size })),
      heap: v8.getHeapStatistics(),
    };
    if (process.env.MEMORY_SNAPSHOT === "1" && k === 0) data.snapshot = v8.writeHeapSnapshot(`${out}.heapsnapshot`);
    writeFileSync(`${out}.${k}.json`, JSON.stringify(data, null, 2));
  });
}
