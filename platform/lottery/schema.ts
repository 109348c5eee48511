import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";

/**
 * One draw of an in-house lottery. The server seed is drawn when the row is made; only its
 * SHA-256 is shown until the draw, when the numbers are computed from it and it is published.
 * OPEN takes bets until `closes_at`; DRAWN has numbers; SETTLED has paid every ticket.
 */
export const lotteryDraws = pgTable(
  "lottery_draws",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gameCode: text("game_code").notNull(),
    issue: text("issue").notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    drawAt: timestamp("draw_at", { withTimezone: true }).notNull(),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    numbers: jsonb("numbers").$type<Record<string, string[]>>(),
    status: text("status").$type<"OPEN" | "DRAWN" | "SETTLED">().notNull().default("OPEN"),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("lottery_draws_issue_uq").on(t.gameCode, t.issue),
    index("lottery_draws_game_idx").on(t.gameCode, t.drawAt),
    index("lottery_draws_pending_idx").on(t.drawAt).where(sql`status <> 'SETTLED'`),
  ],
);

export interface TicketLine {
  type: string;
  selection: string;
  /** Minor units, as a string (JSON has no bigint). */
  amount: string;
  /** Thousandths of a unit returned per unit staked, fixed when the ticket is bought. */
  odds: number;
  /** Minor units once settled. */
  win?: string;
}

/**
 * A member's ticket for one draw: one or more lines, one debit of their sum through the vendor
 * wallet (round `L<id>`), one credit of the wins after the draw. PLACING until the debit is done;
 * a ticket still PLACING when its draw is drawn is voided (its debit rolled back).
 */
export const lotteryTickets = pgTable(
  "lottery_tickets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    currency: text("currency").notNull(),
    gameCode: text("game_code").notNull(),
    drawId: bigint("draw_id", { mode: "number" })
      .notNull()
      .references(() => lotteryDraws.id),
    issue: text("issue").notNull(),
    prizeMode: text("prize_mode").notNull(),
    lines: jsonb("lines").$type<TicketLine[]>().notNull(),
    stake: bigint("stake", { mode: "bigint" }).notNull(),
    win: bigint("win", { mode: "bigint" }).notNull().default(sql`0`),
    status: text("status").$type<"PLACING" | "PENDING" | "WON" | "LOST" | "VOID">().notNull().default("PLACING"),
    requestKey: text("request_key").notNull(),
    /** The wallet before the stake was taken, and after the ticket was paid (or after the stake while pending). */
    balanceBefore: bigint("balance_before", { mode: "bigint" }),
    balanceAfter: bigint("balance_after", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("lottery_tickets_request_uq").on(t.memberId, t.requestKey),
    // By member and time, and by brand and time: the team bets' two ways of reading (ADR 024).
    index("lottery_tickets_member_time_idx").on(t.memberId, t.createdAt, t.id),
    index("lottery_tickets_time_idx").on(t.merchantCode, t.createdAt, t.id),
    index("lottery_tickets_draw_open_idx").on(t.drawId).where(sql`status IN ('PLACING', 'PENDING')`),
  ],
);
