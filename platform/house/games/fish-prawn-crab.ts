/**
 * Fish-prawn-crab (bầu cua tôm cá, hoo hey how): three dice with six pictures.
 * Randomness: each die is `SYMBOLS[int(6)]`, in order.
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

export const id = "HOUSE_FPC";

export const SYMBOLS = ["FISH", "PRAWN", "CRAB", "GOURD", "ROOSTER", "DEER"] as const;
export type FpcSymbol = (typeof SYMBOLS)[number];

export const betKinds = ["single", "pair", "triple", "anyTriple"] as const;
export type FpcBetKind = (typeof betKinds)[number];

/** `symbols`: single and triple [one]; pair [two different]; any triple nothing. */
export interface FpcBet extends Bet<FpcBetKind> {
  readonly symbols?: readonly FpcSymbol[];
}

export const paytable = {
  /** "n to 1" by how many dice show the symbol. */
  single: { 1: 1, 2: 2, 3: 3 } as Readonly<Record<number, number>>,
  /** Both symbols appear. */
  pair: 5,
  triple: 180,
  anyTriple: 30,
} as const;

export interface FpcOutcome {
  readonly dice: readonly [FpcSymbol, FpcSymbol, FpcSymbol];
}

const isSymbol = (s: unknown): s is FpcSymbol => (SYMBOLS as readonly unknown[]).includes(s);

const rules: BetRules<FpcBet> = {
  kinds: betKinds,
  selection(bet) {
    const s = bet.symbols;
    switch (bet.kind) {
      case "single":
      case "triple":
        if (!Array.isArray(s) || s.length !== 1 || !isSymbol(s[0])) return { error: `${bet.kind} needs one symbol` };
        return { key: s[0] };
      case "pair":
        if (!Array.isArray(s) || s.length !== 2 || !isSymbol(s[0]) || !isSymbol(s[1]) || s[0] === s[1]) return { error: "pair needs two different symbols" };
        return { key: [...s].sort().join("-") };
      case "anyTriple":
        return s === undefined ? { key: "" } : { error: "any triple takes no symbols" };
    }
  },
  maxPayout: (bets) => maxPayout(bets),
};

export function ratioFor(bet: FpcBet, o: FpcOutcome): Ratio {
  const s = bet.symbols ?? [];
  const count = (x: FpcSymbol) => o.dice.filter((d) => d === x).length;
  switch (bet.kind) {
    case "single": {
      const c = count(s[0]!);
      return c > 0 ? toOne(paytable.single[c]!) : LOSE;
    }
    case "pair":
      return count(s[0]!) > 0 && count(s[1]!) > 0 ? toOne(paytable.pair) : LOSE;
    case "triple":
      return count(s[0]!) === 3 ? toOne(paytable.triple) : LOSE;
    case "anyTriple":
      return o.dice[0] === o.dice[1] && o.dice[1] === o.dice[2] ? toOne(paytable.anyTriple) : LOSE;
  }
}

export function draw(rng: FairRng): FpcOutcome {
  return { dice: [SYMBOLS[rng.int(6)]!, SYMBOLS[rng.int(6)]!, SYMBOLS[rng.int(6)]!] };
}

export function settleBets(outcome: FpcOutcome, bets: readonly FpcBet[]): Settlement<FpcBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly FpcBet[]): Played<FpcBet, FpcOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

export function outcomeDistribution(): Weighted<FpcOutcome>[] {
  const out: Weighted<FpcOutcome>[] = [];
  for (const a of SYMBOLS) for (const b of SYMBOLS) for (const c of SYMBOLS) out.push({ outcome: { dice: [a, b, c] }, weight: 1n });
  return out;
}

const ROLLS = outcomeDistribution().map((w) => w.outcome);

export function maxPayout(bets: readonly FpcBet[]): bigint {
  return maxOver(bets, ROLLS, ratioFor);
}

export const defaultLimits: TableLimits<FpcBetKind> = uniformLimits(
  betKinds,
  { min: 100n, max: 500_000n },
  { maxTotal: 2_000_000n, maxBets: 30, maxPayout: 20_000_000n },
  { triple: { min: 100n, max: 50_000n } },
);

export function validateBets(bets: readonly FpcBet[], limits: TableLimits<FpcBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

export function everyBetShape(): FpcBet[] {
  const out: FpcBet[] = [{ kind: "anyTriple", amount: 1n }];
  for (const s of SYMBOLS) out.push({ kind: "single", amount: 1n, symbols: [s] }, { kind: "triple", amount: 1n, symbols: [s] });
  for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) out.push({ kind: "pair", amount: 1n, symbols: [SYMBOLS[i]!, SYMBOLS[j]!] });
  return out;
}

export const engine: InstantEngine<FpcBet, FpcOutcome> = {
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
