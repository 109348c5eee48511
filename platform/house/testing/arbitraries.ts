/** fast-check arbitraries for HOUSE tests: seeds, and valid-shaped bets for every game. */
import fc from "fast-check";
import type { Bet, TableLimits } from "../bets";
import type { RoundSeeds } from "../fair";
import * as baccarat from "../games/baccarat";
import * as dragonTiger from "../games/dragon-tiger";
import * as fanTan from "../games/fantan";
import * as fpc from "../games/fish-prawn-crab";
import { HOUSE_GAMES, type HouseGameCode } from "../games/index";
import * as niuniu from "../games/niuniu";
import * as roulette from "../games/roulette";
import * as seDie from "../games/sedie";
import * as sicBo from "../games/sicbo";

export const seedsArb: fc.Arbitrary<RoundSeeds> = fc.record({
  serverSeed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex")),
  clientSeed: fc.stringMatching(/^[\x21-\x7e]{1,24}$/),
  nonce: fc.nat({ max: 1_000_000 }),
});

const SHAPES: Partial<Record<HouseGameCode, () => Bet[]>> = {
  HOUSE_BACCARAT: baccarat.everyBetShape,
  HOUSE_ROULETTE: roulette.everyBetShape,
  HOUSE_SICBO: sicBo.everyBetShape,
  HOUSE_DRAGON_TIGER: dragonTiger.everyBetShape,
  HOUSE_FANTAN: fanTan.everyBetShape,
  HOUSE_FPC: fpc.everyBetShape,
  HOUSE_NIUNIU: niuniu.everyBetShape,
  HOUSE_SEDIE: seDie.everyBetShape,
};

/** The stake granularity a bet needs (a slot's line count, niuniu's 5-unit deposit). */
function unitOf(code: HouseGameCode, bet: Bet): bigint {
  if (code.startsWith("HOUSE_SLOT_")) return BigInt((HOUSE_GAMES[code].engine as unknown as { lines: number }).lines);
  if (code === "HOUSE_NIUNIU" && bet.kind === "double") return 5n;
  return 1n;
}

/** An amount within the kind's limits, a multiple of `unit` and of `multiple`. */
function amountArb(limits: TableLimits, kind: string, unit: bigint, multiple: bigint): fc.Arbitrary<bigint> {
  const l = limits.perKind[kind]!;
  const step = unit * multiple;
  const lo = (l.min + step - 1n) / step;
  const hi = l.max / step;
  return fc.bigInt({ min: lo, max: hi > lo ? hi : lo }).map((k) => k * step);
}

/** Bet shapes (amount 1) for a game. */
function shapesArb(code: HouseGameCode): fc.Arbitrary<Bet[]> {
  const table = SHAPES[code];
  if (table) {
    const all = table();
    return fc.shuffledSubarray(all, { minLength: 1, maxLength: Math.min(6, all.length) });
  }
  switch (code) {
    case "HOUSE_DICE":
      return fc
        .tuple(fc.constantFrom("over", "under"), fc.integer({ min: 1, max: 9800 }))
        .map(([kind, w]) => [{ kind, amount: 1n, target: kind === "under" ? w : 9999 - w } as Bet]);
    case "HOUSE_3CP":
      return fc.constantFrom<Bet[]>([{ kind: "ante", amount: 1n }], [{ kind: "ante", amount: 1n }, { kind: "pairPlus", amount: 1n }], [{ kind: "pairPlus", amount: 1n }]);
    case "HOUSE_BLACKJACK":
      return fc.constant([{ kind: "main", amount: 1n }]);
    case "HOUSE_HILO":
      return fc.constant([{ kind: "stake", amount: 1n }]);
    default:
      return fc.constant([{ kind: "spin", amount: 1n }]);
  }
}

/**
 * Bets of a valid shape with amounts inside the game's default per-kind limits (each amount a
 * multiple of `multiple`, so exact scaling can be checked). The round may still exceed the
 * total or payout limits: callers ask `validateBets`.
 */
export function betsArb(code: HouseGameCode, multiple = 1n): fc.Arbitrary<Bet[]> {
  const limits = HOUSE_GAMES[code].engine.defaultLimits as TableLimits;
  return shapesArb(code).chain((shapes) =>
    fc.tuple(...shapes.map((b) => amountArb(limits, b.kind, unitOf(code, b), multiple))).map((amounts) => shapes.map((b, i) => ({ ...b, amount: amounts[i]! }))),
  );
}
