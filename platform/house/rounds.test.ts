import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "./bets";
import { createRng, hashSeed, newSeedPair, nextRound, rotateSeedPair, type RoundSeeds } from "./fair";
import { HOUSE_GAME_CODES, HOUSE_GAMES, houseCatalogue, houseGame, type HouseGameCode } from "./games/index";
import { playInstantRound, replayRound, sessionRecord, verifyRound, type RoundRecord } from "./rounds";
import { betsArb, seedsArb } from "./testing/arbitraries";

/** Plays a round of any game (stateful ones with the first legal finishing action) and records it. */
function playAny(code: HouseGameCode, seeds: RoundSeeds, bets: Parameters<typeof playInstantRound>[2], picks: number[] = []): RoundRecord {
  const entry = HOUSE_GAMES[code];
  if (entry.type === "instant") return playInstantRound(code, seeds, bets).record;
  const rng = createRng(seeds);
  let state = entry.engine.start(rng, bets);
  const actions: string[] = [];
  for (let i = 0; !entry.engine.settlement(state); i++) {
    const legal: string[] = entry.engine.legalActions(state);
    const finishing = legal.filter((a) => ["stand", "fold", "cashout"].includes(a));
    const action = i < picks.length ? legal[picks[i]! % legal.length]! : (finishing[0] ?? legal[0]!);
    state = entry.engine.act(rng, state, action);
    actions.push(action);
  }
  return sessionRecord(code, seeds, bets, actions, state);
}

/** What a database hands back: JSON text, keys in another order. */
function throughDatabase(rec: RoundRecord): RoundRecord {
  const shuffleKeys = (v: JsonValue): JsonValue =>
    Array.isArray(v) ? v.map(shuffleKeys) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, shuffleKeys(x)])) : v;
  return shuffleKeys(JSON.parse(JSON.stringify(rec))) as unknown as RoundRecord;
}

describe("registry", () => {
  it("maps every game code to an engine, a name and a category", () => {
    expect(HOUSE_GAME_CODES).toEqual([
      "HOUSE_BACCARAT", "HOUSE_ROULETTE", "HOUSE_SICBO", "HOUSE_DRAGON_TIGER", "HOUSE_BLACKJACK", "HOUSE_FANTAN", "HOUSE_FPC",
      "HOUSE_NIUNIU", "HOUSE_3CP", "HOUSE_SEDIE", "HOUSE_SLOT_1", "HOUSE_SLOT_2", "HOUSE_SLOT_3", "HOUSE_DICE", "HOUSE_HILO",
    ]);
    for (const code of HOUSE_GAME_CODES) {
      const g = HOUSE_GAMES[code];
      expect(g.code).toBe(code);
      expect(g.engine.id).toBe(code);
      expect(g.category).toBe(code.startsWith("HOUSE_SLOT") || code === "HOUSE_DICE" || code === "HOUSE_HILO" ? "RNG" : "LIVE");
    }
    expect(houseGame("HOUSE_NOPE")).toBeUndefined();
    expect(houseCatalogue().find((g) => g.code === "HOUSE_SLOT_2")).toEqual({ code: "HOUSE_SLOT_2", name: "Pharaoh's Gold", category: "RNG", type: "instant" });
  });
});

