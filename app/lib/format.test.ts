import { formatBalance, formatClock, formatWinAmount } from "./format";

describe("money display", () => {
  it.each([
    ["0", "0.00"],
    ["12.5", "12.50"],
    ["1234567.89", "1,234,567.89"],
    ["-1000.10", "-1,000.10"],
    ["99999999999999999.99", "99,999,999,999,999,999.99"],
  ])("balance %s → %s", (input, expected) => {
    expect(formatBalance(input, "en")).toBe(expected);
  });

  it("uses the locale's separators", () => {
    expect(formatBalance("1234567.8", "de")).toBe("1.234.567,80");
  });

  it.each([
    ["91626.30", "91,626"],
    ["999.99", "999"],
    ["1000000", "1,000,000"],
  ])("winner amount %s → %s", (input, expected) => {
    expect(formatWinAmount(input, "en")).toBe(expected);
  });

  it("refuses what is not an amount", () => {
    expect(() => formatBalance("1e5")).toThrow();
  });
});

describe("clock", () => {
  it("formats DD/MM/YYYY HH:mm:ss in the site's time zone", () => {
    const d = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(formatClock(d)).toBe("02/01/2026 03:04:05");
    expect(formatClock(d, "Asia/Bangkok")).toBe("02/01/2026 10:04:05");
  });
});
