// In-house rounds settled per second through the in-house path (the games issue), next to
// baselines measured in the same run on the same server: the ledger's own bet settlement (two
// transfer()s, the code path of bench/ledger.mjs) and, when pgbench is on PATH, pgbench TPC-B.
// Run: npm run bench:house (tsx, since it loads the platform's TypeScript).
//
//   BENCH_DATABASE_URL  server to use (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SECONDS       seconds per measurement (default 15)
//   BENCH_CLIENTS       concurrent clients (default 16)
//   BENCH_MEMBERS       funded members the rounds spread over (default 500)
//   BENCH_GAMES         comma-separated instant games (default HOUSE_ROULETTE,HOUSE_BACCARAT,HOUSE_DICE)
//   BENCH_PGBENCH       0 to skip pgbench (default: run it when it is on PATH)
//   BENCH_PGLITE        1 to measure the same on PGlite in memory as well (one process, one query at a time)
//
// One round is `playRound` of platform/rounds/service.ts, as the web's POST /wps/house/rounds
// runs it: bets validated, then in one transaction (ADR 023) the nonce taken, the provably fair
// outcome drawn, and the stake, the payout and the round record written by one statement. A vendor's round is
// a debit and a credit through the seamless wallet (walletDebit, walletCredit, as its HTTP routes call them
// after the signature; ADR 040), with a launch token per member. After the runs it checks
// the ledger's invariants (checkInvariants) and that every member's balance is its deposit less
// the stakes plus the wins of its rounds in house_rounds and of its vendor rounds, and that no round was left open; it
// exits non-zero when any of that fails. Scratch databases are created and dropped by the script.
// Prints Markdown; paste it into bench/README.md with the date and machine.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { openDb } from "../platform/db/client.ts";
import { hasPgbench, machineCpuMs, pgServer } from "./pg.mjs";
import * as schema from "../platform/db/schema.ts";
import { runMigrations } from "../platform/db/migrate.ts";
import { members } from "../platform/accounts/schema.ts";
import { checkInvariants, ensureAccount, memberBalance, postingBatches, SYSTEM_SHARDS, transfer } from "../platform/ledger/service.ts";
import { playRound, roundBatchCounts } from "../platform/rounds/service.ts";
import { createLaunchToken, walletCredit, walletDebit } from "../platform/wallet/service.ts";
import { walletCounts } from "../platform/wallet/statements.ts";

const SERVER = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const GAMES = (process.env.BENCH_GAMES ?? "HOUSE_ROULETTE,HOUSE_BACCARAT,HOUSE_DICE").split(",");
const WITH_PGLITE = process.env.BENCH_PGLITE === "1";
const MERCHANT = "BENCH";
const CURRENCY = "USD";
/** Each member's deposit, in minor units: far more than a run can lose. */
const DEPOSIT = 100_000_000n;

const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const roundsDb = `bench_house_${suffix}`;
const pgbenchDb = `bench_house_pgbench_${suffix}`;
const { urlOf, admin, pgbenchInit, pgbenchRun } = pgServer(SERVER);
const pgbench = (clients) => pgbenchRun(pgbenchDb, clients, SECONDS);

const rows = (r) => (Array.isArray(r) ? r : (r?.rows ?? []));
const memberRef = (memberId) => ({ merchantCode: MERCHANT, currency: CURRENCY, kind: "member", memberId });
const houseRef = (memberId) => ({ merchantCode: MERCHANT, currency: CURRENCY, kind: "house", memberId });
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const amountOf = (min, max) => `${min + Math.floor(Math.random() * (max - min + 1))}.00`;

