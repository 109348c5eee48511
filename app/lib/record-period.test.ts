import { periodQuery, presets, readPeriod, startOfDay } from "./record-period";

const params = (q: string) => new URLSearchParams(q);

describe("betting record period", () => {
  it("defaults to the 7 days up to today", () => {
    expect(readPeriod(params(""), "2026-03-10")).toEqual({ period: { from: "2026-03-04", to: "2026-03-10" }, error: null, input: { from: "", to: "" } });
  });

  it("refuses impossible dates, reversed and too long periods, falling back to the default", () => {
    expect(readPeriod(params("from=2026-02-30"), "2026-03-10").error).toEqual({ field: "from", key: "hr_err_date" });
    expect(readPeriod(params("from=2026-03-09&to=2026-03-01"), "2026-03-10").error).toEqual({ field: "to", key: "hr_err_order" });
    expect(readPeriod(params("from=2024-01-01&to=2026-03-01"), "2026-03-10").error).toEqual({ field: "from", key: "hr_err_long" });
  });

  it("moves the window by the spec's presets, never past today", () => {
    const p = presets({ from: "2026-03-04", to: "2026-03-10" }, "2026-03-10");
    expect(p).toEqual([
      { key: "hr_previous_7", period: { from: "2026-02-25", to: "2026-03-03" } },
      { key: "hr_previous_30", period: { from: "2026-02-02", to: "2026-03-03" } },
      { key: "hr_next_7", period: null },
      { key: "hr_next_30", period: null },
    ]);
    const back = presets({ from: "2026-02-25", to: "2026-03-03" }, "2026-03-10");
    expect(back[2]).toEqual({ key: "hr_next_7", period: { from: "2026-03-04", to: "2026-03-10" } });
    expect(back[3]).toEqual({ key: "hr_next_30", period: { from: "2026-02-09", to: "2026-03-10" } });
  });

  it("asks the platform for whole days in the site's zone", () => {
    expect(startOfDay("2026-03-10", "Asia/Shanghai").toISOString()).toBe("2026-03-09T16:00:00.000Z");
    expect(periodQuery({ from: "2026-03-29", to: "2026-03-29" }, "Europe/Madrid")).toEqual({ from: "2026-03-28T23:00:00.000Z", to: "2026-03-29T22:00:00.000Z" });
  });
});
