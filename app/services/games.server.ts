import { z } from "zod";
import { callPlatform } from "./platform.server";

const vendorSchema = z.object({
  displayName: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  maintenance: z.boolean(),
});

const gameMenusSchema = z.array(z.object({ gameCategory: z.string(), label: z.string(), vendors: z.array(vendorSchema) }));

const whitelabelSchema = z.object({
  merchantCode: z.string(),
  menus: z.array(z.object({ gameCategory: z.string(), label: z.string(), sort: z.number() })),
  vendorGroups: z.object({ esports: z.array(z.string()), cockfight: z.array(z.string()), football: z.array(z.string()) }),
});

export const gameItemSchema = z.object({
  nodeId: z.number(),
  vassalage: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  isGame: z.string(),
  gameName: z.string(),
  iconUrl: z.string(),
  supportPlay: z.number(),
  subType: z.string().nullable(),
  minBet: z.string(),
  lines: z.number(),
  maintenance: z.boolean(),
});

export type GameItem = z.infer<typeof gameItemSchema>;
export type GameMenu = z.infer<typeof gameMenusSchema>[number];

const gameListSchema = z.object({
  games: z.array(gameItemSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

const winnersSchema = z.object({
  list: z.array(
    z.object({
      vo: z.object({
        account: z.string(),
        winAmount: z.string(),
        currency: z.string(),
        gameName: z.string(),
        iconUrl: z.string(),
        nodeId: z.number(),
        wonAt: z.string(),
      }),
    }),
  ),
});

export type Winner = z.infer<typeof winnersSchema>["list"][number]["vo"];

export function getGameMenus(request: Request, language: string) {
  return callPlatform(request, "/lgw/games/game_menus", { schema: gameMenusSchema, language });
}

export function getWhitelabel(request: Request, language: string) {
  return callPlatform(request, "/wps/system/whitelabel", { schema: whitelabelSchema, language });
}

/** Hot games: merchantCode, isPlatform 2, platform flash,html5-desktop, language; reads value.list. */
export async function getHotGames(request: Request, language: string, limit: number) {
  const value = await callPlatform(request, "/lgw/games/hot", {
    schema: z.object({ list: z.array(gameItemSchema) }),
    query: { isPlatform: 2, platform: "flash,html5-desktop", language, limitNum: limit },
    language,
  });
  return value.list;
}

export interface GameListQuery {
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  pageNo?: number;
  pageSize?: number;
}

export function getGameList(request: Request, language: string, q: GameListQuery) {
  return callPlatform(request, "/lgw/games/list", {
    schema: gameListSchema,
    query: { clientType: "WEB", platform: "html5-desktop", language, ...q },
    language,
  });
}

/** Winner board: gameCategory ALL and limitNum 20, or pageNo 1 with pageSize 42 (home). */
export async function getWinners(request: Request, language: string, size: { limitNum?: number; pageSize?: number }) {
  const value = await callPlatform(request, "/lgw/games/winners", {
    schema: winnersSchema,
    query: { gameCategory: "ALL", language, ...(size.pageSize ? { pageNo: 1, pageSize: size.pageSize } : { limitNum: size.limitNum ?? 20 }) },
    language,
  });
  return value.list.map((w) => w.vo);
}
