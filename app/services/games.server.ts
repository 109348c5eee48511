import { createHash } from "node:crypto";
import { z } from "zod";
import { withClock, type JackpotPool } from "~/lib/jackpot";
import { callPlatform, PlatformError } from "./platform.server";
import { getSessionToken } from "./session.server";
import { getSiteHost } from "./client-info.server";

/** A vendor's images on the operator's image host (spec §3 vendor image paths), built by the platform. */
const vendorImagesSchema = z.object({
  small: z.string(),
  smallActive: z.string(),
  listWhite: z.string(),
  listColour: z.string(),
  listPurple: z.string(),
  submenu: z.string(),
});

const vendorSchema = z.object({
  displayName: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  maintenance: z.boolean(),
  images: vendorImagesSchema,
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

/**
 * Spec §4: hot games and winners are kept per session (and language) and fetched again only on
 * an explicit refresh. Here the web keeps them in memory for a while, keyed by site, session and
 * language; a refresh link replaces the entry. Visitors without a session share one entry per
 * site and language (the lists do not depend on who asks).
 */
export const SESSION_LIST_TTL_MS = 10 * 60 * 1000;
const SESSION_LIST_MAX = 5000;
const sessionLists = new Map<string, { at: number; value: Promise<unknown> }>();

async function sessionKey(request: Request, language: string, what: string) {
  const token = await getSessionToken(request);
  const who = token ? createHash("sha256").update(token).digest("base64url").slice(0, 22) : "visitor";
  return `${getSiteHost(request)}|${who}|${language}|${what}`;
}

/** A value kept per session and language; `refresh` fetches it again. A failed fetch is not kept. */
export async function perSession<T>(request: Request, language: string, what: string, refresh: boolean, load: () => Promise<T>): Promise<T> {
  const key = await sessionKey(request, language, what);
  const hit = sessionLists.get(key);
  if (hit && !refresh && Date.now() - hit.at < SESSION_LIST_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  sessionLists.delete(key);
  if (sessionLists.size >= SESSION_LIST_MAX) sessionLists.delete(sessionLists.keys().next().value!);
  sessionLists.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (sessionLists.get(key)?.value === value) sessionLists.delete(key);
  });
  return value;
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
  /** Decimal string: games whose minimum bet is at least this (spec §9 "1 yuan or more"). */
  minBet?: string;
  /** Games with at least this many lines (spec §9 "25 or more lines"). */
  minLineNum?: number;
  pageNo?: number;
  pageSize?: number;
}

/** Game list (spec §7): clientType, platform, merchant, gameType, vassalage, gameClassify, gameName, minBet, minLineNum, pageNo, pageSize, language; reads games. */
export function getGameList(request: Request, language: string, q: GameListQuery) {
  return callPlatform(request, "/lgw/games/list", {
    schema: gameListSchema,
    query: { clientType: "WEB", platform: "html5-desktop", language, ...q },
    language,
  });
}

/** One game by nodeId (public): what /seamless shows before and instead of a launch. */
export async function getGameItem(request: Request, language: string, nodeId: number): Promise<GameItem | null> {
  try {
    return await callPlatform(request, `/lgw/games/item/${nodeId}`, { schema: gameItemSchema, language });
  } catch (e) {
    if (e instanceof PlatformError && e.status === 404) return null;
    throw e;
  }
}

const vendorLanesSchema = z.object({
  data: z.object({
    lanes: z.array(vendorSchema.extend({ gameCount: z.number(), sort: z.number() })),
  }),
});

export type VendorLane = z.infer<typeof vendorLanesSchema>["data"]["lanes"][number];

/** Game vendors (spec §7): merchantCode; reads value.data.lanes. */
export async function getVendorLanes(request: Request, language: string, gameType?: string): Promise<VendorLane[]> {
  const value = await callPlatform(request, "/lgw/games/vendors", { schema: vendorLanesSchema, query: { gameType }, language });
  return value.data.lanes;
}

const launchSchema = z.object({ url: z.string(), nodeId: z.number(), vassalage: z.string(), gameCode: z.string(), token: z.string().optional() });

/** Real-money launch (TOKEN): the vendor URL with a launch token. Refusals throw PlatformError (GAME_MAINTENANCE carries suggestions). */
export async function launchGame(request: Request, language: string, nodeId: number) {
  return callPlatform(request, "/wps/game/launchGame", {
    method: "POST",
    body: { nodeId },
    schema: launchSchema,
    language,
    token: await getSessionToken(request),
  });
}

/** Free play for supportPlay 0 (public): the vendor URL with mode=fun and no token. */
export function launchFun(request: Request, language: string, nodeId: number) {
  return callPlatform(request, "/wps/game/launchFun", { method: "POST", body: { nodeId }, schema: launchSchema, language });
}

/** Other playable games of the same category (spec §8: game maintenance, with other games suggested). */
export async function getSuggestions(request: Request, language: string, nodeId: number, limit = 6) {
  const value = await callPlatform(request, "/lgw/games/suggestions", {
    schema: z.object({ list: z.array(gameItemSchema) }),
    query: { nodeId, limitNum: limit },
    language,
  });
  return value.list;
}

const favouritePageSchema = z.object({ content: z.array(gameItemSchema), pageNum: z.number(), totalPages: z.number(), total: z.number() });

/** The member's favourite nodeIds; none for visitors and trial members (who cannot keep favourites). */
export async function getFavouriteIds(request: Request, user: { isTrial: boolean } | null): Promise<number[]> {
  if (!user || user.isTrial) return [];
  try {
    return await callPlatform(request, "/wps/game/favourites/ids", { schema: z.array(z.number()), token: await getSessionToken(request) });
  } catch (e) {
    if (e instanceof PlatformError && (e.status === 401 || e.status === 403)) return [];
    throw e;
  }
}

/** Favourites, paged (content, pageNum, totalPages). */
export async function getFavouritePage(request: Request, language: string, pageNo: number, pageSize: number) {
  return callPlatform(request, "/wps/game/favourites", {
    schema: favouritePageSchema,
    query: { pageNo, pageSize, language },
    language,
    token: await getSessionToken(request),
  });
}

/** Adds (POST nodeId) or removes (DELETE) a favourite. */
export async function setFavourite(request: Request, game: { nodeId: number; vendor?: string; gameType?: string }, favourite: boolean) {
  const token = await getSessionToken(request);
  const schema = z.object({ nodeId: z.number(), favourite: z.boolean() });
  return favourite
    ? callPlatform(request, "/wps/game/favourites", { method: "POST", body: game, schema, token })
    : callPlatform(request, `/wps/game/favourites/${game.nodeId}`, { method: "DELETE", schema, token });
}

/** Recent games, newest first. */
export async function getRecentGames(request: Request, language: string, limit: number) {
  const value = await callPlatform(request, "/wps/game/recent", {
    schema: z.object({ list: z.array(gameItemSchema) }),
    query: { limitNum: limit, language },
    language,
    token: await getSessionToken(request),
  });
  return value.list;
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

const pvpRoomSchema = z.object({
  roomId: z.string(),
  tableNo: z.number(),
  nodeId: z.number(),
  gameCode: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  baseBet: z.string(),
  minEntry: z.string(),
  currency: z.string(),
  maxSeats: z.number(),
  players: z.number(),
  status: z.enum(["OPEN", "FULL", "MAINTENANCE"]),
});

const pvpRoomsSchema = z.object({
  list: z.array(pvpRoomSchema),
  total: z.number(),
  games: z.array(z.object({ nodeId: z.number(), gameCode: z.string(), gameName: z.string(), vassalage: z.string() })),
});

export type PvpRoom = z.infer<typeof pvpRoomSchema>;

/** PVP rooms (spec §7 GLS2_roomList, TOKEN), by vendor (vassalage) and game; reads value.list. */
export async function getPvpRooms(request: Request, language: string, filter: { vassalage?: string; gameCode?: string }) {
  return callPlatform(request, "/wps/relay/GLS2_roomList", {
    schema: pvpRoomsSchema,
    query: { ...filter, language },
    language,
    token: await getSessionToken(request),
  });
}

const jackpotSchema = z.object({ amount: z.string().regex(/^\d{1,15}\.\d{2}$/), asOf: z.string().datetime() });

/** The jackpot pool (public): the platform's value at asOf, for the counter to carry on from. */
export async function getJackpot(request: Request, language: string): Promise<JackpotPool> {
  const value = await callPlatform(request, "/lgw/games/jackpot", { schema: jackpotSchema, language });
  return withClock({ cents: Number(value.amount.replace(".", "")), asOf: Date.parse(value.asOf) });
}
