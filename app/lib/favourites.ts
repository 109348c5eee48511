/** Spec §9: a favourite toggle at most once per 1000 ms. */
export const FAVOURITE_THROTTLE_MS = 1000;

/** Query parameter that carries a refused toggle back to the page when scripts are off. */
export const FAVOURITE_NOTICE_PARAM = "fav";

/** Why a toggle was refused: logged out, trial account, or the list is full. */
export type FavouriteRefusal = "login" | "trial" | "full";
