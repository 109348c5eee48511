import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { requireMember, jsonBody } from "../accounts/routes.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { DomainError, ok } from "../http/envelope.js";
import { pageNo, pageSize, parseQuery } from "../http/query.js";
import { parseAmount } from "../ledger/money.js";
import { merchants } from "../system/schema.js";
import { resolveMerchant } from "../system/service.js";
import { launchForFun } from "./launch.js";
import { addFavourite, favouriteIds, favouritePage, recentList, removeFavourite } from "./lobby.js";
import { jackpotPool } from "./jackpot-pool.js";
import { pvpRooms } from "./rooms.js";
import { getGameItem, getGameList, getGameMenus, getHotGames, getVendorLanes, getWinners, suggestGames } from "./service.js";

const code = z.string().regex(/^[A-Za-z0-9_]{1,40}$/).optional();
const nodeIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Minimum bets are kept with two decimals (formatMinor), whatever the currency. */
const minBetParam = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const minor = parseAmount(v, "USD");
    if (minor === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be a decimal amount such as 1 or 1.00" });
      return z.NEVER;
    }
    return minor;
  });

type C = Context<{ Variables: PlatformVariables }>;

/** Favourites and the lobby are for real accounts: 401 when logged out, in_need_true_account for trial. */
async function requireRealMember(c: C) {
  const member = await requireMember(c);
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
  return member;
}

/** The member's own brand (a member belongs to one merchant, whatever host the call came through). */
async function memberMerchant(c: C, merchantCode: string) {
  const [merchant] = await c.var.db.select().from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  if (!merchant) throw new DomainError("MERCHANT_NOT_CONFIGURED", "No merchant is configured", 503);
  return merchant;
}

/**
 * Catalogue and lobby calls (spec §7):
 *
 * | call | path | access |
 * |---|---|---|
 * | game menus | GET /lgw/games/game_menus | public |
 * | game vendors (value.data.lanes) | GET /lgw/games/vendors?merchantCode&gameType | public |
 * | game list (reads games) | GET /lgw/games/list?clientType&platform&merchant&gameType&vassalage&gameClassify&gameName&minBet&minLineNum&pageNo&pageSize&language | public |
 * | one game item | GET /lgw/games/item/:nodeId | public |
 * | other games of its category (maintenance) | GET /lgw/games/suggestions?nodeId&limitNum | public |
 * | hot games (value.list) | GET /lgw/games/hot?limitNum | public |
 * | winner board (value.list) | GET /lgw/games/winners?gameCategory&limitNum or pageNo&pageSize | public |
 * | jackpot pool (amount, asOf) | GET /lgw/games/jackpot | public |
 * | free play URL (supportPlay 0) | POST /wps/game/launchFun {nodeId} | public |
 * | favourites: nodeIds | GET /wps/game/favourites/ids | TOKEN |
 * | favourites: paged (content, pageNum, totalPages) | GET /wps/game/favourites?pageNo&pageSize | TOKEN |
 * | favourites: add | POST /wps/game/favourites {nodeId, vendor?, gameType?} | TOKEN |
 * | favourites: remove | DELETE /wps/game/favourites/:nodeId | TOKEN |
 * | recent games (value.list) | GET /wps/game/recent?limitNum | TOKEN |
 * | PVP rooms (value.list) | GET /wps/relay/GLS2_roomList?vassalage&gameCode, or POST with them as JSON | TOKEN |
 *
 * The merchant is the one serving the visitor's host (X-Site-Host); the `merchant` and
 * `merchantCode` query parameters of the spec are accepted and ignored, so one brand never reads
 * another's catalogue. The real-money launch is `POST /wps/game/launchGame` (wallet/routes.ts).
 */
