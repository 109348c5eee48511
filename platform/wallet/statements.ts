import { sql, type SQL } from "drizzle-orm";
import { preparedStatement, rowsOf, type Database } from "../db/client.js";
import { Batches, batchesOf, isTransaction, sendBatch, type Queued } from "../db/batches.js";
import {
  exchangeStatement,
  exchangeStatementShape,
  movementCtesWith,
  payloadHash,
  RETRYABLE_STATES,
  sqlState,
  type Gate,
  type PostedTransfer,
  type PostInput,
} from "../ledger/service.js";
import { currencyExponent } from "../ledger/money.js";

/**
 * A vendor's debit and credit in one statement each, and calls made at the same moment in one
 * statement together (ADR 040). Each call was a transaction of six to eight round trips (BEGIN,
 * the round locked, the transactionId looked up, the round opened, the movement, the call's row,
 * COMMIT), after a look-up of the launch token, with the round and the accounts locked across
 * all of them. The common call (a new transactionId, a round that is the player's and open, money
 * enough, the token and its merchant's terms as the caller read them) is written here by one
 * statement that does the same steps: the round locked first, then the accounts (the lower id
 * first), then the rows. A round the debit opens is inserted with them, at
 * the statement's end (the transaction path inserts it before the movement): a twin debit opening
 * the same round at the same moment fails a unique key or a lock order (23505, 40P01), and goes
 * on to the transaction path.
 *
 * Anything else writes nothing here, and the caller runs the call's transaction as before, which
 * gives the exact answer: a replay or a conflict, a closed round or one of another player, the
 * stake above the balance, a zero stake, an expired token's debit, a token gone or a merchant's
 * wallet changed. So does a concurrent twin: this statement sees the commits made before it
 * began, and a twin's committed transactionId, round or ledger key fails its unique key (23505),
 * which changes nothing. A request's own transaction never runs these: a failed statement would
 * abort it before the fallback could run.
 */

const ph = (name: string) => sql.placeholder(name);

/**
 * A member's balance as the wallet answers it (`formatAmount`): the currency's decimals (`exp`, and
 * `unit` = 10^exp); a member's balance is never negative.
 */
const balanceText = (balance: SQL, exp: SQL = sql`${ph("w_exp")}::int`, unit: SQL = sql`${ph("w_unit")}::bigint`) =>
  sql`case when ${exp} = 0 then (${balance})::text else ((${balance}) / ${unit})::text || '.' || lpad(((${balance}) % ${unit})::text, ${exp}, '0') end`;

/** The call's row, as the transaction path writes it (its response with the balance the call left). */
const callRow = (type: "debit" | "credit", balance: SQL, transfer: SQL) => sql`
    insert into wallet_transactions (vendor_code, transaction_id, type, round_id, member_id, amount, request_hash, status, http_status, response, transfer_id)
    select ${ph("w_vendor")}::text, ${ph("w_tx")}::text, ${sql.raw(`'${type}'`)}, ${ph("w_round")}::text, ${ph("w_member")}::int, ${ph("w_amount")}::bigint,
      ${ph("w_hash")}::text, 'OK', 200, jsonb_build_object('balance', ${balanceText(balance)}, 'transactionId', ${ph("w_tx")}::text), ${transfer}`;

/**
 * The transactionId used before (as of the statement's snapshot); the token still there, unexpired
 * for a debit, with its merchant's terms as read.
 */
const seenAndToken = sql`w_seen as (select 1 from wallet_transactions where vendor_code = ${ph("w_vendor")}::text and transaction_id = ${ph("w_tx")}::text),
    w_token as (
      select 1 from launch_tokens t join merchants m on m.code = t.merchant_code
      where t.token_hash = ${ph("w_token")}::text and m.currency = ${ph("w_currency")}::text and m.is_single_wallet = ${ph("w_single")}::boolean
        and (t.expires_at > now() or not ${ph("w_live")}::boolean)
    )`;
const fresh = sql`not exists (select 1 from w_seen) and exists (select 1 from w_token)`;

/** A debit: the round, when there is one, is locked first; it must be the player's and open. */
const debitGate: Gate = {
  ctes: sql`w_round as materialized (
      select member_id, status from wallet_rounds where vendor_code = ${ph("w_vendor")}::text and round_id = ${ph("w_round")}::text for update
    ),
    ${seenAndToken}`,
  holds: sql`${fresh} and not exists (select 1 from w_round where member_id <> ${ph("w_member")}::int or status <> 'OPEN')`,
};

/** A credit: the player's open round, locked first (a round closed meanwhile is not found on its latest version). */
const creditRound = sql`w_round as materialized (
      select id from wallet_rounds
      where vendor_code = ${ph("w_vendor")}::text and round_id = ${ph("w_round")}::text and member_id = ${ph("w_member")}::int and status = 'OPEN'
      for update
    )`;
