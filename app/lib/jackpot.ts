/**
 * The running jackpot counter (spec §9): starts between 11e9 and 12e9 with two decimals and
 * grows by 100 to 500 every 3, 4 or 5 seconds. The value is a pure function of time, so the
 * server renders a value that keeps growing between page loads and the browser carries on from
 * it. It restarts from a new value each UTC day, so it stays within its range.
 */
export const JACKPOT_MIN = 11_000_000_000;
export const JACKPOT_MAX = 12_000_000_000;
const DAY = 86_400_000;
const TICKS = [3000, 4000, 5000] as const;

function hash(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/** Value in hundredths (cents) at time `ms`, and when the next tick comes. */
export function jackpotAt(ms: number): { cents: number; nextTickAt: number } {
  const day = Math.floor(ms / DAY);
  const dayStart = day * DAY;
  // Start of day: a value in the lower half of the range, with cents.
  let cents = Math.round((JACKPOT_MIN + hash(day) * (JACKPOT_MAX - JACKPOT_MIN) * 0.5) * 100);
  let t = dayStart;
  let k = 0;
  for (;;) {
    const step = TICKS[Math.floor(hash(day * 100_003 + k) * 3)]!;
    if (t + step > ms) return { cents, nextTickAt: t + step };
    t += step;
    cents += Math.round((100 + hash(day * 7_919 + k) * 400) * 100);
    k++;
  }
}

/** Two decimals with thousands separators in the given locale. */
export function formatJackpot(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}
