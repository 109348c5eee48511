/**
 * Three card poker, one deck. The member bets Ante and/or Pair Plus, sees three cards, then
 * plays (a Play bet equal to the Ante) or folds (losing the Ante). The dealer qualifies with
 * queen-high or better.
 *   - Dealer does not qualify: Ante pays 1:1, Play pushes.
 *   - Dealer qualifies: the better hand wins Ante and Play 1:1 each; equal hands push both.
 *   - Ante bonus (paid on the Ante when the member plays, whatever the dealer holds):
 *     straight 1, three of a kind 4, straight flush 5 to 1.
 *   - Pair Plus on the member's hand alone: pair 1, flush 4, straight 6, trips 30, straight flush 40 to 1.
 * Hands: straight flush > three of a kind > straight > flush > pair > high card; A-2-3 is the
 * lowest straight, A-K-Q the highest. A Pair Plus only round is settled at `start`.
 * Randomness: `dealer(52)`, three cards to the member, then three to the dealer.
 */
import {
  ActionRejected,
  assertShape,
  LOSE,
  PUSH,
  settle,
  toJsonValue,
  uniformLimits,
  validateWith,
  type Bet,
  type BetRules,
  type JsonValue,
  type Ratio,
  type SessionEngine,
  type Settlement,
  type TableLimits,
} from "../bets";
import { cardOf, isCard, rankOf, suitOf, type CardCode } from "../cards";
import type { FairRng } from "../fair";
import { Rational } from "../rational";

export const id = "HOUSE_3CP";

export const betKinds = ["ante", "pairPlus"] as const;
export type ThreeCardBetKind = (typeof betKinds)[number];
export type ThreeCardBet = Bet<ThreeCardBetKind>;
/** The Play bet is placed by the `play` action; it shows in the settlement as kind "play". */
export type ThreeCardSettledBet = Bet<ThreeCardBetKind | "play">;

export const actions = ["play", "fold"] as const;
export type ThreeCardAction = (typeof actions)[number];

export const HANDS = ["HIGH_CARD", "PAIR", "FLUSH", "STRAIGHT", "THREE_OF_A_KIND", "STRAIGHT_FLUSH"] as const;
export type ThreeCardHand = (typeof HANDS)[number];

export const paytable = {
  ante: { win: 1, dealerNotQualified: 1 },
  play: { win: 1, dealerNotQualified: "push" },
  anteBonus: { STRAIGHT: 1, THREE_OF_A_KIND: 4, STRAIGHT_FLUSH: 5 } as Readonly<Partial<Record<ThreeCardHand, number>>>,
  pairPlus: { PAIR: 1, FLUSH: 4, STRAIGHT: 6, THREE_OF_A_KIND: 30, STRAIGHT_FLUSH: 40 } as Readonly<Partial<Record<ThreeCardHand, number>>>,
  dealerQualifies: "queen high or better",
} as const;

/** A comparable score: higher is better; equal scores are equal hands. */
export function scoreHand(cards: readonly CardCode[]): { hand: ThreeCardHand; score: number } {
  const r = cards.map((c) => (rankOf(c) === 1 ? 14 : rankOf(c))).sort((a, b) => b - a) as [number, number, number];
  const flush = suitOf(cards[0]!) === suitOf(cards[1]!) && suitOf(cards[1]!) === suitOf(cards[2]!);
  const wheel = r[0] === 14 && r[1] === 3 && r[2] === 2;
  const straight = (r[0] - r[1] === 1 && r[1] - r[2] === 1) || wheel;
  const top = wheel ? 3 : r[0];
  let hand: ThreeCardHand;
  let tie: number;
  if (straight && flush) [hand, tie] = ["STRAIGHT_FLUSH", top];
  else if (r[0] === r[2]) [hand, tie] = ["THREE_OF_A_KIND", r[0]];
  else if (straight) [hand, tie] = ["STRAIGHT", top];
  else if (flush) [hand, tie] = ["FLUSH", r[0] * 225 + r[1] * 15 + r[2]];
  else if (r[0] === r[1] || r[1] === r[2]) {
    const pair = r[1];
    const kicker = r[0] === r[1] ? r[2] : r[0];
    [hand, tie] = ["PAIR", pair * 15 + kicker];
  } else [hand, tie] = ["HIGH_CARD", r[0] * 225 + r[1] * 15 + r[2]];
  return { hand, score: HANDS.indexOf(hand) * 15 ** 3 + tie };
}

/** Queen-high or better: any pair or better, or a high card of queen or above. */
export const dealerQualifies = (score: number): boolean => score >= 15 ** 3 || Math.floor(score / 225) >= 12;

