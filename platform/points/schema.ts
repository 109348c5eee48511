import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";
import { merchants, type LocalizedText } from "../system/schema.js";

/** Points types of spec §3: earned from bets of a category or from deposits, spent on redeem (and convert). */
export const POINTS_BET_TYPES = ["live", "lottery", "pvp", "slots", "sports"] as const;
export type PointsBetType = (typeof POINTS_BET_TYPES)[number];

/**
 * The operator's ratios: points per 1.00 of valid bet for each type, per 1.00 deposited, and
 * the points that convert to 1.00 of balance (0: converting is off).
 */
export const pointsSettings = pgTable("points_settings", {
  merchantCode: text("merchant_code")
    .primaryKey()
    .references(() => merchants.code, { onDelete: "cascade" }),
  betRatios: jsonb("bet_ratios").$type<Partial<Record<PointsBetType, number>>>().notNull().default({}),
  depositRatio: integer("deposit_ratio").notNull().default(0),
  convertRatio: integer("convert_ratio").notNull().default(0),
  rules: jsonb("rules").$type<LocalizedText>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A member's points; never below zero (checked), changed only with a points entry in the same transaction. */
export const pointsBalances = pgTable(
  "points_balances",
  {
    memberId: integer("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (t) => [check("points_balances_non_negative", sql`${t.balance} >= 0`)],
);

/**
 * Every earn and spend of points, append-only. `sourceKey` is unique: a settled round, a credited
 * deposit, a redemption or a conversion moves points once, however often the job runs.
 */
export const pointsEntries = pgTable(
  "points_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    /** live, lottery, pvp, slots, sports, deposit (earned); redeem, convert (spent); refund (a rejected redeem). */
    type: text("type").notNull(),
    points: bigint("points", { mode: "bigint" }).notNull(),
    sourceKey: text("source_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("points_entries_source_uq").on(t.sourceKey), index("points_entries_member_idx").on(t.memberId, t.id)],
);

/** Goods of the points mall. `stock` is what is still available; a redeem takes from it in its transaction. */
export const pointsGoods = pgTable(
  "points_goods",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    imageUrl: text("image_url"),
    price: bigint("price", { mode: "bigint" }).notNull(),
    stock: integer("stock").notNull().default(0),
    perMemberLimit: integer("per_member_limit").notNull().default(0),
    /** Physical goods need a receiving address. */
    physical: boolean("physical").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("points_goods_code_uq").on(t.merchantCode, t.code), check("points_goods_stock_non_negative", sql`${t.stock} >= 0`)],
);

/** A redemption: IN_PROCESS until the operator approves (ships) or rejects it (points and stock returned). */
export const pointsRedemptions = pgTable(
  "points_redemptions",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    goodsId: integer("goods_id")
      .notNull()
      .references(() => pointsGoods.id),
    quantity: integer("quantity").notNull(),
    points: bigint("points", { mode: "bigint" }).notNull(),
    address: text("address"),
    status: text("status").$type<"IN_PROCESS" | "APPROVED" | "REJECTED">().notNull().default("IN_PROCESS"),
    note: text("note"),
    requestKey: text("request_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("points_redemptions_request_uq").on(t.memberId, t.requestKey), index("points_redemptions_member_idx").on(t.memberId, t.id), index("points_redemptions_status_idx").on(t.merchantCode, t.status)],
);
