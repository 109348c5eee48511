/**
 * The site's one formatting module: every number, amount, percent, odds and date goes through
 * `Intl` for the page's language. Formatters are costly to build and pages format hundreds of
 * values, so each is built once per locale and options and kept.
 *
 * Display formats (spec §5): balances with two decimals and thousands separators, winner
 * amounts with thousands separators and no decimals. Amounts arrive as decimal strings and are
 * formatted as strings, never through a float.
 */
import { knownNumberStyle, layOut, type Layout } from "./number-style";
import { knownOffset } from "./zone-offsets";

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function safeLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : "en";
  } catch {
    return "en";
  }
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(safeLocale(locale), options);
    numberFormats.set(key, f);
  }
  return f;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(safeLocale(locale), options);
    dateFormats.set(key, f);
  }
  return f;
}

/** A number as the decimal `Intl` rounds (its shortest round-trip digits); -0 keeps its sign, as in `Intl`. */
function numberText(n: number | string): string {
  return typeof n === "string" ? n : Object.is(n, -0) ? "-0" : String(n);
}

function split(amount: string): { negative: boolean; whole: string; frac: string } {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`Not a decimal amount: ${amount}`);
  return { negative: !!m[1], whole: m[2]!.replace(/^0+(?=\d)/, ""), frac: m[3] ?? "" };
}

/**
 * A decimal string cut (never rounded up) to `digits` decimals, then laid out by `Intl` as an
 * exact decimal (strings keep every digit): group separators always, as the spec asks.
 */
function decimal(amount: string, digits: number, locale: string): string {
  const { negative, whole, frac } = split(amount);
  const cut = digits ? `${whole}.${(frac + "0".repeat(digits)).slice(0, digits)}` : whole;
  const zero = /^0(?:\.0*)?$/.test(cut);
  return layOutNumber(`${negative && !zero ? "-" : ""}${cut}`, locale, { minFraction: digits, maxFraction: digits, grouping: "always" });
}

/**
 * A decimal in ASCII laid out for a language: from the language's style without `Intl` (ADR 041),
 * or through `Intl` when the style is not one the style module can copy.
 */
function layOutNumber(text: string, locale: string, layout: Layout): string {
  const style = knownNumberStyle(locale);
  const laid = style ? layOut(style, text, layout) : null;
  if (laid !== null) return laid;
  return numberFormat(locale, {
    minimumIntegerDigits: layout.minInteger ?? 1,
    minimumFractionDigits: layout.minFraction,
    maximumFractionDigits: layout.maxFraction,
    useGrouping: layout.grouping,
    ...(layout.percent ? { style: "percent" } : {}),
  } as Intl.NumberFormatOptions).format(text as unknown as number);
}

/** "1234567.5" → "1,234,567.50" (en). Extra decimals are cut, not rounded up: a balance never shows more than it is. */
export function formatBalance(amount: string, locale = "en"): string {
  return decimal(amount, 2, locale);
}

const RTL = new Set(["ar", "fa", "ur", "he"]);

/**
 * "1234.5", "USD" → "1,234.50 USD": the amount then the currency code, in every language. In a
 * right-to-left language the pair is isolated left to right (U+2066 … U+2069), so it reads the
 * same in a sentence, a table and the header instead of flipping to "USD 1,234.50" in some.
 */
export function formatMoney(amount: string, currency: string | null | undefined, locale = "en"): string {
  const text = formatBalance(amount, locale);
  if (!currency) return text;
  return RTL.has(locale.split("-")[0]!) ? `\u2066${text} ${currency}\u2069` : `${text} ${currency}`;
}

/** "91626.30" → "91,626" (en). */
export function formatWinAmount(amount: string, locale = "en"): string {
  return decimal(amount, 0, locale);
}

/** A plain number (counts, odds, multipliers) with up to `maxDigits` decimals in the locale's digits. */
export function formatNumber(value: number | string, locale = "en", maxDigits = 2, minDigits = 0): string {
  // A decimal string is formatted exactly (Intl reads strings as decimals), never through a float.
  const exact = typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value);
  const n = exact ? value : Number(value);
  if (!exact && !Number.isFinite(n)) return String(value);
  return layOutNumber(numberText(n), locale, { minFraction: minDigits, maxFraction: maxDigits, grouping: "auto" });
}

