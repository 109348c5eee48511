import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";

/**
 * Provably fair seeds (one active per member): the server seed is shown only as its SHA-256
 * until the member rotates it; every round names the seed, client seed and nonce it used.
 */
export const fairSeeds = pgTable(
  "fair_seeds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    /** Committed in advance: its hash is shown too, and it becomes the server seed at rotation. */
    nextServerSeed: text("next_server_seed").notNull(),
    nextServerSeedHash: text("next_server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    /** The next round's nonce. */
    nonce: integer("nonce").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp("revealed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("fair_seeds_active_uq").on(t.memberId).where(sql`active`), uniqueIndex("fair_seeds_hash_uq").on(t.serverSeedHash)],
);

/** One in-house game round: what was bet, what came out, and the money before and after (game recall). */
export const houseRounds = pgTable(
  "house_rounds",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    gameCode: text("game_code").notNull(),
    category: text("category").notNull(),
    currency: text("currency").notNull(),
    seedId: integer("seed_id")
      .notNull()
      .references(() => fairSeeds.id),
    nonce: integer("nonce").notNull(),
    clientSeed: text("client_seed").notNull(),
    /** The request's key: a resubmitted form plays one round. */
    requestKey: text("request_key").notNull(),
    bets: jsonb("bets").$type<unknown>().notNull(),
    /** The player's decisions in a stateful game, in order (for replay and verification). */
    actions: jsonb("actions").$type<string[]>().notNull().default([]),
    /** A round that waits for the player (blackjack, hi-lo) keeps its state here until it ends. */
    state: jsonb("state").$type<unknown>(),
    outcome: jsonb("outcome").$type<unknown>(),
    status: text("status").$type<"OPEN" | "SETTLED">().notNull().default("OPEN"),
    stake: bigint("stake", { mode: "bigint" }).notNull().default(sql`0`),
    win: bigint("win", { mode: "bigint" }).notNull().default(sql`0`),
    balanceBefore: bigint("balance_before", { mode: "bigint" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("house_rounds_request_uq").on(t.memberId, t.requestKey),
    // A member's rounds by time (the betting record, a small team's bets, figures by period), and
    // the brand's rounds by time (a large team's bets, walked newest first: ADR 024).
    index("house_rounds_member_time_idx").on(t.memberId, t.createdAt, t.id),
    index("house_rounds_time_idx").on(t.merchantCode, t.createdAt, t.id),
    index("house_rounds_open_idx").on(t.memberId, t.gameCode).where(sql`status = 'OPEN'`),
    // The jackpot pool sums the day's settled stakes per merchant.
    index("house_rounds_settled_idx").on(t.merchantCode, t.settledAt),
  ],
);
