import { bigint, date, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * Running totals of the settled in-house rounds per merchant, currency and UTC day, which the
 * jackpot pool (jackpot-pool.ts) reads in O(1) instead of summing the day's rounds on every home
 * page. Kept by a trigger on house_rounds (migration 0016): the round that becomes SETTLED adds
 * itself in the same transaction, so the totals never disagree with the rounds. Spread over 16
 * shards (round id mod 16) so concurrent rounds do not queue on one row.
 */
export const jackpotTotals = pgTable(
  "jackpot_totals",
  {
    merchantCode: text("merchant_code").notNull(),
    currency: text("currency").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    /** Minor units of the currency. */
    settledStake: bigint("settled_stake", { mode: "bigint" }).notNull(),
    /** Payouts of at least 500 times their round's stake, paid out of the pool. */
    jackpotWins: bigint("jackpot_wins", { mode: "bigint" }).notNull(),
    rounds: bigint("rounds", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.currency, t.day, t.shard] })],
);
