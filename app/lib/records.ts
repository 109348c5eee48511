/**
 * Names the record pages show for the platform's ledger movements. The types are the filter of
 * /wps/member/transactions; the kinds are the movements inside them.
 */
export const HISTORY_TYPES = ["deposit", "withdraw", "bet", "win", "rollback", "transfer", "bonus", "commission", "adjustment"] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export const HISTORY_KINDS = [
  "deposit",
  "withdraw_hold",
  "withdraw_release",
  "withdraw_payout",
  "bet",
  "win",
  "rollback",
  "reversal",
  "wallet_transfer",
  "upline_transfer",
  "downline_transfer",
  "bonus",
  "commission",
  "salary",
  "dividend",
  "adjustment",
] as const;

export function isHistoryType(value: string | null): value is HistoryType {
  return (HISTORY_TYPES as readonly string[]).includes(value ?? "");
}

/** The i18n key of a filter type (types and kinds share names where they are the same thing). */
export function typeLabel(type: HistoryType): string {
  return `kind_${type}`;
}

/** The i18n key of a movement, or null for a kind this web does not know yet (shown as sent). */
export function kindLabel(kind: string): string | null {
  return (HISTORY_KINDS as readonly string[]).includes(kind) ? `kind_${kind}` : null;
}

/** Game categories with a name of their own (cat_*); anything else is "other games". */
const NAMED_CATEGORIES = ["LIVE", "RNG", "SPORTS", "ESPORTS", "FISH", "PVP", "LOTT", "ELOTT", "COCKFIGHT"];
export function categoryLabel(category: string): string {
  return NAMED_CATEGORIES.includes(category) ? `cat_${category}` : "profit_other";
}

/** "+12.50" style sign for a signed amount string, so gains are not told by colour alone. */
export function isNegative(amount: string): boolean {
  return amount.trim().startsWith("-");
}
export function isZero(amount: string): boolean {
  return /^-?0+(\.0+)?$/.test(amount.trim());
}