export interface ThreeCardState {
  readonly v: 1;
  readonly phase: "DECIDE" | "DONE";
  readonly bets: readonly ThreeCardBet[];
  readonly player: readonly CardCode[];
  /** Secret until the round is done: `publicView` leaves it out. */
  readonly dealer: readonly CardCode[];
  readonly decision: ThreeCardAction | null;
  readonly playerHand: ThreeCardHand;
  readonly dealerHand: ThreeCardHand | null;
  readonly dealerQualified: boolean | null;
  readonly settlement: Settlement<ThreeCardSettledBet> | null;
}

const rules: BetRules<ThreeCardBet> = { kinds: betKinds, selection: () => ({ key: "" }), maxPayout: (bets) => maxPayout(bets) };

function ratios(state: Pick<ThreeCardState, "player" | "dealer">, decision: ThreeCardAction | null) {
  const p = scoreHand(state.player);
  const d = scoreHand(state.dealer);
  const pp = paytable.pairPlus[p.hand];
  const pairPlus: Ratio = pp === undefined ? LOSE : [pp + 1, 1];
  if (decision !== "play") return { ante: LOSE, play: LOSE, pairPlus, dealerHand: d.hand, qualified: dealerQualifies(d.score) };
  const bonus = paytable.anteBonus[p.hand] ?? 0;
  const qualified = dealerQualifies(d.score);
  let ante: Ratio;
  let play: Ratio;
  if (!qualified) [ante, play] = [[2, 1], PUSH];
  else if (p.score > d.score) [ante, play] = [[2, 1], [2, 1]];
  else if (p.score === d.score) [ante, play] = [PUSH, PUSH];
  else [ante, play] = [LOSE, LOSE];
  return { ante: [Number(ante[0]) + bonus, 1] as Ratio, play, pairPlus, dealerHand: d.hand, qualified };
}

function finish(state: ThreeCardState, decision: ThreeCardAction | null): ThreeCardState {
  const r = ratios(state, decision);
  const ante = state.bets.find((b) => b.kind === "ante");
  const bets: ThreeCardSettledBet[] = [...state.bets];
  if (ante && decision === "play") bets.push({ kind: "play", amount: ante.amount });
  const settlement = settle(bets, (b) => (b.kind === "pairPlus" ? r.pairPlus : b.kind === "play" ? r.play : r.ante));
  return { ...state, phase: "DONE", decision, dealerHand: r.dealerHand, dealerQualified: r.qualified, settlement };
}

export function start(rng: FairRng, bets: readonly ThreeCardBet[]): ThreeCardState {
  assertShape(bets, rules);
  const cards = rng.dealer(52).take(6).map(cardOf);
  const state: ThreeCardState = {
    v: 1,
    phase: "DECIDE",
    bets: [...bets],
    player: cards.slice(0, 3),
    dealer: cards.slice(3, 6),
    decision: null,
    playerHand: scoreHand(cards.slice(0, 3)).hand,
    dealerHand: null,
    dealerQualified: null,
    settlement: null,
  };
  return bets.some((b) => b.kind === "ante") ? state : finish(state, null);
}

export function legalActions(state: ThreeCardState): ThreeCardAction[] {
  return state.phase === "DECIDE" ? ["play", "fold"] : [];
}

export function stakeFor(state: ThreeCardState, action: ThreeCardAction): bigint {
  return action === "play" && state.phase === "DECIDE" ? (state.bets.find((b) => b.kind === "ante")?.amount ?? 0n) : 0n;
}

/** The cards were all dealt at `start`; `act` needs no more randomness. */
export function act(_rng: FairRng | null, state: ThreeCardState, action: ThreeCardAction): ThreeCardState {
  if (state.phase !== "DECIDE") throw new ActionRejected({ code: "ROUND_FINISHED", message: "the round is over" });
  if (action !== "play" && action !== "fold") throw new ActionRejected({ code: "ILLEGAL_ACTION", message: `unknown action ${String(action)}` });
  return finish(state, action);
}

export function settlement(state: ThreeCardState): Settlement<ThreeCardSettledBet> | null {
  return state.settlement;
}

export function publicView(state: ThreeCardState) {
  const json = toJsonValue(state) as { [k: string]: JsonValue };
  if (state.phase !== "DONE") delete json.dealer;
  return json;
}

export function toJSON(state: ThreeCardState): JsonValue {
  return toJsonValue(state);
}

