/**
 * Fan tan: a heap of beads is counted off four at a time; the remainder (1-4, where 0 counts
 * as 4) wins. Every winning bet pays its odds less 5% commission on the win.
 * Randomness: the heap has 41 + `int(80)` beads (41-120: each result exactly 20 ways);
 * the result is ((beads - 1) mod 4) + 1.
 */
import {
  assertShape,
  LOSE,
  maxOver,
  PUSH,
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

export const id = "HOUSE_FANTAN";

export const betKinds = ["fan", "nim", "kwok", "ssh", "odd", "even"] as const;
export type FanTanBetKind = (typeof betKinds)[number];

/**
 * `numbers`: fan [n]; nim [win, push]; kwok [two adjacent: 1-2, 2-3, 3-4, 4-1]; ssh [three numbers];
 * odd (1, 3) and even (2, 4) nothing.
 */
export interface FanTanBet extends Bet<FanTanBetKind> {
  readonly numbers?: readonly number[];
}

/** Odds before commission, as [numerator, denominator] "to 1"; commission 5% of the win. */
export const paytable = {
  fan: [3, 1],
  nim: [2, 1],
  kwok: [1, 1],
  ssh: [1, 3],
  odd: [1, 1],
  even: [1, 1],
  commissionPercent: 5,
} as const;

/** Stake back plus odds × 0.95, as one ratio. */
function winRatio(odds: readonly [number, number]): Ratio {
  // 1 + (a/b) * 95/100 = (100b + 95a) / 100b
  return [100 * odds[1] + 95 * odds[0], 100 * odds[1]];
}

export interface FanTanOutcome {
  readonly beads: number;
  readonly result: 1 | 2 | 3 | 4;
}

export function outcomeOf(beads: number): FanTanOutcome {
  return { beads, result: (((beads - 1) % 4) + 1) as 1 | 2 | 3 | 4 };
}

const n14 = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 4;
const distinct = (a: readonly number[]) => new Set(a).size === a.length;

const rules: BetRules<FanTanBet> = {
  kinds: betKinds,
  selection(bet) {
    const n = bet.numbers;
    const need = { fan: 1, nim: 2, kwok: 2, ssh: 3, odd: 0, even: 0 }[bet.kind];
    if (need === 0) return n === undefined ? { key: "" } : { error: `${bet.kind} takes no numbers` };
    if (!Array.isArray(n) || n.length !== need || !n.every(n14) || !distinct(n)) return { error: `${bet.kind} needs ${need} different numbers 1-4` };
    if (bet.kind === "kwok") {
      const [a, b] = [Math.min(n[0]!, n[1]!), Math.max(n[0]!, n[1]!)];
      if (!(b - a === 1 || (a === 1 && b === 4))) return { error: "kwok covers two adjacent numbers (1-2, 2-3, 3-4, 4-1)" };
    }
    // Nim is ordered (win number, push number); the others are sets.
    return { key: bet.kind === "nim" ? n.join(">") : [...n].sort().join("-") };
  },
  maxPayout: (bets) => maxPayout(bets),
};

export function ratioFor(bet: FanTanBet, o: FanTanOutcome): Ratio {
  const n = bet.numbers ?? [];
  const r = o.result;
  switch (bet.kind) {
    case "fan":
      return r === n[0] ? winRatio(paytable.fan) : LOSE;
    case "nim":
      return r === n[0] ? winRatio(paytable.nim) : r === n[1] ? PUSH : LOSE;
    case "kwok":
      return n.includes(r) ? winRatio(paytable.kwok) : LOSE;
    case "ssh":
      return n.includes(r) ? winRatio(paytable.ssh) : LOSE;
    case "odd":
      return r % 2 === 1 ? winRatio(paytable.odd) : LOSE;
    case "even":
      return r % 2 === 0 ? winRatio(paytable.even) : LOSE;
  }
}

export function draw(rng: FairRng): FanTanOutcome {
  return outcomeOf(41 + rng.int(80));
}

export function settleBets(outcome: FanTanOutcome, bets: readonly FanTanBet[]): Settlement<FanTanBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly FanTanBet[]): Played<FanTanBet, FanTanOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

export function outcomeDistribution(): Weighted<FanTanOutcome>[] {
  return Array.from({ length: 80 }, (_, i) => ({ outcome: outcomeOf(41 + i), weight: 1n }));
}

const RESULTS = [1, 2, 3, 4].map(outcomeOf);

export function maxPayout(bets: readonly FanTanBet[]): bigint {
  return maxOver(bets, RESULTS, ratioFor);
}

export const defaultLimits: TableLimits<FanTanBetKind> = uniformLimits(betKinds, { min: 100n, max: 1_000_000n }, { maxTotal: 2_000_000n, maxBets: 40, maxPayout: 10_000_000n });

export function validateBets(bets: readonly FanTanBet[], limits: TableLimits<FanTanBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

export function everyBetShape(): FanTanBet[] {
  const out: FanTanBet[] = [{ kind: "odd", amount: 1n }, { kind: "even", amount: 1n }];
  for (let a = 1; a <= 4; a++) {
    out.push({ kind: "fan", amount: 1n, numbers: [a] });
    for (let b = 1; b <= 4; b++) if (a !== b) out.push({ kind: "nim", amount: 1n, numbers: [a, b] });
    out.push({ kind: "kwok", amount: 1n, numbers: [a, (a % 4) + 1] });
    out.push({ kind: "ssh", amount: 1n, numbers: [1, 2, 3, 4].filter((x) => x !== a) });
  }
  return out;
}

export const engine: InstantEngine<FanTanBet, FanTanOutcome> = {
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
