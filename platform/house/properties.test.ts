/**
 * Properties every HOUSE game must have, over random seeds, bets and actions (fast-check):
 *   - the outcome never depends on the stake: the same randomness with other stakes gives the
 *     same outcome, each bet gets the same ratio and its payout is floor(stake × ratio);
 *   - a round never pays more than `maxPayout(bets)`, which never exceeds the table's max payout
 *     for bets that `validateBets` accepts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActionRejected, payoutOf, type Bet, type JsonValue, type Settlement, type TableLimits } from "./bets";
import { rankOf } from "./cards";
import { createRng, type RoundSeeds } from "./fair";
import * as hilo from "./games/hilo";
import { HOUSE_GAME_CODES, HOUSE_GAMES, type HouseGameCode } from "./games/index";
import { betsArb, seedsArb } from "./testing/arbitraries";

const INSTANT = HOUSE_GAME_CODES.filter((c) => HOUSE_GAMES[c].type === "instant");
const SESSION = HOUSE_GAME_CODES.filter((c) => HOUSE_GAMES[c].type === "session");
const RUNS = 60;

const MONEY_KEYS = new Set(["amount", "stake", "bet", "bets", "settlement", "payout", "totalStake", "totalPayout", "cashoutValue"]);
function withoutMoney(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(withoutMoney);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).filter(([k]) => !MONEY_KEYS.has(k)).map(([k, x]) => [k, withoutMoney(x)]));
  return v;
}

/** Plays a stateful round, choosing each action from `picks` by index into the legal ones. */
function playSession(code: HouseGameCode, seeds: RoundSeeds, bets: readonly Bet[], picks: readonly number[], limits?: TableLimits) {
  const entry = HOUSE_GAMES[code];
  if (entry.type !== "session") throw new Error("not a session game");
  const e = entry.engine;
  const rng = createRng(seeds);
  let state = e.start(rng, bets);
  const actions: string[] = [];
  for (let i = 0; e.settlement(state) === null; i++) {
    const legal: string[] = e.legalActions(state);
    // Past the scripted picks, finish the round: stand, fold, cash out, or (hi-lo) the safest guess.
    const finishing = legal.filter((a) => ["stand", "fold", "cashout"].includes(a));
    const action = i < picks.length ? legal[picks[i]! % legal.length]! : (finishing[0] ?? safestGuess(state as hilo.HiLoState));
    try {
      state = e.act(rng, state, action, limits);
      actions.push(action);
    } catch (err) {
      if (!(err instanceof ActionRejected) || err.error.code !== "PAYOUT_ABOVE_MAX") throw err;
      // The member has to cash out, or before any win take a guess that fits under the limit.
      const fallback = legal.includes("cashout") ? "cashout" : safestGuess(state as hilo.HiLoState);
      state = e.act(rng, state, fallback, limits);
      actions.push(fallback);
    }
  }
  return { state, settlement: e.settlement(state) as Settlement, json: e.toJSON(state), actions };
}

function safestGuess(state: hilo.HiLoState): string {
  const rank = rankOf(state.cards[state.cards.length - 1]!);
  const guesses = hilo.legalActions(state).filter((a): a is hilo.HiLoGuess => (hilo.guesses as readonly string[]).includes(a));
  return guesses.reduce((a, b) => (hilo.winningRanks(rank, b) > hilo.winningRanks(rank, a) ? b : a));
}

function expectFloorPayouts(s: Settlement) {
  for (const r of s.results) expect(r.payout).toBe(payoutOf(r.bet.amount, r.ratio));
  expect(s.totalPayout).toBe(s.results.reduce((t, r) => t + r.payout, 0n));
}

