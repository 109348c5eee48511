/**
 * The running jackpot (spec §4, §9): a value between 11e9 and 12e9 with two decimals that grows
 * by 100 to 500 every 3, 4 or 5 seconds. Pure (no imports): the platform computes the pool with
 * it and the web's counter keeps ticking with it in the browser, so both agree on every tick.
 *
 * The pool of a merchant (jackpot-pool.ts) is this clock plus what real play put in today:
 *
 *   pool = clock(now) + 1% of today's settled in-house stakes − today's jackpot-sized wins
 *
 * Each UTC day starts a new jackpot: the clock restarts from a value in the lower half of the
 * range and today's stakes and wins count from zero, so a day cannot drift out of the range on
 * time alone (a day's ticks add at most 10.8 million). Real play could still push the pool out
 * of it, so the result is folded into the range: past 12e9 the jackpot counts as won at the cap
 * and restarts from 11e9 with the excess; it never shows less than 11e9.
 */
export const JACKPOT_MIN = 11_000_000_000;
export const JACKPOT_MAX = 12_000_000_000;
/** In hundredths: the values the counter shows (11e9 × 100 is well inside a safe integer). */
export const JACKPOT_MIN_CENTS = JACKPOT_MIN * 100;
export const JACKPOT_MAX_CENTS = JACKPOT_MAX * 100;
export const JACKPOT_PERIOD_MS = 86_400_000;
export const JACKPOT_TICKS_MS = [3000, 4000, 5000] as const;

function hash(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/** Where the last call stopped walking the day's ticks: a later call of the same day resumes there. */
let cursor: { day: number; t: number; k: number; cents: number } | null = null;

/**
 * The clock in hundredths at `ms`, when its next tick comes, and when its day (period) began.
 * The ticks are walked from the last call's position when it is of the same day and not later
 * than `ms` (every caller asks for "now", which only grows), so a call costs the ticks since the
 * previous one, not every tick since midnight; the result is the same either way.
 */
export function jackpotClock(ms: number): { cents: number; nextTickAt: number; periodStart: number } {
  const day = Math.floor(ms / JACKPOT_PERIOD_MS);
  const periodStart = day * JACKPOT_PERIOD_MS;
  let t: number;
  let k: number;
  let cents: number;
  if (cursor && cursor.day === day && cursor.t <= ms) {
    ({ t, k, cents } = cursor);
  } else {
    // Start of day: a value in the lower half of the range, with cents.
    cents = Math.round((JACKPOT_MIN + hash(day) * (JACKPOT_MAX - JACKPOT_MIN) * 0.5) * 100);
    t = periodStart;
    k = 0;
  }
  for (;;) {
    const step = JACKPOT_TICKS_MS[Math.floor(hash(day * 100_003 + k) * 3)]!;
    if (t + step > ms) {
      cursor = { day, t, k, cents };
      return { cents, nextTickAt: t + step, periodStart };
    }
    t += step;
    cents += Math.round((100 + hash(day * 7_919 + k) * 400) * 100);
    k++;
  }
}

/** Folds hundredths into the range: past the top it restarts from the bottom with the excess; never under the bottom. */
export function foldJackpot(cents: number): number {
  if (cents < JACKPOT_MIN_CENTS) return JACKPOT_MIN_CENTS;
  return JACKPOT_MIN_CENTS + ((cents - JACKPOT_MIN_CENTS) % (JACKPOT_MAX_CENTS - JACKPOT_MIN_CENTS));
}
