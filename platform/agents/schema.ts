import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";

/**
 * The team tree as a closure table (ADR 011): one row per (ancestor, descendant) pair, the
 * member itself included at depth 0. "All of my team" is one range scan of the primary key;
 * "my uplines" one of the descendant index. Rows are written by triggers on `members` (insert,
 * and a change of `upline_id`), so every way a member is created keeps the tree exact.
 */
export const memberTree = pgTable(
  "member_tree",
  {
    ancestorId: integer("ancestor_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    descendantId: integer("descendant_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** 0 for the member itself, 1 for a direct downline, and so on. */
    depth: smallint("depth").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.depth, t.descendantId] }), index("member_tree_descendant_idx").on(t.descendantId, t.ancestorId)],
);

/**
 * Each member's money and play per day of the brand's time zone (ADR 022), kept by triggers in
 * the same transaction as the rows they sum (ledger transfers, settled in-house rounds, settled
 * lottery tickets, closed vendor rounds), so they can never disagree with them. Team reports and
 * settlements over whole days read these instead of every row of the period;
 * `member_day_totals_rebuild` recomputes them from the rows (migration backfill, bulk loads,
 * a change of the brand's time zone).
 */
export const memberDayTotals = pgTable(
  "member_day_totals",
  {
    memberId: integer("member_id").notNull(),
    day: date("day").notNull(),
    deposits: bigint("deposits", { mode: "bigint" }).notNull().default(sql`0`),
    withdrawals: bigint("withdrawals", { mode: "bigint" }).notNull().default(sql`0`),
    bets: bigint("bets", { mode: "bigint" }).notNull().default(sql`0`),
    betCount: integer("bet_count").notNull().default(0),
    rollbacks: bigint("rollbacks", { mode: "bigint" }).notNull().default(sql`0`),
    wins: bigint("wins", { mode: "bigint" }).notNull().default(sql`0`),
    validBet: bigint("valid_bet", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);
