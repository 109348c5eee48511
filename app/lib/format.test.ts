import { formatBalance, formatClock, formatWinAmount } from "./format";
import { formatJackpot, jackpotAt, JACKPOT_MAX, JACKPOT_MIN } from "./jackpot";

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

describe("jackpot", () => {
  it("stays in range and grows 100-500 per tick, every 3, 4 or 5 s", () => {
    const start = Date.UTC(2026, 10, 22, 0, 0, 0);
    let prev = jackpotAt(start);
    let at = start;
    for (let i = 0; i < 500; i++) {
      at = prev.nextTickAt;
      const next = jackpotAt(at);
      const gap = next.nextTickAt - at;
      expect([3000, 4000, 5000]).toContain(gap);
      const growth = next.cents - prev.cents;
      expect(growth).toBeGreaterThanOrEqual(100 * 100);
      expect(growth).toBeLessThanOrEqual(500 * 100);
      prev = next;
    }
    const endOfDay = jackpotAt(start + 86_399_999).cents / 100;
    expect(endOfDay).toBeGreaterThan(JACKPOT_MIN);
    expect(endOfDay).toBeLessThan(JACKPOT_MAX);
  });

  it("is the same value for the same moment (server and browser agree)", () => {
    expect(jackpotAt(1_795_000_000_000)).toEqual(jackpotAt(1_795_000_000_000));
    expect(jackpotAt(1_795_000_010_000).cents).toBeGreaterThan(jackpotAt(1_795_000_000_000).cents);
  });

  it("shows two decimals with separators", () => {
    expect(formatJackpot(1_100_000_000_012, "en")).toBe("11,000,000,000.12");
  });
});
