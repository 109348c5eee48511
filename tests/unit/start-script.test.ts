import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// `npm start` runs server/start.sh, which sets what must be in place before Node starts (ADR 031):
// the malloc threshold (idle memory on PGlite), the old generation's growth (memory under load)
// and the young generation's size (idle memory).
// NODE is replaced by a script that prints what it was started with.
describe("server/start.sh", () => {
  let dir: string;
  let fakeNode: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "start-sh-"));
    fakeNode = path.join(dir, "node");
    writeFileSync(fakeNode, '#!/bin/sh\necho "MALLOC_MMAP_THRESHOLD_=$MALLOC_MMAP_THRESHOLD_"\necho "$@"\n');
    chmodSync(fakeNode, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (env: Record<string, string> = {}) => {
    const { MALLOC_MMAP_THRESHOLD_: _, ...base } = process.env;
    return execFileSync("sh", ["server/start.sh", "build/index.js"], { env: { ...base, ...env, NODE: fakeNode }, encoding: "utf8" }).trim().split("\n");
  };

  it("runs the server with the heap growth, young generation and malloc settings, and passes its arguments on", () => {
    expect(run()).toEqual(["MALLOC_MMAP_THRESHOLD_=32768", "--heap-growing-percent=50 --max-semi-space-size=8 server/index.mjs build/index.js"]);
  });

  it("keeps an operator's own malloc threshold", () => {
    expect(run({ MALLOC_MMAP_THRESHOLD_: "65536" })[0]).toBe("MALLOC_MMAP_THRESHOLD_=65536");
  });
});
