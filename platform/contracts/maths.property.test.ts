import fc from "fast-check";
import { applyRate, chooseTier, lastEnded, parseRate, formatRate, periodAt, periodOfKey, settle, validateTiers, RATE_SCALE, type Figures, type Tier } from "./maths.js";

const money = fc.bigInt({ min: 0n, max: 10n ** 13n });
const figures: fc.Arbitrary<Figures> = fc.record({
  validBet: money,
  profitLoss: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  activeMembers: fc.integer({ min: 0, max: 5000 }),
  betAmount: money,
});
/** Increasing valid-bet tiers with non-decreasing rates. */
const tiers: fc.Arbitrary<Tier[]> = fc
  .uniqueArray(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 6 })
  .chain((thresholds) =>
    fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: thresholds.length, maxLength: thresholds.length }).map((rates) => {
      const t = [...thresholds].sort((a, b) => (a < b ? -1 : 1));
      const r = [...rates].sort((a, b) => a - b);
      return t.map((validBet, i) => ({ validBet, rate: r[i]! }));
    }),
  );

describe("contract settlement maths", () => {
  it("accepts increasing tiers within the cap and refuses a rate above it", () => {
    fc.assert(
      fc.property(tiers, (ts) => {
        const top = Math.max(...ts.map((t) => t.rate));
        expect(validateTiers(ts, top)).toEqual([]);
        if (top > 1) expect(validateTiers(ts, top - 1).some((i) => i.code === "RATE_ABOVE_UPLINE")).toBe(true);
      }),
    );
  });

  it("refuses thresholds that do not increase and rates that go down", () => {
    expect(validateTiers([{ validBet: 100n, rate: 100 }, { validBet: 100n, rate: 150 }], 200).map((i) => i.code)).toContain("NOT_INCREASING");
    expect(validateTiers([{ validBet: 100n, rate: 150 }, { validBet: 200n, rate: 100 }], 200).map((i) => i.code)).toContain("RATE_DECREASING");
    expect(validateTiers([{ validBet: 100n, rate: 100 }, { activeMembers: 3, rate: 150 }], 200).map((i) => i.code)).toContain("SAME_THRESHOLDS");
    expect(validateTiers([], 200).map((i) => i.code)).toEqual(["NO_TIERS"]);
    expect(validateTiers([{ rate: 100 }], 200).map((i) => i.code)).toContain("NO_THRESHOLD");
  });

  it("chooses the highest tier whose every threshold is met", () => {
    fc.assert(
      fc.property(tiers, figures, (ts, f) => {
        const i = chooseTier(ts, f);
        const met = ts.map((t) => f.validBet >= t.validBet!);
        if (i === -1) expect(met.some(Boolean)).toBe(false);
        else {
          expect(met[i]).toBe(true);
          expect(met.slice(i + 1).some(Boolean)).toBe(false);
        }
      }),
    );
  });

  it("rounds down to the minor unit: never more than base × rate, less by under one unit", () => {
    fc.assert(
      fc.property(money, fc.integer({ min: 1, max: 10_000 }), (base, rate) => {
        const paid = applyRate(base, rate);
        expect(paid * RATE_SCALE <= base * BigInt(rate)).toBe(true);
        expect((paid + 1n) * RATE_SCALE > base * BigInt(rate)).toBe(true);
      }),
    );
  });

  it("dividends never go negative and carry a loss until profit covers it; the payments over periods never exceed the rate on the net profit", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 10_000 }), (profits, rate) => {
        const ts: Tier[] = [{ activeMembers: 0, rate }];
        let carry = 0n;
        let paid = 0n;
        for (const p of profits) {
          const r = settle("DIVIDEND", ts, { validBet: 0n, profitLoss: p, activeMembers: 1, betAmount: 0n }, carry);
          expect(r.amount >= 0n).toBe(true);
          expect(r.carryOut <= 0n).toBe(true);
          if (r.amount > 0n) expect(r.carryOut).toBe(0n);
          carry = r.carryOut;
          paid += r.amount;
        }
        const gains = profits.reduce((a, b) => a + (b > 0n ? b : 0n), 0n);
        // Never more than the rate on the gains; a run of losses pays nothing and carries them all.
        expect(paid * RATE_SCALE <= gains * BigInt(rate)).toBe(true);
        if (profits.every((p) => p <= 0n)) {
          expect(paid).toBe(0n);
          expect(carry).toBe(profits.reduce((a, b) => a + b, 0n));
        }
      }),
    );
  });

  it("salary pays the rate of the tier reached on the valid bet, nothing below the first tier", () => {
    const ts: Tier[] = [{ validBet: 10_000n, rate: 100 }, { validBet: 100_000n, rate: 200 }];
    expect(settle("DAILY_SALARY", ts, { validBet: 9_999n, profitLoss: 0n, activeMembers: 1, betAmount: 9_999n }).amount).toBe(0n);
    expect(settle("DAILY_SALARY", ts, { validBet: 15_000n, profitLoss: 0n, activeMembers: 1, betAmount: 15_000n })).toMatchObject({ tier: 0, rate: 100, amount: 150n });
    expect(settle("DAILY_SALARY", ts, { validBet: 150_033n, profitLoss: 0n, activeMembers: 1, betAmount: 150_033n })).toMatchObject({ tier: 1, rate: 200, amount: 3_000n });
  });

  it("rates parse and print back; periods contain their instant and round-trip by key", () => {
    expect(parseRate("1.5")).toBe(150);
    expect(parseRate("100")).toBe(10_000);
    for (const bad of ["0", "100.01", "1.234", "-1", "abc", ""]) expect(parseRate(bad)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), (r) => {
      expect(parseRate(formatRate(r))).toBe(r);
    }));
    const schemes = [
      ["REALTIME_SALARY", null],
      ["HOURLY_SALARY", null],
      ["DAILY_SALARY", null],
      ["DIVIDEND", "weekly"],
      ["DIVIDEND", "semimonthly"],
      ["DIVIDEND", "monthly"],
    ] as const;
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }), (at) => {
        for (const [s, p] of schemes) {
          const span = periodAt(s, p, at);
          expect(span.from <= at && at < span.to).toBe(true);
          expect(periodOfKey(s, p, span.key)).toEqual(span);
          expect(lastEnded(s, p, at).to).toEqual(span.from);
        }
      }),
    );
  });
});
