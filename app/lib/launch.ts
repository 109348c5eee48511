import { GAME_CENTRE_TYPES } from "./categories";

export interface LaunchTarget {
  vassalage: string;
  gameType: string;
  gameCode: string;
  isGame: string;
  nodeId: number;
}

/**
 * Spec §2 game launch routing, by the game's vassalage: TCG_LOTTO_VN → /vnLottery, TCG_SEA →
 * /seaLottery, LOTT or ELOTT → /lottery (each with gameCode); FB → /fbSports; game-centre
 * types → their page with vassalage; otherwise the vendor's game list (isGame VASSALAGE) or
 * the game itself.
 */
export function launchHref(game: LaunchTarget): string {
  const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  switch (game.vassalage) {
    case "TCG_LOTTO_VN":
      return `/vnLottery?${q({ gameCode: game.gameCode })}`;
    case "TCG_SEA":
      return `/seaLottery?${q({ gameCode: game.gameCode })}`;
    case "LOTT":
    case "ELOTT":
      return `/lottery?${q({ gameCode: game.gameCode })}`;
    case "FB":
      return "/fbSports";
  }
  if ((GAME_CENTRE_TYPES as readonly string[]).includes(game.gameType)) {
    return `/${game.gameType.toLowerCase()}?${q({ vassalage: game.vassalage })}`;
  }
  if (game.isGame === "VASSALAGE") return `/${game.gameType.toLowerCase()}?${q({ vassalage: game.vassalage, popup: "games" })}`;
  return playHref(game);
}

function query(params: Record<string, string | number>) {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

/** The launch page's game frame: links land on it, so a phone shows the game, not the header. */
export const PLAY_ANCHOR = "play";

/** The launch page of one game (/seamless), e.g. a game inside a game centre's vendor list. */
export function playHref(game: Pick<LaunchTarget, "nodeId" | "vassalage" | "gameCode">): string {
  return `/seamless?${query({ nodeId: game.nodeId, vassalage: game.vassalage, gameCode: game.gameCode })}#${PLAY_ANCHOR}`;
}

/** Free play (supportPlay 0): the launch page in fun mode, open to visitors and trial members. */
export function funHref(game: Pick<LaunchTarget, "nodeId" | "vassalage" | "gameCode">): string {
  return `/seamless?${query({ nodeId: game.nodeId, vassalage: game.vassalage, gameCode: game.gameCode, mode: "fun" })}#${PLAY_ANCHOR}`;
}

/**
 * A game listed inside its own game centre (/live?vassalage=AURL): the spec's routing would lead
 * back to the same centre, so such a game starts on the launch page; lotteries and football keep
 * their own routes.
 */
export function gameCentreHref(game: LaunchTarget): string {
  const href = launchHref(game);
  return href.startsWith(`/${game.gameType.toLowerCase()}?`) ? playHref(game) : href;
}
