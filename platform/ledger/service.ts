import { createHash } from "node:crypto";
import { preparedStatement, rowsOf } from "../db/client.js";
import { Batches, batchesOf, isTransaction, sendBatch, type Queued } from "../db/batches.js";
import { RETRYABLE_STATES, sqlState } from "../db/errors.js";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { ledgerAccounts, ledgerTransfers, type AccountKind } from "./schema.js";

/** A database or an open transaction on it: ledger calls run inside their caller's transaction. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

/**
 * System accounts (house, clearing, bonus, commission, hold) are split over this many rows per
 * merchant and currency; a movement uses the shard of its member. Concurrent settlements of
 * different members therefore lock different rows (ADR 007).
 */
export const SYSTEM_SHARDS = 16;

export interface AccountRef {
  merchantCode: string;
  currency: string;
  kind: AccountKind;
  /** The member of a member account; for system accounts, the member whose shard to use. */
  memberId?: number;
  /** MAIN or a vendor code. */
  wallet?: string;
}

const MEMBER_KINDS: AccountKind[] = ["member"];

function normalise(ref: AccountRef) {
  const isMember = MEMBER_KINDS.includes(ref.kind);
  const memberId = ref.memberId ?? 0;
  return {
    merchantCode: ref.merchantCode,
    currency: ref.currency.toUpperCase(),
    kind: ref.kind,
    memberId: isMember ? memberId : 0,
    wallet: ref.wallet ?? "MAIN",
    shard: isMember ? 0 : memberId % SYSTEM_SHARDS,
  };
}

// Account ids never change once made, so they are cached per database (committed rows only).
const idCache = new WeakMap<object, Map<string, number>>();

/**
 * The id of the account, made on first use. Runs on the database itself, never inside a caller's
 * transaction, so an id in the cache always belongs to a committed row.
 */
export async function ensureAccount(db: Database, ref: AccountRef): Promise<number> {
  const key = normalise(ref);
  const cacheKey = `${key.merchantCode}|${key.currency}|${key.kind}|${key.memberId}|${key.wallet}|${key.shard}`;
  let cache = idCache.get(db);
  if (!cache) idCache.set(db, (cache = new Map()));
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  await db.insert(ledgerAccounts).values(key).onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantCode, key.merchantCode),
        eq(ledgerAccounts.currency, key.currency),
        eq(ledgerAccounts.kind, key.kind),
        eq(ledgerAccounts.memberId, key.memberId),
        eq(ledgerAccounts.wallet, key.wallet),
        eq(ledgerAccounts.shard, key.shard),
      ),
    );
  if (!row) throw new Error("ledger account vanished after insert");
  cache.set(cacheKey, row.id);
  return row.id;
}

export interface PostInput {
  merchantCode: string;
  currency: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: bigint;
  kind: string;
  /** Unique per movement; a retry with the same key and payload returns the first result. */
  key: string;
  reference?: string;
  category?: string | null;
  reversesId?: number | null;
}

export interface PostedTransfer {
  id: number;
  amount: bigint;
  debitBalanceAfter: bigint;
  creditBalanceAfter: bigint;
  createdAt: Date;
  /** True when the key had been used before and this is the first result again. */
  replayed: boolean;
}

/** The hash of a movement's payload, kept with its row: a replay with another payload is a conflict. */
export function payloadHash(input: PostInput): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        input.merchantCode,
        input.currency.toUpperCase(),
        input.debitAccountId,
        input.creditAccountId,
        input.amount.toString(),
        input.kind,
        input.reference ?? "",
        input.category ?? null,
        input.reversesId ?? null,
      ]),
    )
    .digest("hex");
}

export class InsufficientFunds extends DomainError {
  constructor(readonly balance: bigint) {
    super("INSUFFICIENT_FUNDS", "Insufficient balance", 400);
  }
}

/**
 * Posts one transfer inside the caller's transaction: both balances change and the row is written
 * together, or nothing is. Throws InsufficientFunds when a member or hold account would go below
 * zero, and IDEMPOTENCY_CONFLICT when the key was used with another payload. A refusal changes
 * nothing, so a caller may catch it and go on in the same transaction. A request whose twin
 * (same key) commits while it waits for the accounts' locks gets the twin's result, not a
 * refusal computed from the balance the twin left.
 */
export async function postTransfer(tx: Tx, input: PostInput): Promise<PostedTransfer> {
  return post(tx, input);
}

interface PostRow {
  existing_id: string | null;
  existing_hash: string | null;
  existing_amount: string | null;
  existing_debit_after: string | null;
  existing_credit_after: string | null;
  existing_created_ms: string | null;
  /** Both accounts there and the debit able to pay, as of the statement's snapshot (null: an account missing). */
  allowed: boolean | null;
  id: string | null;
  created_ms: string | null;
  debit_after: string | null;
  credit_after: string | null;
}