/** Bets of one round of `game`, stakes of 1.00-5.00 (above every table's minimum). */
function betsFor(game) {
  switch (game) {
    case "HOUSE_ROULETTE":
      return Math.random() < 0.5 ? [{ kind: pick(["red", "black", "odd", "even"]), amount: amountOf(1, 5) }] : [{ kind: "red", amount: amountOf(1, 5) }, { kind: "straight", numbers: [Math.floor(Math.random() * 37)], amount: "1.00" }];
    case "HOUSE_BACCARAT":
      return Math.random() < 0.8 ? [{ kind: pick(["player", "banker"]), amount: amountOf(1, 5) }] : [{ kind: "banker", amount: amountOf(1, 5) }, { kind: "tie", amount: "1.00" }];
    case "HOUSE_DICE":
      return [{ kind: pick(["over", "under"]), target: 1000 + Math.floor(Math.random() * 8000), amount: amountOf(1, 5) }];
    default:
      throw new Error(`no bets for ${game}: pick instant games among HOUSE_ROULETTE, HOUSE_BACCARAT, HOUSE_DICE`);
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** `CLIENTS` closed loops for `seconds`, each running `once(client, seq)`; rate, latencies, Node CPU, machine CPU each. */
async function loop(seconds, once) {
  let done = 0;
  const latencies = [];
  const cpu = process.cpuUsage();
  const machine = machineCpuMs();
  const started0 = performance.now();
  const deadline = started0 + seconds * 1000;
  let seq = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await once(c, ++seq);
        latencies.push(performance.now() - started);
        done++;
      }
    }),
  );
  const wall = performance.now() - started0;
  const used = process.cpuUsage(cpu);
  const cpuEach = machine === null ? null : (machineCpuMs() - machine) / done;
  latencies.sort((a, b) => a - b);
  return { done, perSecond: done / (wall / 1000), p50: percentile(latencies, 0.5), p975: percentile(latencies, 0.975), nodeCpu: ((used.user + used.system) / 1000 / wall) * 100, cpuEach };
}

/** The ledger bench's settlement: a bet (member → house) and its win (house → member), each one transfer(). */
function ledgerSettlements(db, players, tag, seconds = SECONDS) {
  return loop(seconds, async (c, n) => {
    const m = pick(players).id;
    const key = `${tag}:${c}:${n}`;
    await transfer(db, { from: memberRef(m), to: houseRef(m), amount: BigInt(1 + Math.floor(Math.random() * 100)), kind: "bet", key: `bet:${key}`, reference: `round:${key}`, category: "RNG" });
    await transfer(db, { from: houseRef(m), to: memberRef(m), amount: BigInt(1 + Math.floor(Math.random() * 100)), kind: "win", key: `win:${key}`, reference: `round:${key}`, category: "RNG" });
  });
}

/** Rounds through playRound by random members in random games. */
function houseRounds(db, players, tag, seconds = SECONDS) {
  return loop(seconds, async (c, n) => {
    const member = pick(players);
    const game = pick(GAMES);
    const round = await playRound(db, member, { game, bets: betsFor(game), requestKey: `${tag}-${c}-${n}` });
    if (round.status !== "SETTLED") throw new Error(`round ${round.id} of ${game} is ${round.status}`);
  });
}

/** The vendor of the wallet rounds: a third-party game calling the seamless wallet. */
const VENDOR = "BENCHV";
/** Each member's launch token for VENDOR, made once by `prepare`. */
const tokens = new Map();

/**
 * A vendor's round through the seamless wallet, as its HTTP routes run it after the signature: a
 * debit of 1.00-5.00, then a credit that pays 0 (a loss) half the time and up to twice the stake
 * otherwise, which closes the round.
 */
function walletRounds(db, players, tag, seconds = SECONDS) {
  return loop(seconds, async (c, n) => {
    const member = pick(players);
    const token = tokens.get(member.id);
    const roundId = `${tag}-${c}-${n}`;
    const stake = 1 + Math.floor(Math.random() * 5);
    const win = Math.random() < 0.5 ? 0 : Math.floor(Math.random() * stake * 200) / 100;
    await walletDebit(db, VENDOR, { token, transactionId: `${roundId}:d`, roundId, gameCode: "BENCH_SLOT", amount: `${stake}.00` });
    await walletCredit(db, VENDOR, { token, transactionId: `${roundId}:c`, roundId, amount: win.toFixed(2) });
  });
}

