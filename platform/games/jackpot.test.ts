import { foldJackpot, JACKPOT_MAX_CENTS, JACKPOT_MIN_CENTS, JACKPOT_PERIOD_MS, jackpotClock, jackpotClockFrom } from "./jackpot.js";
import { jackpotPoolCents } from "./jackpot-pool.js";

describe("jackpot clock (spec §9)", () => {
  it("starts each day in range and grows 100-500 per tick, every 3, 4 or 5 s", () => {
    const start = Date.UTC(2026, 10, 22);
    let prev = jackpotClock(start);
    expect(prev.periodStart).toBe(start);
    expect(prev.cents).toBeGreaterThanOrEqual(JACKPOT_MIN_CENTS);
    for (let i = 0; i < 500; i++) {
      const at = prev.nextTickAt;
      const next = jackpotClock(at);
      expect([3000, 4000, 5000]).toContain(next.nextTickAt - at);
      expect(next.cents - prev.cents).toBeGreaterThanOrEqual(100_00);
      expect(next.cents - prev.cents).toBeLessThanOrEqual(500_00);
      prev = next;
    }
    const endOfDay = jackpotClock(start + JACKPOT_PERIOD_MS - 1);
    expect(endOfDay.cents).toBeLessThan(JACKPOT_MAX_CENTS);
    expect(jackpotClock(start + JACKPOT_PERIOD_MS).periodStart).toBe(start + JACKPOT_PERIOD_MS);
  });

  it("gives the same value whether it resumes from an earlier call or walks the day from midnight", () => {
    const start = Date.UTC(2026, 10, 23);
    const late = start + 20 * 3600_000 + 1234;
    jackpotClock(start - 1); // the day before: the next call walks from midnight
    const fresh = jackpotClock(late);
    jackpotClock(start + 3600_000);
    jackpotClock(start + 7 * 3600_000 + 17);
    expect(jackpotClock(late)).toEqual(fresh); // resumed from 07:00
    expect(jackpotClock(start + 3600_000)).toEqual((jackpotClock(start - 1), jackpotClock(start + 3600_000))); // earlier: from midnight again
  });

  it("answers any instant of the day, in any order, as the tick-by-tick walk from midnight does", () => {
    const start = Date.UTC(2026, 10, 24);
    // The walk: every tick of the day, each 3-5 s after the last and 100-500 higher.
    const ticks: Array<{ at: number; cents: number }> = [];
    let c = jackpotClock(start);
    ticks.push({ at: start, cents: c.cents });
    while (c.nextTickAt < start + JACKPOT_PERIOD_MS) {
      const at = c.nextTickAt;
      const next = jackpotClock(at);
      expect(at - ticks[ticks.length - 1]!.at).toBeGreaterThanOrEqual(3000);
      expect(at - ticks[ticks.length - 1]!.at).toBeLessThanOrEqual(5000);
      expect(next.cents - c.cents).toBeGreaterThanOrEqual(100 * 100);
      expect(next.cents - c.cents).toBeLessThanOrEqual(500 * 100);
      ticks.push({ at, cents: next.cents });
      c = next;
    }
    expect(ticks.length).toBeGreaterThan(17_000);
    // Random instants, out of order, between and on ticks, and across another day's calls.
    let seed = 7;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const j = Math.floor(rnd() * ticks.length);
      const tick = ticks[j]!;
      const nextAt = ticks[j + 1]?.at ?? jackpotClock(tick.at).nextTickAt;
      const at = tick.at + Math.floor(rnd() * (nextAt - tick.at));
      if (i % 100 === 0) jackpotClock(start - 1 - i);
      const clock = jackpotClock(at);
      expect(clock).toEqual({ cents: tick.cents, nextTickAt: nextAt, periodStart: start, tick: { k: j, at: tick.at, cents: tick.cents } });
      // Carried on from an earlier state of the day, tick by tick (what the browser does): the same.
      const e = Math.max(0, j - Math.floor(rnd() * 50));
      expect(jackpotClockFrom({ k: e, at: ticks[e]!.at, cents: ticks[e]!.cents }, at)).toEqual({ cents: tick.cents, nextTickAt: nextAt });
    }
  });

  it("folds into the range: restarts from the bottom past the top, never under the bottom", () => {
    expect(foldJackpot(JACKPOT_MIN_CENTS + 5)).toBe(JACKPOT_MIN_CENTS + 5);
    expect(foldJackpot(JACKPOT_MAX_CENTS - 1)).toBe(JACKPOT_MAX_CENTS - 1);
    expect(foldJackpot(JACKPOT_MAX_CENTS + 250)).toBe(JACKPOT_MIN_CENTS + 250);
    expect(foldJackpot(JACKPOT_MIN_CENTS - 1)).toBe(JACKPOT_MIN_CENTS);
  });
});

describe("jackpot pool from real play", () => {
  const clock = JACKPOT_MIN_CENTS + 123_456_78;

  it("adds 1% of settled stakes in hundredths of the display unit, whatever the currency's decimals", () => {
    expect(jackpotPoolCents(clock, { settledStake: 0n, jackpotWins: 0n }, "USD").cents).toBe(clock);
    // 10.00 USD staked → 0.10 in the pool.
    expect(jackpotPoolCents(clock, { settledStake: 1000n, jackpotWins: 0n }, "USD")).toMatchObject({ cents: clock + 10, contribution: 10n });
    // 5,000 VND (no decimals) → 50.00.
    expect(jackpotPoolCents(clock, { settledStake: 5000n, jackpotWins: 0n }, "VND").cents).toBe(clock + 5000);
    // 1.000 KWD (three decimals) → 0.01; less than a hundredth rounds down.
    expect(jackpotPoolCents(clock, { settledStake: 1000n, jackpotWins: 0n }, "KWD").cents).toBe(clock + 1);
    expect(jackpotPoolCents(clock, { settledStake: 99n, jackpotWins: 0n }, "USD").cents).toBe(clock);
  });

  it("pays jackpot-sized wins out of the pool and keeps the result in range", () => {
    expect(jackpotPoolCents(clock, { settledStake: 0n, jackpotWins: 2_500_00n }, "USD").cents).toBe(clock - 2_500_00);
    expect(jackpotPoolCents(JACKPOT_MIN_CENTS + 10, { settledStake: 0n, jackpotWins: 1_000_00n }, "USD").cents).toBe(JACKPOT_MIN_CENTS);
    const huge = jackpotPoolCents(JACKPOT_MAX_CENTS - 100, { settledStake: 10n ** 15n, jackpotWins: 0n }, "USD").cents;
    expect(huge).toBeGreaterThanOrEqual(JACKPOT_MIN_CENTS);
    expect(huge).toBeLessThan(JACKPOT_MAX_CENTS);
    expect(Number.isSafeInteger(huge)).toBe(true);
  });
});
