import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { merchants } from "../system/schema.js";
import { createLaunchToken } from "../wallet/service.js";
import { LOTTERY_VENDORS, lotteryPagePath } from "../lottery/games.js";
import { recordRecent } from "./lobby.js";
import { games, merchantVendors, vendors } from "./schema.js";
import { suggestGames, type GameItem, type Merchant } from "./service.js";

/**
 * Game launch (spec §4, §5 launch gate, §7 launchGame): which game, whether this member may start
 * it here, and the URL the player's browser opens. The web also gates, but these rules hold for
 * any caller.
 */

/** Vendors whose games are our own pages (/house/<gameCode>), not a third party's URL. */
export const IN_HOUSE_VENDORS = ["HOUSE", "HSLOT"];

/** Our own stand-in for a vendor's game server when the operator configured no launch host. */
export const DEFAULT_LAUNCH_BASE = "/play";

export type LaunchRequest = { nodeId: number } | { vendorCode: string; gameCode: string };

/** One of the operator's launch hosts, chosen at random per launch (spec §7); our own path when none is set. */
export function pickLaunchBase(hosts: readonly string[] | undefined): string {
  const list = (hosts ?? []).filter(Boolean);
  return list.length ? list[randomInt(list.length)]! : DEFAULT_LAUNCH_BASE;
}

function withQuery(base: string, params: Record<string, string>): string {
  return `${base}${base.includes("?") ? "&" : "?"}${new URLSearchParams(params)}`;
}

/** The game to launch with its vendor, refused when unknown, not offered here, or under maintenance. */
export async function launchableGame(db: Database, merchant: Merchant, language: string, req: LaunchRequest) {
  const [row] = await db
    .select({ game: games, vendor: vendors, offered: merchantVendors.enabled })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vendorCode))
    .leftJoin(merchantVendors, and(eq(merchantVendors.vendorCode, games.vendorCode), eq(merchantVendors.merchantCode, merchant.code)))
    .where("nodeId" in req ? eq(games.nodeId, req.nodeId) : and(eq(games.vendorCode, req.vendorCode), eq(games.gameCode, req.gameCode)))
    .limit(1);
  if (!row) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  if (!row.offered) throw new DomainError("VENDOR_NOT_OFFERED", "This site does not offer games of this vendor", 403);
  if (row.game.maintenance || row.vendor.maintenance) {
    const suggestions: GameItem[] = await suggestGames(db, merchant, language, row.game);
    throw new DomainError("GAME_MAINTENANCE", "The game is under maintenance, please choose another game", 409, { suggestions });
  }
  return row;
}

/**
 * A real-money launch for a member (the gate of spec §5 is checked by the caller): a launch token
 * for the vendor wallet, the game noted in the member's recent games, and the URL: our own
 * /house/<gameCode> page for in-house vendors, else a random launch host of the operator.
 */
export async function launchForMember(
  db: Database,
  member: { id: number; merchantCode: string },
  language: string,
  req: LaunchRequest,
) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, member.merchantCode)).limit(1);
  if (!merchant) throw new DomainError("MERCHANT_NOT_CONFIGURED", "No merchant is configured", 503);
  const { game } = await launchableGame(db, merchant, language, req);
  const token = await createLaunchToken(db, {
    memberId: member.id,
    merchantCode: member.merchantCode,
    vendorCode: game.vendorCode,
    gameCode: game.gameCode,
    category: game.gameType,
  });
  await recordRecent(db, member.id, game.nodeId);
  const lang = language || merchant.defaultLanguage;
  const url = IN_HOUSE_VENDORS.includes(game.vendorCode)
    ? `/house/${encodeURIComponent(game.gameCode)}`
    : (LOTTERY_VENDORS as string[]).includes(game.vendorCode)
      ? lotteryPagePath(game.vendorCode, game.gameCode)
      : withQuery(pickLaunchBase(merchant.settings.launchGameCDNs), { vendor: game.vendorCode, gameCode: game.gameCode, token, language: lang });
  return { url, token, nodeId: game.nodeId, vassalage: game.vendorCode, gameCode: game.gameCode };
}

/**
 * Play for fun (spec §3 supportPlay 0, §6 trial or demo mode): the vendor URL with mode=fun and no
 * token, so nothing touches the ledger. Open to visitors and trial members.
 */
export async function launchForFun(db: Database, merchant: Merchant, language: string, nodeId: number) {
  const { game } = await launchableGame(db, merchant, language, { nodeId });
  if (game.supportPlay !== 0) throw new DomainError("FUN_NOT_SUPPORTED", "This game has no free play", 403);
  const lang = language || merchant.defaultLanguage;
  const url = IN_HOUSE_VENDORS.includes(game.vendorCode)
    ? withQuery(`/house/${encodeURIComponent(game.gameCode)}`, { mode: "fun" })
    : withQuery(pickLaunchBase(merchant.settings.launchGameCDNs), { vendor: game.vendorCode, gameCode: game.gameCode, mode: "fun", language: lang });
  return { url, nodeId: game.nodeId, vassalage: game.vendorCode, gameCode: game.gameCode };
}
