/**
 * Many clients moving money on a few hot accounts at once. On PostgreSQL (DATABASE_URL or
 * TEST_DATABASE_URL set) the clients really overlap: row locks, serialization failures,
 * deadlocks and concurrent twins of one key; on PGlite transactions run one at a time, so the
 * same workload checks the interleaving of many async callers.
 *
 * Workload: 50 clients × 200 operations (10,000) on 5 hot members on PostgreSQL (11–30 s on a
 * 2-core shared machine). PGlite runs every query in this process, one at a time: 10,000
 * operations took 34 s on an idle machine but 176 s at load average 15, where the busy worker
 * also missed vitest's RPC deadline ("Timeout calling onTaskUpdate", a failed run). So on PGlite
 * each client does 40 operations (2,000 in all). LEDGER_CONCURRENCY_OPS and
 * LEDGER_CONCURRENCY_OPS_PGLITE change the operations per client; LEDGER_CONCURRENCY_SEED
 * repeats a run's random choices (the scheduling still varies).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { openTestDb, TEST_PG_URL, type TestDb } from "../testing/db.js";
import type { AccountKind } from "./schema.js";
import {
  checkInvariants,
  ensureAccount,
  InsufficientFunds,
  postTransfer,
  reverseTransfer,
  SYSTEM_SHARDS,
  transfer,
  withLedgerTx,
  type AccountRef,
  type PostedTransfer,
} from "./service.js";

const ON_POSTGRES = Boolean(TEST_PG_URL);
const CLIENTS = 50;
const OPS_PER_CLIENT = ON_POSTGRES
  ? Number(process.env.LEDGER_CONCURRENCY_OPS ?? 200)
  : Number(process.env.LEDGER_CONCURRENCY_OPS_PGLITE ?? 40);
/** Hot members; 1, 17 and 33 share system shard 1 (one house, clearing and hold row). */
const MEMBERS = [1, 2, 17, 33, 5];
const SEED = Number(process.env.LEDGER_CONCURRENCY_SEED ?? Date.now() % 2 ** 31);