const creditGate: Gate = { ctes: sql`${creditRound}, ${seenAndToken}`, holds: sql`exists (select 1 from w_round) and ${fresh}` };

const debitStatement = preparedStatement(() => {
  const posting = exchangeStatementShape(false, debitGate);
  return sql`
    with ${posting.ctes},
    w_opened as (
      insert into wallet_rounds (vendor_code, round_id, member_id, game_code, category)
      select ${ph("w_vendor")}::text, ${ph("w_round")}::text, ${ph("w_member")}::int, ${ph("w_game")}::text, ${ph("w_category")}::text
      where exists (select 1 from inserted) and not exists (select 1 from w_round)
      returning id
    ),
    w_written as (${callRow("debit", sql`i.debit_balance_after`, sql`i.id`)} from inserted i returning id)
    select (select count(*) from w_written)::int as w_written, ${posting.columns}
    from (select 1) as one ${posting.joins}`;
});

const creditStatement = preparedStatement(() => {
  const posting = exchangeStatementShape(false, creditGate);
  return sql`
    with ${posting.ctes},
    w_closed as (update wallet_rounds set status = 'CLOSED' where id = (select id from w_round) and exists (select 1 from inserted) returning id),
    w_written as (${callRow("credit", sql`i.credit_balance_after`, sql`i.id`)} from inserted i returning id)
    select (select count(*) from w_written)::int as w_written, ${posting.columns}
    from (select 1) as one ${posting.joins}`;
});

/**
 * A credit of 0 (a lost round): no movement; the round closed, and the call's row with the
 * member's balance, read once the round is closed, on the account's latest version (as the
 * transaction path reads it after the round's lock: a rollback of the round's debit that held the
 * lock has committed its refund by then).
 */
const lossStatement = preparedStatement(
  () => sql`
    with ${creditRound}, ${seenAndToken},
    w_closed as (
      update wallet_rounds set status = 'CLOSED'
      where id = (select id from w_round) and ${fresh} and exists (select 1 from ledger_accounts where id = ${ph("w_account")}::bigint)
      returning id
    ),
    w_balance as (select balance from ledger_accounts where id = ${ph("w_account")}::bigint and exists (select 1 from w_closed) for share),
    w_written as (${callRow("credit", sql`b.balance`, sql`null::bigint`)} from w_closed cross join w_balance b returning id)
    select (select count(*) from w_written)::int as w_written, (select balance::text from w_balance) as balance`,
);

/** What a call's statement needs: the call, its player's accounts and terms, and the request's hash. */
export interface OneStatementCall {
  type: "debit" | "credit";
  vendorCode: string;
  transactionId: string;
  roundId: string;
  /** The launch token's hash, and its merchant's currency and wallet kind as the caller read them. */
  tokenHash: string;
  single: boolean;
  memberId: number;
  merchantCode: string;
  currency: string;
  category: string | null;
  /** The debit's game (the round's, when the debit opens it). */
  gameCode?: string;
  amount: bigint;
  hash: string;
  memberAccount: number;
  counterAccount: number;
}

type Counts = { oneStatement: number; fallbacks: number };
const counts = new WeakMap<object, Counts>();

/**
 * Per database: calls written by one statement (theirs or a batch's) and calls that went on to
 * the transaction path; batch statements, the calls they carried, left out, and batches failed.
 */
export function walletCounts(db: Database): Counts & { batches: number; batched: number; leftOut: number; failed: number } {
  const b = callBatches.get(db);
  return { ...(counts.get(db) ?? { oneStatement: 0, fallbacks: 0 }), batches: b?.statements ?? 0, batched: b?.batched ?? 0, leftOut: b?.leftOut ?? 0, failed: b?.failed ?? 0 };
}

/** A debit's stake or a credit's win as a ledger movement: the keys and references the transaction path gives it. */
function movementOf(call: OneStatementCall): PostInput {
  const debit = call.type === "debit";
  return {
    merchantCode: call.merchantCode,
    currency: call.currency,
    debitAccountId: debit ? call.memberAccount : call.counterAccount,
    creditAccountId: debit ? call.counterAccount : call.memberAccount,
    amount: call.amount,
    kind: debit ? "bet" : "win",
    key: `wallet:${call.vendorCode}:${call.transactionId}`,
    reference: call.roundId,
    category: call.category,
  };
}

const callBatches = new WeakMap<object, Batches<OneStatementCall, bigint | null>>();

/**
 * Writes the call by one statement and returns the member's balance after it; null when it wrote
 * nothing, and the caller's transaction path is to answer. Calls made at the same moment on the
 * same database share a statement (`callBatchSql`, through ADR 038's `Batches`), each written as
 * it would be alone: a batch holds one call per round, per transactionId and per member's
 * account; what it leaves out, or every call of a batch that fails, is written alone.
 */
