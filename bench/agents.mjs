// The agents issue's proof (issue 11): the agent centre's team overview and reports at 100,000
// members and 1,000,000 settled rounds on PostgreSQL, p50 and p97.5 at half of peak through the
// platform's own HTTP routes with a real agent session, and one run of the contract settlement
// over 10,000 contracts against its 5-minute budget.
// Run: npm run bench:agents (tsx, since it loads the platform's TypeScript). Prints Markdown.
//
//   BENCH_DATABASE_URL  server to use (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_MEMBERS       team size (default 100000)
//   BENCH_ROUNDS        settled in-house rounds of the team (default 1000000)
//   BENCH_CONTRACTS     active DAILY_SALARY contracts settled (default 10000)
//   BENCH_SECONDS       seconds per closed-loop step (default 6); the paced run is longer
//   BENCH_CONCURRENCY   closed-loop steps (default 1,2,4,8)
//   BENCH_PORT          the platform's port (default 4391)
//   BENCH_KEEP          1: keep the database at the end (for EXPLAIN ANALYZE by hand)
//   BENCH_SETTLE_CONCURRENCY  contracts settled side by side (default SETTLEMENT_CONCURRENCY, what the job uses on PostgreSQL)
//   BENCH_ONLY          only the calls whose name matches this regular expression (e.g. "bets|transactions"); all by default
//
// The platform runs as its own process (platform/server.ts, RUN_JOBS off) on a scratch database
// that the script creates, migrates (the platform's own start) and drops at the end.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { CompactEncrypt, importJWK } from "jose";
import postgres from "postgres";
import { openDb } from "../platform/db/client.ts";
import { checkInvariants } from "../platform/ledger/service.ts";
import { runSettlement, SETTLEMENT_CONCURRENCY } from "../platform/contracts/settlement.ts";
import { pgServer } from "./pg.mjs";

const SERVER = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? "1,2,4,8").split(",").map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const KEEP = process.env.BENCH_KEEP === "1";
const ONLY = process.env.BENCH_ONLY ?? "";
const MERCHANT = "DEMO";
const OPERATOR_KEY = `bench-operator-${randomBytes(8).toString("hex")}`;
/** Branching of the tree: every agent has 4 direct downlines; the last CHAIN members hang in one line. */
const BRANCHING = 4;
const CHAIN = Math.min(100, Math.floor(MEMBERS / 10));
/** Bench members' ids start above this (explicit ids, so a parent's id is known without a lookup). */
const BASE = 1_000_000;
const DAY = 86_400_000;
const SETTLEMENT_BUDGET_MS = 5 * 60_000;

