import type { CategoryCode } from "./categories";
import { formatPercent } from "./format";

/**
 * Spec §9 "Rebate display by category": the highest rebate shown on each category's page, in
 * percent. PVP shows none (null); categories missing from the table (HOT, COCKFIGHT) show none
 * either. Display only: what a member is actually paid back is the platform's business.
 */
export const REBATE_DISPLAY_PERCENT = {
  LOTT: 1,
  ELOTT: 1,
  PVP: null,
  FISH: 1,
  RNG: 1.2,
  LIVE: 0.8,
  SPORTS: 1,
  ESPORTS: 1,
} as const satisfies Partial<Record<CategoryCode, number | null>>;

/** The rebate to show for a category code as a fraction (0.012 for 1.2%), or null to show nothing. */
export function rebateFor(category: string): number | null {
  const percent = (REBATE_DISPLAY_PERCENT as Partial<Record<string, number | null>>)[category];
  return typeof percent === "number" ? percent / 100 : null;
}

/** "1.2%" in English, "1,2 %" in French: the locale's own percent format. */
export function formatRebate(fraction: number, locale: string): string {
  return formatPercent(fraction, locale, 2);
}