export async function oneStatementCall(db: Database, call: OneStatementCall): Promise<bigint | null> {
  const balance = isTransaction(db)
    ? null
    : await batchesOf(callBatches, db, () => {
        const made: Batches<OneStatementCall, bigint | null> = new Batches((batch) => writeCalls(db, batch, made), "wallet calls");
        return made;
      }).add(call, [`round:${call.vendorCode}:${call.roundId}`, `tx:${call.vendorCode}:${call.transactionId}`, `account:${call.memberAccount}`]);
  let c = counts.get(db);
  if (!c) counts.set(db, (c = { oneStatement: 0, fallbacks: 0 }));
  c[balance === null ? "fallbacks" : "oneStatement"]++;
  return balance;
}

type QueuedCall = Queued<OneStatementCall, bigint | null>;

function writeCalls(db: Database, batch: QueuedCall[], b: Batches<OneStatementCall, bigint | null>): Promise<void> {
  return sendBatch(b, batch, {
    alone: (q) => callAlone(db, q.item).then(q.resolve, q.reject),
    statement: async (calls) => rowsOf<{ ord: number; balance: string | null }>(await callBatchStatement(db, callBatchValues(calls))),
    // Left out (a transactionId used, a round closed or another player's, money short, a token changed): alone.
    answer: (row) => (row.balance === null ? null : BigInt(row.balance)),
  });
}

/** The batch statement's values: one array per column, in the batch's order. */
function callBatchValues(calls: OneStatementCall[]): Record<string, unknown> {
  const column = (f: (c: OneStatementCall) => unknown) => calls.map(f);
  const exps = calls.map((c) => currencyExponent(c.currency));
  return {
    type: column((c) => c.type),
    vendor: column((c) => c.vendorCode),
    tx: column((c) => c.transactionId),
    round: column((c) => c.roundId),
    token: column((c) => c.tokenHash),
    currency: column((c) => c.currency),
    // As text: the driver sends an array of booleans as one boolean.
    single: column((c) => String(c.single)),
    member: column((c) => c.memberId),
    member_account: column((c) => c.memberAccount),
    counter_account: column((c) => c.counterAccount),
    merchant: column((c) => c.merchantCode),
    amount: column((c) => c.amount.toString()),
    hash: column((c) => c.hash),
    posting_hash: column((c) => (c.amount > 0n ? payloadHash(movementOf(c)) : null)),
    game: column((c) => c.gameCode ?? null),
    category: column((c) => c.category),
    exp: exps,
    unit: exps.map((e) => (10n ** BigInt(e)).toString()),
  };
}

/**
 * Many calls in one statement, each written as its own statement above would write it:
 * - `v`, the calls in order (`ord`); `rl`, their rounds locked one at a time in (vendor, round)
 *   order, before any account (as every call's statement and transaction locks its round first);
 * - `ok`, the calls whose transactionId and ledger key are new, whose token is there (unexpired
 *   for a debit) with its merchant's terms as read, whose round is the player's and open (or, for
 *   a debit, new), and whose debit can pay, as of the snapshot (the rounds on their latest
 *   version), each a scalar subquery looked up by its key;
 * - `mv`, their movements, posted by the ledger's `movementCtes`; a loss has none, and its member's
 *   account is a leg of 0, locked in the same id order with the others, so its balance is read
 *   on the account's latest version, as the transaction path reads it after the round's lock;
 * - the rounds closed, each call's row with the member's balance it left, and the rounds a debit
 *   opens (a batch holds one call per member's account, round and transactionId).
 */
