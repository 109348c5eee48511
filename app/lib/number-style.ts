/**
 * Numbers laid out without `Intl` in the browser (ADR 041).
 *
 * A browser's first `Intl` formatter costs about 18 ms of one task on a desktop core, and several
 * times that on a phone: ICU loads its locale data. Every page formats numbers while it hydrates,
 * so that task fell in the middle of the hydration. The server reads each language's digits,
 * separators, grouping and signs from `Intl` once (number-style.server.ts) and sends the page's
 * language's style with the root's data; both sides lay numbers out from the style with the code
 * here, and the browser never initialises ICU for them. The tests hold this code to what `Intl`
 * writes in every language. A style it cannot copy is not read (null), and what it leaves (an
 * exponent, a negative percent) goes through `Intl` on both sides as before.
 *
 * Rounding follows `Intl`'s default (half away from zero) on the decimal the value is written as
 * (a number's shortest round-trip digits, a decimal string's own digits), as ICU does.
 */
export interface NumberStyle {
  /** The ten digits, 0-9 (each one UTF-16 unit in every language ICU writes). */
  digits: string;
  group: string;
  decimal: string;
  /** The group next to the decimal point, and the groups before it (3 and 3; 3 and 2 in Hindi). */
  primary: number;
  secondary: number;
  /** With grouping "auto", the fewest digits before the first group (2 in Spanish: 1234, 12.345). */
  minGroup: number;
  /** What stands before and after a negative number ("-", "" in most languages). */
  negative: [string, string];
  /** What stands before and after a percent ("", "%" in English; "", " %" in Spanish). */
  percent: [string, string];
  /** A percent's groups, which some languages lay out unlike other numbers (3 and 3 in Bengali). */
  percentGroups: [number, number];
}

export interface Layout {
  minFraction: number;
  maxFraction: number;
  /** "always" groups every number over one group, "auto" as the language prefers, false never. */
  grouping: "always" | "auto" | false;
  minInteger?: number;
  percent?: boolean;
}

const styles = new Map<string, NumberStyle>();

/** The style a language's numbers are laid out in, when the server has read it (number-style.server.ts). */
export function knownNumberStyle(locale: string): NumberStyle | null {
  return styles.get(locale) ?? null;
}

/** Takes a style read by the server: on the server from `Intl`, in the browser from the page's data. */
export function seedNumberStyle(locale: string, style: NumberStyle | null | undefined): void {
  if (style && typeof style.digits === "string" && style.digits.length === 10 && Array.isArray(style.percentGroups)) styles.set(locale, style);
}

/**
 * A decimal written in ASCII ("-1234.5", "0.125") laid out in a style: rounded half away from zero
 * to `maxFraction` decimals, trailing zeros down to `minFraction`, grouped, in the style's digits
 * and signs. Null for what it leaves to `Intl`: an exponent ("1e21"), a negative percent.
 */
export function layOut(style: NumberStyle, text: string, layout: Layout): string | null {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (layout.percent && m[1])) return null;
  const { maxFraction: max, minFraction: min, percent } = layout;
  let frac = m[3] ?? "";
  let whole = m[2]!;
  if (percent) {
    frac = frac.padEnd(2, "0");
    whole += frac.slice(0, 2);
    frac = frac.slice(2);
  }
  // Rounded on the digits, as ICU rounds the decimal it is given; BigInt keeps every digit.
  const scaled = (BigInt(whole + frac.slice(0, max).padEnd(max, "0")) + (frac.charCodeAt(max) >= 53 ? 1n : 0n)).toString().padStart(max + 1, "0");
  whole = scaled.slice(0, scaled.length - max).padStart(layout.minInteger ?? 1, "0");
  frac = scaled.slice(scaled.length - max).replace(/0+$/, "").padEnd(min, "0");
  const [primary, secondary] = percent ? style.percentGroups : [style.primary, style.secondary];
  const grouped = layout.grouping === "always" ? whole.length > primary : layout.grouping === "auto" && whole.length >= primary + style.minGroup;
  if (grouped) {
    const head = whole.slice(0, -primary).replace(new RegExp(`\\B(?=(\\d{${secondary}})+$)`, "g"), ",");
    whole = `${head},${whole.slice(-primary)}`;
  }
  const local = (digits: string) => digits.replace(/\d|,/g, (c) => (c === "," ? style.group : style.digits[c.charCodeAt(0) - 48]!));
  const body = local(whole) + (frac ? style.decimal + local(frac) : "");
  const [before, after] = percent ? style.percent : m[1] ? style.negative : ["", ""];
  return before + body + after;
}
