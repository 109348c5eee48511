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
  return `/seamless?${q({ nodeId: game.nodeId, vassalage: game.vassalage, gameCode: game.gameCode })}`;
}
