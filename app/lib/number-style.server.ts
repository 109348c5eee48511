import { layOut, seedNumberStyle, type Layout, type NumberStyle } from "./number-style";

const read = new Map<string, NumberStyle | null>();

/** The style of a language as `Intl` writes it, or null when it is not one this module can copy. */
export function readNumberStyle(locale: string): NumberStyle | null {
  try {
    const plain = new Intl.NumberFormat(locale, { useGrouping: false });
    const each = Array.from({ length: 10 }, (_, i) => plain.format(i));
    if (each.some((d) => d.length !== 1)) return null;
    const digits = each.join("");
    const parts = new Intl.NumberFormat(locale, { useGrouping: "always", minimumFractionDigits: 1, maximumFractionDigits: 1 } as Intl.NumberFormatOptions).formatToParts(1234567890.5);
    const groupsOf = (ps: Intl.NumberFormatPart[]): [number, number] | null => {
      const ints = ps.filter((p) => p.type === "integer").map((p) => [...p.value].length);
      return ints.length < 3 ? null : [ints.at(-1)!, ints.at(-2)!];
    };
    const percentGroups = groupsOf(new Intl.NumberFormat(locale, { style: "percent", useGrouping: "always" } as Intl.NumberFormatOptions).formatToParts(12345678.9));
    if (!percentGroups) return null;
    const groups = groupsOf(parts);
    const group = parts.find((p) => p.type === "group")?.value;
    const decimal = parts.find((p) => p.type === "decimal")?.value;
    if (!group || !decimal || !groups || parts[0]!.type !== "integer" || parts.at(-1)!.type !== "fraction") return null;
    const [primary, secondary] = groups;
    const auto = new Intl.NumberFormat(locale);
    const minGroup = auto.format(1000).includes(group) ? 1 : auto.format(10000).includes(group) ? 2 : 0;
    if (!minGroup) return null;
    const around = (ps: Intl.NumberFormatPart[]): [string, string] => {
      const first = ps.findIndex((p) => p.type === "integer");
      let last = ps.length - 1;
      while (last >= 0 && ps[last]!.type !== "integer" && ps[last]!.type !== "fraction") last--;
      return [ps.slice(0, first).map((p) => p.value).join(""), ps.slice(last + 1).map((p) => p.value).join("")];
    };
    const style: NumberStyle = {
      digits,
      group,
      decimal,
      primary,
      secondary,
      minGroup,
      negative: around(plain.formatToParts(-1)),
      percent: around(new Intl.NumberFormat(locale, { style: "percent" }).formatToParts(0.5)),
      percentGroups,
    };
    // The whole of what Intl writes must be what this module writes for the same numbers.
    const probes: Array<[number, Layout]> = [
      [1234567.25, { minFraction: 2, maxFraction: 2, grouping: "always" }],
      [-9876543.5, { minFraction: 0, maxFraction: 2, grouping: "auto" }],
      [12345, { minFraction: 0, maxFraction: 0, grouping: "auto" }],
      [0.125, { minFraction: 0, maxFraction: 1, grouping: "auto", percent: true }],
    ];
    for (const [n, layout] of probes) {
      const options: Intl.NumberFormatOptions = {
        minimumFractionDigits: layout.minFraction,
        maximumFractionDigits: layout.maxFraction,
        useGrouping: layout.grouping as boolean,
        ...(layout.percent ? { style: "percent" } : {}),
      };
      if (new Intl.NumberFormat(locale, options).format(n) !== layOut(style, String(n), layout)) return null;
    }
    return style;
  } catch {
    return null;
  }
}

/**
 * The style of a language, read once; from then on the server lays the language's numbers out
 * from it, as the browser will from the copy the root's data carries (ADR 041).
 */
export function numberStyleFor(locale: string): NumberStyle | null {
  if (!read.has(locale)) {
    const style = readNumberStyle(locale);
    read.set(locale, style);
    seedNumberStyle(locale, style);
  }
  return read.get(locale)!;
}
