/**
 * The game categories a bet is counted in for rebates and missions (spec §2 category codes;
 * HOT is a list, not a category of its own). Pure, so schema modules may import it.
 */
export const BET_CATEGORIES = ["LIVE", "RNG", "FISH", "PVP", "LOTT", "ELOTT", "SPORTS", "ESPORTS", "COCKFIGHT"] as const;
export type BetCategory = (typeof BET_CATEGORIES)[number];