/** Whole milliseconds since the epoch (microseconds dropped, as the drivers' Date parsing does). */
const epochMs = (column: SQL) => sql`(extract(epoch from date_trunc('milliseconds', ${column})) * 1000)::bigint::text`;

function replayOf(hash: string, row: { id: string; hash: string; amount: string; debitAfter: string; creditAfter: string; createdMs: string }): PostedTransfer {
  if (row.hash !== hash) throw new DomainError("IDEMPOTENCY_CONFLICT", "This key was already used for another movement", 409);
  return {
    id: Number(row.id),
    amount: BigInt(row.amount),
    debitBalanceAfter: BigInt(row.debitAfter),
    creditBalanceAfter: BigInt(row.creditAfter),
    createdAt: new Date(Number(row.createdMs)),
    replayed: true,
  };
}

function checkMovement(input: PostInput) {
  if (input.amount <= 0n) throw new DomainError("INVALID_AMOUNT", "Amount must be above zero", 400);
  if (input.debitAccountId === input.creditAccountId) throw new DomainError("INVALID_TRANSFER", "Debit and credit accounts are the same", 400);
}

/**
 * A condition of the caller's on an exchange: its CTEs come after `allowed` (they may use it, to
 * change nothing of theirs when the stake is refused), and the money moves only when `holds`.
 */
export interface Gate {
  ctes: SQL;
  holds: SQL;
}

/** One movement of a posting statement, with its payload's hash. */
type Movement = PostInput & { hash: string };

/**
 * The posting's common table expressions, for one movement (`out`) or for two between the same
 * accounts in opposite directions (`out`, then `back`: a stake and its payout). A posting is one
 * statement, so a movement costs one round trip (plus the caller's BEGIN and COMMIT;
 * `transfer()` runs the statement alone, without either):
 * - `existing` looks the keys up; when one is there nothing else happens (replay or conflict);
 * - `checked` reads both accounts as of the statement's snapshot: no row when one is missing,
 *   and whether a member or hold account keeps a balance >= 0 after each movement (`ok`);
 *   `allowed` is its row when it is ok, so a refusal changes nothing in the caller's transaction;
 * - `lo` and `hi` each update one account, by the net amount, the lower id first (`hi` waits for
 *   `lo`'s row): two opposite movements lock in the same order and cannot deadlock. Each is a
 *   plain UPDATE of one row by its key, which PostgreSQL runs on the row's latest version when a
 *   transaction that committed meanwhile changed it, and re-checks its condition there
 *   (`ledger_balance_held`): if the balance no longer holds, the statement fails with a
 *   serialization failure (40001) and is run again, where `checked` refuses it. On the snapshot's
 *   version the condition is `checked`'s own, so it holds;
 * - `moved` is both accounts' rows as they were left;
 * - `inserted` writes the transfer rows, in order, each with the balances it left.
 * A caller that writes rows of its own in the same statement (the in-house round) adds its CTEs
 * after these and conditions them on `moved`.
 *
 * An earlier shape locked both rows with SELECT … FOR UPDATE ORDER BY id and updated them through
 * a join: under contention for the house account's shards PostgreSQL re-planned and re-ran both
 * of those subtrees for the row's new version (EvalPlanQual), and set up a sort, two bitmap scans
 * and a hash join for every posting. This shape settled 11-24% more bets per second, with 12-22%
 * less of the machine's CPU each (bench/README.md, 2026-11-30, ninth stop).
 */
