import { LANGUAGES } from "~/i18n";
import { formatBalance, formatHundredths, formatNumber, formatPercent, formatWinAmount } from "./format";
import { layOut, seedNumberStyle, type Layout } from "./number-style";
import { readNumberStyle } from "./number-style.server";

const LAYOUTS: Layout[] = [
  { minFraction: 2, maxFraction: 2, grouping: "always" },
  { minFraction: 0, maxFraction: 0, grouping: "always" },
  { minFraction: 0, maxFraction: 2, grouping: "auto" },
  { minFraction: 2, maxFraction: 4, grouping: "auto" },
  { minFraction: 0, maxFraction: 6, grouping: "auto" },
  { minFraction: 2, maxFraction: 2, grouping: false, minInteger: 2 },
  { minFraction: 0, maxFraction: 2, grouping: "auto", percent: true },
  { minFraction: 0, maxFraction: 0, grouping: "auto", percent: true },
];

function intl(locale: string, value: number | string, layout: Layout): string {
  return new Intl.NumberFormat(locale, {
    minimumIntegerDigits: layout.minInteger ?? 1,
    minimumFractionDigits: layout.minFraction,
    maximumFractionDigits: layout.maxFraction,
    useGrouping: layout.grouping,
    ...(layout.percent ? { style: "percent" } : {}),
  } as Intl.NumberFormatOptions).format(value as number);
}

// Numbers where rounding the shortest digits and rounding the binary value part ways (1.005,
// 0.145), halves, carries, exponents, and every size from a cent to past 2^53.
let seed = 11;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const NUMBERS: number[] = [
  0, -0, 1, -1, 0.5, 1.005, 0.145, 2.675, 9.995, 99.995, 999.9999, 1000, 9999.5, 12345, 123456, 1234567.891, -1234.5, -0.004, 0.0000015, 1e-7, 1.5e21, 2 ** 53 + 2,
  ...Array.from({ length: 60 }, () => Number(((rand() - 0.3) * 10 ** Math.floor(rand() * 12)).toFixed(Math.floor(rand() * 7)))),
];
const STRINGS = ["0", "0.00", "-0.00", "12.345", "1234567.895", "99999999999999999.995", "-1000.10", "0.0049", "5"];

describe("numbers without Intl in the browser (ADR 041)", () => {
  it("every language's style is read, and lays out what Intl writes for numbers and decimal strings", () => {
    const unread: string[] = [];
    for (const { tag } of LANGUAGES) {
      const style = readNumberStyle(tag);
      if (!style) {
        unread.push(tag);
        continue;
      }
      for (const layout of LAYOUTS) {
        for (const n of NUMBERS) {
          const laid = layOut(style, Object.is(n, -0) ? "-0" : String(n), layout);
          // A negative percent and an exponent are left to Intl (null); the rest is laid out exactly.
          if (laid === null) expect((layout.percent && (n < 0 || Object.is(n, -0))) || String(n).includes("e")).toBe(true);
          else expect(`${tag} ${n} ${JSON.stringify(layout)} ${laid}`).toBe(`${tag} ${n} ${JSON.stringify(layout)} ${intl(tag, n, layout)}`);
        }
        if (!layout.percent)
          for (const text of STRINGS) expect(`${tag} ${text} ${layOut(style, text, layout)}`).toBe(`${tag} ${text} ${intl(tag, text, layout)}`);
      }
    }
    // Only a language ICU does not know may be left to Intl (it writes it as English).
    expect(unread.filter((tag) => Intl.NumberFormat.supportedLocalesOf([tag]).length > 0)).toEqual([]);
  });

  it("reads the digits, groups and signs of languages that differ from English", () => {
    expect(readNumberStyle("hi")).toMatchObject({ primary: 3, secondary: 2 });
    expect(readNumberStyle("es")).toMatchObject({ group: ".", decimal: ",", minGroup: 2 });
    expect(readNumberStyle("ar")?.digits).toBe(Array.from({ length: 10 }, (_, i) => new Intl.NumberFormat("ar").format(i)).join(""));
  });

  it("a page's seeded style is used without building any Intl formatter", () => {
    seedNumberStyle("xx-seeded", { ...readNumberStyle("de")!, group: "'" });
    const made = vi.spyOn(Intl, "NumberFormat");
    try {
      expect(formatBalance("1234567.891", "xx-seeded")).toBe("1'234'567,89");
      expect(formatWinAmount("91626.30", "xx-seeded")).toBe("91'626");
      expect(formatNumber(2, "xx-seeded")).toBe("2");
      expect(formatHundredths(4210, "xx-seeded")).toBe("42,10");
      expect(formatPercent(0.965, "xx-seeded")).toBe("96,5\u00a0%");
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("a malformed seed is ignored", () => {
    seedNumberStyle("xx-bad", { digits: "0" } as never);
    expect(formatBalance("1234.5", "xx-bad")).toBe(new Intl.NumberFormat("en", { minimumFractionDigits: 2, useGrouping: "always" } as Intl.NumberFormatOptions).format(1234.5));
  });
});
