/**
 * The demo studio's slot: one generic three-reel slot per game code, provably fair with the same
 * scheme as the in-house games (platform/house/fair.ts: HMAC-SHA256 byte stream of server seed,
 * client seed and nonce; `int(n)` by rejection sampling).
 *
 * A round is one draw `int(TABLE_TOTAL)` on the game's prize table: each prize tier has an
 * integer weight and a multiplier of the stake, the rest of the table loses. The weights of the
 * tiers are fixed by the game's volatility profile; the weight of the ×1 tier is what makes the
 * return exactly the RTP of the game's record:
 *
 *   RTP = Σ weight × multiplier / TABLE_TOTAL,  so  weight(×1) = RTP_bp × TABLE_TOTAL / 10000 − Σ(other tiers)
 *
 * The reels then show the tier: three of the tier's symbol on the middle line for a win, three
 * symbols that are not all equal for a loss (drawn `int(7)` per reel, again until not all
 * equal), and filler above and below (`int(7)` each, reel by reel, top row then bottom row).
 */
import { createHash } from "node:crypto";
import { createRng, type RoundSeeds } from "../platform/house/fair.js";

/** Draws of the prize table. */
export const TABLE_TOTAL = 1_000_000;

/** Seven symbols, best first; tier i pays three of SYMBOLS[i] on the middle line. */
export const SYMBOLS = ["seven", "crown", "bell", "star", "diamond", "cherry", "lemon"] as const;
export type SymbolId = (typeof SYMBOLS)[number];

/** Multipliers of the stake by tier (the last one returns the stake). */
export const MULTIPLIERS = [100, 50, 20, 10, 5, 2, 1] as const;

/** Weights of the tiers ×100 .. ×2 per volatility; ×1 is set from the RTP. */
const PROFILES = {
  low: [200, 600, 2_000, 8_000, 30_000, 120_000],
  medium: [500, 1_000, 3_000, 8_000, 20_000, 100_000],
  high: [1_500, 2_000, 4_000, 6_000, 12_000, 60_000],
} as const;
export type Volatility = keyof typeof PROFILES;

/** The lowest and highest RTP a record may carry, in basis points. */
export const RTP_MIN_BP = 9_000;
export const RTP_MAX_BP = 9_900;

/** What the studio knows of one of its games. */
export interface StudioGame {
  readonly gameCode: string;
  readonly vendorCode: string;
  /** The return to player in basis points (9612 = 96.12%). */
  readonly rtpBp: number;
  readonly volatility: Volatility;
}

/**
 * The studio's record of a game: every code it serves gets one, the same on every node and every
 * start (derived from SHA-256 of the code): RTP 94.00% to 97.50%, a volatility profile.
 */
export function studioGame(gameCode: string): StudioGame {
  const h = createHash("sha256").update(`demo-studio:${gameCode}`).digest();
  const vendorCode = gameCode.includes("_") ? gameCode.slice(0, gameCode.indexOf("_")) : gameCode;
  return {
    gameCode,
    vendorCode,
    rtpBp: 9_400 + (h.readUInt32BE(0) % 351),
    volatility: (["low", "medium", "high"] as const)[h[4]! % 3]!,
  };
}

export interface Tier {
  readonly symbol: SymbolId;
  readonly multiplier: number;
  readonly weight: number;
}

/** The game's prize table, best tier first; the losing weight is TABLE_TOTAL minus their sum. */
export function prizeTable(game: Pick<StudioGame, "rtpBp" | "volatility">): Tier[] {
  if (!Number.isInteger(game.rtpBp) || game.rtpBp < RTP_MIN_BP || game.rtpBp > RTP_MAX_BP) throw new RangeError(`RTP out of range: ${game.rtpBp}`);
  const fixed = PROFILES[game.volatility];
  const fixedReturn = fixed.reduce((sum, w, i) => sum + w * MULTIPLIERS[i]!, 0);
  const push = (game.rtpBp * TABLE_TOTAL) / 10_000 - fixedReturn;
  const weights = [...fixed, push];
  if (!Number.isInteger(push) || push < 0 || weights.reduce((a, b) => a + b, 0) > TABLE_TOTAL) throw new RangeError("prize table does not fit");
  return weights.map((weight, i) => ({ symbol: SYMBOLS[i]!, multiplier: MULTIPLIERS[i]!, weight }));
}

/** The exact return of the table as a fraction [numerator, denominator] of the stake. */
export function exactRtp(table: readonly Tier[]): [number, number] {
  return [table.reduce((s, t) => s + t.weight * t.multiplier, 0), TABLE_TOTAL];
}

/** The chance of a win (any tier) as [weight, TABLE_TOTAL]. */
export function hitRate(table: readonly Tier[]): [number, number] {
  return [table.reduce((s, t) => s + t.weight, 0), TABLE_TOTAL];
}

export interface SpinOutcome {
  /** The table draw in [0, TABLE_TOTAL). */
  readonly draw: number;
  /** The tier that won, or null for a loss. */
  readonly tier: number | null;
  readonly multiplier: number;
  /** Three rows of three symbols, top row first; the middle row is the pay line. */
  readonly window: readonly (readonly SymbolId[])[];
}

const N = SYMBOLS.length;

/** One round from its seeds: the same seeds always give the same outcome. */
export function spin(game: Pick<StudioGame, "rtpBp" | "volatility">, seeds: RoundSeeds): SpinOutcome {
  const table = prizeTable(game);
  const rng = createRng(seeds);
  const draw = rng.int(TABLE_TOTAL);
  let acc = 0;
  let tier: number | null = null;
  for (let i = 0; i < table.length; i++) {
    acc += table[i]!.weight;
    if (draw < acc) {
      tier = i;
      break;
    }
  }
  let line: SymbolId[];
  if (tier !== null) {
    const s = table[tier]!.symbol;
    line = [s, s, s];
  } else {
    do line = [0, 1, 2].map(() => SYMBOLS[rng.int(N)]!);
    while (line[0] === line[1] && line[1] === line[2]);
  }
  const top = [0, 1, 2].map(() => SYMBOLS[rng.int(N)]!);
  const bottom = [0, 1, 2].map(() => SYMBOLS[rng.int(N)]!);
  return { draw, tier, multiplier: tier === null ? 0 : table[tier]!.multiplier, window: [top, line, bottom] };
}

/** The payout of a stake in minor units. */
export function payout(stake: bigint, outcome: Pick<SpinOutcome, "multiplier">): bigint {
  return stake * BigInt(outcome.multiplier);
}