function postingCtes(back: boolean, gate?: Gate): SQL {
  const debit = sql`${ph("debit")}::bigint`;
  const credit = sql`${ph("credit")}::bigint`;
  const amount = sql`${ph("o_amount")}::bigint`;
  const returned = sql`${ph("b_amount")}::bigint`;
  // What the first account pays in all: the amount, less the return.
  const net = back ? sql`(${amount} - ${returned})` : amount;
  // Whether row `a` of either account can pay its part: the debit account the amount (before
  // anything comes back), the credit account the return (after the amount). Only member and hold
  // accounts are held to it.
  const pays = (a: string) => {
    const r = sql.raw(a);
    const credited = back ? sql`${r}.balance + ${amount} >= ${returned}` : sql`true`;
    return sql`(${r}.kind not in ('member', 'hold') or case when ${r}.id = ${debit} then ${r}.balance >= ${amount} else ${credited} end)`;
  };
  const update = (which: "least" | "greatest", after: SQL) => sql`
        update ledger_accounts a
        set balance = a.balance + case when a.id = ${debit} then -${net} else ${net} end
        where a.id = ${sql.raw(which)}(${debit}, ${credit}) and ${after} and ledger_balance_held(${pays("a")})
        returning a.id, a.balance`;
  const columns = (m: "o_" | "b_") =>
    sql`${ph(`${m}merchant`)}::text, ${ph(`${m}currency`)}::text, ${ph(`${m}debit`)}::bigint, ${ph(`${m}credit`)}::bigint, ${ph(`${m}amount`)}::bigint,
      ${ph(`${m}kind`)}::text, ${ph(`${m}key`)}::text, ${ph(`${m}hash`)}::text, ${ph(`${m}reference`)}::text, ${ph(`${m}category`)}::text, ${ph(`${m}reverses`)}::bigint`;
  // One movement: the balances it left are the final ones. An exchange: the first row's are the
  // final ones less the return, and the rows go in in order (ids ascending).
  const rows = back
    ? sql`select v.merchant_code, v.currency, v.debit, v.credit, v.amount, v.kind, v.key, v.hash, v.reference, v.category, v.reverses_id,
          v.debit_after, v.credit_after
        from moved d join moved c on d.id = ${debit} and c.id = ${credit}
        cross join lateral (values (1, ${columns("o_")}, d.balance - ${returned}, c.balance + ${returned}), (2, ${columns("b_")}, c.balance, d.balance))
          as v(ord, merchant_code, currency, debit, credit, amount, kind, key, hash, reference, category, reverses_id, debit_after, credit_after)
        order by v.ord`
    : sql`select ${columns("o_")}, d.balance, c.balance from moved d join moved c on d.id = ${debit} and c.id = ${credit}`;
  // Each key is an equality lookup of its own and each account is updated by its key: a prepared
  // statement keeps one plan per connection, and these are the cheaper plans even when made for
  // empty tables (a key list, or a join to the accounts, planned as scans of whole tables then).
  return sql`
      existing as (
        select id, payload_hash, amount, debit_balance_after, credit_balance_after, created_at
        from ledger_transfers where idempotency_key = ${ph("o_key")}::text
        ${back ? sql`union all
        select id, payload_hash, amount, debit_balance_after, credit_balance_after, created_at
        from ledger_transfers where idempotency_key = ${ph("b_key")}::text` : sql``}
      ),
      checked as (
        select d.balance as debit_balance, ${pays("d")} and ${pays("c")} as ok
        from ledger_accounts d join ledger_accounts c on c.id = ${credit}
        where d.id = ${debit}
      ),
      allowed as (select 1 from checked where ok),
      ${gate ? sql`${gate.ctes},` : sql``}
      lo as (${update("least", sql`not exists (select 1 from existing) and exists (select 1 from allowed)${gate ? sql` and ${gate.holds}` : sql``}`)}),
      hi as (${update("greatest", sql`exists (select 1 from lo)`)}),
      moved as (select id, balance from lo union all select id, balance from hi),
      inserted as (
        insert into ledger_transfers (merchant_code, currency, debit_account_id, credit_account_id, amount, kind, idempotency_key,
          payload_hash, reference, category, reverses_id, debit_balance_after, credit_balance_after)
        ${rows}
        returning id, ${back ? sql`idempotency_key, ` : sql``}created_at, debit_balance_after, credit_balance_after
      )`;
}

/** A value of a posting statement, bound by name (`preparedStatement`). */
const ph = (name: string) => sql.placeholder(name);

/** The placeholders' values of a posting: the accounts, and each movement's columns (`o_`, `b_`). */
function postingValues(out: Movement, back: Movement | null): Record<string, unknown> {
  const values: Record<string, unknown> = { debit: out.debitAccountId, credit: out.creditAccountId };
  for (const [m, p] of [[out, "o_"], [back, "b_"]] as const) {
    if (!m) continue;
    values[`${p}merchant`] = m.merchantCode;
    values[`${p}currency`] = m.currency.toUpperCase();
    values[`${p}debit`] = m.debitAccountId;
    values[`${p}credit`] = m.creditAccountId;
    values[`${p}amount`] = m.amount.toString();
    values[`${p}kind`] = m.kind;
    values[`${p}key`] = m.key;
    values[`${p}hash`] = m.hash;
    values[`${p}reference`] = m.reference ?? "";
    values[`${p}category`] = m.category ?? null;
    values[`${p}reverses`] = m.reversesId ?? null;
  }
  return values;
}

const postStatement = preparedStatement(
  () => sql`
      with ${postingCtes(false)}
      select e.id::text as existing_id, e.payload_hash as existing_hash, e.amount::text as existing_amount,
        e.debit_balance_after::text as existing_debit_after, e.credit_balance_after::text as existing_credit_after,
        ${epochMs(sql`e.created_at`)} as existing_created_ms,
        k.ok as allowed,
        i.id::text as id, ${epochMs(sql`i.created_at`)} as created_ms,
        i.debit_balance_after::text as debit_after, i.credit_balance_after::text as credit_after
      from (select 1) as one left join existing e on true left join checked k on true left join inserted i on true`,
);

