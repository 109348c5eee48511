/**
 * Hi-lo: a card is shown; the member guesses whether the next card is higher, lower, the same,
 * higher or the same, or lower or the same (by rank, ace low, king high), or skips it. Each
 * correct guess multiplies the running multiplier by (1 - 1%) / P(guess wins); a wrong guess
 * loses the stake; after at least one correct guess the member may cash out stake × multiplier.
 * A guess that would certainly win or certainly lose is not offered.
 * Randomness: infinite deck; card k of the round is `cardOf(int(52))`, the k-th draw (card 0
 * is the first card shown, then one card per guess or skip).
 */
import {
  ActionRejected,
  assertShape,
  LOSE,
  payoutOf,
  toJsonValue,
  validateWith,
  type Bet,
  type BetRules,
  type JsonValue,
  type Ratio,
  type SessionEngine,
  type Settlement,
  type TableLimits,
} from "../bets";
import { cardOf, isCard, rankOf, type CardCode } from "../cards";
import type { FairRng } from "../fair";
import { Rational } from "../rational";

export const id = "HOUSE_HILO";

export const HOUSE_EDGE_BPS = 100; // 1.00% on every guess
export const MAX_SKIPS = 52;

export const betKinds = ["stake"] as const;
export type HiLoBetKind = (typeof betKinds)[number];
export type HiLoBet = Bet<HiLoBetKind>;

export const guesses = ["higher", "lower", "same", "higherOrSame", "lowerOrSame"] as const;
export type HiLoGuess = (typeof guesses)[number];
export const actions = [...guesses, "skip", "cashout"] as const;
export type HiLoAction = (typeof actions)[number];

export const paytable = {
  houseEdgePercent: HOUSE_EDGE_BPS / 100,
  step: "a correct guess multiplies by (10000 - edgeBps) × 13 / (10000 × ranks that win)",
  winningRanks: "higher 13 - r, lower r - 1, same 1, higherOrSame 14 - r, lowerOrSame r (r = 1 ace .. 13 king)",
} as const;

export function winningRanks(rank: number, guess: HiLoGuess): number {
  switch (guess) {
    case "higher":
      return 13 - rank;
    case "lower":
      return rank - 1;
    case "same":
      return 1;
    case "higherOrSame":
      return 14 - rank;
    case "lowerOrSame":
      return rank;
  }
}

export function guessWins(current: number, next: number, guess: HiLoGuess): boolean {
  switch (guess) {
    case "higher":
      return next > current;
    case "lower":
      return next < current;
    case "same":
      return next === current;
    case "higherOrSame":
      return next >= current;
    case "lowerOrSame":
      return next <= current;
  }
}

/** The factor a correct guess applies: (1 - edge) × 13 / winning ranks, exactly. */
export function stepRatio(rank: number, guess: HiLoGuess): Rational {
  return Rational.of((10_000 - HOUSE_EDGE_BPS) * 13, 10_000 * winningRanks(rank, guess));
}

export interface HiLoStep {
  readonly action: HiLoGuess | "skip";
  readonly card: CardCode;
  readonly won: boolean | null;
}

export interface HiLoState {
  readonly v: 1;
  readonly phase: "PLAYING" | "CASHED_OUT" | "LOST";
  readonly stake: bigint;
  /** The first card, then one per step. The last is the card showing. */
  readonly cards: readonly CardCode[];
  readonly steps: readonly HiLoStep[];
  /** The running multiplier as an exact fraction. */
  readonly multiplier: { readonly num: bigint; readonly den: bigint };
  readonly correct: number;
  readonly skips: number;
}

const rules: BetRules<HiLoBet> = { kinds: betKinds, selection: () => ({ key: "" }), maxPayout: () => 0n };

class Cards {
  private readonly rng: FairRng;
  constructor(rng: FairRng, from: number) {
    this.rng = rng.restart();
    for (let i = 0; i < from; i++) this.rng.int(52);
  }
  next(): CardCode {
    return cardOf(this.rng.int(52));
  }
}

export function start(rng: FairRng, bets: readonly HiLoBet[]): HiLoState {
  assertShape(bets, rules);
  if (bets.length !== 1) throw new ActionRejected({ code: "ILLEGAL_ACTION", message: "hi-lo takes one stake" });
  return { v: 1, phase: "PLAYING", stake: bets[0]!.amount, cards: [new Cards(rng, 0).next()], steps: [], multiplier: { num: 1n, den: 1n }, correct: 0, skips: 0 };
}

const current = (s: HiLoState) => rankOf(s.cards[s.cards.length - 1]!);

export function legalActions(state: HiLoState): HiLoAction[] {
  if (state.phase !== "PLAYING") return [];
  const r = current(state);
  const out: HiLoAction[] = guesses.filter((g) => {
    const w = winningRanks(r, g);
    return w > 0 && w < 13;
  });
  if (state.skips < MAX_SKIPS) out.push("skip");
  if (state.correct > 0) out.push("cashout");
  return out;
}

/** What cashing out would pay now (0 before the first correct guess). */
export function cashoutValue(state: HiLoState): bigint {
  return state.correct > 0 ? payoutOf(state.stake, [state.multiplier.num, state.multiplier.den]) : 0n;
}

