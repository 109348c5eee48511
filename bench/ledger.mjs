// Bet settlements per second through the ledger on PostgreSQL, next to pgbench TPC-B on the same
// server in the same run. Run: npm run bench:ledger (tsx, since it loads the platform's
// TypeScript). Needs a PostgreSQL server and pgbench on PATH.
//
//   BENCH_DATABASE_URL  server to use (default DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres)
//   BENCH_SECONDS       seconds per measurement (default 20)
//   BENCH_CLIENTS       comma-separated client counts (default 16,64)
//   BENCH_MEMBERS       members the settlements spread over (default 1000)
//   BENCH_PGBENCH_SCALE pgbench -i scale factor (default: the largest client count, so pgbench's
//                       clients do not all queue on one pgbench_branches row, which flatters us)
//   BENCH_MODES         transfer (each side its own transfer()), tx (both in one withLedgerTx); default both
//
// It creates two scratch databases (one for the ledger, one for pgbench) and drops both after.
// Prints a Markdown table; paste it into bench/README.md with the date and machine.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDb } from "../platform/db/client.ts";
import { pgServer } from "./pg.mjs";
import { runMigrations } from "../platform/db/migrate.ts";
import { checkInvariants, ensureAccount, postTransfer, SYSTEM_SHARDS, transfer, withLedgerTx } from "../platform/ledger/service.ts";

const SERVER = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgres://root@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = (process.env.BENCH_CLIENTS ?? "16,64").split(",").map(Number);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? Math.max(...CLIENTS));
const MODES = (process.env.BENCH_MODES ?? "transfer,tx").split(",");
const MERCHANT = "BENCH";
const CURRENCY = "USD";

const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const ledgerDb = `bench_ledger_${suffix}`;
const pgbenchDb = `bench_pgbench_${suffix}`;
const { urlOf, admin, pgbenchInit, pgbenchTps } = pgServer(SERVER);
const pgbench = (clients) => pgbenchTps(pgbenchDb, clients, SECONDS);

const member = (memberId) => ({ merchantCode: MERCHANT, currency: CURRENCY, kind: "member", memberId });
const house = (memberId) => ({ merchantCode: MERCHANT, currency: CURRENCY, kind: "house", memberId });

/** Ids of a member's account and its house shard (cached by ensureAccount after the first call). */
async function ids(db, m) {
  return Promise.all([ensureAccount(db, member(m)), ensureAccount(db, house(m))]);
}

/**
 * `clients` loops for `seconds`, each settling bets of random members: a bet (member → house)
 * and its win (house → member). Mode "transfer": each side is one `transfer()`, its own
 * transaction. Mode "tx": both sides in one `withLedgerTx` with two `postTransfer`s (the round
 * settles whole or not at all).
 */
async function settle(db, clients, round, { seconds = SECONDS, mode = "transfer" } = {}) {
  let settlements = 0;
  let refused = 0;
  const latencies = [];
  const cpu = process.cpuUsage();
  const started0 = performance.now();
  const deadline = started0 + seconds * 1000;
  let seq = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < deadline) {
        const m = 1 + Math.floor(Math.random() * MEMBERS);
        const n = `${round}:${c}:${++seq}`;
        const betSide = { amount: BigInt(1 + Math.floor(Math.random() * 100)), kind: "bet", key: `bet:${n}`, reference: `round:${n}`, category: "RNG" };
        const winSide = { amount: BigInt(1 + Math.floor(Math.random() * 200)), kind: "win", key: `win:${n}`, reference: `round:${n}`, category: "RNG" };
        const started = performance.now();
        try {
          if (mode === "transfer") {
            await transfer(db, { from: member(m), to: house(m), ...betSide });
            await transfer(db, { from: house(m), to: member(m), ...winSide });
          } else {
            const [memberId, houseId] = await ids(db, m);
            const base = { merchantCode: MERCHANT, currency: CURRENCY };
            await withLedgerTx(db, async (tx) => {
              await postTransfer(tx, { ...base, debitAccountId: memberId, creditAccountId: houseId, ...betSide });
              await postTransfer(tx, { ...base, debitAccountId: houseId, creditAccountId: memberId, ...winSide });
            });
          }
          settlements++;
          latencies.push(performance.now() - started);
        } catch (err) {
          if (err?.code !== "INSUFFICIENT_FUNDS") throw err;
          refused++;
        }
      }
    }),
  );
  const wall = performance.now() - started0;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    mode,
    settlements,
    refused,
    perSecond: settlements / (wall / 1000),
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
    /** Node's CPU time over wall time: 100% is one core busy with this process. */
    nodeCpu: ((used.user + used.system) / 1000 / wall) * 100,
  };
}

