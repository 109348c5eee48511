import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";

/** The secret a vendor signs wallet calls with (HMAC-SHA256), set through the operator API. */
export const vendorWalletKeys = pgTable("vendor_wallet_keys", {
  vendorCode: text("vendor_code").primaryKey(),
  secret: text("secret").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Launch tokens name the player to a vendor; only a hash is kept. */
export const launchTokens = pgTable(
  "launch_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    vendorCode: text("vendor_code").notNull(),
    gameCode: text("game_code").notNull(),
    category: text("category"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("launch_tokens_member_idx").on(t.memberId), index("launch_tokens_expires_idx").on(t.expiresAt)],
);

/** A game round as the wallet sees it: open until credited, rolled back or closed. */
export const walletRounds = pgTable(
  "wallet_rounds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: text("vendor_code").notNull(),
    roundId: text("round_id").notNull(),
    memberId: integer("member_id").notNull(),
    status: text("status").$type<"OPEN" | "CLOSED">().notNull().default("OPEN"),
    /** The game of the round's first debit and the category of its launch (betting record). */
    gameCode: text("game_code"),
    category: text("category"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wallet_rounds_uq").on(t.vendorCode, t.roundId), index("wallet_rounds_member_idx").on(t.memberId, t.createdAt)],
);

/** Every wallet call by its transactionId, with the answer given, so a replay gets the same answer. */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: text("vendor_code").notNull(),
    transactionId: text("transaction_id").notNull(),
    /** debit, credit or rollback. */
    type: text("type").$type<"debit" | "credit" | "rollback">().notNull(),
    roundId: text("round_id"),
    refTransactionId: text("ref_transaction_id"),
    memberId: integer("member_id").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    requestHash: text("request_hash").notNull(),
    /** debit: OK or ROLLED_BACK; rollback: APPLIED or RECORDED (an unknown ref). */
    status: text("status").notNull(),
    httpStatus: integer("http_status").notNull(),
    response: jsonb("response").$type<Record<string, unknown>>().notNull(),
    transferId: bigint("transfer_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_transactions_uq").on(t.vendorCode, t.transactionId),
    index("wallet_transactions_ref_idx").on(t.vendorCode, t.refTransactionId),
    index("wallet_transactions_round_idx").on(t.vendorCode, t.roundId),
  ],
);
