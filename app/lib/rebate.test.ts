import { CATEGORY_PATHS } from "./categories";
import { formatRebate, REBATE_DISPLAY_PERCENT, rebateFor } from "./rebate";

describe("rebate display by category (spec §9)", () => {
  it.each([
    ["LOTT", 0.01],
    ["ELOTT", 0.01],
    ["FISH", 0.01],
    ["RNG", 0.012],
    ["LIVE", 0.008],
    ["SPORTS", 0.01],
    ["ESPORTS", 0.01],
  ])("%s shows up to %s", (category, fraction) => {
    expect(rebateFor(category)).toBeCloseTo(fraction, 10);
  });

  it("shows nothing for PVP, for categories outside the table and for unknown codes", () => {
    expect(rebateFor("PVP")).toBeNull();
    expect(rebateFor("HOT")).toBeNull();
    expect(rebateFor("COCKFIGHT")).toBeNull();
    expect(rebateFor("rng")).toBeNull();
    expect(rebateFor("toString")).toBeNull();
    expect(rebateFor("")).toBeNull();
  });

  it("names only real category codes", () => {
    for (const code of Object.keys(REBATE_DISPLAY_PERCENT)) expect(Object.keys(CATEGORY_PATHS)).toContain(code);
  });

  it("formats the rate in the reader's locale", () => {
    expect(formatRebate(0.012, "en")).toBe("1.2%");
    expect(formatRebate(0.008, "en")).toBe("0.8%");
    expect(formatRebate(0.01, "en")).toBe("1%");
    expect(formatRebate(0.012, "es")).toMatch(/^1,2\s?%$/);
  });
});
