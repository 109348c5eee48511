// The ledger under faults on PostgreSQL (issue 14 item 10): `npm run soak`, not part of `npm test`.
//
// Starts the platform as its own process (platform/server.ts, as `npm run start:platform` does) on a
// fresh PostgreSQL database, drives it over HTTP with SOAK_CLIENTS clients of mixed money operations
// for SOAK_SECONDS, kills the server with SIGKILL SOAK_KILLS times mid-run and restarts it on the
// same database, then proves from the database and the operator API that:
// - every acknowledged operation (a 2xx answer) took effect exactly once, and every operation whose
//   answer was lost in a kill ("unknown") took effect at most once and, retried with the same keys
//   after the restart, was answered as a replay (or took effect then, once);
// - every member's balance is its funding plus the effects of its acknowledged operations;
// - twins sent at once (same key) answer one `replayed: false` and the others `replayed: true`;
// - no member or hold balance is negative, every currency sums to zero, and
//   `GET /operator/v1/ledger/check` answers ok.
// It prints a summary and exits 1 with a report on any violation.
//
//   SOAK_SECONDS      run time in seconds (default 120)
//   SOAK_CLIENTS      concurrent clients (default 32), each with a player; one agent is every player's upline
//   SOAK_KILLS        SIGKILLs of the server, spread over the run (default 2)
//   SOAK_PORT         the server's port (default 3411)
//   DATABASE_URL      a PostgreSQL database to use as is (migrated and seeded when empty); unset,
//   SOAK_ADMIN_URL    the soak creates a scratch database on this server and drops it after
//                     (default postgres://postgres@127.0.0.1:5432/postgres)
//   SOAK_KEEP_DB      1 keeps the scratch database (its name is printed) to look at after a failure
//
// Scheduled jobs are off in the server (RUN_JOBS=false) and the demo brand's promotions are switched
// off in the database before the run: rebates and deposit bonuses would move money that the
// clients' journals cannot predict. Money moves only through the operations below.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";
import { pgServer } from "../bench/pg.mjs";
import { openDb } from "../platform/db/client.ts";
import { runMigrations } from "../platform/db/migrate.ts";
import { isEmpty, seedDemo } from "../platform/db/seed.ts";
import { ENC_PATHS, loadEncKeys } from "../platform/http/enc.ts";
import { encryptTo, playersOf } from "../platform/testing/db.ts";
import { signGatewayBody } from "../platform/payments/service.ts";
import { createWalletClient, WalletRefusal } from "../demo-vendor/wallet-client.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 32);
const KILLS = Number(process.env.SOAK_KILLS ?? 2);
const PORT = Number(process.env.SOAK_PORT ?? 3411);
const ADMIN_URL = process.env.SOAK_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const OPERATOR_KEY = `soak-operator-${randomBytes(12).toString("hex")}`;
const GATEWAY_SECRET = randomBytes(32).toString("hex");
const VENDOR = "AURL";
const VENDOR_SECRET = randomBytes(32).toString("hex");
const BASE = `http://127.0.0.1:${PORT}`;
/** Funding of every member at the start, in cents. */
const FUNDS = 1_000_00;
const REQUEST_TIMEOUT_MS = 30_000;
const RUN = Date.now().toString(36).slice(-5);