/**
 * A refused posting's second look, at the latest commits: a twin with the same key that posted
 * while this one ran, and the debit account's balance now.
 */
const afterRefusal = preparedStatement(
  () => sql`
      select t.id::text as id, t.payload_hash as hash, t.amount::text as amount, t.debit_balance_after::text as debit_after,
        t.credit_balance_after::text as credit_after, ${epochMs(sql`t.created_at`)} as created_ms,
        (select balance::text from ledger_accounts where id = ${ph("debit")}::bigint) as balance
      from (select 1) as one left join ledger_transfers t on t.idempotency_key = ${ph("key")}::text`,
);

/** A new posting's result, from the row a posting statement returned for it. */
function postedFrom(amount: bigint, row: { id: string | null; debit_after: string | null; credit_after: string | null; created_ms: string | null }): PostedTransfer {
  return {
    id: Number(row.id),
    amount,
    debitBalanceAfter: BigInt(row.debit_after!),
    creditBalanceAfter: BigInt(row.credit_after!),
    createdAt: new Date(Number(row.created_ms)),
    replayed: false,
  };
}

async function post(ex: Executor, input: PostInput): Promise<PostedTransfer> {
  checkMovement(input);
  const hash = payloadHash(input);
  const values = postingValues({ ...input, hash }, null);
  for (let attempt = 1; ; attempt++) {
    const [row] = rowsOf<PostRow>(await postStatement(ex, values));
    if (!row) throw new Error("ledger posting returned no row");
    if (row.existing_id !== null) {
      return replayOf(hash, {
        id: row.existing_id,
        hash: row.existing_hash!,
        amount: row.existing_amount!,
        debitAfter: row.existing_debit_after!,
        creditAfter: row.existing_credit_after!,
        createdMs: row.existing_created_ms!,
      });
    }
    if (row.id !== null) return postedFrom(input.amount, row);
    if (row.allowed === null) throw new Error(`ledger account ${input.debitAccountId} or ${input.creditAccountId} does not exist`);
    if (row.allowed) throw new Error("ledger posting allowed but not written");
    // Refused as of the statement's snapshot. A twin with the same key may have posted since (its
    // row was not there when this statement began): then the answer is its result. A movement that
    // committed since may have paid the balance in: then the posting runs again.
    const [now] = rowsOf<{ id: string | null; hash: string; amount: string; debit_after: string; credit_after: string; created_ms: string; balance: string | null }>(
      await afterRefusal(ex, { key: input.key, debit: input.debitAccountId }),
    );
    if (now?.id) {
      return replayOf(hash, { id: now.id, hash: now.hash, amount: now.amount, debitAfter: now.debit_after, creditAfter: now.credit_after, createdMs: now.created_ms });
    }
    const balance = BigInt(now?.balance ?? 0);
    if (balance < input.amount || attempt >= MAX_ATTEMPTS) throw new InsufficientFunds(balance);
  }
}

/** A movement and, when there is one, its return the other way between the same two accounts. */
export interface Exchange {
  out: PostInput;
  back: PostInput | null;
}

export interface ExchangeStatement {
  /**
   * The posting's CTEs (`existing`, `checked`, `allowed`, `lo`, `hi`, `moved`, `inserted`): the caller's own
   * follow, after a comma. The same SQL object for every exchange of its shape (with or without a
   * return, and the gate): its values are placeholders, filled from `values`.
   */
  ctes: SQL;
  /** Joins for the caller's final select, after a FROM item of one row (aliases prefixed `posting_`). */
  joins: SQL;
  /** Columns for the caller's final select (prefixed `posting_`). */
  columns: SQL;
  /** The placeholders' values of `ctes` and `columns` (the caller adds its own). */
  values: Record<string, unknown>;
  /**
   * The postings made, from the statement's row; throws InsufficientFunds when refused (nothing
   * moved); null when the caller's gate held them back (nothing moved either).
   */
  read(row: Record<string, unknown>): [PostedTransfer, PostedTransfer | null] | null;
}

/** An exchange's SQL, built once per shape: with or without a return, and per gate. */
type ExchangeShape = { ctes: SQL; joins: SQL; columns: SQL };
const exchangeShapes = new WeakMap<Gate, ExchangeShape[]>();
const ungated: ExchangeShape[] = [];

/**
 * An exchange's CTEs, joins and columns alone (placeholders only), for a caller building its
 * statement once. The caller's final select adds `joins` after a FROM item of one row and selects
 * `columns`: what the posting did comes from joins to its CTEs rather than a subquery per column,
 * each of which PostgreSQL would set up on every run.
 */
