import { describe, expect, it } from "vitest";
import { symbolSvg } from "../../demo-vendor/art";
import { BELL_CLAPPER, CROWN_BAND, MOTIF_PATHS, svgAttrs } from "#platform/games/motifs.js";
import { gameTileSvg } from "./game-tiles";

describe("the shared motifs", () => {
  it("are what the catalogue tiles and the demo studio draw", () => {
    expect(gameTileSvg("X_LUCKY_SEVEN_BELL")).toContain(`d="${MOTIF_PATHS.seven}"`);
    expect(gameTileSvg("X_DRAGON_KING")).toContain(`<rect ${svgAttrs(CROWN_BAND)}`);
    expect(symbolSvg("bell", "Bell")).toContain(`d="${MOTIF_PATHS.bell}"`);
    expect(symbolSvg("bell", "Bell")).toContain(`<circle cx="${BELL_CLAPPER.cx}" cy="${BELL_CLAPPER.cy}" r="${BELL_CLAPPER.r}"`);
    expect(symbolSvg("diamond", "Diamond")).toContain(`d="${MOTIF_PATHS.gemFacets}"`);
  });
});
