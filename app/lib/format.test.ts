import { formatBalance, formatClock, formatDate, formatDateTime, formatHundredths, formatMoney, formatNumber, formatOdds, formatPercent, formatRelative, formatWinAmount, localiseNumbersIn, numberFormat } from "./format";

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
    expect(formatClock(d, "UTC")).toBe("02/01/2026 03:04:05");
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
    expect(formatDate(d, "en", "UTC")).toBe("Nov 24, 2026");
    expect(formatDateTime(d, "en", "UTC")).toBe("Nov 24, 2026, 14:45:00");
    expect(formatRelative(new Date(Date.now() - 3 * 60_000), "en")).toBe("3 minutes ago");
  });

  it("dice rolls and targets in the page's decimals, two whole digits", () => {
    expect(formatHundredths(4210, "en")).toBe("42.10");
    expect(formatHundredths(4210, "es")).toBe("42,10");
    expect(formatHundredths(5, "vi")).toBe("00,05");
    expect(formatHundredths(9999, "th")).toBe("99.99");
  });

  it("keeps one formatter per locale and options", () => {
    expect(numberFormat("es", { maximumFractionDigits: 2 })).toBe(numberFormat("es", { maximumFractionDigits: 2 }));
  });
});

describe("date kinds in the five test languages", () => {
  // 14:45:00 UTC on 24 Nov 2026 is 21:45 in Bangkok: a moment is shown in the site's zone, a
  // calendar day as itself, whatever the zone.
  const moment = new Date(Date.UTC(2026, 10, 24, 14, 45, 0));
  const zone = "Asia/Bangkok";
  it.each([
    ["es", "24 nov 2026", "24 nov 2026, 21:45:00", "hace 3 minutos"],
    ["en", "Nov 24, 2026", "Nov 24, 2026, 21:45:00", "3 minutes ago"],
    ["ar", "24 نوفمبر 2026", "24 نوفمبر 2026، 21:45:00", "قبل 3 دقائق"],
    ["vi", "24 thg 11, 2026", "21:45:00 24 thg 11, 2026", "3 phút trước"],
    ["th", "24 พ.ย. 2569", "24 พ.ย. 2569 21:45:00", "3 นาทีที่ผ่านมา"],
  ])("%s: date %s, date-time %s, relative %s", (locale, date, dateTime, relative) => {
    expect(formatDate(moment, locale, zone)).toBe(date);
    expect(formatDate("2026-11-24", locale, "Pacific/Kiritimati")).toBe(date);
    expect(formatDateTime(moment.toISOString(), locale, zone)).toBe(dateTime);
    expect(formatRelative(moment.getTime() - 3 * 60_000, locale, moment.getTime())).toBe(relative);
  });

  it("a moment near midnight falls on the site's day, not the server's", () => {
    const late = "2026-11-24T20:00:00Z";
    expect(formatDate(late, "en", "Asia/Bangkok")).toBe("Nov 25, 2026");
    expect(formatDate(late, "en", "America/Los_Angeles")).toBe("Nov 24, 2026");
  });

  it("an unknown zone falls back to UTC instead of throwing; a bad date is shown as it came", () => {
    expect(formatDateTime(moment, "en", "Mars/Olympus")).toBe("Nov 24, 2026, 14:45:00");
    expect(formatDateTime("not a date", "en", "UTC")).toBe("not a date");
  });
});
