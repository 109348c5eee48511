/** Spec §2: category code ↔ path. */
export const CATEGORY_PATHS = {
  SPORTS: "/sports",
  ESPORTS: "/esports",
  LIVE: "/live",
  LOTT: "/lott",
  ELOTT: "/elott",
  FISH: "/fish",
  PVP: "/pvp",
  RNG: "/rng",
  COCKFIGHT: "/cockfight",
  HOT: "/hot",
} as const;

export type CategoryCode = keyof typeof CATEGORY_PATHS;

/** Path → category code, for every path in the map. */
export function categoryForPath(path: string): CategoryCode | null {
  const normalized = path.toLowerCase().replace(/\/+$/, "") || "/";
  const hit = (Object.entries(CATEGORY_PATHS) as Array<[CategoryCode, string]>).find(([, p]) => p === normalized);
  return hit ? hit[0] : null;
}

/** Category code → path; works for every category except HOT (spec). */
export function pathForCategory(code: string): string | null {
  if (code === "HOT") return null;
  return (CATEGORY_PATHS as Record<string, string>)[code] ?? null;
}

/** In the main navigation lottery (LOTT and ELOTT) goes to /elott; football to /fbSports. */
export function navPathForCategory(code: string): string | null {
  if (code === "LOTT" || code === "ELOTT") return "/elott";
  if (code === "FB") return "/fbSports";
  return pathForCategory(code);
}

/** Game-centre pages: header and footer, no side menu. */
export const GAME_CENTRE_TYPES = ["PVP", "LIVE", "SPORTS", "ESPORTS", "COCKFIGHT", "ELOTT"] as const;
/** Game-list-centre pages: side menu, marked as game pages. */
export const LIST_CENTRE_TYPES = ["RNG", "HOT", "FISH"] as const;
