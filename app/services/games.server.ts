import { z } from "zod";
import { callPlatform } from "./platform.server";

const gameMenusSchema = z.array(
  z.object({
    gameCategory: z.string(),
    label: z.string(),
    vendors: z.array(
      z.object({
        displayName: z.string(),
        vassalage: z.string(),
        gameType: z.string(),
        maintenance: z.boolean(),
      }),
    ),
  }),
);

export type GameMenu = z.infer<typeof gameMenusSchema>[number];

export function getGameMenus(request: Request, language: string) {
  return callPlatform(request, "/lgw/games/game_menus", { schema: gameMenusSchema, language });
}