export function exchangeStatementShape(back: boolean, gate?: Gate): ExchangeShape {
  let shapes = gate ? exchangeShapes.get(gate) : ungated;
  if (!shapes) exchangeShapes.set(gate!, (shapes = []));
  const i = back ? 1 : 0;
  // Rows by key when there are two (only then does `inserted` return the key).
  const inserted = (key: "o_key" | "b_key", columns: string) =>
    sql`(select ${sql.raw(columns)} from inserted${back ? sql` where idempotency_key = ${ph(key)}::text` : sql``})`;
  return (shapes[i] ??= {
    ctes: postingCtes(back, gate),
    joins: sql`left join checked posting_k on true
      left join ${inserted("o_key", "id, debit_balance_after, credit_balance_after, created_at")} posting_o on true
      ${back ? sql`left join ${inserted("b_key", "id")} posting_b on true` : sql``}`,
    columns: sql`(select count(*) from existing)::int as posting_existing, (posting_k.ok is not null)::int as posting_accounts,
      coalesce(posting_k.ok, false)::int as posting_allowed, posting_k.debit_balance::text as posting_debit_balance,
      posting_o.id::text as posting_out_id, posting_o.debit_balance_after::text as posting_out_debit_after,
      posting_o.credit_balance_after::text as posting_out_credit_after, ${epochMs(sql`posting_o.created_at`)} as posting_created_ms,
      ${back ? sql`posting_b.id::text` : sql`null::text`} as posting_back_id`,
  });
}

/**
 * An exchange posted by a statement of the caller's, which writes its own rows in the same
 * statement (the in-house round: its stake, its payout and its record in one round trip). Both
 * balances change once, by the net amount, and each transfer row keeps the balances it left, as
 * if posted one after the other. The keys must be new ones (a round's, from its fresh id): an
 * exchange is not replayed; a key already used is an error, and its statement changes nothing.
 * A refusal (the stake above the balance) also changes nothing: the caller's rows must depend on
 * `moved`, and the caller rolls back. A gate's SQL is part of the statement's shape: it is written
 * with placeholders (the caller binds their values) and made once, as a constant.
 */
export function exchangeStatement(ex: Exchange, gate?: Gate): ExchangeStatement {
  const out = { ...ex.out, hash: payloadHash(ex.out) };
  const back = ex.back && { ...ex.back, hash: payloadHash(ex.back) };
  checkMovement(out);
  if (back) {
    checkMovement(back);
    if (back.debitAccountId !== out.creditAccountId || back.creditAccountId !== out.debitAccountId) throw new Error("an exchange returns between the same two accounts");
  }
  return {
    ...exchangeStatementShape(back !== null, gate),
    values: postingValues(out, back),
    read(row) {
      const r = row as Record<string, string | number | null>;
      if (Number(r.posting_existing) > 0) throw new Error(`ledger keys already used: ${out.key}${back ? `, ${back.key}` : ""}`);
      if (Number(r.posting_accounts) === 0) throw new Error(`ledger account ${out.debitAccountId} or ${out.creditAccountId} does not exist`);
      if (Number(r.posting_allowed) === 0) throw new InsufficientFunds(BigInt(r.posting_debit_balance!));
      if (r.posting_out_id === null) {
        if (gate) return null;
        throw new Error("ledger exchange allowed but not written");
      }
      const createdAt = new Date(Number(r.posting_created_ms));
      const debitAfter = BigInt(r.posting_out_debit_after!);
      const creditAfter = BigInt(r.posting_out_credit_after!);
      const first: PostedTransfer = { id: Number(r.posting_out_id), amount: out.amount, debitBalanceAfter: debitAfter, creditBalanceAfter: creditAfter, createdAt, replayed: false };
      if (!back) return [first, null];
      if (r.posting_back_id === null) throw new Error("ledger exchange wrote its first row only");
      return [
        first,
        { id: Number(r.posting_back_id), amount: back.amount, debitBalanceAfter: creditAfter - back.amount, creditBalanceAfter: debitAfter + back.amount, createdAt, replayed: false },
      ];
    },
  };
}

// The SQLSTATE helpers live with the batches (db/errors.ts), which log a failed batch by them.
export { RETRYABLE_STATES, sqlState };
export const MAX_ATTEMPTS = 8;

/**
 * Runs `fn` in one transaction, again from the start when PostgreSQL reports a serialization
 * failure, a deadlock or a concurrent insert of the same key. `fn` must not have effects
 * outside the database.
 */
export async function withLedgerTx<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return retrying(() => db.transaction(fn));
}

async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const state = sqlState(err);
      if (!state || !RETRYABLE_STATES.has(state) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  kind: string;
  key: string;
  reference?: string;
  category?: string | null;
  reversesId?: number | null;
}

