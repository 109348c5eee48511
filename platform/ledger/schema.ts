import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Kinds of ledger account. `member` is a player's wallet (main, or one per vendor in
 * multi-wallet mode); `hold` keeps money reserved for a pending withdrawal. Both can never
 * go below zero. The system kinds are the other side of every movement and may be negative:
 * their sum with the members' is zero per currency.
 */
export const ACCOUNT_KINDS = ["member", "hold", "house", "payment_clearing", "vendor_clearing", "bonus", "commission"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code").notNull(),
    currency: text("currency").notNull(),
    kind: text("kind").$type<AccountKind>().notNull(),
    /** The member for `member` accounts; 0 for system accounts. */
    memberId: integer("member_id").notNull().default(0),
    /** MAIN, or a vendor code for a vendor wallet (multi-wallet) or a vendor clearing account. */
    wallet: text("wallet").notNull().default("MAIN"),
    /** System accounts are split into shards so concurrent settlements do not queue on one row. */
    shard: smallint("shard").notNull().default(0),
    /** Integer minor units. Only the ledger writes it, in the same transaction as the transfer row. */
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_key_uq").on(t.merchantCode, t.currency, t.kind, t.memberId, t.wallet, t.shard),
    index("ledger_accounts_member_idx").on(t.memberId),
    check("ledger_accounts_non_negative", sql`${t.kind} not in ('member', 'hold') or ${t.balance} >= 0`),
  ],
);

/**
 * One row per movement of money: `amount` leaves the debit account and reaches the credit
 * account. Rows are never updated or deleted (a trigger refuses it); a mistake is corrected by
 * a reversing transfer that names the one it reverses.
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code").notNull(),
    currency: text("currency").notNull(),
    debitAccountId: bigint("debit_account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint("credit_account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    kind: text("kind").notNull(),
    /** The caller's key: a retry with the same key and payload returns this row. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the payload the key was first used with; another payload is a conflict. */
    payloadHash: text("payload_hash").notNull(),
    /** What the movement belongs to: a deposit, withdrawal, round or transfer reference. */
    reference: text("reference").notNull().default(""),
    /** Game category of a bet or win (RNG, LIVE, ...), for profit and loss by category. */
    category: text("category"),
    reversesId: bigint("reverses_id", { mode: "number" }),
    debitBalanceAfter: bigint("debit_balance_after", { mode: "bigint" }).notNull(),
    creditBalanceAfter: bigint("credit_balance_after", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_transfers_key_uq").on(t.idempotencyKey),
    // An account's movements by time (every period read: histories, team figures, team
    // transactions), and the brand's by time (a large team's transactions, newest first: ADR 024).
    index("ledger_transfers_debit_time_idx").on(t.debitAccountId, t.createdAt, t.id),
    index("ledger_transfers_credit_time_idx").on(t.creditAccountId, t.createdAt, t.id),
    index("ledger_transfers_time_idx").on(t.merchantCode, t.createdAt, t.id),
    check("ledger_transfers_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);
