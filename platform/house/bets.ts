/**
 * Bets, table limits and settlement shared by every HOUSE game.
 *
 * Money is integer minor units as `bigint`. A bet's `payout` is what the wallet credits for it,
 * stake included: 0n when lost, the stake on a push. Every payout is `floor(amount * num / den)`
 * for the bet's ratio [num, den], so rounding, if any, is in the house's favour and is the same
 * for every stake.
 */
import type { FairRng } from "./fair";

/** A bet: its kind, its stake in minor units, and the kind's selection fields (numbers, seat, ...). */
export interface Bet<K extends string = string> {
  readonly kind: K;
  readonly amount: bigint;
}

export interface BetLimit {
  readonly min: bigint;
  readonly max: bigint;
}

/** The limits of one table. Every game exports its defaults; operators may pass their own. */
export interface TableLimits<K extends string = string> {
  /** Min and max stake of one bet, per kind. */
  readonly perKind: Readonly<Record<K, BetLimit>>;
  /** Max total stake of a round. */
  readonly maxTotal: bigint;
  /** Max number of bets in a round. */
  readonly maxBets: number;
  /** Max total payout of a round: bets whose best case pays more are refused. */
  readonly maxPayout: bigint;
}

export type BetErrorCode =
  | "NO_BETS"
  | "TOO_MANY_BETS"
  | "UNKNOWN_BET"
  | "INVALID_AMOUNT"
  | "INVALID_SELECTION"
  | "DUPLICATE_BET"
  | "BET_BELOW_MIN"
  | "BET_ABOVE_MAX"
  | "BET_NOT_DIVISIBLE"
  | "TOTAL_ABOVE_MAX"
  | "PAYOUT_ABOVE_MAX";

export interface BetError {
  readonly code: BetErrorCode;
  readonly message: string;
  /** The offending bet's position in the list, when one bet is at fault. */
  readonly index?: number;
}

export type BetCheck = { readonly ok: true } | { readonly ok: false; readonly error: BetError };

/** Thrown by `play`/`start` when handed bets that `validateBets` would refuse for their shape. */
export class BetRejected extends Error {
  constructor(readonly error: BetError) {
    super(`${error.code}: ${error.message}`);
    this.name = "BetRejected";
  }
}

/**
 * A payout ratio [num, den]: the bet returns floor(amount * num / den), stake included. Small
 * paytable ratios are numbers; long products (hi-lo's running multiplier) are bigints.
 */
export type Ratio = readonly [number | bigint, number | bigint];

export const LOSE: Ratio = [0, 1];
export const PUSH: Ratio = [1, 1];
/** "n to 1": the stake back plus n times it. */
export const toOne = (n: number): Ratio => [n + 1, 1];

export function payoutOf(amount: bigint, ratio: Ratio): bigint {
  return (amount * BigInt(ratio[0])) / BigInt(ratio[1]);
}

export interface BetResult<B extends Bet = Bet> {
  readonly bet: B;
  readonly ratio: Ratio;
  readonly payout: bigint;
}

export interface Settlement<B extends Bet = Bet> {
  readonly results: readonly BetResult<B>[];
  readonly totalStake: bigint;
  readonly totalPayout: bigint;
}

/** What an instant game's `play` returns: the outcome (no money in it) and the settled bets. */
export interface Played<B extends Bet, O> {
  readonly outcome: O;
  readonly settlement: Settlement<B>;
}

export function settle<B extends Bet>(bets: readonly B[], ratioOf: (bet: B) => Ratio): Settlement<B> {
  let totalStake = 0n;
  let totalPayout = 0n;
  const results = bets.map((bet) => {
    const ratio = ratioOf(bet);
    const payout = payoutOf(bet.amount, ratio);
    totalStake += bet.amount;
    totalPayout += payout;
    return { bet, ratio, payout };
  });
  return { results, totalStake, totalPayout };
}

/** The most a list of bets can pay over an enumerable set of outcomes. */
export function maxOver<B extends Bet, O>(bets: readonly B[], outcomes: Iterable<O>, ratioOf: (bet: B, outcome: O) => Ratio): bigint {
  let best = 0n;
  for (const o of outcomes) {
    let total = 0n;
    for (const b of bets) total += payoutOf(b.amount, ratioOf(b, o));
    if (total > best) best = total;
  }
  return best;
}

