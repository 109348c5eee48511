/**
 * Punto banco baccarat from a freshly shuffled 8-deck shoe each round, standard third-card
 * tableau. Banker wins pay 0.95 to 1 (5% commission); Player and Banker push on a tie.
 * Randomness: `dealer(416)`, cards in dealing order Player, Banker, Player, Banker, then the
 * Player's third card if drawn, then the Banker's (card index mod 52).
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
import { cardOf, rankOf, type CardCode } from "../cards";
import type { FairRng } from "../fair";
import { Rational } from "../rational";

export const id = "HOUSE_BACCARAT";
export const DECKS = 8;

export const betKinds = ["player", "banker", "tie", "playerPair", "bankerPair"] as const;
export type BaccaratBetKind = (typeof betKinds)[number];
export type BaccaratBet = Bet<BaccaratBetKind>;

export const paytable = {
  player: { odds: "1:1", ratio: [2, 1] as Ratio, onTie: "push" },
  banker: { odds: "0.95:1", ratio: [39, 20] as Ratio, onTie: "push" },
  tie: { odds: "8:1", ratio: [9, 1] as Ratio },
  playerPair: { odds: "11:1", ratio: [12, 1] as Ratio },
  bankerPair: { odds: "11:1", ratio: [12, 1] as Ratio },
} as const;

export interface BaccaratOutcome {
  readonly player: readonly CardCode[];
  readonly banker: readonly CardCode[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: "PLAYER" | "BANKER" | "TIE";
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly natural: boolean;
}

/** Baccarat value of a rank: ace 1, 2-9 face value, tens and faces 0. */
export const valueOfRank = (rank: number): number => (rank >= 10 ? 0 : rank);

export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/** The banker's rule; `playerThird` is the value of the player's third card, or null if the player stood. */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays a coup from a source of cards in dealing order. */
export function coup(next: () => CardCode): BaccaratOutcome {
  const p = [next()];
  const b = [next()];
  p.push(next());
  b.push(next());
  const total = (cards: CardCode[]) => cards.reduce((s, c) => s + valueOfRank(rankOf(c)), 0) % 10;
  let pt = total(p);
  let bt = total(b);
  const natural = pt >= 8 || bt >= 8;
  if (!natural) {
    let third: number | null = null;
    if (playerDraws(pt)) {
      const c = next();
      p.push(c);
      third = valueOfRank(rankOf(c));
      pt = total(p);
    }
    if (bankerDraws(bt, third)) {
      b.push(next());
      bt = total(b);
    }
  }
  return {
    player: p,
    banker: b,
    playerTotal: pt,
    bankerTotal: bt,
    winner: pt > bt ? "PLAYER" : bt > pt ? "BANKER" : "TIE",
    playerPair: rankOf(p[0]!) === rankOf(p[1]!),
    bankerPair: rankOf(b[0]!) === rankOf(b[1]!),
    natural,
  };
}

const rules: BetRules<BaccaratBet> = { kinds: betKinds, selection: () => ({ key: "" }), maxPayout: (bets) => maxPayout(bets) };

type Settles = Pick<BaccaratOutcome, "winner" | "playerPair" | "bankerPair">;

export function ratioFor(bet: BaccaratBet, o: Settles): Ratio {
  switch (bet.kind) {
    case "player":
      return o.winner === "PLAYER" ? paytable.player.ratio : o.winner === "TIE" ? PUSH : LOSE;
    case "banker":
      return o.winner === "BANKER" ? paytable.banker.ratio : o.winner === "TIE" ? PUSH : LOSE;
    case "tie":
      return o.winner === "TIE" ? paytable.tie.ratio : LOSE;
    case "playerPair":
      return o.playerPair ? paytable.playerPair.ratio : LOSE;
    case "bankerPair":
      return o.bankerPair ? paytable.bankerPair.ratio : LOSE;
  }
}

export function draw(rng: FairRng): BaccaratOutcome {
  const shoe = rng.dealer(52 * DECKS);
  return coup(() => cardOf(shoe.next()));
}

export function settleBets(outcome: BaccaratOutcome, bets: readonly BaccaratBet[]): Settlement<BaccaratBet> {
  assertShape(bets, rules);
  return settle(bets, (b) => ratioFor(b, outcome));
}

export function play(rng: FairRng, bets: readonly BaccaratBet[]): Played<BaccaratBet, BaccaratOutcome> {
  assertShape(bets, rules);
  const outcome = draw(rng);
  return { outcome, settlement: settleBets(outcome, bets) };
}

/** Every combination of winner and pairs (an upper bound where a combination cannot occur). */
const CLASSES: Settles[] = (["PLAYER", "BANKER", "TIE"] as const).flatMap((winner) =>
  [false, true].flatMap((playerPair) => [false, true].map((bankerPair) => ({ winner, playerPair, bankerPair }))),
);