/** Migrates, makes the merchant and the members, deposits DEPOSIT to each; returns the members' rows. */
async function prepare(handle) {
  const db = handle.db;
  await runMigrations(handle);
  await db.execute(sql`insert into merchants (code, name, currency) values (${MERCHANT}, 'Bench', ${CURRENCY})`);
  const values = Array.from({ length: MEMBERS }, (_, i) => ({ merchantCode: MERCHANT, account: `bench${i + 1}`, passwordHash: "-", referralCode: `B${String(i + 1).padStart(7, "0")}` }));
  for (let i = 0; i < values.length; i += 500) await db.insert(members).values(values.slice(i, i + 500));
  const players = await db.select().from(members).where(sql`${members.merchantCode} = ${MERCHANT}`).orderBy(members.id);
  for (let s = 0; s < SYSTEM_SHARDS; s++) await ensureAccount(db, houseRef(s));
  for (const m of players) tokens.set(m.id, await createLaunchToken(db, { memberId: m.id, merchantCode: MERCHANT, vendorCode: VENDOR, gameCode: "BENCH_SLOT", category: "SLOT" }));
  for (let i = 0; i < players.length; i += 50) {
    await Promise.all(
      players.slice(i, i + 50).map((m) =>
        transfer(db, {
          from: { merchantCode: MERCHANT, currency: CURRENCY, kind: "payment_clearing", memberId: m.id },
          to: memberRef(m.id),
          amount: DEPOSIT,
          kind: "deposit",
          key: `seed:${m.id}`,
        }),
      ),
    );
  }
  return players;
}

/**
 * The checks after the runs: ledger invariants; every bench member's balance equals its deposit
 * less the stakes plus the wins of its rounds; no round left open. Ledger-only settlements (the
 * baseline) move money too, so they are added from ledger_transfers by their keys.
 */
async function verify(db, players) {
  const report = await checkInvariants(db);
  const violations = report.unbalancedCurrencies.length + report.negativeAccounts.length + report.driftingAccounts.length + (report.driftingDayTotals?.length ?? 0);
  const byRounds = new Map(
    rows(await db.execute(sql`select member_id, sum(stake)::text as stake, sum(win)::text as win, count(*)::int as n, count(*) filter (where status <> 'SETTLED')::int as open from house_rounds group by member_id`)).map((r) => [Number(r.member_id), r]),
  );
  // Baseline settlements (keys bet:… and win:…) and the vendor's wallet rounds of each member, by its account.
  const baseline = new Map(
    rows(
      await db.execute(sql`
        select a.member_id, coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end), 0)::text as net
        from ledger_accounts a join ledger_transfers t on (t.debit_account_id = a.id or t.credit_account_id = a.id)
        where a.kind = 'member' and a.merchant_code = ${MERCHANT} and (t.idempotency_key like 'bet:%' or t.idempotency_key like 'win:%' or t.idempotency_key like ${`wallet:${VENDOR}:%`})
        group by a.member_id`),
    ).map((r) => [Number(r.member_id), BigInt(r.net)]),
  );
  let mismatched = 0;
  let open = 0;
  let rounds = 0;
  for (const m of players) {
    const r = byRounds.get(m.id);
    rounds += r?.n ?? 0;
    open += r?.open ?? 0;
    const expected = DEPOSIT - BigInt(r?.stake ?? 0) + BigInt(r?.win ?? 0) + (baseline.get(m.id) ?? 0n);
    const actual = await memberBalance(db, MERCHANT, CURRENCY, m.id);
    if (actual !== expected) {
      mismatched++;
      if (mismatched <= 5) console.error(`member ${m.id}: balance ${actual}, expected ${expected}`);
    }
  }
  return { violations, report, mismatched, open, rounds };
}

