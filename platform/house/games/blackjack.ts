/**
 * Blackjack, infinite deck (every card is drawn from a full 52-card deck, like a continuous
 * shuffler). Blackjack pays 3:2; the dealer stands on soft 17 and peeks for blackjack under an
 * ace or ten (a dealer blackjack takes only the original bet). The member may hit, stand,
 * double on any two cards (also after a split), and split a pair of equal value once; split
 * aces get one card each, and a split ace with a ten is 21, not blackjack. No insurance, no
 * surrender. A hand reaching 21 stands by itself.
 *
 * Randomness: card k of the round is `cardOf(int(52))`, the k-th draw of the stream, in the
 * order cards are needed: member, dealer up card, member, dealer hole card, then each hit,
 * double or split card, then the dealer's draws. After a split the first hand takes its
 * second card at once, the second hand when play reaches it (split aces: both at once).
 *
 * The state is plain data (`toJSON`/`fromJSON`) and holds only cards already dealt, so a round
 * resumes after a reload from the stored state and the seeds.
 */
import {
  ActionRejected,
  assertShape,
  payoutOf,
  toJsonValue,
  validateWith,
  type Bet,
  type BetResult,
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

export const id = "HOUSE_BLACKJACK";

export const betKinds = ["main"] as const;
export type BlackjackBetKind = (typeof betKinds)[number];
export type BlackjackBet = Bet<BlackjackBetKind>;
/** A settled hand: its stake (doubled stakes included) and which hand it was. */
export interface BlackjackHandBet extends Bet<"hand"> {
  readonly hand: number;
}

export const actions = ["hit", "stand", "double", "split"] as const;
export type BlackjackAction = (typeof actions)[number];

export const paytable = {
  blackjack: { odds: "3:2", ratio: [5, 2] as Ratio },
  win: { odds: "1:1", ratio: [2, 1] as Ratio },
  push: { ratio: [1, 1] as Ratio },
  dealerStandsOnSoft17: true,
  dealerPeeks: true,
  doubleOn: "any two cards, also after a split",
  split: "once, equal-value pairs; split aces one card each",
} as const;

export interface BlackjackHand {
  readonly cards: readonly CardCode[];
  readonly stake: bigint;
  readonly doubled: boolean;
  readonly fromSplit: boolean;
  readonly done: boolean;
}

export type BlackjackHandResult = "BLACKJACK" | "WIN" | "PUSH" | "LOSE";

export interface BlackjackState {
  readonly v: 1;
  readonly phase: "PLAYER" | "DONE";
  readonly bet: bigint;
  /** Up card, hole card, then the dealer's draws. The hole card is secret while phase is PLAYER. */
  readonly dealer: readonly CardCode[];
  readonly hands: readonly BlackjackHand[];
  /** The hand being played. */
  readonly active: number;
  /** How many cards of the stream are dealt. */
  readonly drawn: number;
  /** Every action taken, in order (the round's record for replay and verification). */
  readonly history: readonly BlackjackAction[];
  readonly results: readonly BlackjackHandResult[] | null;
}

export const pointOf = (card: CardCode): number => Math.min(10, rankOf(card));

/** Best total (an ace counts 11 when that does not bust) and whether it is soft. */
export function handTotal(cards: readonly CardCode[]): { total: number; soft: boolean } {
  let hard = 0;
  let ace = false;
  for (const c of cards) {
    const p = pointOf(c);
    hard += p;
    if (p === 1) ace = true;
  }
  return ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

export const isBlackjack = (cards: readonly CardCode[]): boolean => cards.length === 2 && handTotal(cards).total === 21;

const rules: BetRules<BlackjackBet> = { kinds: betKinds, selection: () => ({ key: "" }), maxPayout: (bets) => maxPayout(bets) };

/** Reads the round's cards from the stream, starting after the `from` cards already dealt. */
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

interface DraftHand {
  cards: CardCode[];
  stake: bigint;
  doubled: boolean;
  fromSplit: boolean;
  done: boolean;
}

interface Draft {
  v: 1;
  phase: BlackjackState["phase"];
  bet: bigint;
  dealer: CardCode[];
  hands: DraftHand[];
  active: number;
  drawn: number;
  history: BlackjackAction[];
  results: BlackjackHandResult[] | null;
}

function draft(state: BlackjackState): Draft {
  return {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((h) => ({ ...h, cards: [...h.cards] })),
    history: [...state.history],
    results: state.results ? [...state.results] : null,
  };
}

function take(d: Draft, cards: Cards): CardCode {
  d.drawn++;
  return cards.next();
}

/** Moves play on: finishes hands at 21, deals split hands' second cards, then the dealer. */
function advance(d: Draft, cards: Cards): void {
  for (;;) {
    const hand = d.hands[d.active];
    if (hand && !hand.done) {
      if (hand.cards.length === 1) {
        hand.cards.push(take(d, cards));
        if (rankOf(hand.cards[0]!) === 1) hand.done = true; // split aces: one card
      }
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      if (!hand.done) return;
    }
    if (d.active < d.hands.length - 1) {
      d.active++;
      continue;
    }
    break;
  }
  // Every hand is done: the dealer plays unless every hand busted.
  if (d.hands.some((h) => handTotal(h.cards).total <= 21)) {
    while (handTotal(d.dealer).total < 17) d.dealer.push(take(d, cards));
  }
  finishRound(d);
}

function finishRound(d: Draft): void {
  const dealer = handTotal(d.dealer).total;
  const dealerBj = isBlackjack(d.dealer);
  d.results = d.hands.map((h) => {
    const t = handTotal(h.cards).total;
    const bj = !h.fromSplit && isBlackjack(h.cards);
    if (bj) return dealerBj ? "PUSH" : "BLACKJACK";
    if (dealerBj) return "LOSE";
    if (t > 21) return "LOSE";
    if (dealer > 21 || t > dealer) return "WIN";
    return t === dealer ? "PUSH" : "LOSE";
  });
  d.phase = "DONE";
}

export function start(rng: FairRng, bets: readonly BlackjackBet[]): BlackjackState {
  assertShape(bets, rules);
  if (bets.length !== 1) throw new ActionRejected({ code: "ILLEGAL_ACTION", message: "blackjack takes one main bet" });
  const cards = new Cards(rng, 0);
  const p1 = cards.next();
  const up = cards.next();
  const p2 = cards.next();
  const hole = cards.next();
  const d: Draft = {
    v: 1,
    phase: "PLAYER",
    bet: bets[0]!.amount,
    dealer: [up, hole],
    hands: [{ cards: [p1, p2], stake: bets[0]!.amount, doubled: false, fromSplit: false, done: false }],
    active: 0,
    drawn: 4,
    history: [],
    results: null,
  };
  // The dealer peeks under an ace or a ten; a blackjack on either side ends the round.
  if (isBlackjack(d.dealer) || isBlackjack(d.hands[0]!.cards)) {
    d.hands[0]!.done = true;
    finishRound(d);
    return d;
  }
  return d;
}

export function legalActions(state: BlackjackState): BlackjackAction[] {
  if (state.phase !== "PLAYER") return [];
  const hand = state.hands[state.active]!;
  const out: BlackjackAction[] = ["hit", "stand"];
  if (hand.cards.length === 2) {
    out.push("double");
    if (state.hands.length === 1 && pointOf(hand.cards[0]!) === pointOf(hand.cards[1]!)) out.push("split");
  }
  return out;
}

export function stakeFor(state: BlackjackState, action: BlackjackAction): bigint {
  if (state.phase !== "PLAYER" || !legalActions(state).includes(action)) return 0n;
  return action === "double" || action === "split" ? state.hands[state.active]!.stake : 0n;
}

export function act(rng: FairRng, state: BlackjackState, action: BlackjackAction): BlackjackState {
  if (state.phase !== "PLAYER") throw new ActionRejected({ code: "ROUND_FINISHED", message: "the round is over" });
  if (!legalActions(state).includes(action)) throw new ActionRejected({ code: "ILLEGAL_ACTION", message: `${String(action)} is not allowed now` });
  const d = draft(state);
  const cards = new Cards(rng, state.drawn);
  const hand = d.hands[d.active]!;
  d.history.push(action);
  switch (action) {
    case "hit":
      hand.cards.push(take(d, cards));
      break;
    case "stand":
      hand.done = true;
      break;
    case "double":
      hand.stake *= 2n;
      hand.doubled = true;
      hand.cards.push(take(d, cards));
      hand.done = true;
      break;
    case "split": {
      const [a, b] = hand.cards as [CardCode, CardCode];
      d.hands = [
        { cards: [a], stake: hand.stake, doubled: false, fromSplit: true, done: false },
        { cards: [b], stake: hand.stake, doubled: false, fromSplit: true, done: false },
      ];
      if (rankOf(a) === 1) {
        // Split aces: both hands get their one card now.
        for (const h of d.hands) {
          h.cards.push(take(d, cards));
          h.done = true;
        }
      }
      break;
    }
  }
  advance(d, cards);
  return d;
}

const RESULT_RATIO: Record<BlackjackHandResult, Ratio> = { BLACKJACK: [5, 2], WIN: [2, 1], PUSH: [1, 1], LOSE: [0, 1] };

export function settlement(state: BlackjackState): Settlement<BlackjackHandBet> | null {
  if (state.phase !== "DONE" || !state.results) return null;
  let totalStake = 0n;
  let totalPayout = 0n;
  const results: BetResult<BlackjackHandBet>[] = state.hands.map((h, i) => {
    const ratio = RESULT_RATIO[state.results![i]!];
    const payout = payoutOf(h.stake, ratio);
    totalStake += h.stake;
    totalPayout += payout;
    return { bet: { kind: "hand", hand: i, amount: h.stake }, ratio, payout };
  });
  return { results, totalStake, totalPayout };
}

export function publicView(state: BlackjackState) {
  const json = toJsonValue(state) as { [k: string]: JsonValue };
  if (state.phase === "PLAYER") json.dealer = [state.dealer[0]!];
  json.actions = legalActions(state);
  return json;
}

export function toJSON(state: BlackjackState): JsonValue {
  return toJsonValue(state);
}

export function fromJSON(json: JsonValue): BlackjackState {
  const j = json as unknown as Omit<BlackjackState, "bet" | "hands"> & { bet: string; hands: Array<Omit<BlackjackHand, "stake"> & { stake: string }> };
  const cardsOk = (c: unknown) => Array.isArray(c) && c.every(isCard);
  if (j?.v !== 1 || !cardsOk(j.dealer) || !Array.isArray(j.hands) || !j.hands.every((h) => cardsOk(h.cards))) {
    throw new TypeError("not a blackjack state");
  }
  return {
    ...j,
    bet: BigInt(j.bet),
    dealer: [...j.dealer],
    hands: j.hands.map((h) => ({ ...h, cards: [...h.cards], stake: BigInt(h.stake) })),
    history: [...j.history],
    results: j.results ? [...j.results] : null,
  };
}

/** Split, then double both hands, then win both: 8 times the bet (stakes included). */
export function maxPayout(bets: readonly BlackjackBet[]): bigint {
  return bets.reduce((s, b) => s + b.amount * 8n, 0n);
}

export const defaultLimits: TableLimits<BlackjackBetKind> = {
  perKind: { main: { min: 100n, max: 1_000_000n } },
  maxTotal: 1_000_000n,
  maxBets: 1,
  maxPayout: 8_000_000n,
};

export function validateBets(bets: readonly BlackjackBet[], limits: TableLimits<BlackjackBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

// ---------------------------------------------------------------------------------------------
// Exact expected value under optimal play (infinite deck: composition does not matter).

const P_VALUE: Rational[] = [Rational.ZERO, ...Array.from({ length: 9 }, () => Rational.of(1, 13)), Rational.of(4, 13)]; // index = point value 1..10
const OUTCOMES = [17, 18, 19, 20, 21, 22] as const; // 22 = bust
type DealerDist = Rational[]; // over OUTCOMES

const best = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

function dealerFrom(hard: number, ace: boolean, memo: Map<string, DealerDist>): DealerDist {
  const t = best(hard, ace);
  if (t >= 17) {
    const dist = OUTCOMES.map(() => Rational.ZERO);
    dist[Math.min(t, 22) - 17] = Rational.ONE;
    return dist;
  }
  const key = `${hard}|${ace}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const dist = OUTCOMES.map(() => Rational.ZERO);
  for (let v = 1; v <= 10; v++) {
    const next = dealerFrom(hard + v, ace || v === 1, memo);
    for (let i = 0; i < dist.length; i++) dist[i] = dist[i]!.add(P_VALUE[v]!.mul(next[i]!));
  }
  memo.set(key, dist);
  return dist;
}

/** The dealer's final total given the up card's point value, knowing the dealer has no blackjack. */
export function dealerDistribution(up: number): DealerDist {
  const memo = new Map<string, DealerDist>();
  const dist = OUTCOMES.map(() => Rational.ZERO);
  let mass = Rational.ZERO;
  for (let v = 1; v <= 10; v++) {
    if ((up === 1 && v === 10) || (up === 10 && v === 1)) continue; // peeked: no blackjack
    mass = mass.add(P_VALUE[v]!);
    const next = dealerFrom(up + v, up === 1 || v === 1, memo);
    for (let i = 0; i < dist.length; i++) dist[i] = dist[i]!.add(P_VALUE[v]!.mul(next[i]!));
  }
  return dist.map((p) => p.div(mass));
}

class Strategy {
  private readonly standMemo = new Map<number, Rational>();
  private readonly hitMemo = new Map<string, Rational>();
  constructor(readonly dealer: DealerDist) {}

  stand(total: number): Rational {
    if (total > 21) return Rational.of(-1);
    const m = this.standMemo.get(total);
    if (m) return m;
    let ev = Rational.ZERO;
    OUTCOMES.forEach((o, i) => {
      const p = this.dealer[i]!;
      if (o === 22 || total > o) ev = ev.add(p);
      else if (total < o) ev = ev.sub(p);
    });
    this.standMemo.set(total, ev);
    return ev;
  }
  /** Best of hit/stand for a hand that can no longer double or split. */
  play(hard: number, ace: boolean): Rational {
    const t = best(hard, ace);
    if (t > 21) return Rational.of(-1);
    if (t === 21) return this.stand(21);
    return this.stand(t).max(this.hit(hard, ace));
  }
  hit(hard: number, ace: boolean): Rational {
    const key = `${hard}|${ace}`;
    const m = this.hitMemo.get(key);
    if (m) return m;
    let ev = Rational.ZERO;
    for (let v = 1; v <= 10; v++) ev = ev.add(P_VALUE[v]!.mul(this.play(hard + v, ace || v === 1)));
    this.hitMemo.set(key, ev);
    return ev;
  }
  double(hard: number, ace: boolean): Rational {
    let ev = Rational.ZERO;
    for (let v = 1; v <= 10; v++) ev = ev.add(P_VALUE[v]!.mul(this.stand(best(hard + v, ace || v === 1))));
    return ev.mul(Rational.of(2));
  }
  /** A two-card hand (not blackjack) that may double; split is valued separately. */
  twoCard(hard: number, ace: boolean): { ev: Rational; action: BlackjackAction } {
    const t = best(hard, ace);
    if (t === 21) return { ev: this.stand(21), action: "stand" };
    const options: Array<[BlackjackAction, Rational]> = [
      ["stand", this.stand(t)],
      ["hit", this.hit(hard, ace)],
      ["double", this.double(hard, ace)],
    ];
    return options.reduce((a, [action, ev]) => (ev.cmp(a.ev) > 0 ? { ev, action } : a), { ev: options[0]![1], action: options[0]![0] });
  }
  /** Splitting a pair of point value c: two one-card hands, each dealt a second card and played with double allowed. */
  split(c: number): Rational {
    let one = Rational.ZERO;
    for (let v = 1; v <= 10; v++) {
      const ace = c === 1 || v === 1;
      const ev = c === 1 ? this.stand(best(1 + v, true)) : this.twoCard(c + v, ace).ev;
      one = one.add(P_VALUE[v]!.mul(ev));
    }
    return one.mul(Rational.of(2));
  }
}

const strategies = new Map<number, Strategy>();
function strategyFor(up: number): Strategy {
  let s = strategies.get(up);
  if (!s) strategies.set(up, (s = new Strategy(dealerDistribution(up))));
  return s;
}

const decisions = new Map<string, BlackjackAction>();

/** The optimal action for the active hand (what the simulation and the docs use). */
export function optimalAction(state: BlackjackState): BlackjackAction {
  const legal = legalActions(state);
  const hand = state.hands[state.active]!;
  const up = pointOf(state.dealer[0]!);
  let hard = 0;
  let ace = false;
  for (const c of hand.cards) {
    hard += pointOf(c);
    ace ||= pointOf(c) === 1;
  }
  const key = `${up}|${hard}|${ace}|${legal.join(",")}|${pointOf(hand.cards[0]!)}`;
  const known = decisions.get(key);
  if (known) return known;
  const s = strategyFor(up);
  const t = best(hard, ace);
  const options: Array<[BlackjackAction, Rational]> = [
    ["stand", s.stand(t)],
    ["hit", s.hit(hard, ace)],
  ];
  if (legal.includes("double")) options.push(["double", s.double(hard, ace)]);
  if (legal.includes("split")) options.push(["split", s.split(pointOf(hand.cards[0]!))]);
  const action = options.reduce((a, b) => (b[1].cmp(a[1]) > 0 ? b : a))[0];
  decisions.set(key, action);
  return action;
}

/** Exact expected return per unit of the main bet under optimal play (1 - house edge). */
export function exactReturn(): Rational {
  let ev = Rational.ZERO;
  const p3 = (a: number, b: number, c: number) => P_VALUE[a]!.mul(P_VALUE[b]!).mul(P_VALUE[c]!);
  for (let up = 1; up <= 10; up++) {
    const s = strategyFor(up);
    const pDealerBj = up === 1 ? P_VALUE[10]! : up === 10 ? P_VALUE[1]! : Rational.ZERO;
    for (let a = 1; a <= 10; a++) {
      for (let b = 1; b <= 10; b++) {
        const p = p3(up, a, b);
        const playerBj = (a === 1 && b === 10) || (a === 10 && b === 1);
        let e: Rational;
        if (playerBj) e = Rational.ONE.sub(pDealerBj).mul(Rational.of(3, 2));
        else {
          let decision = s.twoCard(a + b, a === 1 || b === 1).ev;
          if (a === b) decision = decision.max(s.split(a));
          e = pDealerBj.neg().add(Rational.ONE.sub(pDealerBj).mul(decision));
        }
        ev = ev.add(p.mul(e));
      }
    }
  }
  return Rational.ONE.add(ev);
}

export const engine: SessionEngine<BlackjackBet, BlackjackState, BlackjackAction> = {
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
