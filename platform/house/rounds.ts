/**
 * Round records and verification. A record is what the platform keeps for game recall and
 * what a member can check once the server seed is revealed: the seeds, the bets, the actions
 * of a stateful game, the outcome and the settlement, all plain JSON (amounts as strings).
 */
import {
  ActionRejected,
  BetRejected,
  betsFromJson,
  betsToJson,
  canonicalJson,
  settlementToJson,
  toJsonValue,
  type Bet,
  type JsonBet,
  type JsonValue,
  type Settlement,
} from "./bets";
import { createRng, FairSeedError, hashSeed, type RoundSeeds } from "./fair";
import { HOUSE_GAMES, isHouseGameCode, type HouseGameCode } from "./games/index";

export interface RoundRecord {
  readonly game: HouseGameCode;
  readonly serverSeedHash: string;
  /** Present once the seed pair has been rotated. */
  readonly serverSeed?: string;
  readonly clientSeed: string;
  readonly nonce: number;
  readonly bets: readonly JsonBet[];
  /** Stateful games' actions in order; empty for the others. */
  readonly actions: readonly string[];
  /** Instant games: the outcome. Stateful games: the final state (`engine.toJSON`). */
  readonly outcome: JsonValue;
  readonly settlement: JsonValue;
  readonly totalStake: string;
  readonly totalPayout: string;
}

function record(game: HouseGameCode, seeds: RoundSeeds, bets: readonly Bet[], actions: readonly string[], outcome: JsonValue, settlement: Settlement): RoundRecord {
  return {
    game,
    serverSeedHash: hashSeed(seeds.serverSeed),
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    bets: betsToJson(bets),
    actions: [...actions],
    outcome,
    settlement: settlementToJson(settlement),
    totalStake: settlement.totalStake.toString(),
    totalPayout: settlement.totalPayout.toString(),
  };
}

/** Plays an instant game's round and returns what to settle and what to keep. */
export function playInstantRound(game: HouseGameCode, seeds: RoundSeeds, bets: readonly Bet[]) {
  const entry = HOUSE_GAMES[game];
  if (entry.type !== "instant") throw new TypeError(`${game} is played with start/act`);
  const played = entry.engine.play(createRng(seeds), bets);
  return { played, record: record(game, seeds, bets, [], toJsonValue(played.outcome), played.settlement) };
}

/** The record of a finished stateful round, from its final state. */
export function sessionRecord(game: HouseGameCode, seeds: RoundSeeds, bets: readonly Bet[], actions: readonly string[], finalState: unknown): RoundRecord {
  const entry = HOUSE_GAMES[game];
  if (entry.type !== "session") throw new TypeError(`${game} is an instant game`);
  const settlement = entry.engine.settlement(finalState);
  if (!settlement) throw new TypeError("the round is not finished");
  return record(game, seeds, bets, actions, entry.engine.toJSON(finalState), settlement);
}

/** Recomputes a round from its seeds, bets and actions. */
export function replayRound(game: HouseGameCode, seeds: RoundSeeds, bets: readonly Bet[], actions: readonly string[]): { outcome: JsonValue; settlement: Settlement } {
  const entry = HOUSE_GAMES[game];
  const rng = createRng(seeds);
  if (entry.type === "instant") {
    const played = entry.engine.play(rng, bets);
    return { outcome: toJsonValue(played.outcome), settlement: played.settlement };
  }
  let state = entry.engine.start(rng, bets);
  for (const action of actions) state = entry.engine.act(rng, state, action);
  const settlement = entry.engine.settlement(state);
  if (!settlement) throw new ActionRejected({ code: "ILLEGAL_ACTION", message: "the recorded actions do not finish the round" });
  return { outcome: entry.engine.toJSON(state), settlement };
}

export type VerifyFailure = "UNKNOWN_GAME" | "SEED_HASH_MISMATCH" | "BAD_RECORD" | "OUTCOME_MISMATCH" | "SETTLEMENT_MISMATCH";

export type VerifyResult =
  | { readonly ok: true; readonly outcome: JsonValue; readonly settlement: JsonValue }
  | { readonly ok: false; readonly code: VerifyFailure; readonly message: string; readonly outcome?: JsonValue; readonly settlement?: JsonValue };

/**
 * Checks a round with its revealed server seed: the seed matches the hash shown before play,
 * and replaying (seeds, bets, actions) gives the recorded outcome and settlement.
 */
export function verifyRound(rec: RoundRecord & { readonly serverSeed: string }): VerifyResult {
  if (!isHouseGameCode(rec.game)) return { ok: false, code: "UNKNOWN_GAME", message: `unknown game ${String(rec.game)}` };
  if (hashSeed(rec.serverSeed) !== rec.serverSeedHash) return { ok: false, code: "SEED_HASH_MISMATCH", message: "the server seed does not hash to the committed hash" };
  let replayed: { outcome: JsonValue; settlement: Settlement };
  try {
    const bets = betsFromJson(rec.bets);
    replayed = replayRound(rec.game, { serverSeed: rec.serverSeed, clientSeed: rec.clientSeed, nonce: rec.nonce }, bets, rec.actions);
  } catch (e) {
    if (e instanceof BetRejected || e instanceof ActionRejected || e instanceof FairSeedError || e instanceof TypeError) {
      return { ok: false, code: "BAD_RECORD", message: e.message };
    }
    throw e;
  }
  const settlement = settlementToJson(replayed.settlement);
  if (canonicalJson(replayed.outcome) !== canonicalJson(rec.outcome)) {
    return { ok: false, code: "OUTCOME_MISMATCH", message: "the recorded outcome differs from the recomputed one", outcome: replayed.outcome, settlement };
  }
  if (
    canonicalJson(settlement) !== canonicalJson(rec.settlement) ||
    replayed.settlement.totalStake.toString() !== rec.totalStake ||
    replayed.settlement.totalPayout.toString() !== rec.totalPayout
  ) {
    return { ok: false, code: "SETTLEMENT_MISMATCH", message: "the recorded settlement differs from the recomputed one", outcome: replayed.outcome, settlement };
  }
  return { ok: true, outcome: replayed.outcome, settlement };
}
