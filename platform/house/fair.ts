/**
 * Provably fair randomness for the in-house vendor (HOUSE).
 *
 * Scheme (the member can recompute every round):
 *   - the server seed is 32 random bytes written as 64 lowercase hex characters; before any
 *     round the member sees `hashSeed(serverSeed)` = SHA-256 of the seed's ASCII text, in hex;
 *   - the member sets a client seed (printable ASCII, 1-64 characters);
 *   - each round uses the next nonce (0, 1, 2, ...) of the seed pair;
 *   - the round's byte stream is the concatenation of the blocks
 *       HMAC-SHA256(key = serverSeed as ASCII, message = `${clientSeed}:${nonce}:${cursor}`)
 *     for cursor = 0, 1, 2, ... (32 bytes each), read in order;
 *   - an unsigned 32-bit integer is the next 4 bytes, big-endian;
 *   - `int(n)` draws uint32 values until one is below 2^32 - (2^32 mod n) and returns it mod n
 *     (rejection sampling: no modulo bias);
 *   - a float in [0, 1) is 53 bits: (a * 2^21 + (b >>> 11)) / 2^53 from two uint32 a, b;
 *   - a deck is dealt with Fisher-Yates from the top: card i is swapped with card i + int(n - i).
 *   - rotating the seed pair reveals the old server seed; its hash must equal the one shown.
 *
 * Everything here is pure apart from `newServerSeed`, which reads the system CSPRNG.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

/** The seeds that determine one round. */
export interface RoundSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

const HEX64 = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** A fresh server seed: 32 bytes from the system CSPRNG as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString("hex");
}

/** A default client seed for members who do not set one (16 random bytes, hex). */
export function newClientSeed(): string {
  return randomBytes(16).toString("hex");
}

/** The commitment shown before play: SHA-256 of the seed's text, lowercase hex. */
export function hashSeed(serverSeed: string): string {
  return createHash("sha256").update(serverSeed, "utf8").digest("hex");
}

export function isServerSeed(s: unknown): s is string {
  return typeof s === "string" && HEX64.test(s);
}

/** Client seeds are 1-64 printable ASCII characters without spaces. */
export function isClientSeed(s: unknown): s is string {
  return typeof s === "string" && CLIENT_SEED.test(s);
}

export class FairSeedError extends Error {
  constructor(
    readonly code: "INVALID_SERVER_SEED" | "INVALID_CLIENT_SEED" | "INVALID_NONCE",
    message: string,
  ) {
    super(message);
    this.name = "FairSeedError";
  }
}

function checkSeeds(seeds: RoundSeeds): void {
  if (!isServerSeed(seeds.serverSeed)) throw new FairSeedError("INVALID_SERVER_SEED", "server seed must be 64 lowercase hex characters");
  if (!isClientSeed(seeds.clientSeed)) throw new FairSeedError("INVALID_CLIENT_SEED", "client seed must be 1-64 printable ASCII characters");
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) throw new FairSeedError("INVALID_NONCE", "nonce must be a non-negative integer");
}