describe("verifyRound", () => {
  it.each(HOUSE_GAME_CODES)("%s: recomputes the recorded round once the seed is revealed", (code) => {
    fc.assert(
      fc.property(betsArb(code), fc.array(fc.nat(), { maxLength: 6 }), fc.stringMatching(/^[\x21-\x7e]{1,16}$/), (bets, picks, clientSeed) => {
        let pair = newSeedPair(clientSeed);
        const shownHash = pair.serverSeedHash;
        pair = nextRound(pair).pair; // an earlier round
        const { seeds, pair: after } = nextRound(pair);
        const rec = playAny(code, seeds, bets, picks);
        expect(rec.serverSeedHash).toBe(shownHash);
        expect(rec).not.toHaveProperty("serverSeed");
        const { revealed } = rotateSeedPair(after);
        const stored = { ...throughDatabase(rec), serverSeed: revealed.serverSeed };
        const result = verifyRound(stored);
        expect(result).toMatchObject({ ok: true });
        expect(seeds.nonce).toBeLessThan(revealed.roundsPlayed);
      }),
      { numRuns: 15 },
    );
  });

  const seeds: RoundSeeds = { serverSeed: "3f0c1d6a8b2e4f5091a7c3e2d4b6f8a0c1e3f5a7b9d1e3f5a7c9e1b3d5f7a9c1", clientSeed: "lucky-member-7", nonce: 42 };

  it("recomputes the README's worked example: roulette 12, a straight-up on 12 pays 36×", () => {
    const { record } = playInstantRound("HOUSE_ROULETTE", seeds, [{ kind: "straight", amount: 1000n, numbers: [12] } as never]);
    expect(record.outcome).toEqual({ number: 12, color: "red" });
    expect(record.totalPayout).toBe("36000");
    expect(verifyRound({ ...record, serverSeed: seeds.serverSeed }).ok).toBe(true);
  });

  it("catches a wrong seed, a changed outcome, a changed payout, a bad record and an unknown game", () => {
    const { record } = playInstantRound("HOUSE_DICE", seeds, [{ kind: "under", target: 5000, amount: 1000n } as never]);
    const withSeed = { ...record, serverSeed: seeds.serverSeed };
    expect(verifyRound({ ...withSeed, serverSeed: "0".repeat(64) })).toMatchObject({ ok: false, code: "SEED_HASH_MISMATCH" });
    expect(verifyRound({ ...withSeed, outcome: { roll: 1, display: "00.01" } })).toMatchObject({ ok: false, code: "OUTCOME_MISMATCH" });
    expect(verifyRound({ ...withSeed, totalPayout: "999999" })).toMatchObject({ ok: false, code: "SETTLEMENT_MISMATCH" });
    expect(verifyRound({ ...withSeed, nonce: 43 })).toMatchObject({ ok: false, code: "OUTCOME_MISMATCH" });
    expect(verifyRound({ ...withSeed, bets: [{ kind: "sideways", amount: "10" }] })).toMatchObject({ ok: false, code: "BAD_RECORD" });
    expect(verifyRound({ ...withSeed, game: "HOUSE_NOPE" as HouseGameCode })).toMatchObject({ ok: false, code: "UNKNOWN_GAME" });
    expect(hashSeed(seeds.serverSeed)).toBe(record.serverSeedHash);
  });

  it("replays a blackjack round from its actions, and refuses actions that were never legal", () => {
    const bets = [{ kind: "main", amount: 1000n }];
    const s = { ...seeds, nonce: 7 };
    const rec = playAny("HOUSE_BLACKJACK", s, bets);
    expect(verifyRound({ ...rec, serverSeed: s.serverSeed }).ok).toBe(true);
    expect(verifyRound({ ...rec, serverSeed: s.serverSeed, actions: ["split", "split", "split"] })).toMatchObject({ ok: false });
    expect(replayRound("HOUSE_BLACKJACK", s, bets, rec.actions).settlement.totalPayout.toString()).toBe(rec.totalPayout);
  });

  it("gives the same outcome for any stake (the record's outcome is stake-free)", () => {
    fc.assert(
      fc.property(seedsArb, (sd) => {
        const a = playInstantRound("HOUSE_SLOT_3", sd, [{ kind: "spin", amount: 25n } as never]).record;
        const b = playInstantRound("HOUSE_SLOT_3", sd, [{ kind: "spin", amount: 25_000n } as never]).record;
        expect(b.outcome).toEqual(a.outcome);
      }),
      { numRuns: 20 },
    );
  });
});