/**
 * A pool like openDb's (postgres-js under drizzle, `max` connections) that counts the statements
 * it sends, BEGIN and COMMIT included: each is a round trip to the server. postgres-js captures a
 * stack trace for every query while its `debug` hook is set, so the counting runs are short and
 * separate from the timed ones, which use openDb's own pool.
 */
function openCounted(max) {
  const counter = { statements: 0 };
  const client = postgres(urlOf(roundsDb), { max, onnotice: () => {}, connect_timeout: 5, debug: () => void counter.statements++ });
  return { db: drizzle(client, { schema }), counter, close: () => client.end({ timeout: 5 }) };
}

/** Fills a database handle's account id cache (ensureAccount's, kept per handle) before timing or counting. */
async function cacheAccounts(db, players) {
  for (const m of players) await ensureAccount(db, memberRef(m.id));
  for (let s = 0; s < SYSTEM_SHARDS; s++) await ensureAccount(db, houseRef(s));
}

/**
 * Statements sent per operation by `run(db, players, tag, seconds)` on a counting pool, its
 * account ids cached and its statements prepared by a warm-up run first.
 */
async function statementsPer(run, players) {
  const pool = openCounted(CLIENTS);
  try {
    await cacheAccounts(pool.db, players);
    await run(pool.db, players, "countwarm", 1);
    const before = pool.counter.statements;
    const r = await run(pool.db, players, "count", 2);
    return (pool.counter.statements - before) / r.done;
  } finally {
    await pool.close();
  }
}

/** Rows per round in the tables a round writes to (warm-up rounds included). */
async function rowsPerRound(db) {
  const [r] = rows(
    await db.execute(sql`select (select count(*) from house_rounds)::int as rounds, (select count(*) from launch_tokens)::int as launch_tokens,
      (select count(*) from wallet_rounds where vendor_code <> ${VENDOR})::int as wallet_rounds,
      (select count(*) from wallet_transactions where vendor_code <> ${VENDOR})::int as wallet_transactions,
      (select count(*) from ledger_transfers where idempotency_key like 'wallet:%' and idempotency_key not like ${`wallet:${VENDOR}:%`})::int as ledger_transfers, (select count(*) from winners)::int as winners`),
  );
  const { rounds, ...rest } = r;
  return Object.entries(rest).map(([table, n]) => `${table} ${(n / rounds).toFixed(2)}`).join(", ");
}

const ms = (v) => (v === null || v === undefined ? "–" : v.toFixed(2));
const fmt = (r) => `${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} / ${r.p975.toFixed(1)} | ${r.nodeCpu.toFixed(0)}% | ${ms(r.cpuEach)}`;

