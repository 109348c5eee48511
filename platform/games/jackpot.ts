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

const CHECKPOINT_EVERY = 64;
interface DayTable {
  day: number;
  /** Time and value after every CHECKPOINT_EVERY-th tick of the day (index j: tick j × CHECKPOINT_EVERY). */
  t: Float64Array;
  cents: Float64Array;
}
/** The two latest days asked for (today, and yesterday for a pool read just before midnight). */
let tables: DayTable[] = [];

function stepOf(day: number, k: number): number {
  return JACKPOT_TICKS_MS[Math.floor(hash(day * 100_003 + k) * 3)]!;
}
function growthOf(day: number, k: number): number {
  return Math.round((100 + hash(day * 7_919 + k) * 400) * 100);
}

/** Walks one day's ticks once (about 20,000, well under a millisecond) and keeps a checkpoint every CHECKPOINT_EVERY. */
function dayTable(day: number): DayTable {
  const kept = tables.find((x) => x.day === day);
  if (kept) return kept;
  const periodStart = day * JACKPOT_PERIOD_MS;
  const size = Math.ceil(JACKPOT_PERIOD_MS / JACKPOT_TICKS_MS[0] / CHECKPOINT_EVERY) + 1;
  const t = new Float64Array(size);
  const cents = new Float64Array(size);
  // Start of day: a value in the lower half of the range, with cents.
  let c = Math.round((JACKPOT_MIN + hash(day) * (JACKPOT_MAX - JACKPOT_MIN) * 0.5) * 100);
  let at = periodStart;
  let n = 0;
  for (let k = 0; at < periodStart + JACKPOT_PERIOD_MS; k++) {
    if (k % CHECKPOINT_EVERY === 0) {
      t[n] = at;
      cents[n] = c;
      n++;
    }
    at += stepOf(day, k);
    c += growthOf(day, k);
  }
  const table = { day, t: t.subarray(0, n), cents: cents.subarray(0, n) };
  tables = [table, ...tables.filter((x) => x.day !== day)].slice(0, 2);
  return table;
}

/**
 * The clock in hundredths at `ms`, when its next tick comes, and when its day (period) began.
 * Constant time after the day's first call: the nearest checkpoint at or before `ms` (binary
 * search), then at most CHECKPOINT_EVERY ticks; the same result as walking from midnight.
 */
export function jackpotClock(ms: number): { cents: number; nextTickAt: number; periodStart: number; tick: ClockTick } {
  const day = Math.floor(ms / JACKPOT_PERIOD_MS);
  const periodStart = day * JACKPOT_PERIOD_MS;
  const table = dayTable(day);
  let lo = 0;
  let hi = table.t.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (table.t[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  let t = table.t[lo]!;
  let cents = table.cents[lo]!;
  for (let k = lo * CHECKPOINT_EVERY; ; k++) {
    const step = stepOf(day, k);
    if (t + step > ms) return { cents, nextTickAt: t + step, periodStart, tick: { k, at: t, cents } };
    t += step;
    cents += growthOf(day, k);
  }
}

/** The clock's state at an instant: the value from `at` on, and `k`, the index of its day's next tick. */
export interface ClockTick {
  k: number;
  at: number;
  cents: number;
}

/**
 * The clock carried on from a state read earlier the same day, tick by tick, without the day's
 * table: what the browser does from the state the server read, so a page never walks the day's
 * 20,000 ticks (a long task on a slow phone). The same result as `jackpotClock(ms)` for any `ms`
 * at or after `from.at` in the same day.
 */
export function jackpotClockFrom(from: ClockTick, ms: number): { cents: number; nextTickAt: number } {
  const day = Math.floor(from.at / JACKPOT_PERIOD_MS);
  let { k, at: t, cents } = from;
  for (;;) {
    const step = stepOf(day, k);
    if (t + step > ms) return { cents, nextTickAt: t + step };
    t += step;
    cents += growthOf(day, k);
    k++;
  }
}

/** Folds hundredths into the range: past the top it restarts from the bottom with the excess; never under the bottom. */
export function foldJackpot(cents: number): number {
  if (cents < JACKPOT_MIN_CENTS) return JACKPOT_MIN_CENTS;
  return JACKPOT_MIN_CENTS + ((cents - JACKPOT_MIN_CENTS) % (JACKPOT_MAX_CENTS - JACKPOT_MIN_CENTS));
}