/** A small seeded generator, so a failing run names its seed (scheduling still varies). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rowsOf<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[];
}

const accountKey = (ref: AccountRef) =>
  ref.kind === "member" ? `member|${ref.memberId ?? 0}|0` : `${ref.kind}|0|${(ref.memberId ?? 0) % SYSTEM_SHARDS}`;

interface Movement {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  kind: string;
  key: string;
}

describe("ledger under concurrent clients", () => {
  let t: TestDb;
  let db: Database;
  beforeAll(async () => {
    t = await openTestDb({ seed: false });
    db = t.handle.db;
  });
  afterAll(() => t.cleanup());

  it("gives a twin of an in-flight debit the first result, not INSUFFICIENT_FUNDS", async () => {
    await db.execute(sql`insert into merchants (code, name, currency) values ('LT', 'Twin', 'USD')`);
    const ref = (kind: AccountKind, memberId: number): AccountRef => ({ merchantCode: "LT", currency: "USD", kind, memberId });
    // The house account first, so its id is the lower one and is locked first, as in most
    // real ledgers (system accounts exist before members).
    const house = await ensureAccount(db, ref("house", 7));
    const member = await ensureAccount(db, ref("member", 7));
    await transfer(db, { from: ref("payment_clearing", 7), to: ref("member", 7), amount: 100n, kind: "deposit", key: "lt-dep" });
    const bet = { merchantCode: "LT", currency: "USD", debitAccountId: member, creditAccountId: house, amount: 100n, kind: "bet", key: "lt-bet" };

    let posted!: () => void;
    let release!: () => void;
    const isPosted = new Promise<void>((r) => (posted = r));
    const gate = new Promise<void>((r) => (release = r));
    // The first request posts the whole balance and holds its transaction open a moment...
    const first = withLedgerTx(db, async (tx) => {
      const got = await postTransfer(tx, bet);
      posted();
      await gate;
      return got;
    });
    await isPosted;
    // ...while its twin (a client's retry after a timeout) arrives and waits on the row lock.
    const twin = withLedgerTx(db, (tx) => postTransfer(tx, bet));
    await new Promise((r) => setTimeout(r, 150));
    release();
    const [a, b] = await Promise.allSettled([first, twin]);
    expect(a.status).toBe("fulfilled");
    expect(b).toEqual({ status: "fulfilled", value: { ...(a as PromiseFulfilledResult<PostedTransfer>).value, replayed: true } });
    expect(await checkInvariants(db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });

  it("refuses a bet whose balance is spent while it waits for the member's lock, with nothing half-moved", async () => {
    await db.execute(sql`insert into merchants (code, name, currency) values ('LS', 'Spent', 'USD')`);
    const ref = (kind: AccountKind, memberId: number): AccountRef => ({ merchantCode: "LS", currency: "USD", kind, memberId });
    // The house account first: the posting updates it (the lower id) before it reaches the
    // member's row, the one another transaction holds.
    const house = await ensureAccount(db, ref("house", 8));
    const member = await ensureAccount(db, ref("member", 8));
    const hold = await ensureAccount(db, ref("hold", 8));
    expect(house).toBeLessThan(member);
    await transfer(db, { from: ref("payment_clearing", 8), to: ref("member", 8), amount: 100n, kind: "deposit", key: "ls-dep" });
    const balances = async () =>
      rowsOf<{ id: string; balance: string }>(await db.execute(sql`select id::text, balance::text from ledger_accounts where merchant_code = 'LS' order by ledger_accounts.id`));
    const before = await balances();

    let spent!: () => void;
    let release!: () => void;
    const isSpent = new Promise<void>((r) => (spent = r));
    const gate = new Promise<void>((r) => (release = r));
    // A withdrawal takes 80 of the 100 and holds its transaction open a moment...
    const withdrawal = withLedgerTx(db, async (tx) => {
      const got = await postTransfer(tx, { merchantCode: "LS", currency: "USD", debitAccountId: member, creditAccountId: hold, amount: 80n, kind: "withdraw_hold", key: "ls-hold" });
      spent();
      await gate;
      return got;
    });
    await isSpent;
    // ...while a bet of 50, which the balance it started from (100) would pay, waits for the
    // member's row with the house's already changed. On PostgreSQL it finds 20 there, fails as a
    // serialization failure, and runs again from a new snapshot, where it is refused.
    const bet = transfer(db, { from: ref("member", 8), to: ref("house", 8), amount: 50n, kind: "bet", key: "ls-bet" });
    await new Promise((r) => setTimeout(r, 150));
    release();
    const [w, b] = await Promise.allSettled([withdrawal, bet]);
    expect(w.status).toBe("fulfilled");
    expect(b.status).toBe("rejected");
    expect((b as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFunds);
    expect((b as PromiseRejectedResult).reason.balance).toBe(20n);
    // The house's balance is where it was: the bet's first update went with it.
    expect((await balances()).find((r) => r.id === String(house))).toEqual(before.find((r) => r.id === String(house)));
    expect(rowsOf(await db.execute(sql`select 1 from ledger_transfers where idempotency_key = 'ls-bet'`))).toHaveLength(0);
    expect(await checkInvariants(db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });

  it(
    `keeps every invariant with ${CLIENTS} clients × ${OPS_PER_CLIENT} mixed operations on ${MEMBERS.length} hot members (seed ${SEED})`,
    async () => {
      const merchant = "LC";
      await db.execute(sql`insert into merchants (code, name, currency) values (${merchant}, 'Concurrency', 'USD')`);
      const ref = (kind: AccountKind, memberId: number): AccountRef => ({ merchantCode: merchant, currency: "USD", kind, memberId });
      const random = rng(SEED);
      const pick = <T,>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
      const amount = (max: number) => BigInt(1 + Math.floor(random() * max));

      /** Accepted movements by key: what moved and the first result. */
      const accepted = new Map<string, { mv: { from: AccountRef; to: AccountRef; amount: bigint }; result: PostedTransfer }>();
      const refused = new Set<string>();
      /** Accepted movements a client may send again, with how to send them. */
      const replayable: { key: string; send: (changed?: boolean) => Promise<PostedTransfer> }[] = [];
      const stats = { ops: 0, accepted: 0, refused: 0, replays: 0, twins: 0, splitTwins: 0, conflicts: 0, holds: 0, multi: 0 };
      let seq = 0;

      function accept(key: string, mv: { from: AccountRef; to: AccountRef; amount: bigint }, result: PostedTransfer) {
        const earlier = accepted.get(key);
        if (earlier) {
          // Only a replay may meet an accepted key, and it must carry the first result.
          expect(result).toEqual({ ...earlier.result, replayed: true });
          return;
        }
        expect(result.replayed).toBe(false);
        accepted.set(key, { mv, result });
        stats.accepted++;
      }

      /** One movement on its own; returns the result or null when refused. */
      async function move(mv: Movement): Promise<PostedTransfer | null> {
        try {
          const got = await transfer(db, mv);
          accept(mv.key, mv, got);
          replayable.push({ key: mv.key, send: (changed) => transfer(db, changed ? { ...mv, amount: mv.amount + 1n } : mv) });
          return got;
        } catch (err) {
          if (!(err instanceof InsufficientFunds)) throw err;
          refused.add(mv.key);
          stats.refused++;
          return null;
        }
      }

      async function client(c: number) {
        const pending: { id: number; memberId: number; amount: bigint; key: string }[] = [];
        for (let i = 0; i < OPS_PER_CLIENT; i++) {
          stats.ops++;
          const m = pick(MEMBERS);
          const key = `c${c}:${i}:${++seq}`;
          const r = random();
          if (r < 0.2) {
            await move({ from: ref("payment_clearing", m), to: ref("member", m), amount: amount(500), kind: "deposit", key });
          } else if (r < 0.4) {
            await move({ from: ref("member", m), to: ref("house", m), amount: amount(500), kind: "bet", key });
          } else if (r < 0.5) {
            await move({ from: ref("house", m), to: ref("member", m), amount: amount(400), kind: "win", key });
          } else if (r < 0.6) {
            const to = pick(MEMBERS.filter((x) => x !== m));
            await move({ from: ref("member", m), to: ref("member", to), amount: amount(300), kind: "member_transfer", key });
          } else if (r < 0.68) {
            // A withdrawal: the money goes on hold, later paid out or given back.
            const got = await move({ from: ref("member", m), to: ref("hold", m), amount: amount(300), kind: "withdrawal_hold", key });
            if (got) pending.push({ id: got.id, memberId: m, amount: got.amount, key });
            stats.holds++;
          } else if (r < 0.76 && pending.length) {
            const w = pending.splice(Math.floor(random() * pending.length), 1)[0]!;
            if (random() < 0.5) {
              const got = await move({ from: ref("hold", w.memberId), to: ref("payment_clearing", w.memberId), amount: w.amount, kind: "withdrawal_paid", key: `${w.key}:paid` });
              // The member's money is still on hold: paying it out is never refused.
              expect(got).not.toBeNull();
            } else {
              const got = await withLedgerTx(db, (tx) => reverseTransfer(tx, w.id, "withdrawal_reject"));
              accept(`reverse:${w.id}`, { from: ref("hold", w.memberId), to: ref("member", w.memberId), amount: w.amount }, got);
            }
          } else if (r < 0.86 && replayable.length) {
            // A retry of a movement that already finished: the first result again.
            const earlier = pick(replayable);
            const again = await earlier.send();
            expect(again).toEqual({ ...accepted.get(earlier.key)!.result, replayed: true });
            stats.replays++;
          } else if (r < 0.88 && replayable.length) {
            const earlier = pick(replayable);
            await expect(earlier.send(true)).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
            stats.conflicts++;
          } else if (r < 0.96) {
            // A double submission: the same bet sent twice at once (the second is a client's
            // retry racing the first). Both must name the same transfer, or both be refused.
            const mv = { from: ref("member", m), to: ref("house", m), amount: amount(400), kind: "bet", key };
            const [a, b] = await Promise.allSettled([transfer(db, mv), transfer(db, mv)]);
            const ok = [a, b].filter((x): x is PromiseFulfilledResult<PostedTransfer> => x.status === "fulfilled").map((x) => x.value);
            const failed = [a, b].filter((x): x is PromiseRejectedResult => x.status === "rejected").map((x) => x.reason);
            for (const e of failed) if (!(e instanceof InsufficientFunds)) throw e;
            stats.twins++;
            if (ok.length === 0) {
              refused.add(key);
              stats.refused++;
            } else {
              expect(ok.filter((x) => !x.replayed)).toHaveLength(1);
              for (const x of ok) expect(x.id).toBe(ok[0]!.id);
              const first = ok.find((x) => !x.replayed)!;
              accept(key, mv, first);
              for (const x of ok) if (x !== first) accept(key, mv, x);
              // One twin refused and one accepted is right only when the refusal was decided
              // before the other posted and money came in between; counted, not asserted.
              if (failed.length) stats.splitTwins++;
              replayable.push({ key, send: (changed) => transfer(db, changed ? { ...mv, amount: mv.amount + 1n } : mv) });
            }
          } else {
            // Several movements in one transaction: all of them or none.
            let mvs: Movement[];
            // Chains are few: PostgreSQL takes deadlock_timeout (1 s) to find each deadlock.
            if (random() < 0.9) {
              // A round: bet and win together.
              mvs = [
                { from: ref("member", m), to: ref("house", m), amount: amount(300), kind: "bet", key: `${key}:bet` },
                { from: ref("house", m), to: ref("member", m), amount: amount(600), kind: "win", key: `${key}:win` },
              ];
            } else {
              // A chain over three members, a → b → c: two such chains in opposite directions
              // lock rows in opposite orders and may deadlock; the ledger retries the loser.
              const [x, y, z] = [...MEMBERS].sort(() => random() - 0.5);
              mvs = [
                { from: ref("member", x!), to: ref("member", y!), amount: amount(200), kind: "member_transfer", key: `${key}:1` },
                { from: ref("member", y!), to: ref("member", z!), amount: amount(200), kind: "member_transfer", key: `${key}:2` },
              ];
            }
            const ids: [number, number][] = [];
            for (const x of mvs) ids.push([await ensureAccount(db, x.from), await ensureAccount(db, x.to)]);
            try {
              const results = await withLedgerTx(db, async (tx) => {
                const out: PostedTransfer[] = [];
                for (const [i, x] of mvs.entries()) {
                  out.push(
                    await postTransfer(tx, {
                      merchantCode: merchant,
                      currency: "USD",
                      debitAccountId: ids[i]![0],
                      creditAccountId: ids[i]![1],
                      amount: x.amount,
                      kind: x.kind,
                      key: x.key,
                    }),
                  );
                }
                return out;
              });
              for (const [i, x] of mvs.entries()) accept(x.key, x, results[i]!);
              stats.multi++;
            } catch (err) {
              if (!(err instanceof InsufficientFunds)) throw err;
              for (const x of mvs) refused.add(x.key);
              stats.refused++;
            }
          }
        }
        // Settle what is still on hold.
        for (const w of pending) {
          const got = await withLedgerTx(db, (tx) => reverseTransfer(tx, w.id, "withdrawal_reject"));
          accept(`reverse:${w.id}`, { from: ref("hold", w.memberId), to: ref("member", w.memberId), amount: w.amount }, got);
        }
      }

      const deadlocks = async () =>
        ON_POSTGRES
          ? Number(rowsOf<{ n: string }>(await db.execute(sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`))[0]?.n ?? 0)
          : 0;
      const deadlocksBefore = await deadlocks();
      const started = performance.now();
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
      const seconds = (performance.now() - started) / 1000;

      expect(await checkInvariants(db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });

      // Every accepted movement exactly once, under the id its first caller got; nothing else.
      const rows = rowsOf<{ key: string; n: number; id: string }>(
        await db.execute(
          sql`select idempotency_key as key, count(*)::int as n, min(id)::text as id from ledger_transfers where merchant_code = ${merchant} group by 1`,
        ),
      );
      const inDb = new Map(rows.map((r) => [r.key, r]));
      for (const [key, a] of accepted) {
        expect(inDb.get(key), key).toMatchObject({ n: 1, id: String(a.result.id) });
      }
      expect(inDb.size).toBe(accepted.size);
      for (const key of refused) if (!accepted.has(key)) expect(inDb.has(key), key).toBe(false);

      // Every balance is what the accepted movements add up to, whatever their order.
      const expected = new Map<string, bigint>();
      for (const { mv } of accepted.values()) {
        expected.set(accountKey(mv.from), (expected.get(accountKey(mv.from)) ?? 0n) - mv.amount);
        expected.set(accountKey(mv.to), (expected.get(accountKey(mv.to)) ?? 0n) + mv.amount);
      }
      const balances = rowsOf<{ kind: string; member_id: number; shard: number; balance: string }>(
        await db.execute(sql`select kind, member_id, shard, balance::text as balance from ledger_accounts where merchant_code = ${merchant}`),
      );
      const actual = new Map(balances.map((b) => [`${b.kind}|${b.member_id}|${b.shard}`, BigInt(b.balance)] as const));
      expect(new Map([...actual].filter(([, v]) => v !== 0n))).toEqual(new Map([...expected].filter(([, v]) => v !== 0n)));

      // The workload really was mixed.
      expect(stats.accepted).toBeGreaterThan(stats.ops / 3);
      expect(stats.refused).toBeGreaterThan(0);
      expect(stats.replays).toBeGreaterThan(0);
      expect(stats.twins).toBeGreaterThan(0);
      // Deadlocks PostgreSQL detected (and the ledger retried); backends report them within 1 s.
      if (ON_POSTGRES) await new Promise((r) => setTimeout(r, 1500));
      const deadlocked = (await deadlocks()) - deadlocksBefore;
      console.info(`ledger concurrency (${t.handle.kind}, seed ${SEED}): ${JSON.stringify({ ...stats, deadlocked })} in ${seconds.toFixed(1)} s`);
    },
    ON_POSTGRES ? 120_000 : 90_000,
  );
});