let handle;
try {
  await admin(`create database "${ledgerDb}"`);
  await admin(`create database "${pgbenchDb}"`);
  await pgbenchInit(pgbenchDb, SCALE);

  // The ledger's pool is open only while the ledger runs, so pgbench gets its connections.
  const open = async (max, warm = true) => {
    handle = await openDb({ databaseUrl: urlOf(ledgerDb), dataDir: "unused", max });
    if (!warm) return handle.db;
    // Account ids are cached per database handle: fill the cache before timing.
    for (let s = 0; s < SYSTEM_SHARDS; s++) await ensureAccount(handle.db, house(s));
    for (let from = 1; from <= MEMBERS; from += 50) {
      await Promise.all(Array.from({ length: Math.min(50, MEMBERS - from + 1) }, (_, i) => ensureAccount(handle.db, member(from + i))));
    }
    return handle.db;
  };
  const close = async () => {
    await handle?.close();
    handle = undefined;
  };

  let db = await open(8, false);
  await runMigrations(handle);
  await db.execute(sql`insert into merchants (code, name, currency) values (${MERCHANT}, 'Bench', ${CURRENCY})`);
  // Every member starts with money enough for the whole run.
  for (let from = 1; from <= MEMBERS; from += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, MEMBERS - from + 1) }, (_, i) =>
        transfer(db, {
          from: { merchantCode: MERCHANT, currency: CURRENCY, kind: "payment_clearing", memberId: from + i },
          to: member(from + i),
          amount: 1_000_000_000n,
          kind: "deposit",
          key: `seed:${from + i}`,
        }),
      ),
    );
  }
  await settle(db, 8, "warmup", { seconds: 3 });
  await close();

  const rows = [];
  for (const clients of CLIENTS) {
    // pgbench runs before and after the ledger and counts as the mean of the two, so load from
    // the rest of a shared machine weighs on both sides alike.
    const before = await pgbench(clients);
    db = await open(clients);
    const measured = [];
    for (const mode of MODES) measured.push(await settle(db, clients, `c${clients}${mode}`, { mode }));
    await close();
    const after = await pgbench(clients);
    for (const m of measured) rows.push({ clients, tps: (before + after) / 2, tpsRange: [before, after], ...m });
  }
  db = await open(2);
  const report = await checkInvariants(db);
  const violations = report.unbalancedCurrencies.length + report.negativeAccounts.length + report.driftingAccounts.length + (report.driftingDayTotals?.length ?? 0);
  const [{ n }] = await handle.db.execute(sql`select count(*)::int as n from ledger_transfers`).then((r) => (Array.isArray(r) ? r : r.rows));

  console.log(`PostgreSQL ${SERVER.replace(/\/\/[^@]*@/, "//…@")}, ${SECONDS} s per measurement, ${MEMBERS} members, pgbench scale ${SCALE}\n`);
  const modeName = { transfer: "2 × transfer()", tx: "1 × withLedgerTx, 2 × postTransfer" };
  console.log("| clients | settlement as | settlements/s | ledger transactions (transfers)/s | settlement p50 / p95 ms | Node CPU | pgbench TPC-B tps (before, after) | settlements/s ÷ pgbench tps |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    // A ledger transaction is one posted transfer (a row and both balances): two per settlement.
    const txs = r.perSecond * 2;
    console.log(
      `| ${r.clients} | ${modeName[r.mode]} | ${r.perSecond.toFixed(0)} | ${txs.toFixed(0)} | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} | ${r.nodeCpu.toFixed(0)}% | ${r.tps.toFixed(0)} (${r.tpsRange.map((x) => x.toFixed(0)).join(", ")}) | ${(r.perSecond / r.tps).toFixed(2)} |`,
    );
  }
  console.log(`\nInvariant violations after the run: ${violations}${violations ? ` ${JSON.stringify(report)}` : ""}; ledger transfers written: ${n}; refused settlements: ${rows.reduce((a, r) => a + r.refused, 0)}`);
  if (violations) process.exitCode = 1;
} finally {
  await handle?.close().catch(() => {});
  await admin(`drop database if exists "${ledgerDb}" with (force)`).catch((e) => console.error(e));
  await admin(`drop database if exists "${pgbenchDb}" with (force)`).catch((e) => console.error(e));
}
