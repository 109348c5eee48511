/**
 * Dragon tiger: one card to Dragon, one to Tiger, from a freshly shuffled 8-deck shoe; the
 * higher rank wins (ace low, king high). On a tie, Dragon and Tiger bets lose half.
 * Randomness: `dealer(416)`, Dragon gets the first card, Tiger the second (card index mod 52).
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
import { cardOf, rankOf, suitOf, type CardCode } from "../cards";
import type { Weighted } from "../exact";
import type { FairRng } from "../fair";

export const id = "HOUSE_DRAGON_TIGER";
export const DECKS = 8;

export const betKinds = ["dragon", "tiger", "tie", "suitedTie"] as const;
export type DragonTigerBetKind = (typeof betKinds)[number];
export type DragonTigerBet = Bet<DragonTigerBetKind>;

export const paytable = {
  dragon: { win: 1, onTie: "half back" },
  tiger: { win: 1, onTie: "half back" },
  tie: 11,
  suitedTie: 50,
} as const;

export interface DragonTigerOutcome {
  readonly dragon: CardCode;
  readonly tiger: CardCode;
  readonly winner: "DRAGON" | "TIGER" | "TIE";
  readonly suited: boolean;
}

export function outcomeOf(dragon: CardCode, tiger: CardCode): DragonTigerOutcome {
  const d = rankOf(dragon);
  const t = rankOf(tiger);
  return { dragon, tiger, winner: d > t ? "DRAGON" : t > d ? "TIGER" : "TIE", suited: d === t && suitOf(dragon) === suitOf(tiger) };
}

const rules: BetRules<DragonTigerBet> = { kinds: betKinds, selection: () => ({ key: "" }), maxPayout: (bets) => maxPayout(bets) };

const HALF: Ratio = [1, 2];

export function ratioFor(bet: DragonTigerBet, o: DragonTigerOutcome): Ratio {
  switch (bet.kind) {
    case "dragon":
      return o.winner === "DRAGON" ? toOne(1) : o.winner === "TIE" ? HALF : LOSE;
    case "tiger":
      return o.winner === "TIGER" ? toOne(1) : o.winner === "TIE" ? HALF : LOSE;
    case "tie":
      return o.winner === "TIE" ? toOne(paytable.tie) : LOSE;
    case "suitedTie":
      return o.suited ? toOne(paytable.suitedTie) : LOSE;
  }
}

export function draw(rng: FairRng): DragonTigerOutcome {
  const shoe = rng.dealer(52 * DECKS);
  return outcomeOf(cardOf(shoe.next()), cardOf(shoe.next()));
}

export function settleBets(outcome: DragonTigerOutcome, bets: readonly DragonTigerBet[]): Settlement<DragonTigerBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly DragonTigerBet[]): Played<DragonTigerBet, DragonTigerOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

/** Every (dragon, tiger) card pair with its number of ways in the 416-card shoe. */
export function outcomeDistribution(): Weighted<DragonTigerOutcome>[] {
  const out: Weighted<DragonTigerOutcome>[] = [];
  for (let a = 0; a < 52; a++) {
    for (let b = 0; b < 52; b++) {
      out.push({ outcome: outcomeOf(cardOf(a), cardOf(b)), weight: BigInt(DECKS * (a === b ? DECKS - 1 : DECKS)) });
    }
  }
  return out;
}

const CLASSES: DragonTigerOutcome[] = [outcomeOf("KS", "AS"), outcomeOf("AS", "KS"), outcomeOf("AS", "AH"), outcomeOf("AS", "AS")];

/** Exact: the best of dragon win, tiger win, tie, suited tie. */
export function maxPayout(bets: readonly DragonTigerBet[]): bigint {
  return maxOver(bets, CLASSES, ratioFor);
}

export const defaultLimits: TableLimits<DragonTigerBetKind> = uniformLimits(
  betKinds,
  { min: 100n, max: 1_000_000n },
  { maxTotal: 2_000_000n, maxBets: 4, maxPayout: 10_000_000n },
  { tie: { min: 100n, max: 200_000n }, suitedTie: { min: 100n, max: 50_000n } },
);

export function validateBets(bets: readonly DragonTigerBet[], limits: TableLimits<DragonTigerBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

export function everyBetShape(): DragonTigerBet[] {
  return betKinds.map((kind) => ({ kind, amount: 1n }));
}

export const engine: InstantEngine<DragonTigerBet, DragonTigerOutcome> = {
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
