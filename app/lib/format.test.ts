import { formatBalance, formatClock, formatDate, formatDateTime, formatMoney, formatNumber, formatOdds, formatPercent, formatRelative, formatWinAmount, localiseNumbersIn, numberFormat } from "./format";

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

describe("one formatting module", () => {
  it("money: amount then code; isolated left to right in right-to-left languages", () => {
    expect(formatMoney("1234.5", "USD", "es")).toBe("1.234,50 USD");
    expect(formatMoney("1234.5", "USD", "ar")).toBe("\u20661,234.50 USD\u2069");
    expect(formatMoney("5", null, "en")).toBe("5.00");
  });

  it("odds, percents and numbers in the locale's decimals, decimal strings exactly", () => {
    expect(formatOdds("1.98", "es")).toBe("1,98");
    expect(formatOdds(2, "en")).toBe("2.00");
    expect(formatPercent(0.965, "es")).toMatch(/^96,5\s?%$/);
    expect(formatNumber("12345678901234567.25", "en", 2, 2)).toBe("12,345,678,901,234,567.25");
    expect(localiseNumbersIn("Chance 49.99% pays ×1.9803", "vi")).toBe("Chance 49,99% pays ×1,9803");
  });

  it("one style per date kind", () => {
    const d = new Date(Date.UTC(2026, 10, 24, 14, 45));
    expect(formatDate(d, "en")).toBe("Nov 24, 2026");
    expect(formatDateTime(d, "en")).toBe("Nov 24, 2026, 14:45");
    expect(formatRelative(new Date(Date.now() - 3 * 60_000), "en")).toBe("3 minutes ago");
  });

  it("keeps one formatter per locale and options", () => {
    expect(numberFormat("es", { maximumFractionDigits: 2 })).toBe(numberFormat("es", { maximumFractionDigits: 2 }));
  });
});
