import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";
import { merchants } from "../system/schema.js";

/** How money comes in or goes out, configured by the operator with limits per channel. */
export const paymentChannels = pgTable(
  "payment_channels",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** DEPOSIT or WITHDRAW. */
    direction: text("direction").$type<"DEPOSIT" | "WITHDRAW">().notNull(),
    /** BANK (manual transfer, confirmed by the operator) or GATEWAY (online, signed callback). */
    type: text("type").$type<"BANK" | "GATEWAY">().notNull(),
    name: text("name").notNull(),
    minAmount: bigint("min_amount", { mode: "bigint" }).notNull(),
    maxAmount: bigint("max_amount", { mode: "bigint" }).notNull(),
    /** BANK: bankName, accountName, accountNumber shown to the payer. GATEWAY: provider and secret. */
    config: jsonb("config").$type<ChannelConfig>().notNull().default({}),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("payment_channels_code_uq").on(t.merchantCode, t.direction, t.code)],
);

export interface ChannelConfig {
  bankName?: string;
  accountName?: string;
  accountNumber?: string;
  provider?: "sandbox";
  /** HMAC secret the gateway signs its callbacks with. */
  secret?: string;
}

export const DEPOSIT_STATUSES = ["PENDING", "CREDITED", "FAILED", "REJECTED"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const deposits = pgTable(
  "deposits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => paymentChannels.id),
    /** The reference the payer quotes (bank) or the gateway echoes (online). */
    reference: text("reference").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<DepositStatus>().notNull().default("PENDING"),
    /** The submitting request's key, so a double submit makes one deposit. */
    requestKey: text("request_key").notNull(),
    providerRef: text("provider_ref"),
    note: text("note"),
    transferId: bigint("transfer_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("deposits_reference_uq").on(t.reference),
    uniqueIndex("deposits_request_uq").on(t.memberId, t.requestKey),
    index("deposits_member_idx").on(t.memberId, t.id),
    index("deposits_status_idx").on(t.merchantCode, t.status),
  ],
);

/** Bank accounts a member withdraws to. The account name must match the member's real name when set. */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    bankName: text("bank_name").notNull(),
    accountName: text("account_name").notNull(),
    accountNumber: text("account_number").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bank_accounts_member_number_uq").on(t.memberId, t.accountNumber)],
);

/** Withdrawal statuses of spec §4: in process, rejected, approved. */
export const WITHDRAWAL_STATUSES = ["IN_PROCESS", "REJECTED", "APPROVED"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** The member's confirmation after payout; AUTO when the operator's minutes ran out. */
export const RECEIPTS = ["PENDING", "RECEIVED", "NOT_RECEIVED", "PARTIAL", "AUTO"] as const;
export type Receipt = (typeof RECEIPTS)[number];

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").references(() => paymentChannels.id),
    bankAccountId: integer("bank_account_id")
      .notNull()
      .references(() => bankAccounts.id),
    reference: text("reference").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<WithdrawalStatus>().notNull().default("IN_PROCESS"),
    receipt: text("receipt").$type<Receipt>(),
    /** For a partial receipt: what the member says is still missing. */
    remainingAmount: bigint("remaining_amount", { mode: "bigint" }),
    requestKey: text("request_key").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** When the member must confirm by; after it the job marks the payout received. */
    confirmBy: timestamp("confirm_by", { withTimezone: true }),
    receiptAt: timestamp("receipt_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("withdrawals_reference_uq").on(t.reference),
    uniqueIndex("withdrawals_request_uq").on(t.memberId, t.requestKey),
    index("withdrawals_member_idx").on(t.memberId, t.id),
    index("withdrawals_status_idx").on(t.merchantCode, t.status),
    index("withdrawals_confirm_idx").on(t.confirmBy).where(sql`receipt = 'PENDING'`),
  ],
);
