/**
 * Sic bo: three dice. Randomness: each die is 1 + `int(6)`, in order.
 * Small/big and odd/even lose on any triple.
 */
import {
  assertShape,
  LOSE,
  maxOver,
  settle,
  toOne,
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

export const id = "HOUSE_SICBO";

export const betKinds = ["small", "big", "odd", "even", "total", "single", "double", "triple", "anyTriple", "combination"] as const;
export type SicBoBetKind = (typeof betKinds)[number];

/**
 * `numbers`: total [4..17]; single, double, triple [face]; combination [a, b] with a ≠ b.
 * Small, big, odd, even and any triple name nothing.
 */
export interface SicBoBet extends Bet<SicBoBetKind> {
  readonly numbers?: readonly number[];
}

export const paytable = {
  small: 1,
  big: 1,
  odd: 1,
  even: 1,
  /** "n to 1" by total. */
  total: { 4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 17, 16: 30, 17: 60 } as Readonly<Record<number, number>>,
  /** "n to 1" by how many dice show the face. */
  single: { 1: 1, 2: 2, 3: 3 } as Readonly<Record<number, number>>,
  double: 10,
  triple: 180,
  anyTriple: 30,
  combination: 5,
} as const;

export interface SicBoOutcome {
  readonly dice: readonly [number, number, number];
  readonly total: number;
  readonly triple: boolean;
}

export function outcomeOf(dice: readonly [number, number, number]): SicBoOutcome {
  const total = dice[0] + dice[1] + dice[2];
  return { dice: [dice[0], dice[1], dice[2]], total, triple: dice[0] === dice[1] && dice[1] === dice[2] };
}

const face = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

const rules: BetRules<SicBoBet> = {
  kinds: betKinds,
  selection(bet) {
    const n = bet.numbers;
    switch (bet.kind) {
      case "total":
        if (!Array.isArray(n) || n.length !== 1 || !Number.isInteger(n[0]) || n[0]! < 4 || n[0]! > 17) return { error: "total needs numbers [4..17]" };
        return { key: String(n[0]) };
      case "single":
      case "double":
      case "triple":
        if (!Array.isArray(n) || n.length !== 1 || !face(n[0])) return { error: `${bet.kind} needs numbers [face 1..6]` };
        return { key: String(n[0]) };
      case "combination": {
        if (!Array.isArray(n) || n.length !== 2 || !face(n[0]) || !face(n[1]) || n[0] === n[1]) return { error: "combination needs two different faces" };
        const [a, b] = [Math.min(n[0]!, n[1]!), Math.max(n[0]!, n[1]!)];
        return { key: `${a}-${b}` };
      }
      default:
        return n === undefined ? { key: "" } : { error: `${bet.kind} takes no numbers` };
    }
  },
  maxPayout: (bets) => maxPayout(bets),
};

export function ratioFor(bet: SicBoBet, o: SicBoOutcome): Ratio {
  const n = bet.numbers ?? [];
  const count = (f: number) => o.dice.filter((d) => d === f).length;
  switch (bet.kind) {
    case "small":
      return !o.triple && o.total <= 10 ? toOne(paytable.small) : LOSE;
    case "big":
      return !o.triple && o.total >= 11 ? toOne(paytable.big) : LOSE;
    case "odd":
      return !o.triple && o.total % 2 === 1 ? toOne(paytable.odd) : LOSE;
    case "even":
      return !o.triple && o.total % 2 === 0 ? toOne(paytable.even) : LOSE;
    case "total":
      return o.total === n[0] ? toOne(paytable.total[o.total]!) : LOSE;
    case "single": {
      const c = count(n[0]!);
      return c > 0 ? toOne(paytable.single[c]!) : LOSE;
    }
    case "double":
      return count(n[0]!) >= 2 ? toOne(paytable.double) : LOSE;
    case "triple":
      return count(n[0]!) === 3 ? toOne(paytable.triple) : LOSE;
    case "anyTriple":
      return o.triple ? toOne(paytable.anyTriple) : LOSE;
    case "combination":
      return count(n[0]!) > 0 && count(n[1]!) > 0 ? toOne(paytable.combination) : LOSE;
  }
}

export function draw(rng: FairRng): SicBoOutcome {
  return outcomeOf([1 + rng.int(6), 1 + rng.int(6), 1 + rng.int(6)]);
}

export function settleBets(outcome: SicBoOutcome, bets: readonly SicBoBet[]): Settlement<SicBoBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly SicBoBet[]): Played<SicBoBet, SicBoOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

/** The 216 equally likely rolls. */
export function outcomeDistribution(): Weighted<SicBoOutcome>[] {
  const out: Weighted<SicBoOutcome>[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) out.push({ outcome: outcomeOf([a, b, c]), weight: 1n });
  return out;
}

const ROLLS = outcomeDistribution().map((w) => w.outcome);

/** Exact: the best of the 216 rolls for these bets. */
export function maxPayout(bets: readonly SicBoBet[]): bigint {
  return maxOver(bets, ROLLS, ratioFor);
}

/** Minor units: 1.00 to 5,000.00 a bet; long shots (triple, total) at most 500.00 / 1,000.00. */
export const defaultLimits: TableLimits<SicBoBetKind> = uniformLimits(
  betKinds,
  { min: 100n, max: 500_000n },
  { maxTotal: 2_000_000n, maxBets: 60, maxPayout: 20_000_000n },
  { triple: { min: 100n, max: 50_000n }, total: { min: 100n, max: 100_000n } },
);

export function validateBets(bets: readonly SicBoBet[], limits: TableLimits<SicBoBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

export function everyBetShape(): SicBoBet[] {
  const out: SicBoBet[] = [];
  for (const kind of ["small", "big", "odd", "even", "anyTriple"] as const) out.push({ kind, amount: 1n });
  for (let t = 4; t <= 17; t++) out.push({ kind: "total", amount: 1n, numbers: [t] });
  for (let f = 1; f <= 6; f++) for (const kind of ["single", "double", "triple"] as const) out.push({ kind, amount: 1n, numbers: [f] });
  for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) out.push({ kind: "combination", amount: 1n, numbers: [a, b] });
  return out;
}

export const engine: InstantEngine<SicBoBet, SicBoOutcome> = {
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