export function gameRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  const merchantOf = (c: { var: PlatformVariables }) =>
    resolveMerchant(c.var.db, c.var.visitor.host, c.var.env.DEFAULT_MERCHANT);

  app.get("/lgw/games/game_menus", async (c) => ok(c, await getGameMenus(c.var.db, await merchantOf(c), c.var.language)));

  app.get("/lgw/games/vendors", async (c) => {
    const q = parseQuery(c, z.object({ gameType: code }));
    return ok(c, await getVendorLanes(c.var.db, await merchantOf(c), q.gameType));
  });

  app.get("/lgw/games/hot", async (c) => {
    const q = parseQuery(c, z.object({ limitNum: pageSize(100, 60) }));
    return ok(c, await getHotGames(c.var.db, await merchantOf(c), c.var.language, q.limitNum));
  });

  app.get("/lgw/games/list", async (c) => {
    const q = parseQuery(
      c,
      z.object({
        gameType: code,
        vassalage: code,
        gameClassify: code,
        gameName: z.string().trim().max(100).optional(),
        minBet: minBetParam,
        minLineNum: z.coerce.number().int().min(0).max(100_000).optional(),
        pageNo,
        pageSize: pageSize(100, 42),
      }),
    );
    return ok(c, await getGameList(c.var.db, await merchantOf(c), c.var.language, q));
  });

  app.get("/lgw/games/item/:nodeId", async (c) => {
    const nodeId = nodeIdParam.safeParse(c.req.param("nodeId"));
    if (!nodeId.success) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
    const item = await getGameItem(c.var.db, await merchantOf(c), c.var.language, nodeId.data);
    if (!item) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
    return ok(c, item);
  });

  app.get("/lgw/games/suggestions", async (c) => {
    const q = parseQuery(c, z.object({ nodeId: nodeIdParam, limitNum: pageSize(42, 6) }));
    const merchant = await merchantOf(c);
    const item = await getGameItem(c.var.db, merchant, c.var.language, q.nodeId);
    if (!item) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
    return ok(c, { list: await suggestGames(c.var.db, merchant, c.var.language, item, q.limitNum) });
  });

  // Winner board: limitNum 20, or pageNo 1 with pageSize 42 on the home page.
  app.get("/lgw/games/winners", async (c) => {
    const q = parseQuery(
      c,
      z.object({ gameCategory: z.string().default("ALL"), limitNum: pageSize(100, 20).optional(), pageSize: pageSize(100, 42).optional() }),
    );
    const merchant = await merchantOf(c);
    return ok(c, await getWinners(c.var.db, merchant, c.var.language, q.pageSize ?? q.limitNum ?? 20));
  });

  // The jackpot counter's value, grounded in today's real in-house stakes (jackpot-pool.ts).
  app.get("/lgw/games/jackpot", async (c) => ok(c, await jackpotPool(c.var.db, await merchantOf(c))));

  app.post("/wps/game/launchFun", async (c) => {
    const body = await jsonBody(c, z.object({ nodeId: z.number().int().positive() }));
    return ok(c, await launchForFun(c.var.db, await merchantOf(c), c.var.language, body.nodeId));
  });

  app.get("/wps/game/favourites/ids", async (c) => {
    const member = await requireRealMember(c);
    return ok(c, await favouriteIds(c.var.db, member.id));
  });

  app.get("/wps/game/favourites", async (c) => {
    const member = await requireRealMember(c);
    const q = parseQuery(c, z.object({ pageNo, pageSize: pageSize(100, 12) }));
    return ok(c, await favouritePage(c.var.db, await memberMerchant(c, member.merchantCode), member.id, c.var.language, q.pageNo, q.pageSize));
  });

  app.post("/wps/game/favourites", async (c) => {
    const member = await requireRealMember(c);
    // Spec §3 toggle payload: nodeId, vendor, gameType; the game itself names vendor and type.
    const body = await jsonBody(c, z.object({ nodeId: z.number().int().positive(), vendor: z.string().max(40).optional(), gameType: z.string().max(40).optional() }));
    return ok(c, await addFavourite(c.var.db, member, body.nodeId));
  });

  app.delete("/wps/game/favourites/:nodeId", async (c) => {
    const member = await requireRealMember(c);
    const nodeId = nodeIdParam.safeParse(c.req.param("nodeId"));
    if (!nodeId.success) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
    return ok(c, await removeFavourite(c.var.db, member.id, nodeId.data));
  });

  app.get("/wps/game/recent", async (c) => {
    const member = await requireRealMember(c);
    const q = parseQuery(c, z.object({ limitNum: pageSize(30, 12) }));
    return ok(c, await recentList(c.var.db, await memberMerchant(c, member.merchantCode), member.id, c.var.language, q.limitNum));
  });

  // PVP rooms of the member's own brand (rooms.ts); filters as query parameters or a JSON body.
  const roomFilter = z.object({ vassalage: code, gameCode: code });
  app.get("/wps/relay/GLS2_roomList", async (c) => {
    const member = await requireMember(c);
    const filter = parseQuery(c, roomFilter);
    return ok(c, await pvpRooms(c.var.db, await memberMerchant(c, member.merchantCode), c.var.language, filter));
  });
  app.post("/wps/relay/GLS2_roomList", async (c) => {
    const member = await requireMember(c);
    // An empty body asks for every room.
    const filter = (await c.req.text()).trim() ? await jsonBody(c, roomFilter) : {};
    return ok(c, await pvpRooms(c.var.db, await memberMerchant(c, member.merchantCode), c.var.language, filter));
  });

  return app;
}