/** Makes limits with the same min/max for every kind, except the kinds in `overrides`. */
export function uniformLimits<K extends string>(
  kinds: readonly K[],
  limit: BetLimit,
  rest: Omit<TableLimits<K>, "perKind">,
  overrides: Partial<Record<K, BetLimit>> = {},
): TableLimits<K> {
  return { perKind: Object.fromEntries(kinds.map((k) => [k, overrides[k] ?? limit])) as Record<K, BetLimit>, ...rest };
}

export interface BetRules<B extends Bet> {
  readonly kinds: readonly B["kind"][];
  /**
   * Checks the bet's selection fields and returns a key that identifies what it covers
   * (two bets with the same key are duplicates), or an error message.
   */
  readonly selection: (bet: B) => { key: string } | { error: string };
  /** Stakes must be a multiple of this (e.g. a slot's line count). */
  readonly unit?: (bet: B) => bigint;
  readonly maxPayout: (bets: readonly B[]) => bigint;
}

const fail = (code: BetErrorCode, message: string, index?: number): BetCheck => ({ ok: false, error: index === undefined ? { code, message } : { code, message, index } });

/** The structural checks (kinds, amounts, selections, duplicates), without limits. */
export function checkShape<B extends Bet>(bets: readonly B[], rules: BetRules<B>): BetCheck {
  if (!Array.isArray(bets) || bets.length === 0) return fail("NO_BETS", "no bets");
  const keys = new Set<string>();
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i]!;
    if (typeof b !== "object" || b === null || !(rules.kinds as readonly string[]).includes(b.kind)) {
      return fail("UNKNOWN_BET", `unknown bet kind ${String((b as { kind?: unknown } | null)?.kind)}`, i);
    }
    if (typeof b.amount !== "bigint" || b.amount <= 0n) return fail("INVALID_AMOUNT", "the amount must be a positive bigint of minor units", i);
    const sel = rules.selection(b);
    if ("error" in sel) return fail("INVALID_SELECTION", sel.error, i);
    const key = `${b.kind}:${sel.key}`;
    if (keys.has(key)) return fail("DUPLICATE_BET", `bet ${key} appears twice; add the amounts instead`, i);
    keys.add(key);
    const unit = rules.unit?.(b);
    if (unit !== undefined && b.amount % unit !== 0n) return fail("BET_NOT_DIVISIBLE", `the amount must be a multiple of ${unit}`, i);
  }
  return { ok: true };
}

/** `validateBets` for every game: shape, then the table's limits, then the best-case payout. */
export function validateWith<B extends Bet>(bets: readonly B[], limits: TableLimits<B["kind"]>, rules: BetRules<B>): BetCheck {
  const shape = checkShape(bets, rules);
  if (!shape.ok) return shape;
  if (bets.length > limits.maxBets) return fail("TOO_MANY_BETS", `at most ${limits.maxBets} bets per round`);
  let total = 0n;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i]!;
    const limit = limits.perKind[b.kind as B["kind"]];
    if (!limit) return fail("UNKNOWN_BET", `the table takes no ${b.kind} bets`, i);
    if (b.amount < limit.min) return fail("BET_BELOW_MIN", `the minimum ${b.kind} bet is ${limit.min}`, i);
    if (b.amount > limit.max) return fail("BET_ABOVE_MAX", `the maximum ${b.kind} bet is ${limit.max}`, i);
    total += b.amount;
  }
  if (total > limits.maxTotal) return fail("TOTAL_ABOVE_MAX", `the round's total stake may not exceed ${limits.maxTotal}`);
  if (rules.maxPayout(bets) > limits.maxPayout) return fail("PAYOUT_ABOVE_MAX", `these bets could pay more than the table's maximum payout ${limits.maxPayout}`);
  return { ok: true };
}

/** Throws `BetRejected` for bets of the wrong shape (engines call this; limits are the caller's). */
export function assertShape<B extends Bet>(bets: readonly B[], rules: BetRules<B>): void {
  const check = checkShape(bets, rules);
  if (!check.ok) throw new BetRejected(check.error);
}