const violations = [];
const violation = (message) => {
  violations.push(message);
  if (violations.length <= 50) console.error(`✗ ${message}`);
};
const cents = (s) => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(String(s));
  if (!m) throw new Error(`not an amount: ${s}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};
const money = (c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
const between = (min, max) => min + Math.floor(Math.random() * (max - min + 1));

// ------------------------------------------------------------------------------------ database

let dbUrl = process.env.DATABASE_URL || "";
let dropDb = async () => {};
if (!dbUrl) {
  const { urlOf, admin } = pgServer(ADMIN_URL);
  const name = `soak_${RUN}_${randomBytes(3).toString("hex")}`;
  await admin(`create database "${name}"`);
  dbUrl = urlOf(name);
  dropDb = async () => {
    if (process.env.SOAK_KEEP_DB === "1") return console.log(`database kept: ${dbUrl}`);
    await admin(`drop database if exists "${name}" with (force)`);
  };
}

/** Migrated, seeded (small catalogue) when empty, promotions off, and the ENC keys the server will load. */
async function prepareDatabase() {
  const handle = await openDb({ databaseUrl: dbUrl, dataDir: "unused" });
  try {
    await runMigrations(handle);
    if (await isEmpty(handle.db)) await seedDemo(handle.db, { catalogue: "small" });
    return await loadEncKeys(handle.db);
  } finally {
    await handle.close();
  }
}

// ------------------------------------------------------------------------------------ the server

const logDir = await mkdtemp(join(tmpdir(), "soak-"));
const serverLog = join(logDir, "platform.log");
const logStream = createWriteStream(serverLog, { flags: "a" });
let server = null;
let serverUp = false;
let starts = 0;

async function healthy() {
  try {
    const res = await fetch(`${BASE}/readyz`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** The platform in a `node` process of its own (tsx as a loader, so the pid is the one that holds the port). */
async function startServer() {
  starts++;
  logStream.write(`\n==== start ${starts} at ${new Date().toISOString()}\n`);
  const child = spawn(process.execPath, ["--import", "tsx", "platform/server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: dbUrl,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      OPERATOR_API_KEY: OPERATOR_KEY,
      SANDBOX_PAYMENTS: "true",
      RUN_JOBS: "false",
      SEED_ON_EMPTY: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(logStream, { end: false });
  child.stderr.pipe(logStream, { end: false });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  server = { child, exited };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (await healthy()) break;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`platform exited at start (see ${serverLog})`);
    if (Date.now() > deadline) throw new Error(`platform not ready in 180 s (see ${serverLog})`);
    await sleep(150);
  }
  serverUp = true;
}

async function killServer() {
  const { child, exited } = server;
  serverUp = false;
  process.kill(child.pid, "SIGKILL");
  const { signal } = await exited;
  if (signal !== "SIGKILL") throw new Error(`platform ended by ${signal}, not by SIGKILL`);
}

/** The end of the run: nothing is left to prove about this process, so no graceful stop to wait for. */
async function stopServer() {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGKILL");
  await server.exited;
}

/** Resolves once the server answers again (clients wait here after a lost answer). */
async function serverBack() {
  while (!serverUp || !(await healthy())) await sleep(200);
}

// ------------------------------------------------------------------------------------ HTTP

class Lost extends Error {
  name = "Lost";
}

let encKeys;
let fiveHundreds = 0;

/** The platform over HTTP, the shape of platform/testing's in-process `call`: a lost answer throws Lost. */
async function call(path, init = {}) {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
    if (ENC_PATHS.includes(path.split("?")[0])) {
      headers.set("content-type", "application/jose");
      body = await encryptTo(encKeys, init.json);
    }
  }
  if (init.operator) headers.set("authorization", `Bearer ${OPERATOR_KEY}`);
  let res;
  let text;
  try {
    res = await fetch(`${BASE}${path}`, { method: init.method ?? "GET", headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    text = await res.text();
  } catch (err) {
    throw new Lost(`${path}: ${err?.cause?.code ?? err?.message ?? err}`);
  }
  if (res.status >= 500) {
    fiveHundreds++;
    throw new Lost(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed };
}

const expectStatus = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
};

const wallet = createWalletClient({
  baseUrl: `${BASE}/wallet/v1`,
  secretFor: () => VENDOR_SECRET,
  attempts: 1,
  timeoutMs: REQUEST_TIMEOUT_MS,
  fetch: async (input, init) => {
    try {
      const res = await fetch(input, init);
      if (res.status >= 500) fiveHundreds++;
      return res;
    } catch (err) {
      throw new Lost(`${input}: ${err?.cause?.code ?? err?.message ?? err}`);
    }
  },
});
/** A wallet call's answer: {ok, body} or {refused: code}; a lost answer throws Lost. */
async function walletCall(method, body) {
  try {
    return { ok: true, body: await wallet[method](VENDOR, body) };
  } catch (err) {
    if (err instanceof WalletRefusal) return { ok: false, code: err.code, status: err.status };
    throw new Lost(err?.message ?? String(err));
  }
}

// ------------------------------------------------------------------------------------ setup

let gatewayChannelId;
let vendorGame;
const bankAccountIds = new Map();
let paymentPasswordHash;

async function setupMerchant(db) {
  expectStatus(
    await call("/operator/v1/merchants/DEMO/payment-channels/DEPOSIT/SOAKGW", {
      method: "PUT",
      operator: true,
      json: { type: "GATEWAY", name: "Soak gateway", minAmount: "1.00", maxAmount: "10000.00", config: { provider: "sandbox", secret: GATEWAY_SECRET } },
    }),
    200,
    "gateway channel",
  );
  expectStatus(await call(`/operator/v1/vendors/${VENDOR}/wallet-key`, { method: "PUT", operator: true, json: { secret: VENDOR_SECRET } }), 200, "wallet key");
  const [game] = await db`select game_code from games where vendor_code = ${VENDOR} order by game_code limit 1`;
  if (!game) throw new Error(`no ${VENDOR} game in the catalogue`);
  vendorGame = game.game_code;
  const [ch] = await db`select id from payment_channels where merchant_code = 'DEMO' and code = 'SOAKGW' and direction = 'DEPOSIT'`;
  gatewayChannelId = Number(ch.id);
}

const ipOf = (i) => `10.77.${i >> 8}.${i & 255}`;

/**
 * A member made through the operator API, funded, logged in. The first one (the agent) sets its
 * payment password through the API; the others get the same hash in the database, as a fixture:
 * three argon2 runs per member that a loaded 2-core CI machine would otherwise spend on setup.
 */
async function setupMember(db, i, account, extra) {
  const { auth } = playersOf(() => call, { prefix: account, ip: ipOf(i) });
  expectStatus(await call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123", ...extra } }), 201, `member ${account}`);
  expectStatus(
    await call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: money(FUNDS), reference: `fund-${account}` } }),
    201,
    `funding ${account}`,
  );
  const host = { "x-site-host": "localhost", "x-client-ip": ipOf(i) };
  const login = expectStatus(await call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } }), 200, `login ${account}`);
  const token = login.value.token;
  const [row] = await db`select id from members where merchant_code = 'DEMO' and account = ${account}`;
  if (paymentPasswordHash) {
    await db`update members set payment_password_hash = ${paymentPasswordHash} where id = ${row.id}`;
  } else {
    const body = { password: "secret123", newPaymentPassword: "246810", confirmPaymentPassword: "246810" };
    expectStatus(await call("/wps/member/payment-password", { method: "PUT", headers: auth(token), json: body }), 200, `payment password ${account}`);
    [{ payment_password_hash: paymentPasswordHash }] = await db`select payment_password_hash from members where id = ${row.id}`;
  }
  return { account, token, id: Number(row.id) };
}

/** One client: a player, downline of the run's one agent, with a bank account and a launch token for the vendor. */
async function setupClient(i, db, agent) {
  const { auth, key } = playersOf(() => call, { prefix: `soak${RUN}c${i}`, ip: ipOf(i) });
  const player = await setupMember(db, i, `sp${RUN}x${i}`, { upline: agent.account });
  const bank = expectStatus(
    await call("/wps/member/bank-accounts", { method: "POST", headers: auth(player.token), json: { bankName: "Soak Bank", accountName: "Soak Player", accountNumber: `77${String(i).padStart(8, "0")}` } }),
    200,
    "bank account",
  );
  bankAccountIds.set(i, bank.value.id);
  const launch = expectStatus(
    await call(`/operator/v1/merchants/DEMO/members/${player.account}/launch-tokens`, { method: "POST", operator: true, json: { vendorCode: VENDOR, gameCode: vendorGame } }),
    201,
    "launch token",
  );
  return { i, auth, key, agent, player, launchToken: launch.token, ops: [] };
}

// ------------------------------------------------------------------------------------ operations

/**
 * Each operation is retried whole, with the same keys and bodies, until it gets definite answers:
 * every step is idempotent, so a retry after a lost answer must be answered as a replay (or take
 * effect then, once). `run(op)` fills op.effects (member id → cents) and op.answers.
 */
const OPERATIONS = {
  // A gateway deposit; its signed PAID (or, one in ten, FAILED) callback delivered twice at once, then once more.
  async deposit(c, op) {
    op.amount ??= between(20_00, 120_00);
    op.requestKey ??= c.key();
    op.paid ??= Math.random() < 0.9;
    const created = await call("/wps/payment/deposits", { method: "POST", headers: c.auth(c.player.token), json: { channelId: gatewayChannelId, amount: money(op.amount), requestKey: op.requestKey } });
    op.reference = expectStatus(created, 200, "deposit").value.reference;
    const raw = JSON.stringify({ reference: op.reference, status: op.paid ? "PAID" : "FAILED", amount: money(op.amount), providerRef: `SOAK-${op.requestKey}` });
    const deliver = () => call("/payments/v1/callback/sandbox", { method: "POST", headers: { "x-signature": signGatewayBody(GATEWAY_SECRET, raw) }, body: raw });
    const answers = [...(await Promise.all([deliver(), deliver()])), await deliver()];
    for (const a of answers) {
      const v = expectStatus(a, 200, "gateway callback").value;
      if (v.status !== (op.paid ? "CREDITED" : "FAILED")) violation(`deposit ${op.reference}: callback answered ${v.status}`);
      op.changed = (op.changed ?? 0) + (v.changed ? 1 : 0);
      if (v.changed && op.effectBeforeRetry) violation(`deposit ${op.reference}: credited before the kill, yet a callback after it answered changed: true`);
    }
    op.effects = op.paid ? { [c.player.id]: op.amount } : {};
    op.ledger = [{ kind: "deposit", reference: op.reference, count: op.paid ? 1 : 0 }];
  },

  // A withdrawal request sent twice at once, then the operator's approval or rejection sent twice at once.
  async withdrawal(c, op) {
    op.amount ??= between(50_00, 90_00);
    op.requestKey ??= c.key();
    op.approve ??= Math.random() < 0.5;
    const body = { bankAccountId: bankAccountIds.get(c.i), amount: money(op.amount), paymentPassword: "246810", requestKey: op.requestKey };
    const twins = await Promise.all([0, 1].map(() => call("/wps/payment/withdraw", { method: "POST", headers: c.auth(c.player.token), json: body })));
    if (twins.every((t) => t.status === 400 && t.body?.error?.code === "INSUFFICIENT_FUNDS")) {
      op.refused = "INSUFFICIENT_FUNDS";
      op.effects = {};
      op.ledger = [];
      return;
    }
    const refs = twins.map((t) => expectStatus(t, 200, "withdrawal").value.reference);
    if (refs[0] !== refs[1]) violation(`withdrawal ${op.requestKey}: twins made two withdrawals ${refs.join(", ")}`);
    op.reference = refs[0];
    const decision = op.approve ? "approve" : "reject";
    const decided = await Promise.all([0, 1].map(() => call(`/operator/v1/merchants/DEMO/withdrawals/${op.reference}/${decision}`, { method: "POST", operator: true })));
    for (const d of decided) {
      const v = expectStatus(d, 200, `withdrawal ${decision}`);
      if (v.status !== (op.approve ? "APPROVED" : "REJECTED")) violation(`withdrawal ${op.reference}: ${decision} answered ${v.status}`);
      op.changed = (op.changed ?? 0) + (v.changed ? 1 : 0);
    }
    op.effects = { [c.player.id]: op.approve ? -op.amount : 0 };
    op.ledger = [
      { kind: "withdraw_hold", reference: op.reference, count: 1 },
      { kind: "withdraw_payout", reference: op.reference, count: op.approve ? 1 : 0 },
      { kind: "withdraw_release", reference: op.reference, count: op.approve ? 0 : 1 },
    ];
  },

  // The player to its upline, or the agent to its downline, sent twice at once (payment password).
  async transfer(c, op) {
    op.amount ??= between(1_00, 40_00);
    op.reference ??= c.key();
    op.up ??= Math.random() < 0.5;
    const from = op.up ? c.player : c.agent;
    const to = op.up ? c.agent : c.player;
    op.ledgerKey = `member-transfer:${from.id}:${op.reference}`;
    const path = op.up ? "/wps/member/transfer/upline" : "/wps/agent/transfer/downline";
    const json = { amount: money(op.amount), reference: op.reference, paymentPassword: "246810", ...(op.up ? {} : { account: c.player.account }) };
    const twins = await Promise.all([0, 1].map(() => call(path, { method: "POST", headers: c.auth(from.token), json })));
    if (twins.every((t) => t.status === 400 && t.body?.error?.code === "INSUFFICIENT_FUNDS")) {
      op.refused = "INSUFFICIENT_FUNDS";
      op.effects = {};
      op.ledger = [{ key: op.ledgerKey, count: 0 }];
      return;
    }
    recordTwins(op, twins.map((t) => expectStatus(t, 200, "transfer").value));
    op.effects = { [from.id]: -op.amount, [to.id]: op.amount };
    op.ledger = [{ key: op.ledgerKey, count: 1 }];
  },

  // An operator bonus credited twice at once with one reference: the issue's concurrent replay.
  async credit(c, op) {
    op.amount ??= between(1_00, 30_00);
    op.reference ??= c.key();
    op.ledgerKey = `operator:DEMO:${op.reference}`;
    const json = { kind: "bonus", amount: money(op.amount), reference: op.reference };
    const twins = await Promise.all([0, 1].map(() => call(`/operator/v1/merchants/DEMO/members/${c.player.account}/credits`, { method: "POST", operator: true, json })));
    recordTwins(op, twins.map((t) => expectStatus(t, 201, "operator credit")));
    op.effects = { [c.player.id]: op.amount };
    op.ledger = [{ key: op.ledgerKey, count: 1 }];
  },

  // A vendor round over /wallet/v1 (demo-vendor's signed client): debit, then credit or rollback, each delivered twice at once.
  async vendor(c, op) {
    op.amount ??= between(1_00, 20_00);
    // Drawn once: a retry plays the same round. (`??=` drew again on a retry of a rolled-back
    // round, whose `win` is null, and so could credit a round the wallet had rolled back.)
    if (!("win" in op)) op.win = Math.random() < 0.7 ? between(0, 2 * op.amount) : null;
    op.roundId ??= `${c.key()}-r`;
    const debit = { token: c.launchToken, transactionId: `${op.roundId}-d`, roundId: op.roundId, gameCode: vendorGame, amount: money(op.amount) };
    const debits = await Promise.all([walletCall("debit", debit), walletCall("debit", debit)]);
    sameAnswers(op, "debit", debits);
    // A retry after a kill that lost the rollback's answer, the rollback having taken effect: the
    // wallet refuses the debit again as rolled back (it never takes a rolled-back debit twice), and
    // the rollback is sent again below, where it must answer as it did.
    const rolledBackBeforeRetry = !debits[0].ok && op.lost > 0 && op.win === null && debits[0].code === "TRANSACTION_ROLLED_BACK";
    if (!debits[0].ok && !rolledBackBeforeRetry) {
      if (debits[0].code !== "INSUFFICIENT_FUNDS") violation(`vendor debit ${debit.transactionId}: refused ${debits[0].code}`);
      op.refused = debits[0].code;
      op.effects = {};
      op.ledger = [{ key: `wallet:${VENDOR}:${debit.transactionId}`, count: 0 }];
      return;
    }
    const settle =
      op.win === null
        ? { method: "rollback", body: { token: c.launchToken, transactionId: `${op.roundId}-x`, refTransactionId: debit.transactionId } }
        : { method: "credit", body: { token: c.launchToken, transactionId: `${op.roundId}-c`, roundId: op.roundId, amount: money(op.win) } };
    const settled = await Promise.all([walletCall(settle.method, settle.body), walletCall(settle.method, settle.body)]);
    sameAnswers(op, settle.method, settled);
    if (!settled[0].ok) violation(`vendor ${settle.method} ${settle.body.transactionId}: refused ${settled[0].code}`);
    op.effects = { [c.player.id]: op.win === null ? 0 : op.win - op.amount };
    op.ledger = [
      { key: `wallet:${VENDOR}:${debit.transactionId}`, count: 1 },
      op.win === null ? { kind: "rollback", reference: op.roundId, count: 1 } : { key: `wallet:${VENDOR}:${settle.body.transactionId}`, count: op.win > 0 ? 1 : 0 },
    ];
  },

  // An in-house dice round (POST /wps/house/rounds), sent twice at once with one request key.
  async house(c, op) {
    op.amount ??= between(1_00, 20_00);
    op.requestKey ??= c.key();
    op.bet ??= { kind: Math.random() < 0.5 ? "over" : "under", target: between(1000, 9000), amount: money(op.amount) };
    const json = { game: "HOUSE_DICE", bets: [op.bet], requestKey: op.requestKey };
    const twins = await Promise.all([0, 1].map(() => call("/wps/house/rounds", { method: "POST", headers: c.auth(c.player.token), json })));
    const short = (t) => t.status === 400 && t.body?.error?.code === "INSUFFICIENT_FUNDS";
    if (twins.every(short)) {
      op.refused = "INSUFFICIENT_FUNDS";
      op.effects = {};
      op.ledger = [];
      op.roundAbsent = true;
      return;
    }
    if (twins.some(short)) violation(`house round ${op.requestKey}: one twin played, the other was refused for funds`);
    const rounds = twins.filter((t) => !short(t)).map((t) => expectStatus(t, 200, "house round").value);
    if (new Set(rounds.map((r) => r.id)).size !== 1) violation(`house round ${op.requestKey}: twins answered rounds ${rounds.map((r) => r.id).join(", ")}`);
    const round = rounds[0];
    if (round.status !== "SETTLED") violation(`house round ${round.id}: answered ${round.status}`);
    op.roundId = round.id;
    op.effects = { [c.player.id]: cents(round.win) - cents(round.stake) };
    op.ledger = [{ key: `wallet:HOUSE:house:${round.id}:stake`, count: 1 }];
  },
};
const KINDS = Object.keys(OPERATIONS);

/** Twins of one key: at most one moved money; when both answered in the same try, exactly one did. */
function recordTwins(op, answers) {
  const moved = answers.filter((a) => a.replayed === false).length;
  op.notReplayed = (op.notReplayed ?? 0) + moved;
  if (new Set(answers.map((a) => a.transferId)).size !== 1) violation(`${op.kind} ${op.reference}: twins answered transfers ${answers.map((a) => a.transferId).join(", ")}`);
  if (op.effectBeforeRetry && moved > 0) violation(`${op.kind} ${op.reference}: took effect before the kill, yet its retry answered replayed: false`);
  if (!op.effectBeforeRetry && !op.lost) {
    stats.concurrentReplays++;
    if (moved !== 1) violation(`${op.kind} ${op.reference}: twins sent at once answered replayed ${answers.map((a) => a.replayed).join(", ")}`);
  }
}

/** Duplicate deliveries to the vendor wallet get the same answer. */
function sameAnswers(op, what, answers) {
  const texts = answers.map((a) => JSON.stringify(a));
  if (texts[0] !== texts[1]) violation(`vendor ${what} of round ${op.roundId}: duplicate deliveries answered ${texts.join(" and ")}`);
}

/**
 * How many times an interrupted operation has taken effect so far, looked up in the database
 * before its retry (by its idempotency key or reference); more than once is a violation.
 */
async function effectsSoFar(db, c, op) {
  const count = async (q) => (await q)[0].n;
  switch (op.kind) {
    case "transfer":
    case "credit":
      return op.ledgerKey ? count(db`select count(*)::int as n from ledger_transfers where idempotency_key = ${op.ledgerKey}`) : 0;
    case "deposit":
      return op.reference ? count(db`select count(*)::int as n from ledger_transfers where kind = 'deposit' and reference = ${op.reference}`) : 0;
    case "withdrawal":
      return op.requestKey ? count(db`select count(*)::int as n from withdrawals where member_id = ${c.player.id} and request_key = ${op.requestKey}`) : 0;
    case "vendor":
      return op.roundId ? count(db`select count(*)::int as n from ledger_transfers where idempotency_key = ${`wallet:${VENDOR}:${op.roundId}-d`}`) : 0;
    case "house":
      return op.requestKey ? count(db`select count(*)::int as n from house_rounds where member_id = ${c.player.id} and request_key = ${op.requestKey} and status = 'SETTLED'`) : 0;
    default:
      return 0;
  }
}

const stats = { ops: {}, acknowledged: 0, refused: 0, interrupted: 0, unknown: 0, unknownTookEffect: 0, concurrentReplays: 0 };
for (const k of KINDS) stats.ops[k] = 0;

async function runOp(c, kind, db) {
  const op = { kind, lost: 0 };
  c.ops.push(op);
  stats.ops[kind]++;
  for (;;) {
    try {
      await OPERATIONS[kind](c, op);
      op.done = true;
      if (op.refused) stats.refused++;
      else stats.acknowledged++;
      return;
    } catch (err) {
      if (!(err instanceof Lost)) {
        violation(`${kind} (client ${c.i}): ${err.message}`);
        op.failed = true;
        return;
      }
      // A refused connection never reached the server; anything else may have taken effect.
      const refusedConnection = /ECONNREFUSED/.test(err.message);
      if (!refusedConnection && !op.unknown) {
        op.unknown = true;
        stats.unknown++;
      }
      if (op.lost === 0) stats.interrupted++;
      op.lost++;
      op.lastLost = err.message;
      await serverBack();
      // At most once so far; a retry of an operation that already moved money must be a replay.
      const effects = await effectsSoFar(db, c, op);
      if (effects > 1) violation(`${kind} (client ${c.i}): took effect ${effects} times before its retry`);
      if (effects > 0 && !op.effectBeforeRetry && op.notReplayed === undefined && !op.changed) {
        op.effectBeforeRetry = true;
        stats.unknownTookEffect++;
      }
    }
  }
}

// ------------------------------------------------------------------------------------ checks

async function verify(db, clients) {
  const expected = new Map();
  for (const c of clients) for (const m of [c.player, c.agent]) expected.set(m.id, FUNDS);
  for (const c of clients) {
    for (const op of c.ops) {
      if (!op.done) continue;
      for (const [id, delta] of Object.entries(op.effects)) expected.set(Number(id), expected.get(Number(id)) + delta);
    }
  }
  const ids = [...expected.keys()];
  const balances = await db`select member_id, sum(balance)::text as balance from ledger_accounts where kind = 'member' and member_id in ${db(ids)} group by member_id`;
  const actual = new Map(balances.map((b) => [Number(b.member_id), Number(b.balance)]));
  for (const [id, want] of expected) {
    const got = actual.get(id) ?? 0;
    if (got !== want) violation(`member ${id}: balance ${money(got)}, journal says ${money(want)} (${got > want ? "money duplicated" : "money lost"})`);
  }

  const transfers = await db`select idempotency_key, kind, reference from ledger_transfers`;
  const byKey = new Map();
  const byKindRef = new Map();
  for (const t of transfers) {
    byKey.set(t.idempotency_key, (byKey.get(t.idempotency_key) ?? 0) + 1);
    const k = `${t.kind}|${t.reference}`;
    byKindRef.set(k, (byKindRef.get(k) ?? 0) + 1);
  }
  const rounds = new Map((await db`select id, member_id, request_key, status from house_rounds`).map((r) => [`${r.member_id}|${r.request_key}`, r]));
  for (const c of clients) {
    for (const op of c.ops) {
      if (!op.done) continue;
      for (const l of op.ledger) {
        const n = l.key ? (byKey.get(l.key) ?? 0) : (byKindRef.get(`${l.kind}|${l.reference}`) ?? 0);
        if (n !== l.count) violation(`${op.kind}: ledger holds ${n} transfer(s) for ${l.key ?? `${l.kind} ${l.reference}`}, expected ${l.count}${op.lost ? ` (answer lost ${op.lost}x: ${op.lastLost})` : ""}`);
      }
      if ((op.kind === "deposit" || op.kind === "withdrawal") && !op.refused) {
        if (op.changed > 1) violation(`${op.kind} ${op.reference}: ${op.changed} deliveries answered changed: true`);
        if (op.changed === 0 && !op.lost) violation(`${op.kind} ${op.reference}: no delivery answered changed: true and none was lost`);
      }
      if (op.kind === "transfer" || op.kind === "credit") {
        if (!op.refused && op.notReplayed === 0 && !op.lost) violation(`${op.kind} ${op.reference}: every answer said replayed: true`);
      }
      if (op.kind === "house") {
        const r = rounds.get(`${c.player.id}|${op.requestKey}`);
        if (op.roundAbsent ? r : !r || r.status !== "SETTLED") violation(`house round ${op.requestKey}: ${r ? r.status : "absent"} in the database`);
      }
      if (op.kind === "withdrawal" && op.refused) {
        const [w] = await db`select count(*)::int as n from withdrawals where member_id = ${c.player.id} and request_key = ${op.requestKey}`;
        if (w.n !== 0) violation(`withdrawal ${op.requestKey}: refused, yet ${w.n} row(s) written`);
      }
    }
  }

  const sums = await db`select currency, sum(balance)::text as sum from ledger_accounts group by currency having sum(balance) <> 0`;
  for (const s of sums) violation(`currency ${s.currency} sums to ${s.sum}, not zero`);
  const negative = await db`select id, kind, balance::text from ledger_accounts where kind in ('member', 'hold') and balance < 0`;
  for (const n of negative) violation(`${n.kind} account ${n.id} is negative: ${n.balance}`);
  const check = await call("/operator/v1/ledger/check", { operator: true });
  if (check.status !== 200 || check.body.ok !== true) violation(`ledger/check: ${JSON.stringify(check.body).slice(0, 500)}`);
}

/** After the last restart, on a quiet server: twins of one operator credit, then of one transfer. */
async function finalReplay(c, db) {
  for (const kind of ["credit", "transfer"]) {
    const before = stats.concurrentReplays;
    await runOp(c, kind, db);
    if (stats.concurrentReplays === before) violation(`final ${kind} twins were not both answered`);
  }
}

// ------------------------------------------------------------------------------------ the run

const started = performance.now();
let exitCode = 1;
// Interrupted (Ctrl-C, CI cancelled): the server and the scratch database go too.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`soak: ${signal}, stopping`);
    await stopServer().catch(() => {});
    await dropDb().catch(() => {});
    process.exit(130);
  });
}
const db = postgres(dbUrl, { max: 4, onnotice: () => {} });
try {
  const phase = (name) => process.env.SOAK_VERBOSE === "1" && console.log(`  ${name} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
  encKeys = await prepareDatabase();
  await db`update promotions set enabled = false where merchant_code = 'DEMO'`;
  phase("database ready");
  await startServer();
  phase("server ready");
  await setupMerchant(db);
  const agent = await setupMember(db, 0, `sa${RUN}`, { type: 1 });
  const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => setupClient(i, db, agent)));
  const setupSeconds = (performance.now() - started) / 1000;
  console.log(`soak: ${CLIENTS} clients for ${SECONDS} s, ${KILLS} kill(s), port ${PORT}; set up in ${setupSeconds.toFixed(1)} s; server log ${serverLog}`);

  const runStart = performance.now();
  const deadline = runStart + SECONDS * 1000;
  const killer = (async () => {
    const downtimes = [];
    for (let k = 1; k <= KILLS; k++) {
      await sleep(Math.max(0, runStart + (SECONDS * 1000 * k) / (KILLS + 1) - performance.now()));
      const t0 = performance.now();
      const pid = server.child.pid;
      await killServer();
      console.log(`  SIGKILL ${k} at ${((t0 - runStart) / 1000).toFixed(1)} s (pid ${pid})`);
      await startServer();
      downtimes.push((performance.now() - t0) / 1000);
    }
    return downtimes;
  })();
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < deadline) await runOp(c, KINDS[Math.floor(Math.random() * KINDS.length)], db);
    }),
  );
  const downtimes = await killer;
  const runSeconds = (performance.now() - runStart) / 1000;
  await serverBack();
  await finalReplay(clients[0], db);
  phase("run over");
  await verify(db, clients);
  phase("verified");

  const total = Object.values(stats.ops).reduce((a, b) => a + b, 0);
  console.log(`\nsoak summary (${new Date().toISOString()})`);
  console.log(`  run ${runSeconds.toFixed(1)} s (setup ${setupSeconds.toFixed(1)} s), ${CLIENTS} clients, ${starts - 1} kill(s), restarts ready in ${downtimes.map((d) => `${d.toFixed(1)} s`).join(", ") || "-"}`);
  console.log(`  operations ${total} (${(total / runSeconds).toFixed(1)}/s): ${KINDS.map((k) => `${k} ${stats.ops[k]}`).join(", ")}`);
  console.log(`  acknowledged ${stats.acknowledged} (answered 2xx, in the end), refused (insufficient funds) ${stats.refused}`);
  console.log(
    `  interrupted by a kill ${stats.interrupted}, all retried with the same keys: unknown (answer lost) ${stats.unknown}, of which had taken effect before the retry ${stats.unknownTookEffect}; connection refused ${stats.interrupted - stats.unknown}`,
  );
  console.log(`  concurrent replays checked ${stats.concurrentReplays}, 5xx answers ${fiveHundreds}`);
  if (violations.length) {
    console.error(`\nSOAK FAILED: ${violations.length} violation(s)${violations.length > 50 ? " (first 50 shown above)" : ""}`);
    const log = await readFile(serverLog, "utf8").catch(() => "");
    console.error(`last lines of the server log (${serverLog}):\n${log.split("\n").slice(-30).join("\n")}`);
  } else {
    console.log("  every acknowledged operation took effect exactly once; balances match the journals; no negative balance; every currency sums to zero; ledger/check ok");
    exitCode = 0;
  }
} catch (err) {
  console.error(`SOAK ERROR: ${err?.stack ?? err}`);
  const log = await readFile(serverLog, "utf8").catch(() => "");
  console.error(`last lines of the server log (${serverLog}):\n${log.split("\n").slice(-30).join("\n")}`);
} finally {
  await stopServer().catch(() => {});
  await db.end().catch(() => {});
  await dropDb().catch((err) => console.error(`could not drop the soak database: ${err.message}`));
  logStream.end();
}
console.log(`soak ${exitCode ? "failed" : "passed"} in ${process.uptime().toFixed(1)} s of wall time`);
process.exit(exitCode);
