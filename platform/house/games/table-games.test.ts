import { describe, expect, it } from "vitest";
import type { Bet, BetCheck, Ratio } from "../bets";
import { exactReturn, houseEdge, type Weighted } from "../exact";
import { createRng } from "../fair";
import { Rational } from "../rational";
import { chiSquare } from "../testing/stats";
import * as baccarat from "./baccarat";
import * as dragonTiger from "./dragon-tiger";
import * as fanTan from "./fantan";
import * as fpc from "./fish-prawn-crab";
import * as niuniu from "./niuniu";
import * as roulette from "./roulette";
import * as seDie from "./sedie";
import * as sicBo from "./sicbo";
import * as tcp from "./three-card-poker";

const edge = <O, B extends Bet>(dist: Weighted<O>[], ratioFor: (b: B, o: O) => Ratio, bet: B) => houseEdge(dist, (o) => ratioFor(bet, o)).toPercent(4);
const code = (c: BetCheck) => (c.ok ? "OK" : c.error.code);
const SEEDS = { serverSeed: "a1".repeat(32), clientSeed: "table-games", nonce: 0 };

describe("European roulette", () => {
  const dist = roulette.ALL_OUTCOMES.map((outcome) => ({ outcome, weight: 1n }));

  it("has every inside and outside bet of the layout", () => {
    const shapes = roulette.everyBetShape();
    const count = (k: string) => shapes.filter((b) => b.kind === k).length;
    expect([count("straight"), count("split"), count("street"), count("trio"), count("corner"), count("firstFour"), count("sixLine")]).toEqual([37, 60, 12, 2, 22, 1, 11]);
    expect([count("dozen"), count("column")]).toEqual([3, 3]);
    for (const b of shapes) expect(roulette.covered(b).length * (roulette.paytable[b.kind] + 1), b.kind).toBe(36);
  });

  it("has a house edge of exactly 1/37 = 2.7027% on every bet", () => {
    for (const bet of roulette.everyBetShape()) expect(houseEdge(dist, (o) => roulette.ratioFor(bet, o))).toEqual(Rational.of(1, 37));
  });

  it("refuses bets that are not on the layout, with a code", () => {
    const v = (bets: roulette.RouletteBet[]) => code(roulette.validateBets(bets));
    expect(v([{ kind: "split", amount: 100n, numbers: [1, 5] }])).toBe("INVALID_SELECTION");
    expect(v([{ kind: "corner", amount: 100n, numbers: [3, 4, 6, 7] }])).toBe("INVALID_SELECTION");
    expect(v([{ kind: "straight", amount: 100n, numbers: [37] }])).toBe("INVALID_SELECTION");
    expect(v([{ kind: "dozen", amount: 100n, target: 4 }])).toBe("INVALID_SELECTION");
    expect(v([{ kind: "split", amount: 100n, numbers: [20, 17] }])).toBe("OK");
    expect(v([{ kind: "split", amount: 100n, numbers: [0, 2] }])).toBe("OK");
    expect(v([{ kind: "red", amount: 100n }, { kind: "red", amount: 200n }])).toBe("DUPLICATE_BET");
    expect(v([{ kind: "straight", amount: 99n, numbers: [7] }])).toBe("BET_BELOW_MIN");
    expect(v([{ kind: "straight", amount: 50_001n, numbers: [7] }])).toBe("BET_ABOVE_MAX");
    expect(v([{ kind: "straight", amount: 0n, numbers: [7] }])).toBe("INVALID_AMOUNT");
    expect(v([{ kind: "basket" as never, amount: 100n }])).toBe("UNKNOWN_BET");
    expect(v([])).toBe("NO_BETS");
    const many = Array.from({ length: 37 }, (_, n) => ({ kind: "straight" as const, amount: 50_000n, numbers: [n] }));
    expect(code(roulette.validateBets(many))).toBe("OK");
    expect(code(roulette.validateBets(many, { ...roulette.defaultLimits, maxBets: 36 }))).toBe("TOO_MANY_BETS");
    expect(code(roulette.validateBets(many, { ...roulette.defaultLimits, maxTotal: 1_000_000n }))).toBe("TOTAL_ABOVE_MAX");
    expect(code(roulette.validateBets([{ kind: "straight", amount: 50_000n, numbers: [7] }], { ...roulette.defaultLimits, maxPayout: 1_799_999n }))).toBe("PAYOUT_ABOVE_MAX");
  });

  it("computes the exact best case over the 37 pockets", () => {
    const bets: roulette.RouletteBet[] = [
      { kind: "straight", amount: 100n, numbers: [1] },
      { kind: "straight", amount: 100n, numbers: [2] },
      { kind: "red", amount: 1000n },
    ];
    expect(roulette.maxPayout(bets)).toBe(3600n + 2000n); // 1 is red, 2 is black
  });
});

