import { describe, expect, it } from "vitest";
import { gameTileSvg } from "./game-tiles";

describe("gameTileSvg", () => {
  it("draws the same picture for the same code, a small SVG with no outside reference", () => {
    const a = gameTileSvg("LUCKY_SAKURA_RICHES");
    expect(gameTileSvg("LUCKY_SAKURA_RICHES")).toBe(a);
    expect(a.startsWith("<svg")).toBe(true);
    expect(a.length).toBeLessThan(3_000);
    expect(a.replace(`xmlns="http://www.w3.org/2000/svg"`, "")).not.toMatch(/href|https?:|<script|<text/);
  });

  it("gives distinct pictures to distinct codes", () => {
    const codes = Array.from({ length: 5_000 }, (_, i) => `V${i % 40}_GAME_${i}`);
    const pictures = new Set(codes.map(gameTileSvg));
    expect(pictures.size).toBeGreaterThanOrEqual(codes.length * 0.998);
  });

  it("draws what the name asks for", () => {
    expect(gameTileSvg("JDB_FISH_HUNTER")).toContain("M8 25c4-9");
    expect(gameTileSvg("PG_DICE_MASTER")).toContain('rx="5"');
  });
});