const dbName = `bench_agents_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const { urlOf, admin } = pgServer(SERVER);
const dbUrl = urlOf(dbName);
const base = `http://127.0.0.1:${PORT}`;
const host = { "x-site-host": "localhost", "x-client-ip": "198.51.100.77" };
const log = (msg) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
const timed = async (label, fn) => {
  const t = performance.now();
  const out = await fn();
  const ms = performance.now() - t;
  log(`${label}: ${(ms / 1000).toFixed(1)} s`);
  return [out, ms];
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function request(path, { method = "GET", headers = {}, json, jose } = {}) {
  return new Promise((resolve, reject) => {
    const body = jose ?? (json === undefined ? undefined : JSON.stringify(json));
    const type = jose ? "application/jose" : "application/json";
    const req = http.request(base + path, { method, agent, headers: { ...host, ...headers, ...(body ? { "content-type": type } : {}) } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode, body: parsed });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function waitReady() {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await request("/readyz")).status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the platform did not become ready");
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Closed loop of `clients` for `seconds`: requests per second and latencies (every answer must be a 200 with success). */
async function closedLoop(paths, headers, clients, seconds) {
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  let i = 0;
  const times = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const p = paths[i++ % paths.length];
        const t = performance.now();
        const res = await request(p, { headers });
        if (res.status !== 200 || res.body?.success === false) throw new Error(`${p}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rate: times.length / elapsed, p50: pct(times, 50), n: times.length };
}

/** Open loop at `rate` req/s: requests start on schedule whatever the answers do; latency counts from the scheduled start. */
async function pacedLoop(paths, headers, rate, seconds) {
  const n = Math.max(1, Math.round(rate * seconds));
  const start = performance.now() + 50;
  const times = [];
  const inflight = [];
  for (let k = 0; k < n; k++) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const p = paths[k % paths.length];
    inflight.push(
      request(p, { headers }).then((res) => {
        if (res.status !== 200 || res.body?.success === false) throw new Error(`${p}: ${res.status}`);
        times.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(inflight);
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p975: pct(times, 97.5), max: times[times.length - 1], n };
}

/**
 * The tree, by index 1..MEMBERS (0 is the agent): a heap of branching BRANCHING (index i's upline
 * is floor((i-1)/BRANCHING)), then a chain of CHAIN members each under the one before. Members
 * with downlines are agents (type 1).
 */
const HEAP = MEMBERS - CHAIN;
const parentOf = (i) => (i > HEAP ? i - 1 : Math.floor((i - 1) / BRANCHING));

async function seed(sql, agentId, currency) {
  const idOf = (i) => (i === 0 ? agentId : BASE + i);
  const [{ password_hash: hash }] = await sql`select password_hash from members where id = ${agentId}`;
  const [{ id: channelId }] = await sql`select id from payment_channels where merchant_code = ${MERCHANT} order by id limit 1`;
  await sql`set synchronous_commit = off`;
  await sql`set maintenance_work_mem = '256MB'`;
  await sql`set work_mem = '64MB'`;

  // 1. Members, one statement per level of the tree (the insert trigger reads the upline's rows,
  // so uplines go in first): the closure table is built by the platform's own triggers.
  const [, membersMs] = await timed(`members (${MEMBERS.toLocaleString("en")}) with their tree`, async () => {
    const insertRange = (from, to, parentExpr) => sql.unsafe(`
      insert into members (id, merchant_code, account, nickname, type, password_hash, upline_id, referral_code, created_at)
      overriding system value
      select ${BASE} + g, '${MERCHANT}', 'bm' || g, '', case when g * ${BRANCHING} + 1 <= ${HEAP} or (g >= ${HEAP} and g < ${MEMBERS}) then 1 else 0 end,
        $1, ${parentExpr}, 'BM' || g,
        now() - interval '60 days' + g * (interval '59 days' / ${MEMBERS})
      from generate_series(${from}, ${to}) g`, [hash]);
    let start = 1;
    let size = BRANCHING;
    while (start <= HEAP) {
      const end = Math.min(start + size - 1, HEAP);
      await insertRange(start, end, `case when (g - 1) / ${BRANCHING} = 0 then ${agentId} else ${BASE} + (g - 1) / ${BRANCHING} end`);
      start = end + 1;
      size *= BRANCHING;
    }
    for (let i = HEAP + 1; i <= MEMBERS; i++) await insertRange(i, i, String(idOf(parentOf(i))));
    await sql`select setval('members_id_seq', (select max(id) from members))`;
  });

  // 2. Ledger accounts: each member's main wallet, and the system accounts of every shard.
  await sql`
    insert into ledger_accounts (merchant_code, currency, kind, member_id, wallet, shard)
    select ${MERCHANT}, ${currency}, 'member', id, 'MAIN', 0 from members where id > ${BASE} or id = ${agentId}
    on conflict do nothing`;
  await sql`
    insert into ledger_accounts (merchant_code, currency, kind, member_id, wallet, shard)
    select ${MERCHANT}, ${currency}, k, 0, 'MAIN', s from unnest(array['house', 'payment_clearing', 'hold']) k, generate_series(0, 15) s
    on conflict do nothing`;

  // 3. Money rows: a deposit per member, a withdrawal paid out for every tenth, ROUNDS settled
  // rounds (house_rounds) spread over the last 30 days, never before the member's deposit.
  // Bulk load: triggers and foreign keys off for these tables (session_replication_role, as a
  // restore would), secondary indexes dropped and rebuilt after; the jackpot totals that the
  // round trigger keeps are rebuilt from the rows.
  const [, moneyMs] = await timed(`deposits, withdrawals, ${ROUNDS.toLocaleString("en")} rounds and their ledger transfers`, async () => {
    const idx = await sql`
      select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ('ledger_transfers', 'house_rounds') and indexname not like '%_pkey'`;
    for (const i of idx) await sql.unsafe(`drop index "${i.indexname}"`);
    await sql`set session_replication_role = replica`;
    const [{ id: seedId }] = await sql`
      insert into fair_seeds (member_id, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash, client_seed, nonce)
      values (${agentId}, ${randomBytes(32).toString("hex")}, ${randomBytes(32).toString("hex")}, ${randomBytes(32).toString("hex")}, ${randomBytes(32).toString("hex")}, 'bench', ${ROUNDS})
      returning id`;
    await sql`
      insert into deposits (merchant_code, member_id, channel_id, reference, amount, currency, status, request_key, created_at, decided_at)
      select ${MERCHANT}, m.id, ${channelId}, 'BD' || m.id, 1000000 + (m.id % 100) * 100, ${currency}, 'CREDITED', 'bench-' || m.id, m.created_at, m.created_at + interval '1 minute'
      from members m where m.id > ${BASE}`;
    await sql`
      insert into bank_accounts (member_id, bank_name, account_name, account_number, created_at)
      select m.id, 'Bench Bank', m.account, lpad(m.id::text, 10, '0'), m.created_at from members m where m.id > ${BASE} and m.id % 10 = 0`;
    await sql`
      insert into withdrawals (merchant_code, member_id, channel_id, bank_account_id, reference, amount, currency, status, receipt, request_key, created_at, decided_at, confirm_by)
      select ${MERCHANT}, b.member_id, null, b.id, 'BW' || b.member_id, 50000, ${currency}, 'APPROVED', 'PENDING', 'bench-' || b.member_id,
        b.created_at + interval '1 hour', b.created_at + interval '2 hours', b.created_at + interval '1 day'
      from bank_accounts b where b.bank_name = 'Bench Bank'`;
    // Rounds: member by a multiplicative hash of the round number, stakes 1.00-20.00, about
    // 48% of rounds win twice the stake.
    await sql`
      insert into house_rounds (member_id, merchant_code, game_code, category, currency, seed_id, nonce, client_seed, request_key, bets,
        status, stake, win, balance_before, balance_after, created_at, settled_at)
      select m.id, ${MERCHANT}, 'HOUSE_DICE', 'RNG', ${currency}, ${seedId}, g, 'bench', 'bench-' || g, '[]'::jsonb, 'SETTLED',
        s.stake, case when (g * 7) % 100 < 48 then s.stake * 2 else 0 end, 0, 0, t.at, t.at
      from generate_series(1, ${ROUNDS}) g
      cross join lateral (select ${BASE} + 1 + ((g::bigint * 2654435761) % ${MEMBERS})::int as mid, 100 + (g % 20) * 100 as stake) s
      join members m on m.id = s.mid
      cross join lateral (select greatest(now() - interval '30 days' + g * (interval '30 days' / ${ROUNDS}), m.created_at + interval '5 minutes') as at) t`;
    // Every movement once, in time order, with the running balance of both accounts after it.
    await sql`
      create temp table mv as
      select row_number() over (order by at, ord, ref_id) as seq, * from (
        select d.created_at + interval '1 minute' as at, 0 as ord, d.id::bigint as ref_id, 'deposit' as kind, c.id as debit, a.id as credit, d.amount,
          'deposit:' || d.id as key, d.reference
        from deposits d join ledger_accounts a on a.kind = 'member' and a.member_id = d.member_id
        join ledger_accounts c on c.kind = 'payment_clearing' and c.shard = d.member_id % 16
        where d.reference like 'BD%'
        union all
        select w.created_at, 1, w.id, 'withdraw_hold', a.id, h.id, w.amount, 'withdrawal:' || w.id || ':hold', w.reference
        from withdrawals w join ledger_accounts a on a.kind = 'member' and a.member_id = w.member_id
        join ledger_accounts h on h.kind = 'hold' and h.shard = w.member_id % 16
        where w.reference like 'BW%'
        union all
        select w.decided_at, 2, w.id, 'withdraw_payout', h.id, c.id, w.amount, 'withdrawal:' || w.id || ':payout', w.reference
        from withdrawals w join ledger_accounts h on h.kind = 'hold' and h.shard = w.member_id % 16
        join ledger_accounts c on c.kind = 'payment_clearing' and c.shard = w.member_id % 16
        where w.reference like 'BW%'
        union all
        select r.created_at, 3, r.id, 'bet', a.id, hs.id, r.stake, 'bench:round:' || r.id || ':bet', 'round:' || r.id
        from house_rounds r join ledger_accounts a on a.kind = 'member' and a.member_id = r.member_id
        join ledger_accounts hs on hs.kind = 'house' and hs.shard = r.member_id % 16
        union all
        select r.settled_at, 4, r.id, 'win', hs.id, a.id, r.win, 'bench:round:' || r.id || ':win', 'round:' || r.id
        from house_rounds r join ledger_accounts a on a.kind = 'member' and a.member_id = r.member_id
        join ledger_accounts hs on hs.kind = 'house' and hs.shard = r.member_id % 16
        where r.win > 0
      ) x`;
    await sql`
      create temp table legs as
      select l.seq, l.acct, l.side, a.balance + sum(l.delta) over (partition by l.acct order by l.seq) as after from (
        select seq, debit as acct, 'd' as side, -amount as delta from mv
        union all
        select seq, credit, 'c', amount from mv
      ) l join ledger_accounts a on a.id = l.acct`;
    await sql`create index on legs (seq, side)`;
    await sql`
      insert into ledger_transfers (merchant_code, currency, debit_account_id, credit_account_id, amount, kind, idempotency_key, payload_hash, reference,
        debit_balance_after, credit_balance_after, created_at)
      select ${MERCHANT}, ${currency}, mv.debit, mv.credit, mv.amount, mv.kind, mv.key, 'bench', mv.reference, d.after, c.after, mv.at
      from mv join legs d on d.seq = mv.seq and d.side = 'd' join legs c on c.seq = mv.seq and c.side = 'c'
      order by mv.seq`;
    await sql`update ledger_accounts a set balance = b.after from (select distinct on (acct) acct, after from legs order by acct, seq desc) b where a.id = b.acct`;
    await sql`set session_replication_role = origin`;
    for (const i of idx) await sql.unsafe(i.indexdef);
    await sql`
      update deposits d set transfer_id = t.id from ledger_transfers t where t.idempotency_key = 'deposit:' || d.id and d.reference like 'BD%'`;
    await sql`drop table mv`;
    await sql`drop table legs`;
    // The jackpot totals the round trigger keeps (migration 0016's statement).
    await sql`delete from jackpot_totals`;
    await sql`
      insert into jackpot_totals (merchant_code, currency, day, shard, settled_stake, jackpot_wins, rounds)
      select merchant_code, currency, (settled_at at time zone 'UTC')::date, (id % 16)::smallint, sum(stake),
        coalesce(sum(win) filter (where stake > 0 and win >= stake * 500), 0), count(*)
      from house_rounds where status = 'SETTLED' and settled_at is not null group by 1, 2, 3, 4`;
    // The team figures' day totals the triggers keep (ADR 022): rebuilt from the rows, as after any bulk load.
    await sql`select member_day_totals_rebuild(null)`;
  });
  await timed("analyze", () => sql`analyze`);
  return { membersMs, moneyMs };
}

/** CONTRACTS active daily-salary contracts, each upline → its direct downline, accepted in yesterday (UTC). */
async function offerContracts(sql, agentId, yesterday) {
  const tiers = JSON.stringify([
    { validBet: "100", rate: 50 },
    { validBet: "100000", rate: 100 },
    { validBet: "1000000", activeMembers: 10, rate: 150 },
  ]);
  await sql.unsafe(
    `
    insert into agent_contracts (merchant_code, upline_id, downline_id, scheme, period, tiers, top_rate, status, created_at, accepted_at)
    select '${MERCHANT}', case when (g - 1) / ${BRANCHING} = 0 then ${agentId} else ${BASE} + (g - 1) / ${BRANCHING} end, ${BASE} + g,
      'DAILY_SALARY', null, $1::jsonb, 150, 'ACTIVE', $2::timestamptz, $2::timestamptz + interval '1 minute'
    from generate_series(1, ${CONTRACTS}) g`,
    [tiers, new Date(yesterday.getTime() + 60_000).toISOString()],
  );
}

let platform;
let failed = false;
await admin(`create database "${dbName}"`);
try {
  const load0 = loadavg().map((x) => x.toFixed(1)).join(" ");
  log(`database ${dbName}; starting the platform`);
  platform = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "platform/server.ts"], {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(PORT), HOST: "127.0.0.1", OPERATOR_API_KEY: OPERATOR_KEY, RUN_JOBS: "false", LOG_LEVEL: "silent", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitReady();

  // The agent, made and signed in through the platform's own calls.
  const op = { authorization: `Bearer ${OPERATOR_KEY}` };
  const made = await request(`/operator/v1/merchants/${MERCHANT}/members`, { method: "POST", headers: op, json: { account: "benchagent", password: "secret123", type: 1 } });
  if (made.status !== 201) throw new Error(`operator member create: ${made.status} ${JSON.stringify(made.body)}`);
  // The login body is encrypted to the platform's key, as the web sends it (spec §7 ENC).
  const key = (await request("/wps/system/encryption-key")).body.value;
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ username: "benchagent", password: "secret123" })))
    .setProtectedHeader({ alg: "ECDH-ES+A256KW", enc: "A256GCM", kid: key.kid })
    .encrypt(await importJWK(key.jwk, "ECDH-ES+A256KW"));
  const login = await request("/wps/session/login", { method: "POST", jose: jwe });
  const token = login.body?.value?.token;
  if (!token) throw new Error(`login: ${JSON.stringify(login.body)}`);
  const auth = { authorization: `Bearer ${token}` };

  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  const [{ id: agentId }] = await sql`select id from members where merchant_code = ${MERCHANT} and account = 'benchagent'`;
  const [{ currency }] = await sql`select currency from merchants where code = ${MERCHANT}`;
  const seeded = await seed(sql, agentId, currency);
  const [counts] = await sql`
    select (select count(*) from member_tree where ancestor_id = ${agentId} and depth > 0)::int as team,
      (select max(depth) from member_tree where ancestor_id = ${agentId})::int as depth,
      (select count(*) from member_tree)::int as closure,
      (select count(*) from house_rounds)::int as rounds,
      (select count(*) from ledger_transfers)::int as transfers`;
  // The closure table must be exactly what the upline chain says (the triggers built it).
  const [{ bad }] = await sql`
    select count(*)::int as bad from members m
    where m.id > ${BASE} and (select count(*) from member_tree t where t.descendant_id = m.id) <> 1 + (
      select count(*) from member_tree t where t.descendant_id = m.upline_id)`;
  log(`team ${counts.team}, depth ${counts.depth}, closure rows ${counts.closure}, rounds ${counts.rounds}, transfers ${counts.transfers}, tree mismatches ${bad}`);
  if (counts.team !== MEMBERS || bad) throw new Error("the team tree is not what was seeded");
  const [inv] = await timed("ledger check after the seed", () => checkInvariantsOn(dbUrl));
  const seedViolations = inv.unbalancedCurrencies.length + inv.negativeAccounts.length + inv.driftingAccounts.length + (inv.driftingDayTotals?.length ?? 0);
  if (seedViolations) throw new Error(`ledger invariants after the seed: ${JSON.stringify(inv).slice(0, 500)}`);

  // 2. The agent centre's calls, as its pages make them (20 a page), the last 7 days: whole days
  // of the brand's zone (UTC here), today included, as the pages' date presets send them.
  const to = new Date(Math.floor(Date.now() / DAY) * DAY + DAY);
  const from = new Date(to.getTime() - 7 * DAY);
  const period = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  // The same calls over a period that starts 1 s after midnight: no longer whole days, so the
  // platform computes them from the rows instead of the day totals (ADR 022), in the same run.
  const rowsPeriod = `from=${encodeURIComponent(new Date(from.getTime() + 1000).toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  const reports = [
    ["team overview", [`/wps/agent/team/overview?${period}`]],
    ["team overview from the rows (A/B)", [`/wps/agent/team/overview?${rowsPeriod}`]],
    ["team P&L per direct downline from the rows (A/B)", [`/wps/agent/team/members?${rowsPeriod}&per=team&pageNo=1&pageSize=20`]],
    ["team members (downline management), page 1-3", [1, 2, 3].map((p) => `/wps/agent/team/members?${period}&pageNo=${p}&pageSize=20`)],
    ["team P&L per direct downline (per=team)", [`/wps/agent/team/members?${period}&per=team&pageNo=1&pageSize=20`]],
    ["team bets, page 1-3", [1, 2, 3].map((p) => `/wps/agent/team/bets?${period}&pageNo=${p}&pageSize=20`)],
    ["team transactions, page 1-3", [1, 2, 3].map((p) => `/wps/agent/team/transactions?${period}&pageNo=${p}&pageSize=20`)],
  ];
  // Team bets and transactions by keyset (ADR 024): page 1, and a page 10,000 rows in reached by
  // the cursor that page 500 (by pageNo, once) hands out. A platform without cursors gives none.
  for (const [label, path] of [["team bets", "/wps/agent/team/bets"], ["team transactions", "/wps/agent/team/transactions"]]) {
    reports.push([`${label}, page 1 (keyset)`, [`${path}?${period}&pageSize=20`]]);
    const deep = await request(`${path}?${period}&pageNo=500&pageSize=20&count=0`, { headers: auth });
    const next = deep.body?.value?.next;
    if (next) reports.push([`${label}, page 501 by cursor (10,000 rows in)`, [`${path}?${period}&pageSize=20&after=${next}`]]);
    else log(`${label}: no cursor from page 500 (a platform without keyset paging)`);
  }
  const overview = await request(reports[0][1][0], { headers: auth });
  log(`overview: ${JSON.stringify(overview.body?.value)}`);
  const results = [];
  for (const [name, paths] of reports.filter(([name]) => new RegExp(ONLY).test(name))) {
    await closedLoop(paths, auth, 1, 2); // warm-up
    const steps = [];
    for (const c of CONCURRENCY) {
      const s = await closedLoop(paths, auth, c, SECONDS);
      steps.push({ c, ...s });
      log(`${name} at ${c}: ${s.rate.toFixed(2)} req/s, p50 ${s.p50.toFixed(1)} ms`);
    }
    const peak = steps.reduce((a, b) => (b.rate > a.rate ? b : a));
    const rate = peak.rate / 2;
    const seconds = Math.min(30, Math.max(2 * SECONDS, 40 / rate));
    const paced = await pacedLoop(paths, auth, rate, seconds);
    log(`${name} paced at ${rate.toFixed(2)} req/s: p50 ${paced.p50.toFixed(1)} ms, p97.5 ${paced.p975.toFixed(1)} ms (${paced.n})`);
    results.push({ name, steps, peak, rate, paced });
  }

  // 3. The daily wage over CONTRACTS contracts: one run of the job, every contract paid once.
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const yesterday = new Date(today.getTime() - DAY);
  await offerContracts(sql, agentId, yesterday);
  const handle = await openDb({ databaseUrl: dbUrl, max: 4 });
  let settlement;
  try {
    // Stopped (through the job's own afterContract hook) once the budget is spent: the report then
    // says how many contracts were settled in 5 minutes, and the run counts as failed.
    let settled = 0;
    const t0 = performance.now();
    const afterContract = () => {
      settled++;
      if (settled % 1000 === 0) log(`settled ${settled} contracts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      if (performance.now() - t0 > SETTLEMENT_BUDGET_MS) throw new Error(`budget spent after ${settled} contracts`);
    };
    const [paid, ms] = await timed(`runSettlement DAILY_SALARY over ${CONTRACTS} contracts`, () =>
      runSettlement(handle.db, "DAILY_SALARY", now, { afterContract, concurrency: Number(process.env.BENCH_SETTLE_CONCURRENCY ?? SETTLEMENT_CONCURRENCY) }).catch((e) => {
        log(String(e));
        return -settled;
      }),
    );
    const [again, againMs] = paid < 0 ? [NaN, NaN] : await timed("second run (nothing to pay)", () => runSettlement(handle.db, "DAILY_SALARY", now));
    const [pay] = await sql`
      select count(*)::int as rows, count(distinct contract_id)::int as contracts, count(*) filter (where amount > 0)::int as paying,
        coalesce(sum(amount), 0)::text as total, count(transfer_id)::int as transfers,
        (select count(*) from ledger_transfers where kind = 'salary')::int as ledger_rows,
        (select coalesce(sum(amount), 0) from ledger_transfers where kind = 'salary')::text as ledger_total
      from agent_contract_payments`;
    const [check, checkMs] = await timed("ledger check", () => checkInvariants(handle.db));
    const violations = check.unbalancedCurrencies.length + check.negativeAccounts.length + check.driftingAccounts.length + (check.driftingDayTotals?.length ?? 0);
    settlement = { paid, ms, again, againMs, pay, violations, checkMs };
    if (paid !== CONTRACTS || again !== 0 || pay.rows !== CONTRACTS || pay.contracts !== CONTRACTS || pay.transfers !== pay.paying || pay.ledger_rows !== pay.paying || pay.ledger_total !== pay.total || violations) {
      failed = true;
      log(`settlement check failed: ${JSON.stringify({ paid, again, pay, check }).slice(0, 800)}`);
    }
  } finally {
    await handle.close();
  }
  await sql.end();

  // The report.
  const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");
  const lines = [];
  lines.push(
    `${new Date().toISOString()}, ${cpus().length} cores, Node ${process.version}, PostgreSQL (${SERVER.replace(/\/\/[^@]*@/, "//")}), load average at start ${load0}, at end ${loadavg().map((x) => x.toFixed(1)).join(" ")}`,
    "",
    `Seed: ${counts.team.toLocaleString("en")} members under one agent (tree depth ${counts.depth}, ${counts.closure.toLocaleString("en")} closure rows, built by the triggers) in ${f(seeded.membersMs / 1000)} s; ` +
      `${counts.rounds.toLocaleString("en")} settled rounds, deposits and withdrawals, ${counts.transfers.toLocaleString("en")} ledger transfers in ${f(seeded.moneyMs / 1000)} s; ledger check after the seed: ok.`,
    "",
    `| call (last 7 days, 20 a page) | req/s at ${CONCURRENCY.join(" / ")} clients | peak | paced at half of peak | p50 | **p97.5** | max |`,
    "|---|---|---|---|---|---|---|",
  );
  for (const r of results) {
    lines.push(
      `| ${r.name} | ${r.steps.map((s) => f(s.rate, 2)).join(" / ")} | ${f(r.peak.rate, 2)} (at ${r.peak.c}) | ${f(r.rate, 2)} req/s, ${r.paced.n} requests | ${f(r.paced.p50)} ms | **${f(r.paced.p975)} ms** | ${f(r.paced.max)} ms |`,
    );
  }
  if (settlement) {
    const s = settlement;
    lines.push(
      "",
      `Settlement: \`runSettlement(DAILY_SALARY)\` over ${CONTRACTS.toLocaleString("en")} active contracts (yesterday's period), ${process.env.BENCH_SETTLE_CONCURRENCY ?? SETTLEMENT_CONCURRENCY} at a time: **${f(s.ms / 1000)} s** of the 5-minute budget (${f((100 * s.ms) / SETTLEMENT_BUDGET_MS, 0)}%), ` +
        `${s.paid} payments (${s.pay.paying} above zero, ${s.pay.total} minor units, ${s.pay.ledger_rows} salary transfers summing ${s.pay.ledger_total}); ` +
        `a second run paid ${s.again} in ${f(s.againMs / 1000)} s; ledger check ${s.violations ? `**${s.violations} violations**` : "ok"} (${f(s.checkMs / 1000)} s).`,
    );
  }
  console.log(lines.join("\n"));
  if (failed) process.exitCode = 1;
} finally {
  agent.destroy();
  if (platform && platform.exitCode === null) {
    platform.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    if (platform.exitCode === null) platform.kill("SIGKILL");
  }
  if (KEEP) log(`kept database ${dbName}`);
  else await admin(`drop database if exists "${dbName}" with (force)`).catch((e) => console.error(e));
}

async function checkInvariantsOn(url) {
  const h = await openDb({ databaseUrl: url, max: 1 });
  try {
    return await checkInvariants(h.db);
  } finally {
    await h.close();
  }
}