let handle;
let failed = false;
const lines = [];
try {
  const usePgbench = await hasPgbench();
  await admin(`create database "${roundsDb}"`);
  if (usePgbench) {
    await admin(`create database "${pgbenchDb}"`);
    // Scale ≥ clients: at scale 1 every pgbench client queues on one branches row.
    await pgbenchInit(pgbenchDb, Math.max(CLIENTS, Number(process.env.BENCH_PGBENCH_SCALE ?? 0)));
  }
  handle = await openDb({ databaseUrl: urlOf(roundsDb), dataDir: "unused", max: CLIENTS });
  const players = await prepare(handle);
  await handle.close();
  handle = undefined;

  // One pool for the measured runs (openDb's, as the site opens it), warmed on both paths
  // (prepared statements, account id caches, JIT). It stays open, idle, while pgbench runs: both
  // fit in the server's max_connections.
  handle = await openDb({ databaseUrl: urlOf(roundsDb), dataDir: "unused", max: CLIENTS });
  const pool = handle;
  try {
    await cacheAccounts(pool.db, players);
    await ledgerSettlements(pool.db, players, "warm", 2);
    await houseRounds(pool.db, players, "warm", 3);
    await walletRounds(pool.db, players, "warm", 2);
    const statements = {
      ledger: await statementsPer(ledgerSettlements, players),
      house: await statementsPer(houseRounds, players),
      wallet: await statementsPer(walletRounds, players),
    };

    const tpsBefore = usePgbench ? await pgbench(CLIENTS) : null;
    const ledgerBefore = { ...(await ledgerSettlements(pool.db, players, "before")), statements: statements.ledger };
    const house = { ...(await houseRounds(pool.db, players, "run")), statements: statements.house };
    const vendor = { ...(await walletRounds(pool.db, players, "run")), statements: statements.wallet };
    const ledgerAfter = await ledgerSettlements(pool.db, players, "after");
    const tpsAfter = usePgbench ? await pgbench(CLIENTS) : null;
    const check = await verify(pool.db, players);
    const written = await rowsPerRound(pool.db);

    const ledgerRate = (ledgerBefore.perSecond + ledgerAfter.perSecond) / 2;
    const ledgerCpu = ledgerBefore.cpuEach === null ? null : (ledgerBefore.cpuEach + ledgerAfter.cpuEach) / 2;
    const tps = usePgbench ? (tpsBefore.tps + tpsAfter.tps) / 2 : null;
    const tpsCpu = usePgbench && tpsBefore.cpuEach !== null && tpsAfter.cpuEach !== null ? (tpsBefore.cpuEach + tpsAfter.cpuEach) / 2 : null;
    lines.push(`PostgreSQL ${SERVER.replace(/\/\/[^@]*@/, "//…@")}: ${SECONDS} s per measurement, ${CLIENTS} clients, ${MEMBERS} members, games ${GAMES.join(", ")}`, "");
    lines.push("| measure | per second | p50 / p97.5 ms | Node CPU | machine CPU ms each | statements each |", "|---|---|---|---|---|---|");
    lines.push(`| in-house rounds settled (playRound) | ${fmt(house)} | ${house.statements.toFixed(1)} |`);
    lines.push(`| vendor rounds through the seamless wallet (debit, credit) | ${fmt(vendor)} | ${vendor.statements.toFixed(1)} |`);
    lines.push(
      `| ledger settlements, 2 × transfer() (before, after) | ${ledgerRate.toFixed(0)} (${ledgerBefore.perSecond.toFixed(0)}, ${ledgerAfter.perSecond.toFixed(0)}) | ${ledgerBefore.p50.toFixed(1)} / ${ledgerBefore.p975.toFixed(1)} | ${ledgerBefore.nodeCpu.toFixed(0)}% | ${ms(ledgerCpu)} | ${ledgerBefore.statements.toFixed(1)} |`,
    );
    if (tps !== null) lines.push(`| pgbench TPC-B tps, ${CLIENTS} clients (before, after) | ${tps.toFixed(0)} (${tpsBefore.tps.toFixed(0)}, ${tpsAfter.tps.toFixed(0)}) | | | ${ms(tpsCpu)} | |`);
    lines.push("");
    lines.push(`Rounds ÷ ledger settlements: ${(house.perSecond / ledgerRate).toFixed(2)}${tps !== null ? `; rounds ÷ pgbench tps: ${(house.perSecond / tps).toFixed(2)}` : ""}`);
    lines.push(`Vendor wallet rounds ÷ ledger settlements: ${(vendor.perSecond / ledgerRate).toFixed(2)}${tps !== null ? `; ÷ pgbench tps: ${(vendor.perSecond / tps).toFixed(2)}` : ""}`);
    // The same ratios by cost: what a TPC-B transaction costs the machine over what ours does.
    // On a shared machine whose neighbours take CPU in bursts, these move less than the rates.
    if (tpsCpu !== null && house.cpuEach !== null) {
      lines.push(`By machine CPU per operation: rounds ${(tpsCpu / house.cpuEach).toFixed(2)}, vendor wallet rounds ${(tpsCpu / vendor.cpuEach).toFixed(2)}, settlements ${(tpsCpu / ledgerCpu).toFixed(2)} of pgbench's`);
    }
    lines.push(`Rows written per round: ${written}`);
    const rb = roundBatchCounts(pool.db);
    const pb = postingBatches(pool.db);
    const mean = (n, d) => (d ? (n / d).toFixed(1) : "–");
    lines.push(
      `Batches (ADR 038), warm-ups included: rounds ${rb.statements} statements, ${mean(rb.rounds, rb.statements)} rounds each, ${rb.leftOut} left out, ${rb.failed} failed; ` +
        `movements ${pb.statements} statements, ${mean(pb.movements, pb.statements)} each, ${pb.leftOut} left out, ${pb.failed} failed`,
    );
    const wc = walletCounts(pool.db);
    lines.push(
      `Vendor wallet calls (ADR 040), warm-ups included: ${wc.oneStatement} written by one statement, ${wc.fallbacks} by the call's transaction; ` +
        `${wc.batches} batch statements, ${mean(wc.batched, wc.batches)} calls each, ${wc.leftOut} left out, ${wc.failed} failed`,
    );
    lines.push(
      `Checks: ${check.rounds} rounds in house_rounds, ${check.open} left open; ledger invariant violations ${check.violations}${check.violations ? ` ${JSON.stringify(check.report)}` : ""}; members whose balance ≠ deposit − Σstake + Σwin: ${check.mismatched} of ${players.length}`,
    );
    if (check.violations || check.mismatched || check.open) failed = true;
  } finally {
    await pool.close();
    handle = undefined;
  }

  if (WITH_PGLITE) {
    // The embedded default: one process, one query at a time, so clients only queue.
    handle = await openDb({ dataDir: "memory://" });
    const lp = await prepare(handle);
    await ledgerSettlements(handle.db, lp, "lwarm", 2);
    await houseRounds(handle.db, lp, "lwarm", 2);
    const lBefore = await ledgerSettlements(handle.db, lp, "lbefore");
    const lHouse = await houseRounds(handle.db, lp, "lrun");
    const lAfter = await ledgerSettlements(handle.db, lp, "lafter");
    const lCheck = await verify(handle.db, lp);
    await handle.close();
    handle = undefined;
    const lRate = (lBefore.perSecond + lAfter.perSecond) / 2;
    lines.push("", `PGlite in memory, same settings:`, "", "| measure | per second | p50 / p97.5 ms | Node CPU | machine CPU ms each |", "|---|---|---|---|---|");
    lines.push(`| in-house rounds settled (playRound) | ${fmt(lHouse)} |`);
    lines.push(`| ledger settlements, 2 × transfer() (before, after) | ${lRate.toFixed(0)} (${lBefore.perSecond.toFixed(0)}, ${lAfter.perSecond.toFixed(0)}) | ${lBefore.p50.toFixed(1)} / ${lBefore.p975.toFixed(1)} | ${lBefore.nodeCpu.toFixed(0)}% | ${ms((lBefore.cpuEach + lAfter.cpuEach) / 2)} |`);
    lines.push("", `Rounds ÷ ledger settlements: ${(lHouse.perSecond / lRate).toFixed(2)}`);
    lines.push(`Checks: ${lCheck.rounds} rounds, ${lCheck.open} left open; ledger invariant violations ${lCheck.violations}; balance mismatches ${lCheck.mismatched} of ${lp.length}`);
    if (lCheck.violations || lCheck.mismatched || lCheck.open) failed = true;
  }
  console.log(lines.join("\n"));
  if (failed) process.exitCode = 1;
} finally {
  await handle?.close().catch(() => {});
  await admin(`drop database if exists "${roundsDb}" with (force)`).catch((e) => console.error(e));
  await admin(`drop database if exists "${pgbenchDb}" with (force)`).catch((e) => console.error(e));
}
