import { getAnnouncements } from "./announcements.server";
import { getFavouriteIds, getGameList, getHotGames, getJackpot, getWinners, perSession } from "./games.server";
import { isFirstLoginSession } from "./captcha.server";
import { getClosedAnnouncements } from "./preferences.server";
import { sharedPerBrand } from "./shell-cache.server";
import type { ShellUser } from "./shell.server";
import { getPermission } from "./system.server";

/** Spec §9: hot games on home 6, fishing block 6, winner board page size 42. */
export const HOME_HOT_GAMES = 6;
export const HOME_FISH_GAMES = 6;
export const HOME_WINNERS = 42;

/**
 * The home page's platform reads, issued in parallel. Banners, notices, the fishing block and the
 * jackpot pool are the brand's, the same for everyone in a language: kept in the shell cache.
 */
export async function loadHome(request: Request, locale: string, user: ShellUser | null) {
  const { info } = await getPermission(request, locale);
  const brand = <T>(what: string, load: () => Promise<T>) => sharedPerBrand(info, locale, what, load);
  // Spec §4: A for members, B for visitors, F in the session of a first login.
  const executions = user ? ["A", ...((await isFirstLoginSession(request)) ? ["F"] : [])] : ["B"];
  // Spec §4: hot games and winners stay as they were for this session until refreshed on purpose.
  const refresh = new URL(request.url).searchParams.get("refresh");
  const [announcements, hot, fish, winners, closed, favourites, jackpot] = await Promise.all([
    brand(`announcements ${executions.join(",")}`, () => getAnnouncements(request, locale, { executions, bannerGroups: ["w_home"] })),
    perSession(request, locale, "HOT_GAMES", refresh === "hot", () => getHotGames(request, locale, HOME_HOT_GAMES)),
    brand("fish", () => getGameList(request, locale, { gameType: "FISH", pageNo: 1, pageSize: HOME_FISH_GAMES })),
    perSession(request, locale, "WINNERS", refresh === "winners", () => getWinners(request, locale, { pageSize: HOME_WINNERS })),
    getClosedAnnouncements(request),
    getFavouriteIds(request, user),
    // The counter still runs on the spec's clock alone if the pool cannot be read (the failure is logged).
    brand("jackpot", () => getJackpot(request, locale)).catch(() => null),
  ]);
  const closedIds = user ? closed.member : closed.visitor;
  return {
    banners: announcements.banners.filter((b) => b.groupName === "w_home"),
    notices: announcements.player,
    popup: announcements.popup.find((p) => !closedIds.includes(p.id)) ?? null,
    hot: hot.slice(0, HOME_HOT_GAMES),
    fish: fish.games,
    // The board shows who, which game and how much: nothing else of the 42 rows goes to the page.
    winners: winners.map(({ account, gameName, winAmount, currency }) => ({ account, gameName, winAmount, currency })),
    favourites,
    jackpot,
    // To the second (the clock shows seconds): within a second visitors share one rendered page (render-cache.server.ts).
    now: Math.floor(Date.now() / 1000) * 1000,
  };
}
