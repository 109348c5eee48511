import { foldJackpot, JACKPOT_MAX, JACKPOT_MIN, JACKPOT_PERIOD_MS, jackpotClock, jackpotClockFrom, type ClockTick } from "#platform/games/jackpot.js";
import { formatNumber } from "./format";

/**
 * The running jackpot counter (spec §4, §9). The platform's pool (GET /lgw/games/jackpot) is the
 * spec's clock plus what real play put in today; the page starts from that value, rendered by the
 * server, and the browser carries it on with the same clock (100 to 500 every 3, 4 or 5 seconds),
 * so a reload shows what the counter had reached, not a jump back or forward.
 */
export { JACKPOT_MAX, JACKPOT_MIN };

/** The platform's pool: its value in hundredths at the moment it was read, and the clock's state then. */
export interface JackpotPool {
  cents: number;
  asOf: number;
  /** Read by the server with the pool (`withClock`): the browser carries the clock on from it. */
  clock?: ClockTick;
}

/** The pool with the clock's state at its `asOf`, for the browser (on the server: the day's table is kept there). */
export function withClock(pool: Omit<JackpotPool, "clock">): JackpotPool {
  return { ...pool, clock: jackpotClock(pool.asOf).tick };
}

/** The clock alone (no pool read): value in hundredths at `ms`, and when the next tick comes. */
export function jackpotAt(ms: number): { cents: number; nextTickAt: number } {
  const { cents, nextTickAt } = jackpotClock(ms);
  return { cents, nextTickAt };
}

/**
 * The counter at `ms`, carried on from the pool by the clock's ticks since it was read. A clock
 * behind the server's adds nothing (the counter never runs backwards); a new day is a new jackpot,
 * as on the platform, so the clock alone until the next read.
 */
export function jackpotValueAt(pool: JackpotPool | null, ms: number): { cents: number; nextTickAt: number } {
  const clock = pool?.clock;
  if (pool && clock && Math.floor(ms / JACKPOT_PERIOD_MS) === Math.floor(pool.asOf / JACKPOT_PERIOD_MS)) {
    // From the clock's state at asOf, tick by tick: no day table in the browser.
    const then = jackpotClockFrom(clock, pool.asOf);
    if (ms < pool.asOf) return { cents: foldJackpot(pool.cents), nextTickAt: then.nextTickAt };
    const now = jackpotClockFrom(clock, ms);
    return { cents: foldJackpot(pool.cents + Math.max(0, now.cents - clock.cents)), nextTickAt: now.nextTickAt };
  }
  const now = jackpotClock(ms);
  if (!pool) return { cents: now.cents, nextTickAt: now.nextTickAt };
  const then = jackpotClock(pool.asOf);
  if (then.periodStart !== now.periodStart) return { cents: now.cents, nextTickAt: now.nextTickAt };
  const grown = Math.max(0, now.cents - then.cents);
  return { cents: foldJackpot(pool.cents + grown), nextTickAt: ms < pool.asOf ? then.nextTickAt : now.nextTickAt };
}

/** Two decimals with thousands separators in the given locale. */
export function formatJackpot(cents: number, locale: string): string {
  return formatNumber(cents / 100, locale, 2, 2);
}