export const callBatchSql = (): SQL => sql`
    with v as (
      select * from unnest(${ph("type")}::text[], ${ph("vendor")}::text[], ${ph("tx")}::text[], ${ph("round")}::text[], ${ph("token")}::text[],
        ${ph("currency")}::text[], ${ph("single")}::text[]::boolean[], ${ph("member")}::int[], ${ph("member_account")}::bigint[],
        ${ph("counter_account")}::bigint[], ${ph("merchant")}::text[], ${ph("amount")}::bigint[], ${ph("hash")}::text[], ${ph("posting_hash")}::text[],
        ${ph("game")}::text[], ${ph("category")}::text[], ${ph("exp")}::int[], ${ph("unit")}::bigint[])
        with ordinality as v(type, vendor, tx, round, token, currency, single, member, member_account, counter_account, merchant, amount, hash,
          posting_hash, game, category, exp, unit, ord)
    ),
    rl as materialized (
      select x.ord, r.id, r.member_id, r.status from (select ord, vendor, round from v order by vendor, round) x
      cross join lateral (select w.id, w.member_id, w.status from wallet_rounds w where w.vendor_code = x.vendor and w.round_id = x.round for update) r
    ),
    ok as materialized (
      select v.*, r.id as round_row from v left join rl r on r.ord = v.ord
      where (select t.id from wallet_transactions t where t.vendor_code = v.vendor and t.transaction_id = v.tx) is null
        and (select t.id from ledger_transfers t where t.idempotency_key = 'wallet:' || v.vendor || ':' || v.tx) is null
        and (select t.member_id from launch_tokens t join merchants m on m.code = t.merchant_code
          where t.token_hash = v.token and m.currency = v.currency and m.is_single_wallet = v.single and (v.type = 'credit' or t.expires_at > now())) is not null
        and case when v.type = 'debit' then v.amount > 0 and (r.ord is null or (r.member_id = v.member and r.status = 'OPEN'))
          else r.ord is not null and r.member_id = v.member and r.status = 'OPEN' end
        and (select c.id from ledger_accounts c where c.id = v.counter_account) is not null
        and (select v.type = 'credit' or d.balance >= v.amount from ledger_accounts d where d.id = v.member_account)
    ),
    mv as (
      select ord, merchant as merchant_code, currency,
        case when type = 'debit' then member_account else counter_account end as debit,
        case when type = 'debit' then counter_account else member_account end as credit,
        amount, case when type = 'debit' then 'bet' else 'win' end as kind, 'wallet:' || vendor || ':' || tx as key, posting_hash as hash,
        round as reference, category, null::bigint as reverses_id
      from ok where amount > 0
    ),
    ${movementCtesWith(sql`select ord, member_account, 0, 0 from ok where type = 'credit' and amount = 0`)},
    opened as (
      insert into wallet_rounds (vendor_code, round_id, member_id, game_code, category)
      select vendor, round, member, game, category from ok where type = 'debit' and round_row is null order by vendor, round
      returning id
    ),
    closed as (update wallet_rounds w set status = 'CLOSED' from ok o where o.type = 'credit' and w.id = o.round_row returning w.id),
    bal as (
      select o.ord, a.balance::bigint as balance, i.id as transfer_id -- after: a window sum, numeric
      from ok o join after a on a.ord = o.ord and a.account = o.member_account
      left join inserted i on i.idempotency_key = 'wallet:' || o.vendor || ':' || o.tx
    ),
    written as (
      insert into wallet_transactions (vendor_code, transaction_id, type, round_id, member_id, amount, request_hash, status, http_status, response, transfer_id)
      select o.vendor, o.tx, o.type, o.round, o.member, o.amount, o.hash, 'OK', 200,
        jsonb_build_object('balance', ${balanceText(sql`b.balance`, sql`o.exp`, sql`o.unit`)}, 'transactionId', o.tx), b.transfer_id
      from ok o join bal b on b.ord = o.ord
      order by o.ord
      returning vendor_code, transaction_id
    )
    select v.ord::int as ord, case when w.transaction_id is not null then b.balance::text end as balance
    from v left join bal b on b.ord = v.ord left join written w on w.vendor_code = v.vendor and w.transaction_id = v.tx`;
const callBatchStatement = preparedStatement(callBatchSql);

/** Writes one call by its own statement: its balance after, or null when it wrote nothing. */
async function callAlone(db: Database, call: OneStatementCall): Promise<bigint | null> {
  const exp = currencyExponent(call.currency);
  const values: Record<string, unknown> = {
    w_vendor: call.vendorCode,
    w_tx: call.transactionId,
    w_round: call.roundId,
    w_token: call.tokenHash,
    w_currency: call.currency,
    w_single: call.single,
    w_live: call.type === "debit",
    w_member: call.memberId,
    w_amount: call.amount.toString(),
    w_hash: call.hash,
    w_exp: exp,
    w_unit: (10n ** BigInt(exp)).toString(),
  };
  let balance: bigint | null = null;
  try {
    if (call.type === "credit" && call.amount === 0n) {
      const [row] = rowsOf<{ w_written: number; balance: string | null }>(await lossStatement(db, { ...values, w_account: call.memberAccount }));
      if (row?.w_written === 1) balance = BigInt(row.balance!);
    } else {
      const debit = call.type === "debit";
      const posting = exchangeStatement({ out: movementOf(call), back: null }, debit ? debitGate : creditGate);
      const [row] = rowsOf<Record<string, unknown> & { w_written: number }>(
        await (debit ? debitStatement : creditStatement)(db, { ...posting.values, ...values, w_game: call.gameCode ?? null, w_category: call.category }),
      );
      if (row?.w_written === 1) {
        const [moved] = posting.read(row) as [PostedTransfer, null];
        balance = debit ? moved.debitBalanceAfter : moved.creditBalanceAfter;
      }
    }
  } catch (err) {
    // A twin's commit (a unique key), a lock order lost or a balance changed under its lock: nothing was written.
    if (!RETRYABLE_STATES.has(sqlState(err) ?? "")) throw err;
  }
  return balance;
}