export function maxPayout(bets: readonly BaccaratBet[]): bigint {
  return maxOver(bets, CLASSES, ratioFor);
}

export const defaultLimits: TableLimits<BaccaratBetKind> = uniformLimits(
  betKinds,
  { min: 100n, max: 2_000_000n },
  { maxTotal: 4_000_000n, maxBets: 5, maxPayout: 20_000_000n },
  { tie: { min: 100n, max: 200_000n }, playerPair: { min: 100n, max: 100_000n }, bankerPair: { min: 100n, max: 100_000n } },
);

export function validateBets(bets: readonly BaccaratBet[], limits: TableLimits<BaccaratBetKind> = defaultLimits) {
  return validateWith(bets, limits, rules);
}

export interface BaccaratProbabilities {
  /** P(winner, player pair, banker pair) for each combination, exactly. */
  readonly classes: ReadonlyArray<Settles & { probability: Rational }>;
  /** Expected return per unit staked, per bet kind (house edge = 1 - return). */
  readonly returns: Readonly<Record<BaccaratBetKind, Rational>>;
}

/**
 * Exact probabilities by enumerating every deal of the 8-deck shoe by rank, cards removed as
 * dealt (at most 13^6 sequences; every weight is an exact integer below 2^53).
 */
export function exactProbabilities(): BaccaratProbabilities {
  const counts = new Array<number>(14).fill(DECKS * 4);
  const N = 52 * DECKS;
  // Shorter deals are scaled to six cards so every weight shares the denominator N(N-1)...(N-5).
  const tail = (k: number) => {
    let t = 1;
    for (let i = k; i < 6; i++) t *= N - i;
    return t;
  };
  const acc = new Map<string, number>();
  const add = (o: Settles, w: number) => {
    const key = `${o.winner}|${o.playerPair}|${o.bankerPair}`;
    acc.set(key, (acc.get(key) ?? 0) + w);
  };
  const v = valueOfRank;
  for (let p1 = 1; p1 <= 13; p1++) {
    const w1 = counts[p1]!--;
    for (let b1 = 1; b1 <= 13; b1++) {
      const w2 = w1 * counts[b1]!--;
      for (let p2 = 1; p2 <= 13; p2++) {
        const w3 = w2 * counts[p2]!--;
        for (let b2 = 1; b2 <= 13; b2++) {
          const w4 = w3 * counts[b2]!--;
          const pp = p1 === p2;
          const bp = b1 === b2;
          const pt = (v(p1) + v(p2)) % 10;
          const bt = (v(b1) + v(b2)) % 10;
          const finish = (ptot: number, btot: number, w: number) =>
            add({ winner: ptot > btot ? "PLAYER" : btot > ptot ? "BANKER" : "TIE", playerPair: pp, bankerPair: bp }, w);
          if (pt >= 8 || bt >= 8) finish(pt, bt, w4 * tail(4));
          else if (playerDraws(pt)) {
            for (let p3 = 1; p3 <= 13; p3++) {
              const w5 = w4 * counts[p3]!--;
              const pt3 = (pt + v(p3)) % 10;
              if (bankerDraws(bt, v(p3))) {
                for (let b3 = 1; b3 <= 13; b3++) finish(pt3, (bt + v(b3)) % 10, w5 * counts[b3]! * tail(6));
              } else finish(pt3, bt, w5 * tail(5));
              counts[p3]!++;
            }
          } else if (bankerDraws(bt, null)) {
            for (let b3 = 1; b3 <= 13; b3++) finish(pt, (bt + v(b3)) % 10, w4 * counts[b3]! * tail(5));
          } else finish(pt, bt, w4 * tail(4));
          counts[b2]!++;
        }
        counts[p2]!++;
      }
      counts[b1]!++;
    }
    counts[p1]!++;
  }
  const total = tail(0);
  const classes = CLASSES.map((c) => {
    const w = acc.get(`${c.winner}|${c.playerPair}|${c.bankerPair}`) ?? 0;
    if (!Number.isSafeInteger(w)) throw new Error("baccarat enumeration left the exact integer range");
    return { ...c, probability: Rational.of(BigInt(w), BigInt(total)) };
  });
  const returns = Object.fromEntries(
    betKinds.map((kind) => {
      let r = Rational.ZERO;
      for (const c of classes) {
        const [n, d] = ratioFor({ kind, amount: 1n }, c);
        r = r.add(c.probability.mul(Rational.of(n, d)));
      }
      return [kind, r];
    }),
  ) as Record<BaccaratBetKind, Rational>;
  return { classes, returns };
}

export function everyBetShape(): BaccaratBet[] {
  return betKinds.map((kind) => ({ kind, amount: 1n }));
}

export const engine: InstantEngine<BaccaratBet, BaccaratOutcome> = {
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
