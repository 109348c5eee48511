import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rankOf } from "../cards";
import { createRng } from "../fair";
import { Rational } from "../rational";
import { cardsRng } from "../testing/scripted-rng";
import { chiSquare, RunningStats } from "../testing/stats";
import * as dice from "./dice";
import * as hilo from "./hilo";

describe("dice", () => {
  it("pays (1 - 1%) / chance, so every target has a house edge of exactly 1%", () => {
    fc.assert(
      fc.property(fc.constantFrom("over" as const, "under" as const), fc.integer({ min: 0, max: 9999 }), (kind, target) => {
        const w = dice.winningRolls({ kind, target });
        fc.pre(w >= 1 && w <= 9800);
        expect(dice.exactReturn({ kind, target })).toEqual(Rational.of(99, 100));
      }),
    );
    expect(dice.multiplierText({ kind: "over", target: 4999 })).toBe("1.9800");
    expect(dice.multiplierText({ kind: "under", target: 1 })).toBe("9900.0000");
  });

  it("settles over and under at the edges of the target", () => {
    const settle = (roll: number, bet: dice.DiceBet) => dice.settleBets(dice.outcomeOf(roll), [bet]).totalPayout;
    expect(settle(5000, { kind: "over", target: 5000, amount: 100n })).toBe(0n);
    expect(settle(5001, { kind: "over", target: 5000, amount: 100n })).toBe(198n); // 9900 / 4999 -> 198.03, floored
    expect(settle(4999, { kind: "under", target: 5000, amount: 100n })).toBe(198n);
    expect(dice.outcomeOf(7).display).toBe("00.07");
    expect(dice.validateBets([{ kind: "over", target: 9999, amount: 100n }]).ok).toBe(false); // no winning roll
    expect(dice.validateBets([{ kind: "under", target: 9801, amount: 100n }]).ok).toBe(false); // 98.01% chance
  });

  it("rolls are uniform over 0..9999 (10^6 rolls, chi-square at 99%) and the return matches (10^5 bets)", () => {
    const rng = createRng({ serverSeed: "d4".repeat(32), clientSeed: "dice", nonce: 0 });
    const counts = new Float64Array(10_000);
    for (let i = 0; i < 1_000_000; i++) counts[dice.draw(rng).roll]!++;
    expect(chiSquare(counts, new Float64Array(10_000).fill(1e-4)).pValue).toBeGreaterThan(0.01);
    const stats = new RunningStats();
    const bet: dice.DiceBet = { kind: "under", target: 4950, amount: 10_000n };
    for (let nonce = 0; nonce < 100_000; nonce++) {
      const p = dice.play(createRng({ serverSeed: "d4".repeat(32), clientSeed: "dice-rtp", nonce }), [bet]);
      stats.push(Number(p.settlement.totalPayout) / 10_000);
    }
    expect(Math.abs(stats.average - 0.99)).toBeLessThan((4 * stats.sd) / Math.sqrt(stats.n));
  });
});

describe("hi-lo", () => {
  it("each guess returns exactly 99% of what it risks", () => {
    for (let r = 1; r <= 13; r++) {
      for (const g of hilo.guesses) {
        const w = hilo.winningRanks(r, g);
        if (w <= 0 || w >= 13) continue;
        expect(hilo.exactStepReturn(r, g)).toEqual(Rational.of(99, 100));
      }
    }
  });

  it("multiplies on correct guesses, cashes out, and loses on a wrong guess", () => {
    const rng = cardsRng(["7S", "9H", "9D", "2C"]);
    let s = hilo.start(rng, [{ kind: "stake", amount: 1000n }]);
    expect(hilo.legalActions(s)).not.toContain("cashout");
    s = hilo.act(rng, s, "higher"); // 9 > 7: 6 winning ranks, x 0.99 * 13 / 6
    expect(s.multiplier).toEqual({ num: 429n, den: 200n });
    expect(hilo.cashoutValue(s)).toBe(2145n);
    s = hilo.act(rng, s, "same"); // 9 = 9: x 12.87
    expect(s.correct).toBe(2);
    const cashed = hilo.act(rng, s, "cashout");
    expect(hilo.settlement(cashed)!.totalPayout).toBe((1000n * 429n * 1287n) / (200n * 100n));
    const lost = hilo.act(rng, s, "higher"); // 2 < 9
    expect(lost.phase).toBe("LOST");
    expect(hilo.settlement(lost)!.totalPayout).toBe(0n);
  });

  it("offers no guess that cannot lose or cannot win", () => {
    const ace = hilo.start(cardsRng(["AS"]), [{ kind: "stake", amount: 100n }]);
    expect(hilo.legalActions(ace)).toEqual(["higher", "same", "lowerOrSame", "skip"]); // lowerOrSame = same at an ace
    const king = hilo.start(cardsRng(["KD"]), [{ kind: "stake", amount: 100n }]);
    expect(hilo.legalActions(king)).toEqual(["lower", "same", "higherOrSame", "skip"]);
    expect(() => hilo.act(cardsRng(["KD"]), king, "lowerOrSame")).toThrow(/ILLEGAL_ACTION/);
  });

  it("refuses a guess whose win would pass the table's max payout", () => {
    const s = hilo.start(cardsRng(["7S"]), [{ kind: "stake", amount: 1_000_000n }]);
    const limits = { ...hilo.defaultLimits, maxPayout: 2_000_000n };
    expect(() => hilo.act(cardsRng(["7S", "8S"]), s, "same", limits)).toThrow(/PAYOUT_ABOVE_MAX/);
    expect(hilo.act(cardsRng(["7S", "8S"]), s, "higherOrSame", limits).correct).toBe(1);
  });

  it("cards are uniform (10^6 draws) and a cash-out-after-one-guess strategy returns 99% (10^5 rounds)", () => {
    const rng = createRng({ serverSeed: "e5".repeat(32), clientSeed: "hilo", nonce: 0 });
    const counts = new Float64Array(52);
    for (const c of rng.ints(52, 1_000_000)) counts[c]!++;
    expect(chiSquare(counts, new Float64Array(52).fill(1 / 52)).pValue).toBeGreaterThan(0.01);
    const stats = new RunningStats();
    for (let nonce = 0; nonce < 100_000; nonce++) {
      const r = createRng({ serverSeed: "e5".repeat(32), clientSeed: "hilo-rtp", nonce });
      let s = hilo.start(r, [{ kind: "stake", amount: 1_000_000n }]);
      const rank = rankOf(s.cards[0]!);
      s = hilo.act(r, s, rank === 1 ? "higher" : rank <= 7 ? "higherOrSame" : rank === 13 ? "lower" : "lowerOrSame");
      if (s.phase === "PLAYING") s = hilo.act(r, s, "cashout");
      stats.push(Number(hilo.settlement(s)!.totalPayout) / 1_000_000);
    }
    expect(Math.abs(stats.average - 0.99)).toBeLessThan((4 * stats.sd) / Math.sqrt(stats.n));
  });

  it("resumes from JSON", () => {
    const seeds = { serverSeed: "f6".repeat(32), clientSeed: "hilo-json", nonce: 9 };
    let s = hilo.start(createRng(seeds), [{ kind: "stake", amount: 500n }]);
    for (let i = 0; i < 5 && s.phase === "PLAYING"; i++) {
      const a = hilo.legalActions(s).find((x) => x !== "cashout")!;
      const fresh = hilo.fromJSON(JSON.parse(JSON.stringify(hilo.toJSON(s))));
      const next = hilo.act(createRng(seeds), s, a);
      expect(hilo.act(createRng(seeds), fresh, a)).toEqual(next);
      s = next;
    }
  });
});