/** Account kinds held to a balance of 0 or more (the others may go below zero). */
const HELD_KINDS: ReadonlySet<AccountKind> = new Set(["member", "hold"]);

/**
 * One movement in its own transaction (accounts made first, retries inside). Movements made this
 * way at the same moment are posted together (`postAlone`).
 */
export async function transfer(db: Database, input: TransferInput): Promise<PostedTransfer> {
  const [debitAccountId, creditAccountId] = await Promise.all([ensureAccount(db, input.from), ensureAccount(db, input.to)]);
  const held = [...(HELD_KINDS.has(input.from.kind) ? [debitAccountId] : []), ...(HELD_KINDS.has(input.to.kind) ? [creditAccountId] : [])];
  return postAlone(
    db,
    {
      merchantCode: input.from.merchantCode,
      currency: input.from.currency,
      debitAccountId,
      creditAccountId,
      amount: input.amount,
      kind: input.kind,
      key: input.key,
      reference: input.reference,
      category: input.category,
      reversesId: input.reversesId,
    },
    held,
  );
}

const batches = new WeakMap<object, Batches<Movement, PostedTransfer>>();

/**
 * Posts one movement as a transaction of its own (`transfer()`): alone, or in one statement with
 * the other movements posted this way on the same database at the same moment (ADR 038, through
 * `Batches`). While a batch statement is out, new movements queue, and the next batch takes them
 * all: under load a commit, the statement's set-up and the round trip are shared by many
 * movements; alone, a movement is posted by the single posting statement.
 *
 * Each movement of a batch is the one `post()` would make: its own key (a key already used, a
 * refusal or a missing account leaves that movement out of the batch, and it is posted alone,
 * which answers with the replay, the conflict or the refusal); its row with the balances it left,
 * in the batch's order; a held account (member, hold) at most once per batch, so the snapshot's
 * check of its balance is the whole check, and a change committed meanwhile fails the statement
 * (40001) as it fails a single posting. When the batch statement fails, nothing of it was written,
 * and every movement of it is posted alone. `held` names the movement's held accounts. In a
 * transaction (a request's), the movement is posted there alone.
 */
export async function postAlone(db: Database, input: PostInput, held: number[]): Promise<PostedTransfer> {
  checkMovement(input);
  if (isTransaction(db)) return retrying(() => post(db, input));
  const movement = { ...input, hash: payloadHash(input) };
  const b = batchesOf(batches, db, () => {
    const made: Batches<Movement, PostedTransfer> = new Batches((batch) => postBatch(db, batch, made), "ledger movements");
    return made;
  });
  return b.add(movement, [`key:${input.key}`, ...held.map((id) => `account:${id}`)]);
}

/** Batch statements run on `db` and the movements they carried. */
export function postingBatches(db: Database): { statements: number; movements: number; leftOut: number; failed: number } {
  const b = batches.get(db);
  return { statements: b?.statements ?? 0, movements: b?.batched ?? 0, leftOut: b?.leftOut ?? 0, failed: b?.failed ?? 0 };
}

type QueuedMovement = Queued<Movement, PostedTransfer>;

/** Posts one movement alone, answering its caller. */
function postOne(db: Database, q: QueuedMovement): Promise<void> {
  return retrying(() => post(db, q.item)).then(q.resolve, q.reject);
}

function postBatch(db: Database, batch: QueuedMovement[], b: Batches<Movement, PostedTransfer>): Promise<void> {
  return sendBatch(b, batch, {
    alone: (q) => postOne(db, q),
    statement: async (movements) => rowsOf<BatchRow>(await batchStatement(db, batchValues(movements))),
    // Left out (a key used before, a refusal, an account missing): alone, for its own answer.
    answer: (row, movement) => (row.id === null ? null : postedFrom(movement.amount, row)),
  });
}

interface BatchRow {
  ord: number;
  id: string | null;
  created_ms: string | null;
  debit_after: string | null;
  credit_after: string | null;
}

/** The batch statement's values: one array per column, in the batch's order. */
function batchValues(movements: Movement[]): Record<string, unknown> {
  const column = (f: (m: Movement) => unknown) => movements.map(f);
  return {
    merchant: column((m) => m.merchantCode),
    currency: column((m) => m.currency.toUpperCase()),
    debit: column((m) => m.debitAccountId),
    credit: column((m) => m.creditAccountId),
    amount: column((m) => m.amount.toString()),
    kind: column((m) => m.kind),
    key: column((m) => m.key),
    hash: column((m) => m.hash),
    reference: column((m) => m.reference ?? ""),
    category: column((m) => m.category ?? null),
    reverses: column((m) => m.reversesId ?? null),
  };
}

