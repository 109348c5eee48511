/**
 * Niuniu (bull bull): a Banker and three Player seats get five cards each from one deck. Cards
 * count ace 1, 2-9 face value, ten and faces 10. A hand has a "bull" when three of its cards sum
 * to a multiple of 10; its bull number is then the sum of all five mod 10 (0 is "bull bull").
 * Ranking: five faces (J/Q/K only) > bull bull > bull 9 > ... > bull 1 > no bull; within a
 * category the highest card decides (rank K high to A low, then suit ♠ > ♥ > ♣ > ♦), so there
 * are no ties. Each seat plays against the Banker.
 *
 * Bets on a seat:
 *   - equal: wins 0.95 to 1 when the seat beats the Banker;
 *   - double: a deposit of 5 units (the amount; it must be a multiple of 5). The winning hand's
 *     multiplier m (1 up to bull 6, 2 for bull 7-9, 3 for bull bull, 5 for five faces) decides:
 *     a win pays m units less 5% commission on top of the deposit, a loss keeps m units of the
 *     deposit and returns the rest.
 *
 * Randomness: `dealer(52)`, five cards to the Banker, then five each to seats 1, 2 and 3.
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
import { cardOf, rankOf, suitOf, type CardCode } from "../cards";
import type { FairRng } from "../fair";
import { Rational } from "../rational";

export const id = "HOUSE_NIUNIU";

export const betKinds = ["equal", "double"] as const;
export type NiuniuBetKind = (typeof betKinds)[number];

export interface NiuniuBet extends Bet<NiuniuBetKind> {
  readonly seat: 1 | 2 | 3;
}

/** Categories from low to high. */
export const CATEGORIES = ["NO_BULL", "BULL_1", "BULL_2", "BULL_3", "BULL_4", "BULL_5", "BULL_6", "BULL_7", "BULL_8", "BULL_9", "BULL_BULL", "FIVE_FACE"] as const;
export type NiuniuCategory = (typeof CATEGORIES)[number];

export const DOUBLE_DEPOSIT_UNITS = 5;

export const paytable = {
  equal: { odds: "0.95:1", ratio: [39, 20] as Ratio },
  double: {
    depositUnits: DOUBLE_DEPOSIT_UNITS,
    commissionPercent: 5,
    /** Units won or lost by the winning hand's category. */
    multiplier: {
      NO_BULL: 1,
      BULL_1: 1,
      BULL_2: 1,
      BULL_3: 1,
      BULL_4: 1,
      BULL_5: 1,
      BULL_6: 1,
      BULL_7: 2,
      BULL_8: 2,
      BULL_9: 2,
      BULL_BULL: 3,
      FIVE_FACE: 5,
    } as Readonly<Record<NiuniuCategory, number>>,
  },
} as const;

export interface NiuniuHand {
  readonly cards: readonly CardCode[];
  readonly category: NiuniuCategory;
  /** The three cards that make the bull, if any. */
  readonly bull: readonly CardCode[] | null;
}

export interface NiuniuOutcome {
  readonly banker: NiuniuHand;
  readonly seats: readonly [NiuniuHand, NiuniuHand, NiuniuHand];
  /** Per seat, whether it beat the Banker. */
  readonly seatWins: readonly [boolean, boolean, boolean];
}

const pointOf = (rank: number) => (rank >= 10 ? 10 : rank);

/** Category index (0 no bull .. 11 five faces) from the five ranks. */
export function categoryIndex(ranks: readonly number[]): number {
  if (ranks.every((r) => r >= 11)) return 11;
  return bullOf(ranks.map(pointOf)) === null ? 0 : ((ranks.map(pointOf).reduce((a, b) => a + b, 0) % 10) || 10);
}

/** Positions of three points summing to a multiple of 10, or null. */
function bullOf(points: readonly number[]): [number, number, number] | null {
  for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) for (let k = j + 1; k < 5; k++) if ((points[i]! + points[j]! + points[k]!) % 10 === 0) return [i, j, k];
  return null;
}

const SUIT_ORDER = { D: 0, C: 1, H: 2, S: 3 } as const;
const cardKey = (c: CardCode) => rankOf(c) * 4 + SUIT_ORDER[suitOf(c)];

export function evaluate(cards: readonly CardCode[]): NiuniuHand {
  const ranks = cards.map(rankOf);
  const b = bullOf(ranks.map(pointOf));
  return { cards: [...cards], category: CATEGORIES[categoryIndex(ranks)]!, bull: b ? b.map((i) => cards[i]!) : null };
}

/** Positive when a beats b. */
export function compareHands(a: NiuniuHand, b: NiuniuHand): number {
  const c = CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category);
  if (c !== 0) return c;
  return Math.max(...a.cards.map(cardKey)) - Math.max(...b.cards.map(cardKey));
}

const rules: BetRules<NiuniuBet> = {
  kinds: betKinds,
  selection: (bet) => (bet.seat === 1 || bet.seat === 2 || bet.seat === 3 ? { key: String(bet.seat) } : { error: "seat must be 1, 2 or 3" }),
  unit: (bet) => (bet.kind === "double" ? BigInt(DOUBLE_DEPOSIT_UNITS) : 1n),
  maxPayout: (bets) => maxPayout(bets),
};

/** Ratio of a double bet whose seat won (or lost) with the winning hand's multiplier m. */
export function doubleRatio(won: boolean, m: number): Ratio {
  // win: deposit (1 + 0.95 m / 5) = deposit (100 + 19 m) / 100; loss: deposit (5 - m) / 5.
  return won ? [100 + 19 * m, 100] : [DOUBLE_DEPOSIT_UNITS - m, DOUBLE_DEPOSIT_UNITS];
}

