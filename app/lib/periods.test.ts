import {
  addDays,
  defaultPeriod,
  nextPeriod,
  parsePeriod,
  periodLength,
  periodRange,
  presetPeriods,
  previousPeriod,
  startOfDay,
  todayIn,
} from "./periods";

const q = (s: string) => new URLSearchParams(s);

describe("periods", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-11-22", -29)).toBe("2026-10-24");
  });

  it("defaults to the last 7 days up to today", () => {
    expect(defaultPeriod("2026-11-22")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(periodLength(defaultPeriod("2026-11-22"))).toBe(7);
    expect(parsePeriod(q(""), "2026-11-22")).toEqual({ period: { from: "2026-11-16", to: "2026-11-22" }, error: null, input: { from: "", to: "" } });
  });

  it("reads a period from the URL and explains what it cannot use", () => {
    expect(parsePeriod(q("from=2026-10-01&to=2026-10-31"), "2026-11-22").period).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(parsePeriod(q("from=2026-02-30"), "2026-11-22")).toMatchObject({ period: defaultPeriod("2026-11-22"), error: { field: "from", message: "period_err_date" } });
    expect(parsePeriod(q("to=yesterday"), "2026-11-22").error).toEqual({ field: "to", message: "period_err_date" });
    expect(parsePeriod(q("from=2026-11-10&to=2026-11-01"), "2026-11-22").error).toEqual({ field: "to", message: "period_err_order" });
    expect(parsePeriod(q("from=2024-01-01&to=2026-01-01"), "2026-11-22").error).toEqual({ field: "from", message: "period_err_long" });
    // The input is kept as typed, to show it again beside the message.
    expect(parsePeriod(q("from=2026-11-10&to=2026-11-01"), "2026-11-22").input).toEqual({ from: "2026-11-10", to: "2026-11-01" });
  });

  it("fills a missing end: up to today, or 7 days back from the end", () => {
    expect(parsePeriod(q("from=2026-11-01"), "2026-11-22").period).toEqual({ from: "2026-11-01", to: "2026-11-22" });
    expect(parsePeriod(q("to=2026-11-10"), "2026-11-22").period).toEqual({ from: "2026-11-04", to: "2026-11-10" });
  });

  it("allows 366 days and no more", () => {
    expect(parsePeriod(q("from=2025-11-21&to=2026-11-22"), "2026-11-22").error).toEqual({ field: "from", message: "period_err_long" });
    expect(parsePeriod(q("from=2025-11-22&to=2026-11-22"), "2026-11-22").error).toBeNull();
  });

  it("moves back by the N days before the window", () => {
    const p = { from: "2026-11-16", to: "2026-11-22" };
    expect(previousPeriod(p, 7)).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    expect(previousPeriod(p, 30)).toEqual({ from: "2026-10-17", to: "2026-11-15" });
  });

  it("moves forward by N days, never past today, and not at all from today", () => {
    const today = "2026-11-22";
    expect(nextPeriod({ from: "2026-11-16", to: "2026-11-22" }, 7, today)).toBeNull();
    expect(nextPeriod({ from: "2026-11-09", to: "2026-11-15" }, 7, today)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(nextPeriod({ from: "2026-09-01", to: "2026-09-07" }, 30, today)).toEqual({ from: "2026-09-08", to: "2026-10-07" });
    // Less than N days are left before today: the window ends today and keeps its N days.
    expect(nextPeriod({ from: "2026-10-17", to: "2026-11-15" }, 30, today)).toEqual({ from: "2026-10-24", to: "2026-11-22" });
    // Back and forth returns to where it started.
    const start = defaultPeriod(today);
    expect(nextPeriod(previousPeriod(start, 7), 7, today)).toEqual(start);
  });

  it("lists the spec's four presets, previous first", () => {
    const presets = presetPeriods(defaultPeriod("2026-11-22"), "2026-11-22");
    expect(presets.map((p) => p.key)).toEqual(["period_previous_7", "period_previous_30", "period_next_7", "period_next_30"]);
    expect(presets[2]!.period).toBeNull();
  });

  it("moves the window by the spec's presets, never past today", () => {
    expect(presetPeriods({ from: "2026-03-04", to: "2026-03-10" }, "2026-03-10")).toEqual([
      { key: "period_previous_7", period: { from: "2026-02-25", to: "2026-03-03" } },
      { key: "period_previous_30", period: { from: "2026-02-02", to: "2026-03-03" } },
      { key: "period_next_7", period: null },
      { key: "period_next_30", period: null },
    ]);
    const back = presetPeriods({ from: "2026-02-25", to: "2026-03-03" }, "2026-03-10");
    expect(back[2]).toEqual({ key: "period_next_7", period: { from: "2026-03-04", to: "2026-03-10" } });
    expect(back[3]).toEqual({ key: "period_next_30", period: { from: "2026-02-09", to: "2026-03-10" } });
  });

  // The betting record (personalHistoryCopy) reads the same window; its presets and refusals
  // have their own i18n keys, which are also the presets' test ids.
  it("names the betting record's presets and refusals with its own keys", () => {
    expect(parsePeriod(q(""), "2026-03-10", "hr")).toEqual({ period: { from: "2026-03-04", to: "2026-03-10" }, error: null, input: { from: "", to: "" } });
    expect(parsePeriod(q("from=2026-02-30"), "2026-03-10", "hr").error).toEqual({ field: "from", message: "hr_err_date" });
    expect(parsePeriod(q("from=2026-03-09&to=2026-03-01"), "2026-03-10", "hr").error).toEqual({ field: "to", message: "hr_err_order" });
    expect(parsePeriod(q("from=2024-01-01&to=2026-03-01"), "2026-03-10", "hr").error).toEqual({ field: "from", message: "hr_err_long" });
    const p = presetPeriods({ from: "2026-03-04", to: "2026-03-10" }, "2026-03-10", "hr");
    expect(p.map((x) => x.key)).toEqual(["hr_previous_7", "hr_previous_30", "hr_next_7", "hr_next_30"]);
    expect(p.map((x) => x.period)).toEqual(presetPeriods({ from: "2026-03-04", to: "2026-03-10" }, "2026-03-10").map((x) => x.period));
  });

  it("turns days into the platform's range in the site's zone, the end excluded", () => {
    expect(periodRange({ from: "2026-11-16", to: "2026-11-22" }, "UTC")).toEqual({ from: "2026-11-16T00:00:00.000Z", to: "2026-11-23T00:00:00.000Z" });
    expect(periodRange({ from: "2026-11-16", to: "2026-11-22" }, "Asia/Bangkok")).toEqual({ from: "2026-11-15T17:00:00.000Z", to: "2026-11-22T17:00:00.000Z" });
    expect(periodRange({ from: "2026-11-16", to: "2026-11-22" }, "America/Sao_Paulo").from).toBe("2026-11-16T03:00:00.000Z");
    // A day on which the clocks go forward is 23 hours long.
    expect(periodRange({ from: "2026-03-29", to: "2026-03-29" }, "Europe/Madrid")).toEqual({ from: "2026-03-28T23:00:00.000Z", to: "2026-03-29T22:00:00.000Z" });
  });

  it("finds the start of a day on daylight-saving changes", () => {
    // New York: clocks go forward on 2026-03-08 and back on 2026-11-01, both at 02:00.
    expect(startOfDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDay("2026-11-01", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfDay("2026-11-02", "America/New_York").toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(startOfDay("2026-03-10", "Asia/Shanghai").toISOString()).toBe("2026-03-09T16:00:00.000Z");
  });

  it("knows today in the site's zone", () => {
    const now = new Date("2026-11-22T20:00:00Z");
    expect(todayIn("UTC", now)).toBe("2026-11-22");
    expect(todayIn("Asia/Bangkok", now)).toBe("2026-11-23");
    expect(todayIn("America/Los_Angeles", now)).toBe("2026-11-22");
  });
});
