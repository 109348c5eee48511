import { formatJackpot, jackpotAt, jackpotValueAt, JACKPOT_MAX, JACKPOT_MIN, withClock } from "./jackpot";

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

  it("carried on from the clock's state the server read, gives what the day's table gives, tick for tick", () => {
    // The browser walks forward from the pool's tick instead of building the day's table (a long
    // task on a slow phone); every value and next tick must be the same.
    let seed = 7;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    for (let i = 0; i < 300; i++) {
      const asOf = day + Math.floor(rand() * 86_000_000);
      const plain = { cents: jackpotAt(asOf).cents + Math.floor(rand() * 1_000_000), asOf };
      const pool = withClock(plain);
      expect(pool.clock!.at).toBeLessThanOrEqual(asOf);
      for (const ms of [asOf - 5_000, asOf, asOf + 1, asOf + Math.floor(rand() * 600_000), day + 86_399_999, day + 86_400_000 + 10]) {
        expect(jackpotValueAt(pool, ms), `asOf ${asOf}, at ${ms}`).toEqual(jackpotValueAt(plain, ms));
      }
    }
  });
});