describe("sic bo, fish-prawn-crab, fan tan, se die, dragon tiger: exact edges by enumeration", () => {
  it("sic bo per bet", () => {
    const d = sicBo.outcomeDistribution();
    const e = (bet: sicBo.SicBoBet) => edge(d, sicBo.ratioFor, bet);
    expect(e({ kind: "small", amount: 1n })).toBe("2.7778");
    expect(e({ kind: "big", amount: 1n })).toBe("2.7778");
    expect(e({ kind: "odd", amount: 1n })).toBe("2.7778");
    expect(e({ kind: "single", amount: 1n, numbers: [4] })).toBe("7.8704");
    expect(e({ kind: "double", amount: 1n, numbers: [4] })).toBe("18.5185");
    expect(e({ kind: "triple", amount: 1n, numbers: [4] })).toBe("16.2037");
    expect(e({ kind: "anyTriple", amount: 1n })).toBe("13.8889");
    expect(e({ kind: "combination", amount: 1n, numbers: [2, 5] })).toBe("16.6667");
    const totals = [4, 5, 6, 7, 8, 9, 10].map((t) => e({ kind: "total", amount: 1n, numbers: [t] }));
    expect(totals).toEqual(["15.2778", "13.8889", "16.6667", "9.7222", "12.5000", "18.9815", "12.5000"]);
    for (let t = 4; t <= 17; t++) expect(e({ kind: "total", amount: 1n, numbers: [t] })).toBe(e({ kind: "total", amount: 1n, numbers: [21 - t] }));
  });

  it("fish-prawn-crab per bet", () => {
    const d = fpc.outcomeDistribution();
    expect(edge(d, fpc.ratioFor, { kind: "single", amount: 1n, symbols: ["CRAB"] })).toBe("7.8704");
    expect(edge(d, fpc.ratioFor, { kind: "pair", amount: 1n, symbols: ["FISH", "DEER"] })).toBe("16.6667");
    expect(edge(d, fpc.ratioFor, { kind: "triple", amount: 1n, symbols: ["GOURD"] })).toBe("16.2037");
    expect(edge(d, fpc.ratioFor, { kind: "anyTriple", amount: 1n })).toBe("13.8889");
  });

  it("fan tan per bet (5% commission on wins) and its 80-bead heap is fair to each result", () => {
    const d = fanTan.outcomeDistribution();
    const byResult = [1, 2, 3, 4].map((r) => d.filter((w) => w.outcome.result === r).length);
    expect(byResult).toEqual([20, 20, 20, 20]);
    expect(edge(d, fanTan.ratioFor, { kind: "fan", amount: 1n, numbers: [3] })).toBe("3.7500");
    expect(edge(d, fanTan.ratioFor, { kind: "nim", amount: 1n, numbers: [3, 1] })).toBe("2.5000");
    expect(edge(d, fanTan.ratioFor, { kind: "kwok", amount: 1n, numbers: [4, 1] })).toBe("2.5000");
    expect(edge(d, fanTan.ratioFor, { kind: "ssh", amount: 1n, numbers: [1, 2, 4] })).toBe("1.2500");
    expect(edge(d, fanTan.ratioFor, { kind: "odd", amount: 1n })).toBe("2.5000");
    expect(code(fanTan.validateBets([{ kind: "kwok", amount: 100n, numbers: [1, 3] }]))).toBe("INVALID_SELECTION");
  });

  it("se die per bet", () => {
    const d = seDie.outcomeDistribution();
    const e = Object.fromEntries(seDie.betKinds.map((kind) => [kind, edge(d, seDie.ratioFor, { kind, amount: 1n })]));
    expect(e).toEqual({ even: "2.0000", odd: "2.0000", fourRed: "6.2500", fourWhite: "6.2500", threeRed: "6.2500", threeWhite: "6.2500" });
  });

  it("dragon tiger per bet, from the 8-deck shoe", () => {
    const d = dragonTiger.outcomeDistribution();
    const total = d.reduce((s, w) => s + w.weight, 0n);
    expect(total).toBe(416n * 415n);
    const e = Object.fromEntries(dragonTiger.betKinds.map((kind) => [kind, edge(d, dragonTiger.ratioFor, { kind, amount: 1n })]));
    expect(e).toEqual({ dragon: "3.7349", tiger: "3.7349", tie: "10.3614", suitedTie: "13.9759" });
  });
});