describe("outcomes never depend on the stake", () => {
  it.each(INSTANT)("%s", (code) => {
    const e = HOUSE_GAMES[code].engine as (typeof HOUSE_GAMES)[typeof code]["engine"] & { type: "instant" };
    fc.assert(
      fc.property(seedsArb, betsArb(code, 100n), betsArb(code, 100n), fc.bigInt({ min: 2n, max: 1000n }), (seeds, bets, other, k) => {
        const a = e.play(createRng(seeds), bets);
        const scaled = bets.map((b) => ({ ...b, amount: b.amount * k }));
        const b = e.play(createRng(seeds), scaled);
        const c = e.play(createRng(seeds), other);
        expect(b.outcome).toEqual(a.outcome);
        expect(c.outcome).toEqual(a.outcome);
        expectFloorPayouts(a.settlement);
        expectFloorPayouts(b.settlement);
        a.settlement.results.forEach((r, i) => {
          const rb = b.settlement.results[i]!;
          expect(BigInt(rb.ratio[0]) * BigInt(r.ratio[1])).toBe(BigInt(r.ratio[0]) * BigInt(rb.ratio[1]));
          // Stakes here are multiples of 100 (and of the line count), which every ratio's denominator divides except dice's.
          if ((r.bet.amount * BigInt(r.ratio[0])) % BigInt(r.ratio[1]) === 0n) expect(rb.payout).toBe(r.payout * k);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it.each(SESSION)("%s (same actions, other stakes)", (code) => {
    fc.assert(
      fc.property(seedsArb, betsArb(code, 100n), fc.bigInt({ min: 2n, max: 1000n }), fc.array(fc.nat(), { maxLength: 8 }), (seeds, bets, k, picks) => {
        const a = playSession(code, seeds, bets, picks);
        const b = playSession(code, seeds, bets.map((x) => ({ ...x, amount: x.amount * k })), picks);
        expect(b.actions).toEqual(a.actions);
        expect(withoutMoney(b.json)).toEqual(withoutMoney(a.json));
        expectFloorPayouts(a.settlement);
        expectFloorPayouts(b.settlement);
        a.settlement.results.forEach((r, i) => {
          const rb = b.settlement.results[i]!;
          expect(BigInt(rb.ratio[0]) * BigInt(r.ratio[1])).toBe(BigInt(r.ratio[0]) * BigInt(rb.ratio[1]));
          if ((r.bet.amount * BigInt(r.ratio[0])) % BigInt(r.ratio[1]) === 0n) expect(rb.payout).toBe(r.payout * k);
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe("payouts never exceed the table's limits", () => {
  const limitsArb = (code: HouseGameCode) => {
    const d = HOUSE_GAMES[code].engine.defaultLimits as TableLimits;
    return fc.record({ maxPayout: fc.bigInt({ min: 1n, max: d.maxPayout }), maxTotal: fc.bigInt({ min: 1n, max: d.maxTotal }) }).map((x) => ({ ...d, ...x }));
  };

  it.each(INSTANT)("%s", (code) => {
    const e = HOUSE_GAMES[code].engine as (typeof HOUSE_GAMES)[typeof code]["engine"] & { type: "instant" };
    let accepted = 0;
    fc.assert(
      fc.property(seedsArb, betsArb(code), fc.oneof(fc.constant(e.defaultLimits as TableLimits), limitsArb(code)), (seeds, bets, limits) => {
        const check = e.validateBets(bets, limits);
        const max = e.maxPayout(bets);
        if (!check.ok) {
          expect(check.error.code).toMatch(/^(TOTAL_ABOVE_MAX|PAYOUT_ABOVE_MAX|TOO_MANY_BETS)$/);
          return;
        }
        accepted++;
        expect(max).toBeLessThanOrEqual(limits.maxPayout);
        const played = e.play(createRng(seeds), bets);
        expect(played.settlement.totalPayout).toBeLessThanOrEqual(max);
        expect(played.settlement.totalStake).toBeLessThanOrEqual(limits.maxTotal);
      }),
      { numRuns: 150 },
    );
    expect(accepted).toBeGreaterThan(10); // the property was exercised, not vacuously true
  });

  it.each(SESSION)("%s (random actions)", (code) => {
    const e = HOUSE_GAMES[code].engine;
    fc.assert(
      fc.property(seedsArb, betsArb(code), limitsArb(code), fc.array(fc.nat(), { maxLength: 12 }), (seeds, bets, limits, picks) => {
        if (!e.validateBets(bets, limits).ok) return;
        const { settlement } = playSession(code, seeds, bets, picks, limits);
        expect(settlement.totalPayout).toBeLessThanOrEqual(e.maxPayout(bets, limits));
        expect(settlement.totalPayout).toBeLessThanOrEqual(limits.maxPayout);
      }),
      { numRuns: 150 },
    );
  });

  it.each(HOUSE_GAME_CODES)("%s refuses stakes outside the per-kind limits", (code) => {
    const e = HOUSE_GAMES[code].engine;
    fc.assert(
      fc.property(betsArb(code), (bets) => {
        const limit = (e.defaultLimits as TableLimits).perKind[bets[0]!.kind]!;
        const over = [{ ...bets[0]!, amount: limit.max + 1_000_000n }];
        const under = [{ ...bets[0]!, amount: limit.min - 1n }];
        const code1 = e.validateBets(over);
        const code2 = e.validateBets(under);
        expect(code1.ok ? "OK" : code1.error.code).toMatch(/^(BET_ABOVE_MAX|BET_NOT_DIVISIBLE)$/);
        expect(code2.ok ? "OK" : code2.error.code).toMatch(/^(BET_BELOW_MIN|INVALID_AMOUNT|BET_NOT_DIVISIBLE)$/);
      }),
      { numRuns: 20 },
    );
  });
});
