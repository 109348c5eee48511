import { captchaRequiredFor, clearFailures, IP_CAPTCHA_AFTER, recordFailure } from "../accounts/service.js";
import { createTestPlatform } from "../testing/db.js";
import type { Database } from "./client.js";
import { isSoleWriter, KeptReads, markSoleWriter } from "./kept-reads.js";
import { inRequestTransaction, RollbackRequest } from "./request-tx.js";

/** A read whose answer the test hands over when it likes. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("reads kept between writes (ADR 026)", () => {
  const fakeDb = () => ({}) as unknown as Database;

  it("keeps a read on a sole-writer database until the key is forgotten", async () => {
    const db = fakeDb();
    markSoleWriter(db);
    const kept = new KeptReads<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await kept.read(db, "a", load)).toBe(1);
    expect(await kept.read(db, "a", load)).toBe(1);
    expect(await kept.read(db, "b", load)).toBe(2);
    kept.forget(db, "a");
    expect(await kept.read(db, "a", load)).toBe(3);
    expect(await kept.read(db, "b", load)).toBe(2);
    kept.forget(db);
    expect(await kept.read(db, "b", load)).toBe(4);
  });

  it("reads through on any other database (PostgreSQL: other nodes write too)", async () => {
    const db = fakeDb();
    expect(isSoleWriter(db)).toBe(false);
    const kept = new KeptReads<number>(10);
    let loads = 0;
    await kept.read(db, "a", async () => ++loads);
    await kept.read(db, "a", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("does not keep a read that was in flight when a write committed", async () => {
    const db = fakeDb();
    markSoleWriter(db);
    const kept = new KeptReads<string>(10);
    const slow = deferred<string>();
    const first = kept.read(db, "k", () => slow.promise);
    kept.forget(db, "k"); // the write commits while the old read is still on its way
    slow.resolve("before the write");
    expect(await first).toBe("before the write");
    expect(await kept.read(db, "k", async () => "after the write")).toBe("after the write");
    // Forgetting everything ends reads in flight the same way.
    const slow2 = deferred<string>();
    const second = kept.read(db, "j", () => slow2.promise);
    kept.forget(db);
    slow2.resolve("old");
    await second;
    expect(await kept.read(db, "j", async () => "new")).toBe("new");
  });

  it("forgets a key written through a transaction object it does not know (a plain db.transaction)", async () => {
    const db = fakeDb();
    markSoleWriter(db);
    const kept = new KeptReads<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    await kept.read(db, "k", load);
    await kept.read(db, "other", load);
    const tx = fakeDb(); // not marked, not a request transaction: afterCommit runs at once with it
    kept.forget(tx, "k");
    expect(await kept.read(db, "k", load)).toBe(3);
    expect(await kept.read(db, "other", load)).toBe(2);
  });

  it("drops a failed read, so the next one asks again", async () => {
    const db = fakeDb();
    markSoleWriter(db);
    const kept = new KeptReads<string>(10);
    await expect(kept.read(db, "k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await kept.read(db, "k", async () => "up")).toBe("up");
  });

  it("stays bounded", async () => {
    const db = fakeDb();
    markSoleWriter(db);
    const kept = new KeptReads<number>(3);
    let loads = 0;
    for (const k of ["a", "b", "c", "d"]) await kept.read(db, k, async () => ++loads);
    await kept.read(db, "a", async () => ++loads); // "a" went with the clear at "d"
    expect(loads).toBe(5);
  });

  describe("on the platform's own database", () => {
    let p: Awaited<ReturnType<typeof createTestPlatform>>;
    beforeAll(async () => {
      p = await createTestPlatform();
    });
    afterAll(() => p.cleanup());

    it("marks PGlite, and only PGlite, as the sole writer", () => {
      expect(isSoleWriter(p.handle.db)).toBe(p.handle.kind === "pglite");
    });

    it("forgets inside a transaction only once it commits, and not at all when it rolls back", async () => {
      const db = p.handle.db;
      const kept = new KeptReads<number>(10);
      let loads = 0;
      const read = () => kept.read(db, "k", async () => ++loads);
      const sole = isSoleWriter(db);
      await read();
      await expect(
        inRequestTransaction(db, async (tx) => {
          kept.forget(tx, "k");
          expect(await read()).toBe(sole ? 1 : 2); // not forgotten before COMMIT
          throw new RollbackRequest("no");
        }),
      ).rejects.toThrow("no");
      const afterRollback = await read();
      expect(afterRollback).toBe(sole ? 1 : 3);
      await inRequestTransaction(db, async (tx) => kept.forget(tx, "k"));
      expect(await read()).toBe(afterRollback + 1);
    });

    it("shows a visitor's address crossing the captcha threshold, and its clearing, on the next read", async () => {
      const ip = "203.0.113.77";
      const db = p.handle.db;
      expect(await captchaRequiredFor(db, ip)).toBe(false);
      for (let i = 0; i < IP_CAPTCHA_AFTER - 1; i++) await recordFailure(db, [`login:ip:${ip}`], null);
      expect(await captchaRequiredFor(db, ip)).toBe(false);
      await recordFailure(db, [`login:ip:${ip}`], null);
      expect(await captchaRequiredFor(db, ip)).toBe(true);
      await clearFailures(db, `login:ip:${ip}`);
      expect(await captchaRequiredFor(db, ip)).toBe(false);
    });

    it("shows the operator's maintenance switch on the next permission call", async () => {
      const web = { headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.8" } };
      const status = async () => (await p.call("/wps/system/permission?language=en", web)).body.value.info.maintenance as boolean;
      const sw = (enabled: boolean) => p.call("/operator/v1/merchants/DEMO/maintenance", { method: "PUT", operator: true, json: { enabled } });
      expect(await status()).toBe(false);
      expect((await sw(true)).status).toBe(200);
      expect(await status()).toBe(true);
      expect((await sw(false)).status).toBe(200);
      expect(await status()).toBe(false);
    });
  });
});
