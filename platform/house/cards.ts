/**
 * Playing cards as two-character codes: rank `A23456789TJQK` then suit `S H D C`
 * ("AS" ace of spades, "TD" ten of diamonds). Card index i (0..51) is rank i % 13 + 1 of suit
 * SUITS[floor(i / 13)]; an n-deck shoe is indices 0..52n-1, card index mod 52.
 */

export const SUITS = ["S", "H", "D", "C"] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = "A23456789TJQK";
export type CardCode = string;

/** 1 (ace) .. 13 (king). */
export type Rank = number;

export function cardOf(index: number): CardCode {
  const i = index % 52;
  return `${RANKS[i % 13]}${SUITS[Math.floor(i / 13)]}`;
}

export function rankOf(card: CardCode): Rank {
  const r = RANKS.indexOf(card[0]!);
  if (r < 0 || card.length !== 2) throw new RangeError(`not a card: ${card}`);
  return r + 1;
}

export function suitOf(card: CardCode): Suit {
  const s = card[1] as Suit;
  if (!SUITS.includes(s)) throw new RangeError(`not a card: ${card}`);
  return s;
}

export function indexOf(card: CardCode): number {
  return SUITS.indexOf(suitOf(card)) * 13 + rankOf(card) - 1;
}

export function isCard(s: unknown): s is CardCode {
  return typeof s === "string" && s.length === 2 && RANKS.includes(s[0]!) && (SUITS as readonly string[]).includes(s[1]!);
}
