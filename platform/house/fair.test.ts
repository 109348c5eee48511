import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkRevealedSeed,
  createRng,
  FairRng,
  FairSeedError,
  hashSeed,
  isClientSeed,
  newSeedPair,
  newServerSeed,
  nextRound,
  publicSeedPair,
  rotateSeedPair,
  streamBlock,
  type RoundSeeds,
} from "./fair";
import { chiSquareUniform, histogram, runsAboveBelow } from "./testing/stats";

// The worked example of docs/games/README.md.
const EXAMPLE: RoundSeeds = {
  serverSeed: "3f0c1d6a8b2e4f5091a7c3e2d4b6f8a0c1e3f5a7b9d1e3f5a7c9e1b3d5f7a9c1",
  clientSeed: "lucky-member-7",
  nonce: 42,
};

const seedsArb = fc.record({
  serverSeed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex")),
  clientSeed: fc.stringMatching(/^[\x21-\x7e]{1,64}$/),
  nonce: fc.nat(),
});

/** A stream whose uint32 values are scripted, to test what `int` does with each of them. */
class ScriptedRng extends FairRng {
  constructor(private readonly values: number[]) {
    super(EXAMPLE);
  }
  read = 0;
  override uint32(): number {
    this.read++;
    const v = this.values.shift();
    if (v === undefined) throw new Error("script exhausted");
    return v;
  }
}

describe("seeds", () => {
  it("hashes the seed text with SHA-256 (the worked example)", () => {
    expect(hashSeed(EXAMPLE.serverSeed)).toBe("0d974d5e0693a3d47e743792d5d527b1e25747a4ab249c3cf2d27f25db53b13c");
    expect(hashSeed(EXAMPLE.serverSeed)).toBe(createHash("sha256").update(EXAMPLE.serverSeed).digest("hex"));
  });

  it("makes 64-hex server seeds that differ", () => {
    const a = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(a);
  });

  it("refuses malformed seeds with a code", () => {
    expect(() => createRng({ ...EXAMPLE, serverSeed: "xyz" })).toThrow(FairSeedError);
    expect(() => createRng({ ...EXAMPLE, clientSeed: "has space" })).toThrow(/client seed/);
    expect(() => createRng({ ...EXAMPLE, nonce: -1 })).toThrow(/nonce/);
    expect(isClientSeed("a".repeat(65))).toBe(false);
    expect(isClientSeed("ok:seed")).toBe(true);
  });

  it("rotation reveals the old server seed, whose hash is the one shown, and promotes the committed next seed", () => {
    let pair = newSeedPair("member-seed");
    const shown = publicSeedPair(pair);
    expect(shown).not.toHaveProperty("serverSeed");
    for (let i = 0; i < 3; i++) pair = nextRound(pair).pair;
    const { revealed, pair: next } = rotateSeedPair(pair, "new-client-seed");
    expect(revealed.serverSeed).toBe(pair.serverSeed);
    expect(revealed.roundsPlayed).toBe(3);
    expect(checkRevealedSeed(revealed.serverSeed, shown.serverSeedHash)).toBe(true);
    expect(checkRevealedSeed(newServerSeed(), shown.serverSeedHash)).toBe(false);
    expect(next.serverSeedHash).toBe(shown.nextServerSeedHash);
    expect(next.clientSeed).toBe("new-client-seed");
    expect(next.nonce).toBe(0);
    expect(hashSeed(next.serverSeed)).toBe(next.serverSeedHash);
  });

  it("hands out each nonce once, in order", () => {
    let pair = newSeedPair();
    const nonces: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = nextRound(pair);
      nonces.push(r.seeds.nonce);
      expect(r.seeds.serverSeed).toBe(pair.serverSeed);
      pair = r.pair;
    }
    expect(nonces).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("byte stream", () => {
  it("is HMAC-SHA256(serverSeed, `clientSeed:nonce:cursor`) blocks in order (the worked example)", () => {
    const block0 = createHmac("sha256", EXAMPLE.serverSeed).update("lucky-member-7:42:0").digest();
    const block1 = createHmac("sha256", EXAMPLE.serverSeed).update("lucky-member-7:42:1").digest();
    expect(block0.toString("hex")).toBe("0dc0e1a107783810ffd393ce37b2d3626f57b66baf9375dbf424ee27f65b7abc");
    expect(streamBlock(EXAMPLE, 1).equals(block1)).toBe(true);
    const rng = createRng(EXAMPLE);
    expect(Buffer.from(rng.bytes(64))).toEqual(Buffer.concat([block0, block1]));
    const r2 = createRng(EXAMPLE);
    expect(r2.uint32()).toBe(230744481);
    expect(createRng(EXAMPLE).int(37)).toBe(12); // 230744481 mod 37: the example's roulette number
  });

  it("reads uint32 across block boundaries big-endian", () => {
    const rng = createRng(EXAMPLE);
    rng.bytes(30);
    const bytes = Buffer.concat([streamBlock(EXAMPLE, 0), streamBlock(EXAMPLE, 1)]);
    expect(rng.uint32()).toBe(bytes.readUInt32BE(30));
    expect(rng.bytesRead).toBe(34);
  });

  it("is deterministic from the seeds and changes with any of them", () => {
    fc.assert(
      fc.property(seedsArb, (seeds) => {
        const a = createRng(seeds).ints(1000, 16);
        expect(createRng(seeds).ints(1000, 16)).toEqual(a);
        expect(createRng({ ...seeds, nonce: seeds.nonce + 1 }).ints(1000, 16)).not.toEqual(a);
      }),
      { numRuns: 50 },
    );
  });

  it("int() rejects the biased tail instead of folding it (no modulo bias)", () => {
    // n = 3 * 2^30: 2^32 mod n = 2^30, so values >= 2^32 - 2^30 are redrawn.
    const n = 3 * 2 ** 30;
    const r = new ScriptedRng([2 ** 32 - 1, 2 ** 32 - 2 ** 30, 5]);
    expect(r.int(n)).toBe(5);
    expect(r.read).toBe(3);
    const r37 = new ScriptedRng([2 ** 32 - 1, 36 + 37 * 10]);
    expect(r37.int(37)).toBe(36);
    expect(r37.read).toBe(2); // 2^32 - 1 >= 2^32 - (2^32 mod 37), so it was redrawn
    expect(new ScriptedRng([123]).int(1)).toBe(0);
    expect(() => createRng(EXAMPLE).int(0)).toThrow(RangeError);
    expect(() => createRng(EXAMPLE).int(2 ** 32 + 1)).toThrow(RangeError);
  });

  it("int(), ints() and float() stay in range; ints() equals repeated int()", () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 2 ** 32 }), (seeds, n) => {
        const one = createRng(seeds);
        const many = createRng(seeds).ints(n, 20);
        for (let i = 0; i < 20; i++) {
          const v = one.int(n);
          expect(v).toBe(many[i]);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThan(n);
        }
        for (const f of createRng(seeds).floats(10)) {
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThan(1);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("shuffle() is a permutation and the lazy dealer deals the same order", () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 416 }), (seeds, size) => {
        const deck = Array.from({ length: size }, (_, i) => i);
        const shuffled = createRng(seeds).shuffle(deck);
        expect([...shuffled].sort((a, b) => a - b)).toEqual(deck);
        expect(createRng(seeds).dealer(size).take(size)).toEqual(shuffled);
        const k = Math.min(size, 6);
        expect(createRng(seeds).dealer(size).take(k)).toEqual(shuffled.slice(0, k));
      }),
      { numRuns: 100 },
    );
    expect(() => createRng(EXAMPLE).dealer(1).take(2)).toThrow(/empty/);
  });
});

