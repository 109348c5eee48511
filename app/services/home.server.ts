import { getAnnouncements } from "./announcements.server";
import { getGameList, getHotGames, getWinners } from "./games.server";
import { isFirstLoginSession } from "./captcha.server";
import { getClosedAnnouncements } from "./preferences.server";
import type { ShellUser } from "./shell.server";

/** Spec §9: hot games on home 6, fishing block 6, winner board page size 42. */
export const HOME_HOT_GAMES = 6;
export const HOME_FISH_GAMES = 6;
export const HOME_WINNERS = 42;

/** The home page's platform reads, issued in parallel. */
export async function loadHome(request: Request, locale: string, user: ShellUser | null) {
  // Spec §4: A for members, B for visitors, F in the session of a first login.
  const executions = user ? ["A", ...((await isFirstLoginSession(request)) ? ["F"] : [])] : ["B"];
  const [announcements, hot, fish, winners, closed] = await Promise.all([
    getAnnouncements(request, locale, { executions, bannerGroups: ["w_home"] }),
    getHotGames(request, locale, HOME_HOT_GAMES),
    getGameList(request, locale, { gameType: "FISH", pageNo: 1, pageSize: HOME_FISH_GAMES }),
    getWinners(request, locale, { pageSize: HOME_WINNERS }),
    getClosedAnnouncements(request),
  ]);
  const closedIds = user ? closed.member : closed.visitor;
  return {
    banners: announcements.banners.filter((b) => b.groupName === "w_home"),
    notices: announcements.player,
    popup: announcements.popup.find((p) => !closedIds.includes(p.id)) ?? null,
    hot: hot.slice(0, HOME_HOT_GAMES),
    fish: fish.games,
    winners,
    now: Date.now(),
  };
}
