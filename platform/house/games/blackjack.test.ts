import { describe, expect, it } from "vitest";
import { createRng } from "../fair";
import { Rational } from "../rational";
import { cardsRng } from "../testing/scripted-rng";
import { RunningStats } from "../testing/stats";
import * as bj from "./blackjack";

const bet = (amount = 100n): bj.BlackjackBet[] => [{ kind: "main", amount }];

/** Plays a scripted round: cards in stream order, then the actions. */
function round(cards: string[], actions: bj.BlackjackAction[], amount = 100n) {
  const rng = cardsRng(cards);
  let s = bj.start(rng, bet(amount));
  for (const a of actions) s = bj.act(rng, s, a);
  return s;
}

describe("blackjack rules", () => {
  it("pays a blackjack 3:2 at once and a dealer blackjack takes the bet", () => {
    const s = round(["AS", "9H", "KD", "7C"], []);
    expect(s.results).toEqual(["BLACKJACK"]);
    expect(bj.settlement(s)!.totalPayout).toBe(250n);
    const d = round(["9S", "AH", "8D", "KC"], []);
    expect(d.results).toEqual(["LOSE"]);
    expect(round(["AS", "AH", "KD", "KC"], []).results).toEqual(["PUSH"]);
  });

  it("stops the dealer when every hand busted", () => {
    const s = round(["TS", "6H", "5D", "TC", "KH"], ["hit"]);
    expect(s.phase).toBe("DONE");
    expect(s.dealer).toEqual(["6H", "TC"]);
    expect(s.drawn).toBe(5);
    expect(bj.settlement(s)!.totalPayout).toBe(0n);
  });

  it("dealer stands on soft 17", () => {
    const s = round(["TS", "AH", "9D", "6C"], ["stand"]);
    expect(s.dealer).toEqual(["AH", "6C"]);
    expect(s.results).toEqual(["WIN"]);
  });

  it("doubles for one card and twice the stake", () => {
    const rng = cardsRng(["5S", "6H", "6D", "TC", "TH", "5C"]);
    const s0 = bj.start(rng, bet());
    expect(bj.stakeFor(s0, "double")).toBe(100n);
    const s = bj.act(rng, s0, "double");
    expect(s.hands[0]).toMatchObject({ cards: ["5S", "6D", "TH"], stake: 200n, doubled: true });
    expect(s.dealer).toEqual(["6H", "TC", "5C"]);
    expect(s.results).toEqual(["PUSH"]);
    expect(bj.settlement(s)!).toMatchObject({ totalStake: 200n, totalPayout: 200n });
  });

  it("splits once, doubles after a split, and deals the second hand's card when play reaches it", () => {
    const rng = cardsRng(["8S", "6H", "8D", "TC", "3H", "9S", "KS", "7C"]);
    let s = bj.start(rng, bet());
    expect(bj.legalActions(s)).toEqual(["hit", "stand", "double", "split"]);
    s = bj.act(rng, s, "split");
    expect(s.hands.map((h) => h.cards)).toEqual([["8S", "3H"], ["8D"]]);
    expect(bj.legalActions(s)).toEqual(["hit", "stand", "double"]);
    s = bj.act(rng, s, "double");
    expect(s.hands.map((h) => h.cards)).toEqual([["8S", "3H", "9S"], ["8D", "KS"]]);
    expect(s.active).toBe(1);
    expect(bj.legalActions(s)).not.toContain("split");
    s = bj.act(rng, s, "stand");
    expect(s.dealer).toEqual(["6H", "TC", "7C"]);
    expect(s.results).toEqual(["WIN", "WIN"]);
    expect(bj.settlement(s)!).toMatchObject({ totalStake: 300n, totalPayout: 600n });
    expect(s.history).toEqual(["split", "double", "stand"]);
  });

  it("gives split aces one card each, and ace-ten after a split is 21, not blackjack", () => {
    const s = round(["AS", "7H", "AD", "TC", "KH", "5D"], ["split"]);
    expect(s.hands.map((h) => h.cards)).toEqual([["AS", "KH"], ["AD", "5D"]]);
    expect(s.results).toEqual(["WIN", "LOSE"]);
    expect(bj.settlement(s)!.totalPayout).toBe(200n);
  });

  it("refuses actions out of turn with a code", () => {
    const s = round(["AS", "9H", "KD", "7C"], []);
    expect(() => bj.act(cardsRng([]), s, "hit")).toThrow(/ROUND_FINISHED/);
    const t = bj.start(cardsRng(["TS", "6H", "5D", "TC"]), bet());
    expect(() => bj.act(cardsRng([]), t, "split")).toThrow(/ILLEGAL_ACTION/);
  });

  it("keeps the hole card out of the public view, and resumes from JSON after a reload", () => {
    const seeds = { serverSeed: "b2".repeat(32), clientSeed: "bj", nonce: 3 };
    for (let nonce = 0; nonce < 200; nonce++) {
      const rng = createRng({ ...seeds, nonce });
      let live = bj.start(rng, bet());
      let resumed = live;
      if (live.phase === "PLAYER") expect(bj.publicView(live).dealer).toEqual([live.dealer[0]]);
      while (live.phase === "PLAYER") {
        const a = bj.optimalAction(live);
        live = bj.act(rng, live, a);
        // A new process: only the stored JSON and a fresh stream for the same seeds.
        const stored = JSON.parse(JSON.stringify(bj.toJSON(resumed)));
        resumed = bj.act(createRng({ ...seeds, nonce }), bj.fromJSON(stored), a);
        expect(resumed).toEqual(live);
      }
    }
  });
});

describe("blackjack house edge", () => {
  it("dealer final totals match the published S17 infinite-deck table", () => {
    const bust = (up: number) => bj.dealerDistribution(up)[5]!.toPercent(2);
    expect([2, 3, 4, 5, 6, 7, 8, 9].map(bust)).toEqual(["35.36", "37.39", "39.45", "41.64", "42.32", "26.23", "24.47", "22.84"]);
  });

  it("is exactly 0.5704% under optimal play, and the engine played optimally agrees (2×10^5 rounds)", () => {
    const exact = bj.exactReturn();
    expect(Rational.ONE.sub(exact).toPercent(4)).toBe("0.5704");
    const stats = new RunningStats();
    const N = 200_000;
    for (let nonce = 0; nonce < N; nonce++) {
      const rng = createRng({ serverSeed: "c3".repeat(32), clientSeed: "bj-sim", nonce });
      let s = bj.start(rng, bet(1000n));
      while (s.phase === "PLAYER") s = bj.act(rng, s, bj.optimalAction(s));
      const st = bj.settlement(s)!;
      stats.push(Number(st.totalPayout - st.totalStake) / 1000);
    }
    const se = stats.sd / Math.sqrt(N);
    // Net result per unit of the initial bet; 4 standard errors (a false alarm about 1 run in 16,000).
    expect(Math.abs(stats.average - (exact.toNumber() - 1))).toBeLessThan(4 * se);
  }, 60_000);
});
