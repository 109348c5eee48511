import { categoryForPath, CATEGORY_PATHS, navPathForCategory, pathForCategory } from "./categories";

describe("category ↔ path map (spec §2)", () => {
  it.each([
    ["/sports", "SPORTS"],
    ["/esports", "ESPORTS"],
    ["/live", "LIVE"],
    ["/lott", "LOTT"],
    ["/elott", "ELOTT"],
    ["/fish", "FISH"],
    ["/pvp", "PVP"],
    ["/rng", "RNG"],
    ["/cockfight", "COCKFIGHT"],
    ["/hot", "HOT"],
  ])("%s ↔ %s", (path, code) => {
    expect(categoryForPath(path)).toBe(code);
    expect(pathForCategory(code)).toBe(code === "HOT" ? null : path);
  });

  it("has exactly the spec's ten entries", () => {
    expect(Object.keys(CATEGORY_PATHS)).toHaveLength(10);
  });

  it("has no reverse lookup for HOT and none for unknown codes", () => {
    expect(pathForCategory("HOT")).toBeNull();
    expect(pathForCategory("NOPE")).toBeNull();
    expect(categoryForPath("/nope")).toBeNull();
  });

  it.each([
    ["LOTT", "/elott"],
    ["ELOTT", "/elott"],
    ["FB", "/fbSports"],
    ["LIVE", "/live"],
    ["HOT", null],
  ])("main navigation sends %s to %s", (code, path) => {
    expect(navPathForCategory(code)).toBe(path);
  });
});