// ---------------------------------------------------------------------------------------------
// Engines

export type GameCategory = "LIVE" | "RNG";

interface EngineBase<B extends Bet> {
  readonly id: string;
  readonly betKinds: readonly B["kind"][];
  readonly paytable: unknown;
  readonly defaultLimits: TableLimits<B["kind"]>;
  validateBets(bets: readonly B[], limits?: TableLimits<B["kind"]>): BetCheck;
  /** The most these bets can pay in one round (stakes included). */
  maxPayout(bets: readonly B[], limits?: TableLimits<B["kind"]>): bigint;
}

/** A game settled in one step: `play(rng, bets)`. */
export interface InstantEngine<B extends Bet = Bet, O = unknown> extends EngineBase<B> {
  readonly type: "instant";
  /** The outcome from the randomness alone; it never looks at the bets. */
  draw(rng: FairRng): O;
  settle(outcome: O, bets: readonly B[]): Settlement<B>;
  play(rng: FairRng, bets: readonly B[]): Played<B, O>;
}

export interface ActionError {
  readonly code: "ROUND_FINISHED" | "ILLEGAL_ACTION" | "PAYOUT_ABOVE_MAX";
  readonly message: string;
}

export class ActionRejected extends Error {
  constructor(readonly error: ActionError) {
    super(`${error.code}: ${error.message}`);
    this.name = "ActionRejected";
  }
}

/**
 * A game with decisions (blackjack, three card poker, hi-lo): `start`, then `act` until
 * `settlement(state)` is not null. States are plain JSON after `toJSON` and resume through
 * `fromJSON`. `act` needs the round's randomness again: pass an rng for the same seeds
 * (its position does not matter; the engine rereads the stream from the start).
 */
export interface SessionEngine<B extends Bet = Bet, S = unknown, A extends string = string> extends EngineBase<B> {
  readonly type: "session";
  readonly actions: readonly A[];
  start(rng: FairRng, bets: readonly B[]): S;
  legalActions(state: S): A[];
  /** The extra stake `action` takes (a double, a split, a play bet), to debit before acting. */
  stakeFor(state: S, action: A): bigint;
  act(rng: FairRng, state: S, action: A, limits?: TableLimits<B["kind"]>): S;
  /** Null until the round is over. May hold bets placed by actions (a Play bet, a double). */
  settlement(state: S): Settlement | null;
  /** The state without what the member may not see yet (the dealer's hole card, ...). */
  publicView(state: S): unknown;
  toJSON(state: S): JsonValue;
  fromJSON(json: JsonValue): S;
}

// ---------------------------------------------------------------------------------------------
// JSON: bigints travel as decimal strings.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type JsonBet = { kind: string; amount: string } & { [key: string]: JsonValue };

/** Deep copy with every bigint written as its decimal string. */
export function toJsonValue(value: unknown): JsonValue {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJsonValue(v);
    return out;
  }
  return value as JsonValue;
}

const DIGITS = /^(0|[1-9][0-9]*)$/;

export function parseMinor(s: unknown): bigint {
  if (typeof s === "bigint") return s;
  if (typeof s !== "string" || !DIGITS.test(s)) throw new TypeError(`not an amount in minor units: ${String(s)}`);
  return BigInt(s);
}

export function betsToJson(bets: readonly Bet[]): JsonBet[] {
  return bets.map((b) => toJsonValue(b) as JsonBet);
}

export function betsFromJson<B extends Bet>(json: readonly JsonValue[]): B[] {
  return json.map((b) => {
    if (b === null || typeof b !== "object" || Array.isArray(b)) throw new TypeError("a bet must be an object");
    return { ...b, amount: parseMinor(b.amount) } as unknown as B;
  });
}

export function settlementToJson(s: Settlement): JsonValue {
  return toJsonValue({
    results: s.results.map((r) => ({ bet: r.bet, ratio: [...r.ratio], payout: r.payout })),
    totalStake: s.totalStake,
    totalPayout: s.totalPayout,
  });
}

/** JSON with object keys sorted, so records stored in a database (which may reorder keys) compare equal. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
