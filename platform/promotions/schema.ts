import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";
import { merchants, type LocalizedText } from "../system/schema.js";

/** How a promotion pays (ADR promotions-points). */
export const PROMOTION_RULES = ["first_deposit_match", "deposit_bonus", "signup_bonus", "rebate", "raffle", "apply", "referral"] as const;
export type PromotionRule = (typeof PROMOTION_RULES)[number];

/** Spec §3 promotion types and tags. */
export const PROMOTION_TYPES = ["other", "sports", "live_casino", "slots", "card_games", "fish", "lotto", "rebate", "points_mall", "ranking", "deposit", "app_download", "newbie"] as const;
export const PROMOTION_TAGS = ["newbie", "limited", "special_offer", "daily", "high_rebate", "vip"] as const;

/** A promotion the operator runs: texts per language, when, and the rule that pays it. */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    /** The operator's own key for the promotion (PUT is an upsert on it). */
    code: text("code").notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    body: jsonb("body").$type<LocalizedText>().notNull().default({}),
    type: text("type").notNull().default("other"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    category: text("category").notNull().default("other"),
    imageUrl: text("image_url"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    rule: text("rule").$type<PromotionRule>().notNull(),
    /** Match or rebate rate in basis points (10000 = 100%). */
    rateBp: integer("rate_bp").notNull().default(0),
    /** Fixed bonus (sign-up, deposit, apply) or the raffle's lowest prize, minor units. */
    amount: bigint("amount", { mode: "bigint" }).notNull().default(sql`0`),
    /** Highest bonus (match cap, raffle's top prize); 0 means no cap. */
    cap: bigint("cap", { mode: "bigint" }).notNull().default(sql`0`),
    /** The smallest deposit that qualifies (deposit rules). */
    minDeposit: bigint("min_deposit", { mode: "bigint" }).notNull().default(sql`0`),
    /** Wagering requirement as a multiple of the bonus (valid bets before a withdrawal is fair). */
    wageringMultiplier: integer("wagering_multiplier").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("promotions_code_uq").on(t.merchantCode, t.code)],
);

/**
 * A member's part in a promotion: one row per member and promotion (the unique key is what makes
 * every rule pay at most once, together with the ledger key `promo:{id}:{member}`).
 * Status: joined (waiting for the qualifying deposit or bets), issued (can claim), applying
 * (operator to review), rejected, claimed (paid).
 */
export const promotionEntries = pgTable(
  "promotion_entries",
  {
    id: serial("id").primaryKey(),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    status: text("status").$type<"joined" | "issued" | "applying" | "rejected" | "claimed">().notNull(),
    comment: text("comment"),
    note: text("note"),
    /** Paid bonus, minor units, once claimed. */
    amount: bigint("amount", { mode: "bigint" }),
    currency: text("currency"),
    /** Valid bets required after payment (bonus × multiplier). */
    wagering: bigint("wagering", { mode: "bigint" }).notNull().default(sql`0`),
    transferId: bigint("transfer_id", { mode: "number" }),
    /** What paid it: a deposit reference, "claim", "review". */
    source: text("source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("promotion_entries_member_uq").on(t.promotionId, t.memberId), index("promotion_entries_member_idx").on(t.memberId), index("promotion_entries_status_idx").on(t.merchantCode, t.status)],
);

/**
 * What a referrer earned from one friend under a referral promotion: the friend's first deposit
 * of at least the promotion's minimum pays the referrer once (unique per promotion and friend,
 * ledger key `referral:{promotion}:{friend}`), in the deposit's own transaction.
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: serial("id").primaryKey(),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    friendId: integer("friend_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    depositId: integer("deposit_id").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    transferId: bigint("transfer_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_rewards_friend_uq").on(t.promotionId, t.friendId), index("referral_rewards_referrer_idx").on(t.referrerId, t.id)],
);
