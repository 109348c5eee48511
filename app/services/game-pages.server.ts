import { json } from "@remix-run/node";
import { getGameList, getHotGames } from "./games.server";
import { getLocale } from "./i18n.server";

/** Games per page in the list centres (six rows of seven). */
export const LIST_PAGE_SIZE = 42;
/** Spec §9 game-tab types; BG (bingo) only where Thai is offered. */
export const GAME_TABS = ["JP", "TG", "AC", "BG"] as const;

function intParam(value: string | null, fallback: number, max: number) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

function codeParam(value: string | null) {
  return value && /^[A-Za-z0-9_]{1,40}$/.test(value) ? value : undefined;
}

/** Loader of a game-list centre (/rng, /hot, /fish): vendor tab, sub-type tab, name search, page. */
export async function loadListCentre(request: Request, type: "RNG" | "HOT" | "FISH") {
  const url = new URL(request.url);
  const locale = await getLocale(request);
  const filters = {
    vassalage: codeParam(url.searchParams.get("vassalage")),
    gameClassify: codeParam(url.searchParams.get("gameClassify")),
    gameName: (url.searchParams.get("gameName") ?? "").trim().slice(0, 100) || undefined,
    pageNo: intParam(url.searchParams.get("page"), 1, 100_000),
  };
  if (type === "HOT") {
    const games = await getHotGames(request, locale, 60);
    return json({ type, filters, games, pageNo: 1, totalPages: 1, total: games.length });
  }
  const list = await getGameList(request, locale, { gameType: type, ...filters, pageSize: LIST_PAGE_SIZE });
  return json({ type, filters, games: list.games, pageNo: list.pageNo, totalPages: list.totalPages, total: list.total });
}

/** Loader of a game centre (/live, /sports, ...): the chosen vendor's games. */
export async function loadGameCentre(request: Request, type: string) {
  const url = new URL(request.url);
  const locale = await getLocale(request);
  const vassalage = codeParam(url.searchParams.get("vassalage"));
  const list = vassalage ? await getGameList(request, locale, { vassalage, pageNo: 1, pageSize: LIST_PAGE_SIZE }) : null;
  return json({ type, vassalage: vassalage ?? null, games: list?.games ?? [] });
}