/**
 * The CTEs that post many movements in one statement, after a CTE `mv` of them (columns `ord`,
 * `merchant_code`, `currency`, `debit`, `credit`, `amount`, `kind`, `key`, `hash`, `reference`,
 * `category`, `reverses_id`), each already checked by the caller as of the statement's snapshot
 * (keys new, accounts there, the debit able to pay):
 * - `delta`, what each account gains and pays out in all; `locked` takes the accounts' row locks
 *   one key at a time in ascending id order, as a single posting takes `lo` then `hi`, so neither
 *   two batches nor a batch and a posting wait for each other in a circle;
 * - `upd` changes each account once, checking on the row's latest version that a held account
 *   (member, hold) can still pay what it pays out (`ledger_balance_held`: 40001 when it cannot,
 *   as a single posting fails);
 * - `after`, each movement's balances: an account's final balance less what later movements
 *   moved on it;
 * - `inserted`, the rows in `ord` order, returning `idempotency_key`, `id`, `created_at` and the
 *   balances.
 * Every lookup is by key, so the generic plan a connection keeps is as good on large tables as
 * on the empty ones it may have been made for. One exception: the update's id list, planned while
 * `ledger_accounts` holds a page or two of rows, may scan that table (cheaper then); a connection
 * keeps its plan for up to an hour, and accounts grow with sign-ups.
 */
export const movementCtes = movementCtesWith();

/**
 * `movementCtes`, with more legs of the caller's (`ord`, `account`, `d`, `paid`: e.g. an account
 * read at its latest balance, in the same lock order, by a leg of 0), whose balances `after` gives.
 */
export function movementCtesWith(extraLegs?: SQL): SQL {
  return sql`
      legs as (select ord, debit as account, -amount as d, amount as paid from mv union all select ord, credit, amount, 0 from mv${extraLegs ? sql` union all ${extraLegs}` : sql``}),
      delta as (select account, sum(d)::bigint as d, sum(paid)::bigint as paid from legs group by account),
      locked as (
        select x.account, x.d, x.paid from (select account, d, paid from delta order by account) x
        cross join lateral (select a.id from ledger_accounts a where a.id = x.account for update) l
      ),
      upd as (
        update ledger_accounts a set balance = a.balance + (select x.d from locked x where x.account = a.id)
        where a.id = any(array(select account from locked))
          and ledger_balance_held((select a.kind not in ('member', 'hold') or x.paid = 0 or a.balance >= x.paid from locked x where x.account = a.id))
        returning a.id, a.balance
      ),
      after as (
        select l.ord, l.account,
          u.balance - coalesce(sum(l.d) over (partition by l.account order by l.ord desc rows between unbounded preceding and 1 preceding), 0) as balance
        from legs l join upd u on u.id = l.account
      ),
      inserted as (
        insert into ledger_transfers (merchant_code, currency, debit_account_id, credit_account_id, amount, kind, idempotency_key,
          payload_hash, reference, category, reverses_id, debit_balance_after, credit_balance_after)
        select g.merchant_code, g.currency, g.debit, g.credit, g.amount, g.kind, g.key, g.hash, g.reference, g.category, g.reverses_id, d.balance, c.balance
        from mv g join after d on d.ord = g.ord and d.account = g.debit join after c on c.ord = g.ord and c.account = g.credit
        order by g.ord
        returning idempotency_key, id, created_at, debit_balance_after, credit_balance_after
      )`;
}

/**
 * Many single movements in one statement (`postAlone`), each posted as `post()` would post it:
 * `v`, the movements in order (`ord`); `mv`, those whose key is new and whose accounts are both
 * there with the debit able to pay, as of the statement's snapshot (each a scalar subquery: an
 * EXISTS would be planned as a join, a scan of the whole table when the plan is made on empty
 * tables); then `movementCtes`.
 */
export const batchStatementSql = (): SQL => sql`
      with v as (
        select * from unnest(${ph("merchant")}::text[], ${ph("currency")}::text[], ${ph("debit")}::bigint[], ${ph("credit")}::bigint[],
          ${ph("amount")}::bigint[], ${ph("kind")}::text[], ${ph("key")}::text[], ${ph("hash")}::text[], ${ph("reference")}::text[],
          ${ph("category")}::text[], ${ph("reverses")}::bigint[])
          with ordinality as v(merchant_code, currency, debit, credit, amount, kind, key, hash, reference, category, reverses_id, ord)
      ),
      mv as (
        select v.* from v
        where (select t.id from ledger_transfers t where t.idempotency_key = v.key) is null
          and (select c.id from ledger_accounts c where c.id = v.credit) is not null
          and (select d.kind not in ('member', 'hold') or d.balance >= v.amount from ledger_accounts d where d.id = v.debit)
      ),
      ${movementCtes}
      select v.ord::int as ord, i.id::text as id, ${epochMs(sql`i.created_at`)} as created_ms,
        i.debit_balance_after::text as debit_after, i.credit_balance_after::text as credit_after
      from v left join inserted i on i.idempotency_key = v.key`;