describe("baccarat", () => {
  const exact = baccarat.exactProbabilities();

  it("has the known house edges: banker 1.06%, player 1.24%, tie 8:1 14.36%, pairs 10.36%", () => {
    const e = (k: baccarat.BaccaratBetKind) => Rational.ONE.sub(exact.returns[k]).toPercent(4);
    expect(e("banker")).toBe("1.0579");
    expect(e("player")).toBe("1.2351");
    expect(e("tie")).toBe("14.3596");
    expect(e("playerPair")).toBe("10.3614");
    expect(e("bankerPair")).toBe("10.3614");
    expect(exact.classes.reduce((s, c) => s.add(c.probability), Rational.ZERO)).toEqual(Rational.ONE);
  });

  it("follows the third-card tableau", () => {
    const cards = (...c: string[]) => {
      let i = 0;
      return () => c[i++]!;
    };
    // Natural: nobody draws.
    expect(baccarat.coup(cards("9S", "KH", "KD", "7C"))).toMatchObject({ playerTotal: 9, bankerTotal: 7, winner: "PLAYER", natural: true });
    // Player 5 draws a 4 (9); banker 6 with player's third 4 stands.
    expect(baccarat.coup(cards("2S", "3H", "3D", "3C", "4S"))).toMatchObject({ player: ["2S", "3D", "4S"], banker: ["3H", "3C"], playerTotal: 9, bankerTotal: 6 });
    // Banker 3 draws unless the player's third card is an 8.
    expect(baccarat.coup(cards("AS", "AH", "4D", "2C", "8S")).banker).toHaveLength(2);
    expect(baccarat.coup(cards("AS", "AH", "4D", "2C", "7S", "5H")).banker).toHaveLength(3);
    // Player stands on 6; banker 5 draws.
    expect(baccarat.coup(cards("3S", "2H", "3D", "3C", "4H")).banker).toEqual(["2H", "3C", "4H"]);
    // Pairs by rank.
    expect(baccarat.coup(cards("QS", "5H", "QD", "5C", "AS", "AD"))).toMatchObject({ playerPair: true, bankerPair: true });
  });

  it("deals coups whose winner and pairs follow the exact probabilities (chi-square, 2×10^5 coups)", () => {
    const rng = createRng(SEEDS);
    const N = 200_000;
    const keys = exact.classes.map((c) => `${c.winner}|${c.playerPair}|${c.bankerPair}`);
    const observed = new Float64Array(keys.length);
    for (let i = 0; i < N; i++) {
      const o = baccarat.draw(rng);
      observed[keys.indexOf(`${o.winner}|${o.playerPair}|${o.bankerPair}`)]!++;
    }
    expect(chiSquare(observed, exact.classes.map((c) => c.probability.toNumber())).pValue).toBeGreaterThan(0.01);
  });
});

