/**
 * Dice: a roll from 00.00 to 99.99; the member picks a target and over or under. The payout
 * ratio comes from the win chance and a 1% house edge: ratio = (1 - 1%) / chance.
 * Randomness: the roll is `int(10000)` hundredths.
 *   - over t wins when roll > t: chance (9999 - t) / 10000;
 *   - under t wins when roll < t: chance t / 10000.
 * Win chances from 0.01% to 98.00% are offered.
 */
import {
  assertShape,
  LOSE,
  settle,
  validateWith,
  payoutOf,
  type Bet,
  type BetRules,
  type InstantEngine,
  type Played,
  type Ratio,
  type Settlement,
  type TableLimits,
} from "../bets";
import type { FairRng } from "../fair";
import { Rational } from "../rational";

export const id = "HOUSE_DICE";

export const HOUSE_EDGE_BPS = 100; // 1.00%
export const ROLLS = 10_000;
export const MIN_WINNING_ROLLS = 1;
export const MAX_WINNING_ROLLS = 9_800;

export const betKinds = ["over", "under"] as const;
export type DiceBetKind = (typeof betKinds)[number];

/** `target` in hundredths, 0..9999 (5000 = 50.00). */
export interface DiceBet extends Bet<DiceBetKind> {
  readonly target: number;
}

export const paytable = {
  houseEdgePercent: HOUSE_EDGE_BPS / 100,
  ratio: "(10000 - houseEdgeBps) / winningRolls, times the stake (stake included)",
  rolls: ROLLS,
} as const;

export interface DiceOutcome {
  readonly roll: number;
  /** The roll as shown, "00.00" to "99.99". */
  readonly display: string;
}

export function winningRolls(bet: Pick<DiceBet, "kind" | "target">): number {
  return bet.kind === "over" ? ROLLS - 1 - bet.target : bet.target;
}

/** Stake included: (1 - edge) / chance = (10000 - edgeBps) / winningRolls. */
export function winRatio(bet: Pick<DiceBet, "kind" | "target">): Ratio {
  return [ROLLS - HOUSE_EDGE_BPS, winningRolls(bet)];
}

/** The multiplier as shown, e.g. "1.9800", rounded down. */
export function multiplierText(bet: Pick<DiceBet, "kind" | "target">): string {
  const [n, d] = winRatio(bet);
  const x = (BigInt(n) * 10_000n) / BigInt(d);
  return `${x / 10_000n}.${(x % 10_000n).toString().padStart(4, "0")}`;
}

const rules: BetRules<DiceBet> = {
  kinds: betKinds,
  selection(bet) {
    if (!Number.isInteger(bet.target) || bet.target < 0 || bet.target >= ROLLS) return { error: "target must be an integer 0..9999 (hundredths)" };
    const w = winningRolls(bet);
    if (w < MIN_WINNING_ROLLS || w > MAX_WINNING_ROLLS) return { error: "the win chance must be between 0.01% and 98.00%" };
    return { key: "" }; // one roll per round: any second bet is a duplicate
  },
  maxPayout: (bets) => maxPayout(bets),
};

export function ratioFor(bet: DiceBet, o: DiceOutcome): Ratio {
  const won = bet.kind === "over" ? o.roll > bet.target : o.roll < bet.target;
  return won ? winRatio(bet) : LOSE;
}

export function outcomeOf(roll: number): DiceOutcome {
  return { roll, display: `${Math.floor(roll / 100).toString().padStart(2, "0")}.${(roll % 100).toString().padStart(2, "0")}` };
}

export function draw(rng: FairRng): DiceOutcome {
  return outcomeOf(rng.int(ROLLS));
}

export function settleBets(outcome: DiceOutcome, bets: readonly DiceBet[]): Settlement<DiceBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly DiceBet[]): Played<DiceBet, DiceOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

export function maxPayout(bets: readonly DiceBet[]): bigint {
  return bets.reduce((s, b) => s + payoutOf(b.amount, winRatio(b)), 0n);
}

/** Exact return of a bet: winningRolls/10000 × ratio = 1 - edge for every target. */
export function exactReturn(bet: Pick<DiceBet, "kind" | "target">): Rational {
  const [n, d] = winRatio(bet);
  return Rational.of(winningRolls(bet), ROLLS).mul(Rational.of(n, d));
}

export const defaultLimits: TableLimits<DiceBetKind> = {
  perKind: { over: { min: 10n, max: 1_000_000n }, under: { min: 10n, max: 1_000_000n } },
  maxTotal: 1_000_000n,
  maxBets: 1,
  maxPayout: 10_000_000n,
};

export function validateBets(bets: readonly DiceBet[], limits: TableLimits<DiceBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

export const engine: InstantEngine<DiceBet, DiceOutcome> = {
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
