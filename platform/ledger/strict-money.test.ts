import { parseAmount } from "./money.js";

describe("one strict decimal-string parser at every money edge (issue 14)", () => {
  it.each([" 1.00", "1.00 ", "\t1", "+1", "-1", "1e2", "1,000.00", "1_000", "0x10", "1.", ".5", "", "1.001", "١٢", "1.00\n"])("refuses %j", (v) => {
    expect(parseAmount(v, "USD")).toBeNull();
  });
  it.each([
    ["1", 100n],
    ["1.5", 150n],
    ["0.01", 1n],
    ["1000000.00", 100000000n],
  ])("reads %s", (v, minor) => {
    expect(parseAmount(v, "USD")).toBe(minor);
  });
});