describe("niuniu", () => {
  it("ranks hands", () => {
    const e = (s: string) => niuniu.evaluate(s.split(" ")).category;
    expect(e("JS QH KD TC 5S")).toBe("BULL_5");
    expect(e("3S 7H KD TC 5S")).toBe("BULL_5"); // 3+7+K
    expect(e("2S 8H TD 4C 6S")).toBe("BULL_BULL");
    expect(e("AS 2H 3D 5C 8S")).toBe("BULL_9"); // 2+3+5
    expect(e("AS AH 2D 3C 4S")).toBe("NO_BULL");
    expect(e("JS QH KD JC QS")).toBe("FIVE_FACE");
    const a = niuniu.evaluate("KS 3H 7D 2C 7S".split(" "));
    const b = niuniu.evaluate("KH 4H 6D 2D 7C".split(" "));
    expect(a.category).toBe("BULL_9");
    expect(b.category).toBe("BULL_9");
    expect(niuniu.compareHands(a, b)).toBeGreaterThan(0); // K♠ beats K♥
  });

  it("has exact returns: equal 2.5% (no ties, symmetric hands), double by category enumeration", () => {
    const r = niuniu.exactReturns();
    expect(Rational.ONE.sub(r.returns.equal).toPercent(4)).toBe("2.5000");
    const sum = r.categoryJoint.flat().reduce((s, p) => s.add(p), Rational.ZERO);
    expect(sum).toEqual(Rational.ONE);
    // The joint distribution is symmetric: seat and Banker are exchangeable.
    for (let a = 0; a < 12; a++) for (let b = 0; b < 12; b++) expect(r.categoryJoint[a]![b]).toEqual(r.categoryJoint[b]![a]);
    // P(five faces) = C(12,5) / C(52,5).
    const five = r.categoryJoint[11]!.reduce((s, p) => s.add(p), Rational.ZERO);
    expect(five).toEqual(Rational.of(792, 2_598_960));
    expect(Rational.ONE.sub(r.returns.double).toPercent(4)).toBe("0.8055");
  });

  it("settles a double bet from the winning hand's multiplier", () => {
    const o = niuniu.deal("AS AH 2D 3C 4S JS QH KD TC 5H 2S 8H TD 4C 6S AC AD 2C 3H 4H".split(" "));
    expect(o.banker.category).toBe("NO_BULL");
    expect(o.seats.map((s) => s.category)).toEqual(["BULL_5", "BULL_BULL", "NO_BULL"]);
    expect(o.seatWins).toEqual([true, true, false]);
    const s = niuniu.settleBets(o, [
      { kind: "double", seat: 2, amount: 500n },
      { kind: "double", seat: 3, amount: 500n },
      { kind: "equal", seat: 1, amount: 100n },
    ]);
    expect(s.results.map((r) => r.payout)).toEqual([500n + 285n, 400n, 195n]); // +3 units less 5%, -1 unit, 0.95:1
    expect(niuniu.validateBets([{ kind: "double", seat: 1, amount: 502n }]).ok).toBe(false);
  });
});

describe("three card poker", () => {
  it("ranks hands, with A-2-3 the lowest straight", () => {
    const s = (h: string) => tcp.scoreHand(h.split(" "));
    expect(s("AS 2S 3S").hand).toBe("STRAIGHT_FLUSH");
    expect(s("AS KH QD").hand).toBe("STRAIGHT");
    expect(s("AS 2H 3D").score).toBeLessThan(s("2S 3H 4D").score);
    expect(s("AS KH QD").score).toBeGreaterThan(s("KS QH JD").score);
    expect(s("5S 5H 2D").score).toBeGreaterThan(s("4S 4H AD").score);
    expect(tcp.dealerQualifies(s("QS 4H 2D").score)).toBe(true);
    expect(tcp.dealerQualifies(s("JS TH 8D").score)).toBe(false);
  });

  it("has the known edges: Ante 3.37% with optimal play (Q-6-4), Pair Plus 1-4-6-30-40 2.32%", () => {
    const r = tcp.exactReturns();
    expect(Rational.ONE.sub(r.ante).toPercent(4)).toBe("3.3730");
    expect(Rational.ONE.sub(r.pairPlus).toPercent(4)).toBe("2.3167");
    expect(r.playWhen).toContain("4S 6S QH");
  }, 60_000);

  it("settles play and fold, and the dealer's hand stays hidden until the end", () => {
    const rng = createRng(SEEDS);
    const s0 = tcp.start(rng, [{ kind: "ante", amount: 100n }, { kind: "pairPlus", amount: 100n }]);
    expect(tcp.publicView(s0)).not.toHaveProperty("dealer");
    expect(tcp.stakeFor(s0, "play")).toBe(100n);
    const folded = tcp.act(rng, s0, "fold");
    expect(folded.settlement!.results[0]!.payout).toBe(0n);
    const played = tcp.act(rng, s0, "play");
    expect(played.settlement!.totalStake).toBe(300n);
    expect(tcp.fromJSON(JSON.parse(JSON.stringify(tcp.toJSON(played))))).toEqual(played);
    expect(() => tcp.act(rng, played, "fold")).toThrow(/ROUND_FINISHED/);
  });
});

describe("exactReturn", () => {
  it("handles mixed denominators", () => {
    const r = exactReturn(
      [
        { outcome: [39, 20] as Ratio, weight: 1n },
        { outcome: [1, 2] as Ratio, weight: 1n },
        { outcome: [385, 100] as Ratio, weight: 2n },
      ],
      (o) => o,
    );
    expect(r).toEqual(Rational.of(39, 20).add(Rational.of(1, 2)).add(Rational.of(770, 100)).div(Rational.of(4)));
  });
});
