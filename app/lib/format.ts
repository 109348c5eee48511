/**
 * The site's one formatting module: every number, amount, percent, odds and date goes through
 * `Intl` for the page's language. Formatters are costly to build and pages format hundreds of
 * values, so each is built once per locale and options and kept.
 *
 * Display formats (spec §5): balances with two decimals and thousands separators, winner
 * amounts with thousands separators and no decimals. Amounts arrive as decimal strings and are
 * formatted as strings, never through a float.
 */
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
  const f = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: "always" } as Intl.NumberFormatOptions);
  return f.format(`${negative && !zero ? "-" : ""}${cut}` as unknown as number);
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
  return numberFormat(locale, { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits }).format(n as number);
}

/** Odds or a multiplier: "1.98" → "1,98" (es), always two decimals. */
export function formatOdds(value: number | string, locale = "en"): string {
  return formatNumber(value, locale, 4, 2);
}

/** 0.965 → "96.5%" (en), "96,5 %" (es). The argument is a fraction. */
export function formatPercent(fraction: number, locale = "en", maxDigits = 2): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: maxDigits }).format(fraction);
}

/**
 * Turns a decimal string inside a text ("Payout 1.98x", "10.00 - 500.00") into the locale's
 * decimals, for texts assembled by the platform.
 */
export function localiseNumbersIn(text: string, locale = "en"): string {
  return text.replace(/\d+\.\d+/g, (n) => formatNumber(n, locale, n.split(".")[1]!.length, n.split(".")[1]!.length));
}

/** Dates: one style per kind across the site. */
export type DateKind = "date" | "dateTime" | "time";
const DATE_STYLES: Record<DateKind, Intl.DateTimeFormatOptions> = {
  date: { year: "numeric", month: "short", day: "numeric" },
  dateTime: { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  time: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
};

export function formatDate(value: Date | string | number, locale = "en", kind: DateKind = "date", timeZone = "UTC"): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateFormat(locale, { ...DATE_STYLES[kind], timeZone }).format(d);
}

export function formatDateTime(value: Date | string | number, locale = "en", timeZone = "UTC"): string {
  return formatDate(value, locale, "dateTime", timeZone);
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

/** Spec clock: DD/MM/YYYY HH:mm:ss in the site's time zone. */
export function formatClock(date: Date, timeZone = "UTC"): string {
  const parts = Object.fromEntries(
    dateFormat("en-GB", {
      timeZone,
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
