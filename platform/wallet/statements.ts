import { sql, type SQL } from "drizzle-orm";
import { preparedStatement, rowsOf, type Database } from "../db/client.js";
import { isTransaction } from "../db/batches.js";
import { exchangeStatement, exchangeStatementShape, RETRYABLE_STATES, sqlState, type Gate, type PostedTransfer } from "../ledger/service.js";
import { currencyExponent } from "../ledger/money.js";

/**
 * A vendor's debit and credit in one statement each (ADR 040). Each was a transaction of six to
 * eight round trips (BEGIN, the round locked, the transactionId looked up, the round opened, the
 * movement, the call's row, COMMIT), after a look-up of the launch token, with the round and the
 * accounts locked across all of them. The common call (a new transactionId, a round that is the
 * player's and open, money enough, the token and its merchant's terms as the caller read them) is
 * written here by one statement that does the same steps in the same order: the round locked
 * first, then the accounts (the lower id first), then the rows.
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

/** A member's balance as the wallet answers it (`formatAmount`): the currency's decimals; a member's balance is never negative. */
const balanceText = (balance: SQL) => sql`case when ${ph("w_exp")}::int = 0 then (${balance})::text
    else ((${balance}) / ${ph("w_unit")}::bigint)::text || '.' || lpad(((${balance}) % ${ph("w_unit")}::bigint)::text, ${ph("w_exp")}::int, '0') end`;

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

/** A credit of 0 (a lost round): no movement; the round closed, and the call's row with the member's balance. */
const lossStatement = preparedStatement(
  () => sql`
    with ${creditRound}, ${seenAndToken},
    w_closed as (update wallet_rounds set status = 'CLOSED' where id = (select id from w_round) and ${fresh} returning id),
    w_balance as (select balance from ledger_accounts where id = ${ph("w_account")}::bigint),
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

/** Calls written by one statement, and calls that went on to the transaction path, per database. */
export function walletCounts(db: Database): Counts {
  return { ...(counts.get(db) ?? { oneStatement: 0, fallbacks: 0 }) };
}

/**
 * Writes the call by one statement and returns the member's balance after it; null when it wrote
 * nothing, and the caller's transaction path is to answer.
 */
export async function oneStatementCall(db: Database, call: OneStatementCall): Promise<bigint | null> {
  if (isTransaction(db)) return null;
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
      const posting = exchangeStatement(
        {
          out: {
            merchantCode: call.merchantCode,
            currency: call.currency,
            debitAccountId: debit ? call.memberAccount : call.counterAccount,
            creditAccountId: debit ? call.counterAccount : call.memberAccount,
            amount: call.amount,
            kind: debit ? "bet" : "win",
            key: `wallet:${call.vendorCode}:${call.transactionId}`,
            reference: call.roundId,
            category: call.category,
          },
          back: null,
        },
        debit ? debitGate : creditGate,
      );
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
  let c = counts.get(db);
  if (!c) counts.set(db, (c = { oneStatement: 0, fallbacks: 0 }));
  c[balance === null ? "fallbacks" : "oneStatement"]++;
  return balance;
}
