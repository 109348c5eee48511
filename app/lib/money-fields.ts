/**
 * Money fields as the browser and the server read them, without zod: the page's own scripts use
 * these, the forms' schemas (`money-schemas.ts`, loaded on first use in the browser) build on them.
 */

/** A positive amount with at most two decimals, as typed ("25", "25.5", "25.50"). */
export const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** The amount as the platform takes it: a decimal comma ("25,50", as many locales write it) becomes a point. */
export function normaliseAmount(text: string): string {
  const v = text.trim();
  return /^\d{1,12},\d{1,2}$/.test(v) ? v.replace(",", ".") : v;
}

/** An amount above zero, as typed. */
export const isAmount = (v: string) => AMOUNT_PATTERN.test(v) && /[1-9]/.test(v);

/** The main wallet's code among a multi-wallet member's wallets. */
export const MAIN_WALLET = "MAIN";
