/**
 * Display formats (spec §5): balances with two decimals and thousands separators, winner
 * amounts with thousands separators and no decimals. Amounts arrive as decimal strings and are
 * formatted as strings, never through a float.
 */
function group(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

const separatorsByLocale = new Map<string, { group: string; decimal: string }>();

/** The locale's group and decimal marks, worked out once per locale (a formatter is costly to build). */
function separators(locale: string) {
  const known = separatorsByLocale.get(locale);
  if (known) return known;
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  const found = {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
  separatorsByLocale.set(locale, found);
  return found;
}

function split(amount: string): { negative: boolean; whole: string; frac: string } {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`Not a decimal amount: ${amount}`);
  return { negative: !!m[1], whole: m[2]!.replace(/^0+(?=\d)/, ""), frac: m[3] ?? "" };
}

/** "1234567.5" → "1,234,567.50" (en). Extra decimals are cut, not rounded up: a balance never shows more than it is. */
export function formatBalance(amount: string, locale = "en"): string {
  const { negative, whole, frac } = split(amount);
  const s = separators(locale);
  return `${negative ? "-" : ""}${group(whole, s.group)}${s.decimal}${(frac + "00").slice(0, 2)}`;
}

/** "91626.30" → "91,626" (en). */
export function formatWinAmount(amount: string, locale = "en"): string {
  const { negative, whole } = split(amount);
  return `${negative ? "-" : ""}${group(whole, separators(locale).group)}`;
}

/** Spec clock: DD/MM/YYYY HH:mm:ss in the site's time zone. */
export function formatClock(date: Date, timeZone = "UTC"): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
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
