/**
 * Money at the edges (ADR 004): decimal strings in, integer minor units inside, decimal strings
 * out. No JavaScript number ever holds an amount. Shared by the platform and the web's forms.
 */

/** Minor-unit exponents of ISO 4217 currencies that differ from 2. */
const EXPONENTS: Record<string, number> = {
  JPY: 0, KRW: 0, VND: 0, IDR: 0, CLP: 0, ISK: 0, PYG: 0, UGX: 0, XAF: 0, XOF: 0,
  KWD: 3, BHD: 3, OMR: 3, JOD: 3, TND: 3, LYD: 3, IQD: 3,
};

export function currencyExponent(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** The largest amount the platform accepts in one movement: 10^15 minor units. */
export const MAX_AMOUNT = 10n ** 15n;

/**
 * "12.5" → 1250n (USD). Refuses signs, exponents, separators, more decimals than the currency
 * has, and amounts above MAX_AMOUNT; returns null for anything that is not such a number.
 */
export function parseAmount(text: string, currency: string): bigint | null {
  const exp = currencyExponent(currency);
  // Strict (issue 14): no whitespace, signs, exponents or grouping; the one parser of every money edge.
  const m = /^(\d{1,16})(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = m[2] ?? "";
  if (frac.length > exp) return null;
  const value = BigInt(m[1]!) * 10n ** BigInt(exp) + BigInt((frac + "0".repeat(exp)).slice(0, exp) || "0");
  return value > MAX_AMOUNT ? null : value;
}

/** 1250n → "12.50" (USD); -5n → "-0.05". */
export function formatAmount(minor: bigint, currency: string): string {
  const exp = currencyExponent(currency);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  if (exp === 0) return `${negative ? "-" : ""}${abs}`;
  const unit = 10n ** BigInt(exp);
  return `${negative ? "-" : ""}${abs / unit}.${(abs % unit).toString().padStart(exp, "0")}`;
}
