import { describe, expect, it } from "vitest";
import { footerSeed } from "./shell.server";

describe("footer seed", () => {
  it("stays a minute, and turns at a different second for different addresses", () => {
    const t0 = Date.UTC(2026, 10, 28, 12, 0, 0);
    const turns = (url: string) => {
      const seconds: number[] = [];
      for (let s = 1; s <= 120; s++) if (footerSeed(url, t0 + s * 1000) !== footerSeed(url, t0 + (s - 1) * 1000)) seconds.push(s % 60);
      return seconds;
    };
    const urls = ["/", "/rng", "/rng?gameName=golden&page=2", "/promotions", "/live", "/fish"].map((p) => `http://x${p}`);
    const at = urls.map(turns);
    // Once a minute each, at the same second of every minute…
    for (const seconds of at) expect(seconds).toEqual([seconds[0], seconds[0]]);
    // …and not all at the same second; the host is not part of it.
    expect(new Set(at.map((s) => s[0])).size).toBeGreaterThan(3);
    expect(footerSeed("http://a.example/rng", t0)).toBe(footerSeed("http://b.example/rng", t0));
  });
});
