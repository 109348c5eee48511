import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";
import { merchants } from "../system/schema.js";
import { BET_CATEGORIES, type BetCategory } from "../rounds/categories.js";

/** Game categories a rebate rate can be set for (spec §2 category codes, HOT excepted). */
export const REBATE_CATEGORIES = BET_CATEGORIES;
export type RebateCategory = BetCategory;
export const REBATE_PERIODS = ["daily", "weekly"] as const;
export type RebatePeriod = (typeof REBATE_PERIODS)[number];

/**
 * The operator's rebate (spec §9 manualRebate): a rate per category in basis points (120 =
 * 1.20 % of the valid bet), how often a member may claim (once a day or a week), and the
 * smallest payout.
 */
export const rebateSettings = pgTable("rebate_settings", {
  merchantCode: text("merchant_code")
    .primaryKey()
    .references(() => merchants.code, { onDelete: "cascade" }),
  rates: jsonb("rates").$type<Partial<Record<RebateCategory, number>>>().notNull().default({}),
  period: text("period").$type<RebatePeriod>().notNull().default("daily"),
  minAmount: bigint("min_amount", { mode: "bigint" }).notNull().default(sql`0`),
  enabled: boolean("enabled").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export interface RebateCategoryLine {
  category: string;
  rateBp: number;
  validBet: string;
  amount: string;
  bets: number;
}

/**
 * One claim of a member in one period: the unique key (member, period) and the ledger key
 * `rebate:{member}:{period}` are the two guards that make a period pay once.
 */
export const rebateClaims = pgTable(
  "rebate_claims",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    periodKey: text("period_key").notNull(),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull().default(sql`0`),
    validBet: bigint("valid_bet", { mode: "bigint" }).notNull().default(sql`0`),
    /** Per category: rate, valid bet and rebate (minor units as strings). */
    lines: jsonb("lines").$type<RebateCategoryLine[]>().notNull().default([]),
    transferId: bigint("transfer_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("rebate_claims_period_uq").on(t.memberId, t.periodKey), index("rebate_claims_merchant_idx").on(t.merchantCode, t.id)],
);

/**
 * Every bet a claim covered, by the bet's own key (`round:…`, `ticket:…`, `wallet:…`): the
 * primary key makes a bet count in one claim only, ever.
 */
export const rebateBets = pgTable(
  "rebate_bets",
  {
    sourceKey: text("source_key").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => rebateClaims.id, { onDelete: "cascade" }),
    memberId: integer("member_id").notNull(),
    category: text("category").notNull(),
    stake: bigint("stake", { mode: "bigint" }).notNull(),
  },
  (t) => [index("rebate_bets_claim_idx").on(t.claimId)],
);
