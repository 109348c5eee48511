import { formatClock } from "./format";
import { knownOffset, seedZoneOffsets } from "./zone-offsets";
import { readZoneOffsets, zoneOffsetsFor } from "./zone-offsets.server";

/** The clock as Intl writes it, the way formatClock did before ADR 041. */
function intlClock(at: number, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

const ZONES = ["UTC", "America/New_York", "Europe/London", "Europe/Madrid", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "Asia/Bangkok", "America/Sao_Paulo"];

describe("the clock's zone offsets (ADR 041)", () => {
  it("give the clock Intl writes, every 13 minutes across days that change the offset", () => {
    // Days on which these zones move their clocks in 2026, and an ordinary one.
    const days = [Date.UTC(2026, 2, 8), Date.UTC(2026, 2, 29), Date.UTC(2026, 3, 5), Date.UTC(2026, 9, 4), Date.UTC(2026, 9, 25), Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 30)];
    for (const zone of ZONES)
      for (const day of days)
        for (let at = day - 86_400_000; at < day + 2 * 86_400_000; at += 13 * 60_000 + 1234) {
          expect(zoneOffsetsFor(zone, at)).not.toBeNull();
          expect(`${zone} ${new Date(at).toISOString()} ${formatClock(new Date(at), zone)}`).toBe(`${zone} ${new Date(at).toISOString()} ${intlClock(at, zone)}`);
        }
  });

  it("find a change of offset to the second, and none on an ordinary day", () => {
    const ny = readZoneOffsets("America/New_York", Date.UTC(2026, 10, 1, 12))!;
    expect(ny.offsets).toEqual([
      [ny.from, -240],
      [Date.UTC(2026, 10, 1, 6), -300],
    ]);
    expect(readZoneOffsets("Asia/Kathmandu", Date.UTC(2026, 10, 30))!.offsets).toEqual([[Date.UTC(2026, 10, 29), 345]]);
    expect(readZoneOffsets("Not/AZone", Date.now())).toBeNull();
  });

  it("a page's offsets are used without building an Intl formatter; outside them, Intl", () => {
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    seedZoneOffsets({ zone: "Test/Seeded", from: day - 86_400_000, until: day + 2 * 86_400_000, offsets: [[day - 86_400_000, 90]] });
    const expected = `${intlClock(day + 1000, "UTC").slice(0, 11)}01:30:01`;
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      expect(formatClock(new Date(day + 1000), "Test/Seeded")).toBe(expected);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(knownOffset("Test/Seeded", day - 2 * 86_400_000)).toBeNull();
  });
});
