import { hashSeed } from "#platform/house/fair.js";
import { bulkSlotGames, FULL_SLOT_COUNT } from "#platform/games/demo-slots.js";
import { exactRtp, hitRate, MULTIPLIERS, payout, prizeTable, spin, studioGame, TABLE_TOTAL, type Volatility } from "../../demo-vendor/slot";

const seeds = (nonce: number, clientSeed = "player-seed") => ({ serverSeed: "a".repeat(64), clientSeed, nonce });

describe("demo studio slot maths", () => {
  it("returns exactly the RTP of the game's record, for every game of the 10,000-game library", () => {
    const games = bulkSlotGames(FULL_SLOT_COUNT - 60);
    expect(games.length).toBeGreaterThan(9_000);
    for (const g of games) {
      const record = studioGame(g.gameCode);
      const [num, den] = exactRtp(prizeTable(record));
      // Exact in integers: Σ weight × multiplier / TABLE_TOTAL = rtpBp / 10000.
      expect(num * 10_000).toBe(record.rtpBp * den);
      expect(record.rtpBp).toBeGreaterThanOrEqual(9_400);
      expect(record.rtpBp).toBeLessThanOrEqual(9_750);
    }
  });

  it("holds the RTP at the ends of the allowed range on every profile, and refuses what does not fit", () => {
    for (const volatility of ["low", "medium", "high"] as Volatility[]) {
      for (const rtpBp of [9_000, 9_400, 9_612, 9_900]) {
        const table = prizeTable({ rtpBp, volatility });
        expect(exactRtp(table)).toEqual([rtpBp * 100, TABLE_TOTAL]);
        expect(table.map((t) => t.multiplier)).toEqual([...MULTIPLIERS]);
        expect(table.every((t) => Number.isInteger(t.weight) && t.weight >= 0)).toBe(true);
        expect(hitRate(table)[0]).toBeLessThan(TABLE_TOTAL);
      }
      expect(() => prizeTable({ rtpBp: 12_000, volatility })).toThrow(RangeError);
      expect(() => prizeTable({ rtpBp: 96.5, volatility })).toThrow(RangeError);
    }
  });

  it("the record is the same on every call and differs between games", () => {
    expect(studioGame("LUCKY_GOLDEN_KOI")).toEqual(studioGame("LUCKY_GOLDEN_KOI"));
    const rtps = new Set(bulkSlotGames(2_000).map((g) => studioGame(g.gameCode).rtpBp));
    expect(rtps.size).toBeGreaterThan(200);
  });

  it("is provably fair: the outcome is a function of the seeds, and the table draw maps to the tier shown", () => {
    const game = studioGame("AMBR_GOLDEN_KOI");
    const table = prizeTable(game);
    for (let nonce = 0; nonce < 300; nonce++) {
      const a = spin(game, seeds(nonce));
      expect(spin(game, seeds(nonce))).toEqual(a);
      let acc = 0;
      let tier: number | null = null;
      table.forEach((t, i) => {
        if (tier === null && a.draw < acc + t.weight) tier = i;
        acc += t.weight;
      });
      expect(a.tier).toBe(tier);
      const line = a.window[1]!;
      if (a.tier === null) {
        expect(a.multiplier).toBe(0);
        expect(line[0] === line[1] && line[1] === line[2]).toBe(false);
      } else {
        expect(line).toEqual([table[a.tier]!.symbol, table[a.tier]!.symbol, table[a.tier]!.symbol]);
        expect(a.multiplier).toBe(table[a.tier]!.multiplier);
      }
    }
    // Another client seed or server seed gives another stream.
    const draws = (s: (n: number) => ReturnType<typeof seeds>) => Array.from({ length: 20 }, (_, n) => spin(game, s(n)).draw);
    expect(draws((n) => seeds(n, "other"))).not.toEqual(draws((n) => seeds(n)));
    expect(draws((n) => ({ ...seeds(n), serverSeed: "b".repeat(64) }))).not.toEqual(draws((n) => seeds(n)));
    expect(hashSeed("a".repeat(64))).toMatch(/^[0-9a-f]{64}$/);
  });

  it("pays stake × multiplier in minor units, and a long simulation lands near the exact RTP", () => {
    expect(payout(250n, { multiplier: 20 })).toBe(5_000n);
    expect(payout(250n, { multiplier: 0 })).toBe(0n);
    const game = { rtpBp: 9_600, volatility: "low" as const };
    let paid = 0;
    const n = 40_000;
    for (let i = 0; i < n; i++) paid += spin(game, { serverSeed: "c".repeat(64), clientSeed: "sim", nonce: i }).multiplier;
    // Standard deviation of the low profile is about 2.3 stakes per spin: 5 sigma over 40,000 spins ≈ 0.06.
    expect(Math.abs(paid / n - 0.96)).toBeLessThan(0.06);
  });
});
