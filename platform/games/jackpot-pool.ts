import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { currencyExponent, formatAmount } from "../ledger/money.js";
import { houseRounds } from "../rounds/schema.js";
import { jackpotTotals } from "./jackpot-schema.js";
import { foldJackpot, JACKPOT_MAX_CENTS, JACKPOT_MIN_CENTS, jackpotClock } from "./jackpot.js";
import { formatMinor } from "./service.js";

/**
 * A merchant's jackpot pool, grounded in real play (jackpot.ts has the formula and the range
 * rule): the spec's clock, plus 1% of the stakes of in-house rounds settled today, minus today's
 * jackpot-sized wins (a payout of at least 500 times its round's stake is paid out of the pool).
 * Amounts are the merchant's currency shown with two decimals, the counter's display unit.
 */
export const JACKPOT_CONTRIBUTION_BASIS_POINTS = 100n;
export const JACKPOT_WIN_MULTIPLE = 500n;
/** Today's totals are read at most this often per merchant and node: the home page asks every time. */
export const JACKPOT_CACHE_MS = 5000;

export interface PlayTotals {
  /** Minor units of the currency. */
  settledStake: bigint;
  jackpotWins: bigint;
  rounds: number;
}

/** The pool in hundredths of the display unit: clock + contribution − jackpot wins, folded into the range. */
export function jackpotPoolCents(clockCents: number, play: Pick<PlayTotals, "settledStake" | "jackpotWins">, currency: string) {
  const unit = 10n ** BigInt(currencyExponent(currency));
  // Minor units → hundredths of a unit; the contribution rounds down to the hundredth.
  const contribution = (play.settledStake * JACKPOT_CONTRIBUTION_BASIS_POINTS) / (100n * unit);
  const wins = (play.jackpotWins * 100n) / unit;
  const raw = BigInt(clockCents) + contribution - wins;
  const min = BigInt(JACKPOT_MIN_CENTS);
  // Reduced first, so a number of any size becomes a safe JavaScript integer before folding.
  const reduced = raw >= min ? min + ((raw - min) % BigInt(JACKPOT_MAX_CENTS - JACKPOT_MIN_CENTS)) : min;
  return { cents: foldJackpot(Number(reduced)), contribution, wins };
}

/** The UTC day of a period start, as the totals key it ("2026-11-24"). */
const dayOf = (since: Date) => since.toISOString().slice(0, 10);

/**
 * Today's totals: at most 16 rows of jackpot_totals (kept by a trigger as rounds settle), so the
 * cost is the same at 0 and at 10 million rounds a day.
 */
async function readTotals(db: Database, merchant: { code: string; currency: string }, since: Date): Promise<PlayTotals> {
  const [row] = await db
    .select({
      stake: sql<string>`coalesce(sum(${jackpotTotals.settledStake}), 0)::text`,
      wins: sql<string>`coalesce(sum(${jackpotTotals.jackpotWins}), 0)::text`,
      rounds: sql<string>`coalesce(sum(${jackpotTotals.rounds}), 0)::text`,
    })
    .from(jackpotTotals)
    .where(and(eq(jackpotTotals.merchantCode, merchant.code), eq(jackpotTotals.currency, merchant.currency), eq(jackpotTotals.day, dayOf(since))));
  return { settledStake: BigInt(row?.stake ?? "0"), jackpotWins: BigInt(row?.wins ?? "0"), rounds: Number(row?.rounds ?? 0) };
}

/** The totals recomputed from the rounds themselves (the same rule as the trigger): after a bulk load or a repair. */
export async function rebuildJackpotTotals(db: Database) {
  await db.transaction(async (tx) => {
    await tx.delete(jackpotTotals);
    await tx.execute(sql`
      insert into jackpot_totals (merchant_code, currency, day, shard, settled_stake, jackpot_wins, rounds)
      select merchant_code, currency, (settled_at at time zone 'UTC')::date, (id % 16)::smallint, sum(stake),
        coalesce(sum(win) filter (where stake > 0 and win >= stake * ${sql.raw(JACKPOT_WIN_MULTIPLE.toString())}), 0), count(*)
      from ${houseRounds} where status = 'SETTLED' and settled_at is not null
      group by 1, 2, 3, 4`);
  });
}

const cache = new WeakMap<Database, Map<string, { at: number; totals: Promise<PlayTotals> }>>();

function todaysTotals(db: Database, merchant: { code: string; currency: string }, periodStart: number, cacheMs: number): Promise<PlayTotals> {
  let byKey = cache.get(db);
  if (!byKey) cache.set(db, (byKey = new Map()));
  const key = `${merchant.code}|${merchant.currency}|${periodStart}`;
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < cacheMs) return hit.totals;
  const totals = readTotals(db, merchant, new Date(periodStart));
  if (byKey.size > 1000) byKey.clear();
  const map = byKey;
  map.set(key, { at: Date.now(), totals });
  totals.catch(() => map.delete(key));
  return totals;
}

/** The public jackpot answer (GET /lgw/games/jackpot): the pool now, and what it is made of. */
export async function jackpotPool(
  db: Database,
  merchant: { code: string; currency: string },
  now = Date.now(),
  { cacheMs = JACKPOT_CACHE_MS }: { cacheMs?: number } = {},
) {
  const clock = jackpotClock(now);
  const play = await todaysTotals(db, merchant, clock.periodStart, cacheMs);
  const pool = jackpotPoolCents(clock.cents, play, merchant.currency);
  return {
    amount: formatMinor(BigInt(pool.cents)),
    currency: merchant.currency,
    asOf: new Date(now).toISOString(),
    nextTickAt: new Date(clock.nextTickAt).toISOString(),
    periodStart: new Date(clock.periodStart).toISOString(),
    contributionPercent: Number(JACKPOT_CONTRIBUTION_BASIS_POINTS) / 100,
    settledStake: formatAmount(play.settledStake, merchant.currency),
    settledRounds: play.rounds,
    contribution: formatMinor(pool.contribution),
    jackpotWins: formatAmount(play.jackpotWins, merchant.currency),
  };
}
