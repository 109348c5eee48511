import { formatJackpot, jackpotAt, jackpotValueAt, JACKPOT_MAX, JACKPOT_MIN } from "./jackpot";

const day = Date.UTC(2026, 10, 22);
const MIN = JACKPOT_MIN * 100;
const MAX = JACKPOT_MAX * 100;

describe("jackpot counter", () => {
  it("without a pool read, is the spec's clock: in range, 100-500 per tick, every 3, 4 or 5 s", () => {
    let prev = jackpotValueAt(null, day);
    expect(prev).toEqual(jackpotAt(day));
    for (let i = 0; i < 200; i++) {
      const next = jackpotValueAt(null, prev.nextTickAt);
      expect([3000, 4000, 5000]).toContain(next.nextTickAt - prev.nextTickAt);
      expect(next.cents - prev.cents).toBeGreaterThanOrEqual(100_00);
      expect(next.cents - prev.cents).toBeLessThanOrEqual(500_00);
      prev = next;
    }
    expect(prev.cents).toBeGreaterThan(MIN);
    expect(prev.cents).toBeLessThan(MAX);
  });

  it("starts from the platform's pool and grows from it by the clock's own ticks", () => {
    const asOf = day + 3_600_000;
    const clock = jackpotAt(asOf);
    // Real play put 1,234.56 into the pool on top of the clock.
    const pool = { cents: clock.cents + 1_234_56, asOf };
    expect(jackpotValueAt(pool, asOf).cents).toBe(pool.cents);
    let prev = jackpotValueAt(pool, asOf);
    for (let i = 0; i < 50; i++) {
      const next = jackpotValueAt(pool, prev.nextTickAt);
      expect(next.cents - prev.cents).toBeGreaterThanOrEqual(100_00);
      expect(next.cents - prev.cents).toBeLessThanOrEqual(500_00);
      expect(next.cents - jackpotAt(prev.nextTickAt).cents).toBe(1_234_56);
      prev = next;
    }
  });

  it("never runs backwards when the browser's clock is behind the server's", () => {
    const asOf = day + 7_200_000;
    const pool = { cents: jackpotAt(asOf).cents + 99, asOf };
    expect(jackpotValueAt(pool, asOf - 60_000).cents).toBe(pool.cents);
  });

  it("stays in range near the top, and a new day is a new jackpot", () => {
    const asOf = day + 1000;
    const pool = { cents: MAX - 50_00, asOf };
    const later = jackpotValueAt(pool, asOf + 60_000).cents;
    expect(later).toBeGreaterThanOrEqual(MIN);
    expect(later).toBeLessThan(MAX);
    const tomorrow = day + 86_400_000 + 5_000;
    expect(jackpotValueAt(pool, tomorrow)).toEqual(jackpotAt(tomorrow));
  });

  it("is the same value for the same moment (server and browser agree)", () => {
    const pool = { cents: jackpotAt(1_795_000_000_000).cents + 5, asOf: 1_795_000_000_000 };
    expect(jackpotValueAt(pool, 1_795_000_010_000)).toEqual(jackpotValueAt(pool, 1_795_000_010_000));
    expect(jackpotValueAt(pool, 1_795_000_010_000).cents).toBeGreaterThan(pool.cents);
  });

  it("shows two decimals with separators", () => {
    expect(formatJackpot(1_100_000_000_012, "en")).toBe("11,000,000,000.12");
  });
});
