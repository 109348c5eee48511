import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";
import { merchants, type LocalizedText } from "../system/schema.js";

export const MISSION_PERIODS = ["daily", "weekly"] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

/**
 * A mission the operator sets (spec §2 missionLeaderboard): reach `target` of valid bets in a
 * category (or in every category when null) within the period (a UTC day, or a week from
 * Monday), and claim `reward`. It starts again every period.
 */
export const missions = pgTable(
  "missions",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    /** The operator's own key (PUT is an upsert on it). */
    code: text("code").notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    category: text("category"),
    period: text("period").$type<MissionPeriod>().notNull().default("weekly"),
    /** Valid bet to reach, minor units. */
    target: bigint("target", { mode: "bigint" }).notNull(),
    reward: bigint("reward", { mode: "bigint" }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    sort: integer("sort").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("missions_code_uq").on(t.merchantCode, t.code)],
);

/**
 * A mission's reward paid to a member for one period. The unique key and the ledger key
 * `mission:{mission}:{member}:{period}` are the two guards that make it pay once.
 */
export const missionClaims = pgTable(
  "mission_claims",
  {
    id: serial("id").primaryKey(),
    missionId: integer("mission_id")
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    periodKey: text("period_key").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull().default(sql`0`),
    currency: text("currency").notNull(),
    /** The valid bet the member had reached when claiming. */
    progress: bigint("progress", { mode: "bigint" }).notNull().default(sql`0`),
    transferId: bigint("transfer_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mission_claims_period_uq").on(t.missionId, t.memberId, t.periodKey), index("mission_claims_member_idx").on(t.memberId, t.id)],
);