/** What the next correct `guess` would make the cash-out value. */
export function valueIfCorrect(state: HiLoState, guess: HiLoGuess): bigint {
  const m = Rational.of(state.multiplier.num, state.multiplier.den).mul(stepRatio(current(state), guess));
  return payoutOf(state.stake, [m.num, m.den]);
}

export function stakeFor(): bigint {
  return 0n;
}

/**
 * `limits` (when given) refuses a guess whose win would take the cash-out value above the
 * table's max payout: the member has to cash out first. Replays for verification pass none.
 */
export function act(rng: FairRng, state: HiLoState, action: HiLoAction, limits?: TableLimits<HiLoBetKind>): HiLoState {
  if (state.phase !== "PLAYING") throw new ActionRejected({ code: "ROUND_FINISHED", message: "the round is over" });
  if (!legalActions(state).includes(action)) throw new ActionRejected({ code: "ILLEGAL_ACTION", message: `${String(action)} is not allowed now` });
  if (action === "cashout") return { ...state, phase: "CASHED_OUT" };
  if (action !== "skip" && limits && valueIfCorrect(state, action) > limits.maxPayout) {
    throw new ActionRejected({ code: "PAYOUT_ABOVE_MAX", message: "a win would pass the table's maximum payout: cash out" });
  }
  const card = new Cards(rng, state.cards.length).next();
  const cards = [...state.cards, card];
  if (action === "skip") return { ...state, cards, steps: [...state.steps, { action, card, won: null }], skips: state.skips + 1 };
  const won = guessWins(current(state), rankOf(card), action);
  if (!won) return { ...state, phase: "LOST", cards, steps: [...state.steps, { action, card, won }] };
  const m = Rational.of(state.multiplier.num, state.multiplier.den).mul(stepRatio(current(state), action));
  return { ...state, cards, steps: [...state.steps, { action, card, won }], multiplier: { num: m.num, den: m.den }, correct: state.correct + 1 };
}

export function settlement(state: HiLoState): Settlement<HiLoBet> | null {
  if (state.phase === "PLAYING") return null;
  const ratio: Ratio = state.phase === "CASHED_OUT" ? [state.multiplier.num, state.multiplier.den] : LOSE;
  const payout = payoutOf(state.stake, ratio);
  return { results: [{ bet: { kind: "stake", amount: state.stake }, ratio, payout }], totalStake: state.stake, totalPayout: payout };
}

export function publicView(state: HiLoState) {
  return { ...(toJsonValue(state) as { [k: string]: JsonValue }), cashoutValue: cashoutValue(state).toString(), actions: legalActions(state) };
}

export function toJSON(state: HiLoState): JsonValue {
  return toJsonValue(state);
}

export function fromJSON(json: JsonValue): HiLoState {
  const j = json as unknown as Omit<HiLoState, "stake" | "multiplier"> & { stake: string; multiplier: { num: string; den: string } };
  if (j?.v !== 1 || !Array.isArray(j.cards) || !j.cards.every(isCard) || !Array.isArray(j.steps)) throw new TypeError("not a hi-lo state");
  return {
    ...j,
    stake: BigInt(j.stake),
    cards: [...j.cards],
    steps: j.steps.map((s) => ({ ...s })),
    multiplier: { num: BigInt(j.multiplier.num), den: BigInt(j.multiplier.den) },
  };
}

/** Hi-lo's ceiling is the table's max payout, enforced guess by guess in `act`. */
export function maxPayout(_bets: readonly HiLoBet[], limits: TableLimits<HiLoBetKind> = defaultLimits): bigint {
  return limits.maxPayout;
}

export const defaultLimits: TableLimits<HiLoBetKind> = {
  perKind: { stake: { min: 10n, max: 1_000_000n } },
  maxTotal: 1_000_000n,
  maxBets: 1,
  maxPayout: 10_000_000n,
};

/**
 * The largest factor that the safest guess on the worst card applies (a 7: 7 winning ranks
 * either way). A stake is accepted only if that first win fits under the max payout, so a round
 * can always reach its first correct guess and then cash out.
 */
export const WORST_SAFEST_STEP = stepRatio(7, "higherOrSame");

export function validateBets(bets: readonly HiLoBet[], limits: TableLimits<HiLoBetKind> = defaultLimits) {
  const firstWin = (b: readonly HiLoBet[]) => b.reduce((s, x) => s + payoutOf(x.amount, [WORST_SAFEST_STEP.num, WORST_SAFEST_STEP.den]), 0n);
  return validateWith(bets, limits, { ...rules, maxPayout: firstWin });
}

/** Exact return of one guess from a given rank: (winning ranks / 13) × step ratio = 1 - edge. */
export function exactStepReturn(rank: number, guess: HiLoGuess): Rational {
  return Rational.of(winningRanks(rank, guess), 13).mul(stepRatio(rank, guess));
}

export const engine: SessionEngine<HiLoBet, HiLoState, HiLoAction> = {
  type: "session",
  id,
  betKinds,
  actions,
  paytable,
  defaultLimits,
  validateBets,
  maxPayout,
  start,
  legalActions,
  stakeFor,
  act,
  settlement,
  publicView,
  toJSON,
  fromJSON,
};
