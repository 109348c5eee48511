import { json } from "@remix-run/node";
import { getUser } from "./auth.server";
import { getFavouriteIds, getGameList, getHotGames, getPvpRooms, getVendorLanes, perSession, type VendorLane } from "./games.server";
import { getLocale } from "./i18n.server";
import { PlatformError } from "./platform.server";
import { sharedPerBrand } from "./shell-cache.server";
import { getPermission } from "./system.server";

/** Games per page in the list centres (six rows of seven). */
export const LIST_PAGE_SIZE = 42;
/** Spec §9 game-tab types; BG (bingo) only where Thai is offered. */
export const GAME_TABS = ["JP", "TG", "AC", "BG"] as const;
/** Spec §9 slot category hints: a minimum bet of 1 or more, 25 or more lines. */
export const MIN_BET_FILTER = "1";
export const MIN_LINES_FILTER = 25;

function intParam(value: string | null, fallback: number, max: number) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

function codeParam(value: string | null) {
  return value && /^[A-Za-z0-9_]{1,40}$/.test(value) ? value : undefined;
}

/** Loader of a game-list centre (/rng, /hot, /fish): vendor tab, sub-type tab, filters, name search, page. */
export async function loadListCentre(request: Request, type: "RNG" | "HOT" | "FISH") {
  const url = new URL(request.url);
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  const minBet = url.searchParams.get("minBet");
  const minLineNum = Number(url.searchParams.get("minLineNum"));
  const filters = {
    vassalage: codeParam(url.searchParams.get("vassalage")),
    gameClassify: codeParam(url.searchParams.get("gameClassify")),
    gameName: (url.searchParams.get("gameName") ?? "").trim().slice(0, 100) || undefined,
    minBet: minBet && /^\d{1,6}(\.\d{1,2})?$/.test(minBet) ? minBet : undefined,
    minLineNum: Number.isInteger(minLineNum) && minLineNum > 0 && minLineNum <= 100_000 ? minLineNum : undefined,
    pageNo: intParam(url.searchParams.get("page"), 1, 100_000),
  };
  // The page's copy without the filters not given: JSON would drop them anyway, and data that JSON
  // gives back unchanged reaches the render as it is (ADR 033).
  const shown = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as typeof filters;
  if (type === "HOT") {
    // Spec §4: hot games stay for the session until refreshed on purpose.
    const [games, favourites] = await Promise.all([
      perSession(request, locale, "HOT_GAMES_PAGE", url.searchParams.get("refresh") === "hot", () => getHotGames(request, locale, 60)),
      getFavouriteIds(request, user),
    ]);
    return json({ type, filters: shown, games, favourites, vendors: [] as VendorLane[], pageNo: 1, totalPages: 1, total: games.length });
  }
  const [list, vendors, favourites] = await Promise.all([
    getGameList(request, locale, { gameType: type, ...filters, pageSize: LIST_PAGE_SIZE }),
    // The brand's vendor tabs: the same for everyone (shell-cache.server.ts).
    getPermission(request, locale).then(({ info }) => sharedPerBrand(info, locale, `lanes ${type}`, () => getVendorLanes(request, locale, type))),
    getFavouriteIds(request, user),
  ]);
  return json({ type, filters: shown, games: list.games, favourites, vendors, pageNo: list.pageNo, totalPages: list.totalPages, total: list.total });
}

/** Loader of a game centre (/live, /sports, ...): the chosen vendor's games; on /pvp a member also gets the rooms. */
export async function loadGameCentre(request: Request, type: string) {
  const url = new URL(request.url);
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  const vassalage = codeParam(url.searchParams.get("vassalage"));
  const gameCode = codeParam(url.searchParams.get("gameCode"));
  const [list, favourites, rooms] = await Promise.all([
    vassalage ? getGameList(request, locale, { vassalage, pageNo: 1, pageSize: LIST_PAGE_SIZE }) : null,
    vassalage ? getFavouriteIds(request, user) : ([] as number[]),
    type === "PVP" && user ? loadRooms(request, locale, { vassalage, gameCode }) : null,
  ]);
  return json({
    type,
    vassalage: vassalage ?? null,
    games: list?.games ?? [],
    favourites,
    // PVP rooms need a session token (spec §7): null means "log in to see them".
    pvp: type === "PVP" ? { gameCode: gameCode ?? null, rooms: rooms?.list ?? null, roomGames: rooms?.games ?? [] } : null,
  });
}

/** The rooms, or null when the platform no longer knows the session (the page then asks to log in). */
async function loadRooms(request: Request, locale: string, filter: { vassalage?: string; gameCode?: string }) {
  try {
    return await getPvpRooms(request, locale, filter);
  } catch (e) {
    if (e instanceof PlatformError && e.status === 401) return null;
    throw e;
  }
}
