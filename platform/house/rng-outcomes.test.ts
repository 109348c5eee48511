/**
 * The RNG proof: 10^6 outputs of the fair stream mapped to each game's outcome space
 * (drawn exactly as the game draws) pass a chi-square goodness-of-fit test and a
 * Wald-Wolfowitz runs test at the 99% level.
 *
 * Streams are fixed, so the suite is deterministic. About 75 p-values are checked at 1%, so a
 * sound generator fails about one of them on a given stream by chance. Instead of picking seeds
 * until everything passes, a space whose p-value falls below 1% is drawn again from an
 * independent stream and must pass there: a real bias fails both (the chance of a false alarm
 * is then 1 in 10,000 per space).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "./fair";
import * as roulette from "./games/roulette";
import { config as jadeKoi } from "./games/slot-jade-koi";
import { config as neonFruits } from "./games/slot-neon-fruits";
import { config as pharaohsGold } from "./games/slot-pharaohs-gold";
import { checkSlotStops, checkSpace, TABLE_SPACES } from "./testing/outcome-spaces";
import { chiSquare, histogram, runsTest } from "./testing/stats";

const OUTPUTS = 1_000_000;

describe("10^6 RNG outputs per table-game outcome space (chi-square and runs, 99%)", () => {
  it.each(TABLE_SPACES.map((s) => [s.name, s] as const))("%s", (_name, space) => {
    let r = checkSpace(space, OUTPUTS);
    if (r.chi <= 0.01 || r.runs <= 0.01) r = checkSpace(space, OUTPUTS, 1);
    expect(r.chi).toBeGreaterThan(0.01);
    expect(r.runs).toBeGreaterThan(0.01);
  });

  it("roulette across 2×10^5 consecutive nonces (one round each, as in play)", () => {
    const n = 200_000;
    const pockets = new Uint32Array(n);
    for (let nonce = 0; nonce < n; nonce++) pockets[nonce] = roulette.draw(createRng({ serverSeed: "8d".repeat(32), clientSeed: "nonces", nonce })).number;
    expect(chiSquare(histogram(pockets, 37), new Float64Array(37).fill(1 / 37)).pValue).toBeGreaterThan(0.01);
    expect(runsTest(n, (i) => (pockets[i] === 18 ? null : pockets[i]! > 18)).pValue).toBeGreaterThan(0.01);
  });
});

describe("10^6 RNG outputs per slot mapped to reel stops (chi-square and runs, 99%)", () => {
  it.each([jadeKoi, pharaohsGold, neonFruits].map((c) => [c.id, c] as const))("%s", (_id, config) => {
    const first = checkSlotStops(config, OUTPUTS);
    const again = first.some((r) => r.chi <= 0.01 || r.runs <= 0.01) ? checkSlotStops(config, OUTPUTS, 1) : null;
    first.forEach((r, i) => {
      const final = r.chi <= 0.01 || r.runs <= 0.01 ? again![i]! : r;
      expect(final.chi, `${r.name} chi-square`).toBeGreaterThan(0.01);
      expect(final.runs, `${r.name} runs`).toBeGreaterThan(0.01);
    });
  });
});
