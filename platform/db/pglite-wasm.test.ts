import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDb, rowsOf } from "./client.js";
import { pgliteWasmPath, rewriteSharedBuffers, STOCK_SHARED_BUFFERS } from "./pglite-wasm.js";

/** ADR 028: PGlite compiled with fewer shared buffers (its memory floor). */
describe("PGlite's shared buffers", () => {
  const stock = readFileSync(pgliteWasmPath());

  it("finds PGlite's own argument exactly once in the installed build (fails after an upgrade that moved it)", () => {
    const patched = rewriteSharedBuffers(stock, "16MB");
    expect(patched).not.toBeNull();
    const text = Buffer.from(patched!).toString("latin1");
    expect(text.includes(`${STOCK_SHARED_BUFFERS}\0`)).toBe(false);
    expect(text.includes("shared_buffers=16MB\0")).toBe(true);
    // Nothing else in the binary changes: same length, one run of bytes differs.
    expect(patched!.length).toBe(stock.length);
    let changed = 0;
    for (let i = 0; i < stock.length; i++) if (stock[i] !== patched![i]) changed++;
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThanOrEqual(5);
  });

  it("refuses a size that is not a size or would not fit in the argument's place", () => {
    expect(rewriteSharedBuffers(stock, "16")).toBeNull();
    expect(rewriteSharedBuffers(stock, "16MB -c fsync=off")).toBeNull();
    expect(rewriteSharedBuffers(stock, "12345MB")).toBeNull();
    expect(rewriteSharedBuffers(Buffer.from("no such argument"), "16MB")).toBeNull();
  });

  it("opens the embedded database with 16 MB by default, and with PGlite's own 128 MB when asked", async () => {
    for (const [asked, shown] of [
      [undefined, "16MB"],
      ["32MB", "32MB"],
      ["128MB", "128MB"],
    ] as const) {
      const handle = await openDb({ dataDir: "memory://", ...(asked ? { sharedBuffers: asked } : {}) });
      try {
        const [row] = rowsOf<{ shared_buffers: string }>(await handle.db.execute(sql`show shared_buffers`));
        expect(row?.shared_buffers).toBe(shown);
      } finally {
        await handle.close();
      }
    }
    // Three embedded databases opened and migrated: 24 s alone here, 34 s beside a CI run.
  }, 90_000);
});
