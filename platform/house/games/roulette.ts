/**
 * European roulette: one zero, 37 pockets, every inside and outside bet. No la partage.
 * Randomness: the pocket is `int(37)`.
 */
import {
  assertShape,
  LOSE,
  maxOver,
  settle,
  toOne,
  validateWith,
  type Bet,
  type BetRules,
  type InstantEngine,
  type Played,
  type Ratio,
  type Settlement,
  type TableLimits,
} from "../bets";
import type { FairRng } from "../fair";

export const id = "HOUSE_ROULETTE";

export const betKinds = [
  "straight",
  "split",
  "street",
  "trio",
  "corner",
  "firstFour",
  "sixLine",
  "dozen",
  "column",
  "red",
  "black",
  "odd",
  "even",
  "low",
  "high",
] as const;
export type RouletteBetKind = (typeof betKinds)[number];

/**
 * Inside bets name their `numbers` (a split [17, 20], a corner [1, 2, 4, 5], ...); dozen and
 * column name `target` 1-3; even-money bets name nothing.
 */
export interface RouletteBet extends Bet<RouletteBetKind> {
  readonly numbers?: readonly number[];
  readonly target?: number;
}

/** "n to 1" for each kind. */
export const paytable: Readonly<Record<RouletteBetKind, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  trio: 11,
  corner: 8,
  firstFour: 8,
  sixLine: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export interface RouletteOutcome {
  readonly number: number;
  readonly color: "green" | "red" | "black";
}

const sorted = (a: readonly number[]) => [...a].sort((x, y) => x - y);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Every valid number set of each inside kind, as sorted arrays. */
function insideSets(): Record<"straight" | "split" | "street" | "trio" | "corner" | "firstFour" | "sixLine", number[][]> {
  const straight = Array.from({ length: 37 }, (_, n) => [n]);
  const split: number[][] = [[0, 1], [0, 2], [0, 3]];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.push([n, n + 1]); // same street
    if (n <= 33) split.push([n, n + 3]); // next street, same column
  }
  const street: number[][] = [];
  const sixLine: number[][] = [];
  const corner: number[][] = [];
  for (let s = 0; s < 12; s++) {
    const f = 3 * s + 1;
    street.push([f, f + 1, f + 2]);
    if (s < 11) {
      sixLine.push([f, f + 1, f + 2, f + 3, f + 4, f + 5]);
      corner.push([f, f + 1, f + 3, f + 4], [f + 1, f + 2, f + 4, f + 5]);
    }
  }
  return { straight, split, street, trio: [[0, 1, 2], [0, 2, 3]], corner, firstFour: [[0, 1, 2, 3]], sixLine };
}

const INSIDE = insideSets();

const POCKETS = Array.from({ length: 37 }, (_, n) => n);

/** The numbers each outside bet covers, by kind and target: worked out once, not per bet and pocket. */
const OUTSIDE: Record<string, readonly number[]> = {
  red: POCKETS.filter((n) => RED_NUMBERS.has(n)),
  black: POCKETS.filter((n) => n > 0 && !RED_NUMBERS.has(n)),
  odd: POCKETS.filter((n) => n % 2 === 1),
  even: POCKETS.filter((n) => n > 0 && n % 2 === 0),
  low: POCKETS.filter((n) => n >= 1 && n <= 18),
  high: POCKETS.filter((n) => n >= 19),
  ...Object.fromEntries(
    [1, 2, 3].flatMap((t) => [
      [`dozen${t}`, POCKETS.filter((n) => n > 0 && Math.ceil(n / 12) === t)],
      [`column${t}`, POCKETS.filter((n) => n > 0 && ((n - 1) % 3) + 1 === t)],
    ]),
  ),
};

/** The numbers a bet covers (a shared list for outside bets: do not change it). */
export function covered(bet: RouletteBet): readonly number[] {
  switch (bet.kind) {
    case "dozen":
    case "column":
      return OUTSIDE[`${bet.kind}${bet.target}`] ?? [];
    case "red":
    case "black":
    case "odd":
    case "even":
    case "low":
    case "high":
      return OUTSIDE[bet.kind] ?? [];
    default:
      return sorted(bet.numbers ?? []);
  }
}

const rules: BetRules<RouletteBet> = {
  kinds: betKinds,
  selection(bet) {
    if (bet.kind === "dozen" || bet.kind === "column") {
      if (bet.target !== 1 && bet.target !== 2 && bet.target !== 3) return { error: `${bet.kind} needs target 1, 2 or 3` };
      return { key: String(bet.target) };
    }
    const sets = INSIDE[bet.kind as keyof typeof INSIDE];
    if (!sets) return { key: "" };
    const nums = bet.numbers;
    if (!Array.isArray(nums) || !nums.every((n) => Number.isInteger(n))) return { error: `${bet.kind} needs its numbers` };
    const s = sorted(nums);
    if (!sets.some((valid) => same(valid, s))) return { error: `${s.join("-")} is not a ${bet.kind} on the layout` };
    return { key: s.join("-") };
  },
  maxPayout: (bets) => maxPayout(bets),
};

export function outcomeOf(number: number): RouletteOutcome {
  return { number, color: number === 0 ? "green" : RED_NUMBERS.has(number) ? "red" : "black" };
}

export function ratioFor(bet: RouletteBet, outcome: RouletteOutcome): Ratio {
  return covered(bet).includes(outcome.number) ? toOne(paytable[bet.kind]) : LOSE;
}

export function draw(rng: FairRng): RouletteOutcome {
  return outcomeOf(rng.int(37));
}

export function settleBets(outcome: RouletteOutcome, bets: readonly RouletteBet[]): Settlement<RouletteBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly RouletteBet[]): Played<RouletteBet, RouletteOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

export const ALL_OUTCOMES: readonly RouletteOutcome[] = Array.from({ length: 37 }, (_, n) => outcomeOf(n));

/** Exact: the best of the 37 pockets for these bets. */
export function maxPayout(bets: readonly RouletteBet[]): bigint {
  return maxOver(bets, ALL_OUTCOMES, ratioFor);
}

/** Minor units: 1.00 to 5,000.00 a bet (straight up 1.00 to 500.00), 20,000.00 a round. */
export const defaultLimits: TableLimits<RouletteBetKind> = {
  perKind: Object.fromEntries(
    betKinds.map((k) => [k, { min: 100n, max: k === "straight" ? 50_000n : ["split", "street", "trio", "corner", "firstFour", "sixLine"].includes(k) ? 100_000n : 500_000n }]),
  ) as Record<RouletteBetKind, { min: bigint; max: bigint }>,
  maxTotal: 2_000_000n,
  maxBets: 200,
  maxPayout: 10_000_000n,
};

export function validateBets(bets: readonly RouletteBet[], limits: TableLimits<RouletteBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

/** Every valid bet of every kind with a stake of 1 (for exact enumeration in tests and docs). */
export function everyBetShape(): RouletteBet[] {
  const out: RouletteBet[] = [];
  for (const [kind, sets] of Object.entries(INSIDE)) for (const numbers of sets) out.push({ kind: kind as RouletteBetKind, amount: 1n, numbers });
  for (const kind of ["dozen", "column"] as const) for (const target of [1, 2, 3]) out.push({ kind, amount: 1n, target });
  for (const kind of ["red", "black", "odd", "even", "low", "high"] as const) out.push({ kind, amount: 1n });
  return out;
}

export const engine: InstantEngine<RouletteBet, RouletteOutcome> = {
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
