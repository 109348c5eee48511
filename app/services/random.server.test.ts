import { describe, expect, it } from "vitest";
import { randomToken } from "./random.server";

describe("randomToken", () => {
  it("gives tokens of the asked length that never repeat, across refills of the pool", () => {
    const seen = new Set<string>();
    // 18 bytes each: the 4 KiB pool is refilled about 50 times over this loop.
    for (let i = 0; i < 12_000; i++) {
      const token = randomToken(18, "base64url");
      expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(12_000);
    expect(randomToken(32, "base64url")).toHaveLength(43);
    expect(randomToken(18, "base64")).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });

  it("spreads its bytes evenly", () => {
    const counts = new Array<number>(64).fill(0);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let i = 0; i < 2_000; i++) for (const c of randomToken(30, "base64url")) counts[alphabet.indexOf(c)]!++;
    // 80,000 characters over 64 symbols: 1,250 each expected; a stuck or zeroed pool is far off.
    expect(Math.min(...counts)).toBeGreaterThan(1_000);
    expect(Math.max(...counts)).toBeLessThan(1_500);
  });
});