/** Block `cursor` of a round's byte stream. */
export function streamBlock(seeds: RoundSeeds, cursor: number): Buffer {
  return createHmac("sha256", seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`).digest();
}

const TWO32 = 0x1_0000_0000;

/**
 * The random stream of one round. Stateful (it remembers how far it has read), deterministic
 * from its seeds: two instances with the same seeds give the same values in the same order.
 */
export class FairRng {
  readonly seeds: RoundSeeds;
  private block: Buffer = Buffer.alloc(0);
  private offset = 32;
  private cursor = 0;
  private consumed = 0;

  constructor(seeds: RoundSeeds) {
    checkSeeds(seeds);
    this.seeds = { serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: seeds.nonce };
  }

  /** A new stream for the same seeds, from the start. */
  restart(): FairRng {
    return new FairRng(this.seeds);
  }

  /** How many bytes have been read so far. */
  get bytesRead(): number {
    return this.consumed;
  }

  private refill(): void {
    this.block = streamBlock(this.seeds, this.cursor++);
    this.offset = 0;
  }

  byte(): number {
    if (this.offset >= 32) this.refill();
    this.consumed++;
    return this.block[this.offset++]!;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.byte();
    return out;
  }

  /** The next 4 bytes as an unsigned big-endian integer. */
  uint32(): number {
    if (this.offset <= 28) {
      const v = this.block.readUInt32BE(this.offset);
      this.offset += 4;
      this.consumed += 4;
      return v;
    }
    return ((this.byte() << 24) | (this.byte() << 16) | (this.byte() << 8) | this.byte()) >>> 0;
  }

  /** A uniform integer in [0, maxExclusive), 1 <= maxExclusive <= 2^32, without modulo bias. */
  int(maxExclusive: number): number {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO32) {
      throw new RangeError(`int(): maxExclusive must be an integer in [1, 2^32], got ${maxExclusive}`);
    }
    const limit = TWO32 - (TWO32 % maxExclusive);
    for (;;) {
      const x = this.uint32();
      if (x < limit) return x % maxExclusive;
    }
  }

  /** `count` draws of `int(maxExclusive)` into a typed array (for bulk use and statistics). */
  ints(maxExclusive: number, count: number): Uint32Array {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO32) {
      throw new RangeError(`ints(): maxExclusive must be an integer in [1, 2^32], got ${maxExclusive}`);
    }
    const limit = TWO32 - (TWO32 % maxExclusive);
    const out = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      let x = this.uint32();
      while (x >= limit) x = this.uint32();
      out[i] = x % maxExclusive;
    }
    return out;
  }

  /** A uniform integer in [min, max] inclusive. */
  intBetween(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** A float in [0, 1) with 53 random bits (8 bytes). Games use `int`; floats are for display-style uses. */
  float(): number {
    const a = this.uint32();
    const b = this.uint32();
    return (a * 2 ** 21 + (b >>> 11)) / 2 ** 53;
  }

  floats(n: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(this.float());
    return out;
  }

  /** A shuffled copy (Fisher-Yates from the top: position i takes the item at i + int(n - i)). */
  shuffle<T>(items: readonly T[]): T[] {
    const a = items.slice();
    for (let i = 0; i < a.length - 1; i++) {
      const j = i + this.int(a.length - i);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }

  /**
   * Deals from a deck of `size` items (indices 0..size-1) shuffled lazily: the k-th `next()` is
   * position k of the same Fisher-Yates shuffle as `shuffle`, drawing only what is dealt.
   */
  dealer(size: number): Dealer {
    return new Dealer(this, size);
  }
}

export class Dealer {
  /** Positions that hold another card than their own index (a shoe is mostly untouched). */
  private readonly moved = new Map<number, number>();
  private position = 0;

  constructor(
    private readonly rng: FairRng,
    readonly size: number,
  ) {}

  get dealt(): number {
    return this.position;
  }

  next(): number {
    const i = this.position;
    if (i >= this.size) throw new RangeError("the deck is empty");
    // The last card needs no draw, as in `shuffle`.
    const j = i === this.size - 1 ? i : i + this.rng.int(this.size - i);
    const card = this.moved.get(j) ?? j;
    if (j !== i) this.moved.set(j, this.moved.get(i) ?? i);
    this.moved.delete(i);
    this.position++;
    return card;
  }

  take(n: number): number[] {
    const out: number[] = [];
    for (let k = 0; k < n; k++) out.push(this.next());
    return out;
  }
}

export function createRng(seeds: RoundSeeds): FairRng {
  return new FairRng(seeds);
}

// ---------------------------------------------------------------------------------------------
// Seed pairs: what a member holds. Pure values, kept by whoever stores them.

/** The server-side seed pair of one member. Never show `serverSeed` or `nextServerSeed` before rotation. */
export interface SeedPair {
  readonly serverSeed: string;
  readonly serverSeedHash: string;
  /** Committed in advance, so the member also knows the hash of the seed that comes next. */
  readonly nextServerSeed: string;
  readonly nextServerSeedHash: string;
  readonly clientSeed: string;
  /** The nonce the next round will use. */
  readonly nonce: number;
}

/** What the member may see of an active pair. */
export interface PublicSeedPair {
  readonly serverSeedHash: string;
  readonly nextServerSeedHash: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

/** A retired pair: the server seed is now public and every round played with it can be verified. */
export interface RevealedSeedPair {
  readonly serverSeed: string;
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  /** Rounds played with the pair used nonces 0 .. roundsPlayed - 1. */
  readonly roundsPlayed: number;
}

export function newSeedPair(clientSeed: string = newClientSeed(), serverSeed: string = newServerSeed(), nextServerSeed: string = newServerSeed()): SeedPair {
  checkSeeds({ serverSeed, clientSeed, nonce: 0 });
  checkSeeds({ serverSeed: nextServerSeed, clientSeed, nonce: 0 });
  return { serverSeed, serverSeedHash: hashSeed(serverSeed), nextServerSeed, nextServerSeedHash: hashSeed(nextServerSeed), clientSeed, nonce: 0 };
}

export function publicSeedPair(pair: SeedPair): PublicSeedPair {
  return { serverSeedHash: pair.serverSeedHash, nextServerSeedHash: pair.nextServerSeedHash, clientSeed: pair.clientSeed, nonce: pair.nonce };
}

/** Takes the next nonce: the seeds for this round and the pair to keep for the next one. */
export function nextRound(pair: SeedPair): { seeds: RoundSeeds; pair: SeedPair } {
  return { seeds: { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce }, pair: { ...pair, nonce: pair.nonce + 1 } };
}

/**
 * Retires the pair: reveals its server seed, promotes the pre-committed next seed and commits a
 * new next one. Setting a client seed is a rotation too, so a client seed never changes under a
 * server seed that is still secret. Unfinished stateful rounds keep their own seeds.
 */
export function rotateSeedPair(
  pair: SeedPair,
  clientSeed: string = pair.clientSeed,
  nextServerSeed: string = newServerSeed(),
): { revealed: RevealedSeedPair; pair: SeedPair } {
  const revealed: RevealedSeedPair = {
    serverSeed: pair.serverSeed,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    roundsPlayed: pair.nonce,
  };
  return { revealed, pair: newSeedPair(clientSeed, pair.nextServerSeed, nextServerSeed) };
}

/** Does the revealed seed match the hash the member was shown? */
export function checkRevealedSeed(serverSeed: string, shownHash: string): boolean {
  return isServerSeed(serverSeed) && hashSeed(serverSeed) === shownHash.toLowerCase();
}