/** Odds or a multiplier: "1.98" → "1,98" (es), always two decimals. */
export function formatOdds(value: number | string, locale = "en"): string {
  return formatNumber(value, locale, 4, 2);
}

/** A dice roll or target in hundredths (0-9999): 4210 → "42.10" (en), "42,10" (es); two whole digits, two decimals. */
export function formatHundredths(value: number, locale = "en"): string {
  return layOutNumber(numberText(value / 100), locale, { minInteger: 2, minFraction: 2, maxFraction: 2, grouping: false });
}

/** 0.965 → "96.5%" (en), "96,5 %" (es). The argument is a fraction. */
export function formatPercent(fraction: number, locale = "en", maxDigits = 2): string {
  return layOutNumber(numberText(fraction), locale, { minFraction: 0, maxFraction: maxDigits, grouping: "auto", percent: true });
}

/**
 * Turns a decimal string inside a text ("Payout 1.98x", "10.00 - 500.00") into the locale's
 * decimals, for texts assembled by the platform.
 */
export function localiseNumbersIn(text: string, locale = "en"): string {
  return text.replace(/\d+\.\d+/g, (n) => formatNumber(n, locale, n.split(".")[1]!.length, n.split(".")[1]!.length));
}

/**
 * Dates: one style per kind across the site, each through one function here.
 *
 * - date: "Nov 24, 2026" (en), "24 nov 2026" (es): a calendar day.
 * - date-time: "Nov 24, 2026, 14:45:00" (en), "24 nov 2026, 14:45:00" (es): a moment in a record.
 * - relative: "3 minutes ago", "in 2 hours".
 *
 * Moments are shown in the site's time zone (the brand's `timeZone` from the system settings, the
 * same zone the record periods are cut in), passed in explicitly so the server and the browser
 * render the same string. A calendar day ("2026-11-24") has no zone: it is shown as that day.
 */
const DATE_STYLE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };
const DATE_TIME_STYLE: Intl.DateTimeFormatOptions = { ...DATE_STYLE, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(value: Date | string | number): Date {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) return new Date(`${value}T00:00:00Z`);
  return value instanceof Date ? value : new Date(value);
}

function safeZone(timeZone: string): string {
  try {
    return dateFormat("en", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

/** The date kind: a calendar day ("2026-11-24") as it is, a moment as its day in the site's zone. */
export function formatDate(value: Date | string | number, locale: string, timeZone: string): string {
  const d = instant(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const zone = typeof value === "string" && CALENDAR_DAY.test(value) ? "UTC" : safeZone(timeZone);
  return dateFormat(locale, { ...DATE_STYLE, timeZone: zone }).format(d);
}

/** The date-time kind: a moment in the site's zone, to the second. */
export function formatDateTime(value: Date | string | number, locale: string, timeZone: string): string {
  const d = instant(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateFormat(locale, { ...DATE_TIME_STYLE, timeZone: safeZone(timeZone) }).format(d);
}

/** "3 minutes ago", "in 2 hours": the relative kind. */
export function formatRelative(value: Date | string | number, locale = "en", now: number = Date.now()): string {
  const d = value instanceof Date ? value : new Date(value);
  const seconds = Math.round((d.getTime() - now) / 1000);
  const key = safeLocale(locale);
  let f = relativeFormats.get(key);
  if (!f) {
    f = new Intl.RelativeTimeFormat(key, { numeric: "auto" });
    relativeFormats.set(key, f);
  }
  const abs = Math.abs(seconds);
  if (abs < 60) return f.format(seconds, "second");
  if (abs < 3600) return f.format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return f.format(Math.round(seconds / 3600), "hour");
  return f.format(Math.round(seconds / 86400), "day");
}

/**
 * The home marquee's live clock only: spec §2 fixes its format (DD/MM/YYYY HH:mm:ss in the site's
 * time zone) in every language. Records, notices and forms use the date kinds above.
 */
export function formatClock(date: Date, timeZone: string): string {
  const at = date.getTime();
  const offset = knownOffset(timeZone, at);
  if (offset !== null) {
    // From the offset the server read (ADR 041), as the formatter below writes it.
    const iso = new Date(Math.floor(at / 1000) * 1000 + offset * 60_000).toISOString();
    return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
  }
  const parts = Object.fromEntries(
    dateFormat("en-GB", {
      timeZone: safeZone(timeZone),
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}