const batchStatement = preparedStatement(batchStatementSql);

/**
 * Posts the reverse of a transfer (credit back to its debit account), once: the key is derived
 * from the original, so reversing twice returns the first reversal.
 */
export async function reverseTransfer(tx: Tx, transferId: number, kind = "reversal"): Promise<PostedTransfer> {
  const [original] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
  if (!original) throw new DomainError("TRANSFER_NOT_FOUND", "No such transfer", 404);
  return postTransfer(tx, {
    merchantCode: original.merchantCode,
    currency: original.currency,
    debitAccountId: original.creditAccountId,
    creditAccountId: original.debitAccountId,
    amount: original.amount,
    kind,
    key: `reverse:${original.id}`,
    reference: original.reference,
    category: original.category,
    reversesId: original.id,
  });
}

/** A member's balance in one wallet (0 when the account was never used). */
export async function memberBalance(db: Executor, merchantCode: string, currency: string, memberId: number, wallet = "MAIN"): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantCode, merchantCode),
        eq(ledgerAccounts.currency, currency.toUpperCase()),
        eq(ledgerAccounts.kind, "member"),
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.wallet, wallet),
      ),
    );
  return row?.balance ?? 0n;
}

/** Every wallet of a member with its balance. */
export async function memberWallets(db: Executor, memberId: number) {
  return db
    .select({ id: ledgerAccounts.id, wallet: ledgerAccounts.wallet, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "member"), eq(ledgerAccounts.memberId, memberId)));
}

export interface InvariantReport {
  /** Currencies whose balances do not sum to zero, with the sum. */
  unbalancedCurrencies: { currency: string; sum: string }[];
  /** Member or hold accounts below zero. */
  negativeAccounts: number[];
  /** Accounts whose balance differs from credits minus debits of their transfers. */
  driftingAccounts: { id: number; balance: string; fromTransfers: string }[];
  /** Member days whose stored team totals differ from the rows they sum (at most 100). */
  driftingDayTotals: { memberId: number; day: string }[];
}

/** Checks every invariant of the ledger with plain SQL; an empty report means all hold. */
export async function checkInvariants(db: Executor): Promise<InvariantReport> {
  const rows = <T,>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];
  const sums = rows<{ currency: string; sum: string }>(
    await db.execute(sql`select currency, sum(balance)::text as sum from ledger_accounts group by currency having sum(balance) <> 0`),
  );
  const negative = rows<{ id: string | number }>(
    await db.execute(sql`select id from ledger_accounts where kind in ('member', 'hold') and balance < 0`),
  );
  const drift = rows<{ id: string | number; balance: string; from_transfers: string }>(
    await db.execute(sql`
      with moves as (
        select credit_account_id as account_id, amount from ledger_transfers
        union all
        select debit_account_id, -amount from ledger_transfers
      )
      select a.id, a.balance::text as balance, coalesce(sum(m.amount), 0)::text as from_transfers
      from ledger_accounts a left join moves m on m.account_id = a.id
      group by a.id, a.balance
      having a.balance <> coalesce(sum(m.amount), 0)`),
  );
  // The team figures' day totals (ADR 022) against the rows they sum: a trigger that missed or
  // doubled a movement shows here.
  const dayDrift = rows<{ member_id: string | number; day: string }>(
    await db.execute(sql`
      with r as (select * from member_day_totals_from_rows(null)), d as (select * from member_day_totals)
      select coalesce(r.member_id, d.member_id) as member_id, coalesce(r.day, d.day)::text as day
      from r full join d on d.member_id = r.member_id and d.day = r.day
      where coalesce(r.deposits, 0) <> coalesce(d.deposits, 0) or coalesce(r.withdrawals, 0) <> coalesce(d.withdrawals, 0)
        or coalesce(r.bets, 0) <> coalesce(d.bets, 0) or coalesce(r.bet_count, 0) <> coalesce(d.bet_count, 0)
        or coalesce(r.rollbacks, 0) <> coalesce(d.rollbacks, 0) or coalesce(r.wins, 0) <> coalesce(d.wins, 0)
        or coalesce(r.valid_bet, 0) <> coalesce(d.valid_bet, 0)
      order by 1, 2 limit 100`),
  );
  return {
    driftingDayTotals: dayDrift.map((d) => ({ memberId: Number(d.member_id), day: String(d.day) })),
    unbalancedCurrencies: sums.map((s) => ({ currency: s.currency, sum: String(s.sum) })),
    negativeAccounts: negative.map((n) => Number(n.id)),
    driftingAccounts: drift.map((d) => ({ id: Number(d.id), balance: String(d.balance), fromTransfers: String(d.from_transfers) })),
  };
}
