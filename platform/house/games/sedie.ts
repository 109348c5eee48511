/**
 * Se die (xóc đĩa): four coins, red on one side and white on the other, shaken under a bowl.
 * Randomness: coin i is red when `int(2)` is 1, for i = 0..3 in order.
 */
import {
  assertShape,
  LOSE,
  maxOver,
  settle,
  uniformLimits,
  validateWith,
  type Bet,
  type BetRules,
  type InstantEngine,
  type Played,
  type Ratio,
  type Settlement,
  type TableLimits,
} from "../bets";
import type { Weighted } from "../exact";
import type { FairRng } from "../fair";

export const id = "HOUSE_SEDIE";

export const betKinds = ["even", "odd", "fourRed", "fourWhite", "threeRed", "threeWhite"] as const;
export type SeDieBetKind = (typeof betKinds)[number];

export type SeDieBet = Bet<SeDieBetKind>;

/** Which red counts win, and the ratio paid (stake included). Even/odd pay 0.96 to 1. */
export const paytable: Readonly<Record<SeDieBetKind, { reds: readonly number[]; odds: string; ratio: Ratio }>> = {
  even: { reds: [0, 2, 4], odds: "0.96:1", ratio: [49, 25] },
  odd: { reds: [1, 3], odds: "0.96:1", ratio: [49, 25] },
  fourRed: { reds: [4], odds: "14:1", ratio: [15, 1] },
  fourWhite: { reds: [0], odds: "14:1", ratio: [15, 1] },
  threeRed: { reds: [3], odds: "2.75:1", ratio: [15, 4] },
  threeWhite: { reds: [1], odds: "2.75:1", ratio: [15, 4] },
};

export interface SeDieOutcome {
  readonly coins: readonly ("RED" | "WHITE")[];
  readonly reds: number;
}

export function outcomeOf(coins: readonly ("RED" | "WHITE")[]): SeDieOutcome {
  return { coins: [...coins], reds: coins.filter((c) => c === "RED").length };
}

const rules: BetRules<SeDieBet> = {
  kinds: betKinds,
  selection: () => ({ key: "" }),
  maxPayout: (bets) => maxPayout(bets),
};

export function ratioFor(bet: SeDieBet, o: SeDieOutcome): Ratio {
  const row = paytable[bet.kind];
  return row.reds.includes(o.reds) ? row.ratio : LOSE;
}

export function draw(rng: FairRng): SeDieOutcome {
  const coins: ("RED" | "WHITE")[] = [];
  for (let i = 0; i < 4; i++) coins.push(rng.int(2) === 1 ? "RED" : "WHITE");
  return outcomeOf(coins);
}

export function settleBets(outcome: SeDieOutcome, bets: readonly SeDieBet[]): Settlement<SeDieBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly SeDieBet[]): Played<SeDieBet, SeDieOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

/** The 16 equally likely coin patterns. */
export function outcomeDistribution(): Weighted<SeDieOutcome>[] {
  return Array.from({ length: 16 }, (_, m) => ({
    outcome: outcomeOf([0, 1, 2, 3].map((i) => ((m >> i) & 1 ? "RED" : "WHITE"))),
    weight: 1n,
  }));
}

const PATTERNS = outcomeDistribution().map((w) => w.outcome);

export function maxPayout(bets: readonly SeDieBet[]): bigint {
  return maxOver(bets, PATTERNS, ratioFor);
}

export const defaultLimits: TableLimits<SeDieBetKind> = uniformLimits(
  betKinds,
  { min: 100n, max: 1_000_000n },
  { maxTotal: 2_000_000n, maxBets: 6, maxPayout: 10_000_000n },
  { fourRed: { min: 100n, max: 200_000n }, fourWhite: { min: 100n, max: 200_000n } },
);

export function validateBets(bets: readonly SeDieBet[], limits: TableLimits<SeDieBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

export function everyBetShape(): SeDieBet[] {
  return betKinds.map((kind) => ({ kind, amount: 1n }));
}

export const engine: InstantEngine<SeDieBet, SeDieOutcome> = {
  type: "instant",
  id,
  betKinds,
  paytable,
  defaultLimits,
  validateBets,
  maxPayout,
  draw,
  settle: settleBets,
  play,
};