export function fromJSON(json: JsonValue): ThreeCardState {
  const j = json as unknown as ThreeCardState & { bets: { kind: ThreeCardBetKind; amount: string }[] };
  if (j.v !== 1 || !Array.isArray(j.player) || !j.player.every(isCard) || !Array.isArray(j.dealer) || !j.dealer.every(isCard)) {
    throw new TypeError("not a three card poker state");
  }
  const bets = j.bets.map((b) => ({ kind: b.kind, amount: BigInt(b.amount) }));
  const base: ThreeCardState = { ...j, bets, settlement: null };
  // The settlement is derived data: rebuild it rather than trust the stored copy.
  return j.phase === "DONE" ? finish(base, j.decision) : base;
}

/** Ante + Play + the best bonus (straight flush), and Pair Plus at 40 to 1: an upper bound. */
export function maxPayout(bets: readonly ThreeCardBet[]): bigint {
  let total = 0n;
  for (const b of bets) total += b.kind === "ante" ? b.amount * 2n + b.amount * 2n + b.amount * 5n : b.amount * 41n;
  return total;
}

export const defaultLimits: TableLimits<ThreeCardBetKind> = uniformLimits(
  betKinds,
  { min: 100n, max: 500_000n },
  { maxTotal: 1_000_000n, maxBets: 2, maxPayout: 25_000_000n },
  { pairPlus: { min: 100n, max: 100_000n } },
);

export function validateBets(bets: readonly ThreeCardBet[], limits: TableLimits<ThreeCardBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

/**
 * Exact returns by enumerating all 22,100 member hands against all 18,424 dealer hands from the
 * rest of the deck, with the member playing optimally (play when the expected result of playing
 * beats losing the Ante). Returns are per unit of Ante (Ante + Play counted as the Ante's return)
 * and per unit of Pair Plus.
 */
export function exactReturns(): { ante: Rational; pairPlus: Rational; playWhen: string; playFraction: Rational } {
  const hands: number[][] = [];
  for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++) hands.push([a, b, c]);
  const n = hands.length;
  const scores = new Int32Array(n);
  const kinds: ThreeCardHand[] = [];
  hands.forEach((h, i) => {
    const s = scoreHand(h.map(cardOf));
    scores[i] = s.score;
    kinds.push(s.hand);
  });
  const containing: number[][] = Array.from({ length: 52 }, () => []);
  hands.forEach((h, i) => h.forEach((c) => containing[c]!.push(i)));
  // Qualifying dealer scores sorted, to count below / equal / above by binary search.
  const qual = Array.from(scores).filter(dealerQualifies).sort((x, y) => x - y);
  const nonQual = n - qual.length;
  const lowerBound = (x: number) => {
    let lo = 0;
    let hi = qual.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (qual[m]! < x) lo = m + 1;
      else hi = m;
    }
    return lo;
  };
  const upperBound = (x: number) => lowerBound(x + 1);
  let anteNum = 0n; // Σ over member hands of (return × dealer hands), in ante units
  let plays = 0;
  let worstPlayed = Infinity;
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    let below = lowerBound(s);
    let equal = upperBound(s) - below;
    let above = qual.length - below - equal;
    let nq = nonQual;
    const touched: number[] = [];
    for (const c of hands[i]!) {
      for (const j of containing[c]!) {
        if (seen[j]) continue;
        seen[j] = 1;
        touched.push(j);
        const d = scores[j]!;
        if (!dealerQualifies(d)) nq--;
        else if (d < s) below--;
        else if (d === s) equal--;
        else above--;
      }
    }
    for (const j of touched) seen[j] = 0;
    const bonus = paytable.anteBonus[kinds[i]!] ?? 0;
    const m = nq + below + equal + above; // 18,424
    // Net result in ante units when playing, times m.
    const playNet = nq * 1 + below * 2 + equal * 0 - above * 2 + bonus * m;
    const foldNet = -m;
    if (playNet >= foldNet) {
      plays++;
      if (s < worstPlayed) worstPlayed = s;
    }
    anteNum += BigInt(Math.max(playNet, foldNet) + m); // return = net + stake back
  }
  const ante = Rational.of(anteNum, BigInt(n) * 18_424n);
  let ppNum = 0n;
  for (const k of kinds) ppNum += BigInt((paytable.pairPlus[k] ?? -1) + 1);
  const worst = hands[Array.from(scores).indexOf(worstPlayed)]!.map(cardOf).join(" ");
  return { ante, pairPlus: Rational.of(ppNum, BigInt(n)), playWhen: `score >= ${worstPlayed} (e.g. ${worst})`, playFraction: Rational.of(plays, n) };
}

export const engine: SessionEngine<ThreeCardBet, ThreeCardState, ThreeCardAction> = {
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