type SeatResult = { won: boolean; winnerCategory: NiuniuCategory };

function seatResult(o: NiuniuOutcome, seat: 1 | 2 | 3): SeatResult {
  const won = o.seatWins[seat - 1]!;
  return { won, winnerCategory: (won ? o.seats[seat - 1]! : o.banker).category };
}

export function ratioForSeat(bet: NiuniuBet, r: SeatResult): Ratio {
  if (bet.kind === "equal") return r.won ? paytable.equal.ratio : LOSE;
  return doubleRatio(r.won, paytable.double.multiplier[r.winnerCategory]);
}

export function ratioFor(bet: NiuniuBet, o: NiuniuOutcome): Ratio {
  return ratioForSeat(bet, seatResult(o, bet.seat));
}

export function deal(cards: readonly CardCode[]): NiuniuOutcome {
  const banker = evaluate(cards.slice(0, 5));
  const seats = [1, 2, 3].map((s) => evaluate(cards.slice(5 * s, 5 * s + 5))) as [NiuniuHand, NiuniuHand, NiuniuHand];
  return { banker, seats, seatWins: seats.map((h) => compareHands(h, banker) > 0) as [boolean, boolean, boolean] };
}

export function draw(rng: FairRng): NiuniuOutcome {
  return deal(rng.dealer(52).take(20).map(cardOf));
}

export function settleBets(outcome: NiuniuOutcome, bets: readonly NiuniuBet[]): Settlement<NiuniuBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly NiuniuBet[]): Played<NiuniuBet, NiuniuOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

/** The best case: every bet's seat wins with five faces (an upper bound; seats are independent rows). */
export function maxPayout(bets: readonly NiuniuBet[]): bigint {
  return maxOver(bets, [null], (b) => ratioForSeat(b, { won: true, winnerCategory: "FIVE_FACE" }));
}

export const defaultLimits: TableLimits<NiuniuBetKind> = uniformLimits(
  betKinds,
  { min: 100n, max: 1_000_000n },
  { maxTotal: 3_000_000n, maxBets: 6, maxPayout: 10_000_000n },
  { double: { min: 500n, max: 1_000_000n } },
);

export function validateBets(bets: readonly NiuniuBet[], limits: TableLimits<NiuniuBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

/**
 * Exact joint distribution of the categories of two disjoint five-card hands (a seat and the
 * Banker), by enumerating hands as multisets of card classes (A-9, ten, face) with their
 * number of ways; and from it the exact return of each bet kind.
 */
export function exactReturns(): { categoryJoint: Rational[][]; returns: Record<NiuniuBetKind, Rational> } {
  // Classes 0..8 = A..9 (4 cards each), 9 = ten (4), 10 = J/Q/K (12).
  const size = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 12];
  const rankOfClass = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const hands: number[][] = [];
  const rec = (cls: number, left: number, acc: number[]) => {
    if (cls === 11) {
      if (left === 0) hands.push(acc.slice());
      return;
    }
    for (let k = 0; k <= Math.min(left, size[cls]!); k++) {
      acc.push(k);
      rec(cls + 1, left - k, acc);
      acc.pop();
    }
  };
  rec(0, 5, []);
  const cat = hands.map((h) => categoryIndex(h.flatMap((k, c) => Array<number>(k).fill(rankOfClass[c]!))));
  const joint = Array.from({ length: 12 }, () => new Array<bigint>(12).fill(0n));
  for (let i = 0; i < hands.length; i++) {
    const h = hands[i]!;
    let w1 = 1;
    for (let c = 0; c < 11; c++) w1 *= choose(size[c]!, h[c]!);
    const row = new Array<number>(12).fill(0);
    for (let j = 0; j < hands.length; j++) {
      const g = hands[j]!;
      let w2 = 1;
      for (let c = 0; c < 11 && w2 > 0; c++) w2 *= choose(size[c]! - h[c]!, g[c]!);
      if (w2 > 0) row[cat[j]!]! += w2;
    }
    for (let b = 0; b < 12; b++) joint[cat[i]!]![b]! += BigInt(w1) * BigInt(row[b]!);
  }
  const total = BigInt(choose(52, 5)) * BigInt(choose(47, 5));
  const P = joint.map((r) => r.map((w) => Rational.of(w, total)));
  // Within one category each side wins half the time by symmetry (the two hands are exchangeable).
  let dbl = Rational.ZERO;
  for (let a = 0; a < 12; a++) {
    for (let b = 0; b < 12; b++) {
      const m = paytable.double.multiplier[CATEGORIES[Math.max(a, b)]!];
      const win = Rational.of(...(doubleRatio(true, m) as [number, number]));
      const lose = Rational.of(...(doubleRatio(false, m) as [number, number]));
      const pWin = a > b ? Rational.ONE : a < b ? Rational.ZERO : Rational.of(1, 2);
      dbl = dbl.add(P[a]![b]!.mul(pWin.mul(win).add(Rational.ONE.sub(pWin).mul(lose))));
    }
  }
  return { categoryJoint: P, returns: { equal: Rational.of(39, 40), double: dbl } };
}

export function everyBetShape(): NiuniuBet[] {
  return betKinds.flatMap((kind) => ([1, 2, 3] as const).map((seat) => ({ kind, seat, amount: kind === "double" ? 5n : 1n })));
}

export const engine: InstantEngine<NiuniuBet, NiuniuOutcome> = {
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