describe("raw stream statistics (10^6 draws, 99% level)", () => {
  const N = 1_000_000;

  it("bytes are uniform over 0..255 and uncorrelated in runs", () => {
    const bytes = createRng({ ...EXAMPLE, nonce: 1 }).bytes(N);
    const chi = chiSquareUniform(histogram(bytes, 256));
    expect(chi.pValue).toBeGreaterThan(0.01);
    expect(runsAboveBelow(bytes, 256).pValue).toBeGreaterThan(0.01);
  });

  it("int(n) is uniform for awkward n, and uint32's top bit alternates like coin flips", () => {
    for (const n of [7, 1000]) {
      const draws = createRng({ ...EXAMPLE, nonce: n }).ints(n, N);
      expect(chiSquareUniform(histogram(draws, n)).pValue, `n=${n}`).toBeGreaterThan(0.01);
      expect(runsAboveBelow(draws, n).pValue, `n=${n}`).toBeGreaterThan(0.01);
    }
    const rng = createRng({ ...EXAMPLE, nonce: 99 });
    const top = new Uint8Array(N);
    for (let i = 0; i < N; i++) top[i] = rng.uint32() >>> 31;
    expect(chiSquareUniform(histogram(top, 2)).pValue).toBeGreaterThan(0.01);
    expect(runsAboveBelow(top, 2).pValue).toBeGreaterThan(0.01);
  });
});
