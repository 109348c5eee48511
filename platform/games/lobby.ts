import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { getCatalogue, offeredVendors } from "./catalogue.js";
import { entryItem, type GameItem, type Merchant } from "./service.js";
import { favourites, games, recentGames } from "./schema.js";

/**
 * The game lobby of a member (spec §2 "a game lobby with favourites and recent games", §3
 * Favourite games, §4 Favourites): favourites kept until removed, recent games written by launch.
 */

/** Favourites a member may keep; a full list refuses more with FAVOURITES_FULL. */
export const FAVOURITES_LIMIT = 500;
/** Recent games kept per member (older launches drop off). */
export const RECENT_LIMIT = 30;

/** The member's favourite nodeIds, newest first (spec: a list of nodeId values). */
export async function favouriteIds(db: Database, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ nodeId: favourites.nodeId })
    .from(favourites)
    .where(eq(favourites.memberId, memberId))
    .orderBy(desc(favourites.createdAt), desc(favourites.nodeId));
  return rows.map((r) => r.nodeId);
}

/** Favourites as game items, paged (spec: content, pageNum, totalPages); games of vendors no longer offered are left out. */
export async function favouritePage(db: Database, merchant: Merchant, memberId: number, language: string, pageNo: number, pageSize: number) {
  const [ids, catalogue, offered] = await Promise.all([favouriteIds(db, memberId), getCatalogue(db), offeredVendors(db, merchant.code)]);
  const items: GameItem[] = [];
  for (const id of ids) {
    const e = catalogue.byNode.get(id);
    if (e && offered.has(e.game.vendorCode)) items.push(entryItem(e, merchant, language));
  }
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  return { content: items.slice((pageNo - 1) * pageSize, pageNo * pageSize), pageNum: pageNo, pageSize, total: items.length, totalPages };
}

/** The game a member may favourite or launch: it exists and its vendor is offered by the member's merchant. */
export async function offeredGame(db: Database, merchantCode: string, nodeId: number) {
  const [[game], offered] = await Promise.all([db.select().from(games).where(eq(games.nodeId, nodeId)).limit(1), offeredVendors(db, merchantCode)]);
  if (!game || !offered.has(game.vendorCode)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  return game;
}

/** Adds a favourite; adding one already there changes nothing (spec §4). */
export async function addFavourite(db: Database, member: { id: number; merchantCode: string }, nodeId: number) {
  await offeredGame(db, member.merchantCode, nodeId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(favourites)
      .where(eq(favourites.memberId, member.id));
    const inserted = await tx.insert(favourites).values({ memberId: member.id, nodeId }).onConflictDoNothing().returning({ nodeId: favourites.nodeId });
    if (inserted.length && (row?.n ?? 0) >= FAVOURITES_LIMIT) {
      throw new DomainError("FAVOURITES_FULL", `At most ${FAVOURITES_LIMIT} favourites`, 409);
    }
    return { nodeId, favourite: true, added: inserted.length > 0 };
  });
}

/** Removes a favourite; removing one that is not there changes nothing. */
export async function removeFavourite(db: Database, memberId: number, nodeId: number) {
  const removed = await db
    .delete(favourites)
    .where(and(eq(favourites.memberId, memberId), eq(favourites.nodeId, nodeId)))
    .returning({ nodeId: favourites.nodeId });
  return { nodeId, favourite: false, removed: removed.length > 0 };
}

/** Notes a launch: the game moves to the top of the member's recent games; the oldest beyond RECENT_LIMIT go. */
export async function recordRecent(db: Database, memberId: number, nodeId: number, now = new Date()) {
  await db
    .insert(recentGames)
    .values({ memberId, nodeId, playedAt: now })
    .onConflictDoUpdate({ target: [recentGames.memberId, recentGames.nodeId], set: { playedAt: now } });
  const keep = db
    .select({ nodeId: recentGames.nodeId })
    .from(recentGames)
    .where(eq(recentGames.memberId, memberId))
    .orderBy(desc(recentGames.playedAt))
    .limit(RECENT_LIMIT);
  await db.delete(recentGames).where(and(eq(recentGames.memberId, memberId), notInArray(recentGames.nodeId, keep)));
}

/** Recent games, newest first (value.list). */
export async function recentList(db: Database, merchant: Merchant, memberId: number, language: string, limit: number) {
  const [rows, catalogue, offered] = await Promise.all([
    db
      .select({ nodeId: recentGames.nodeId, playedAt: recentGames.playedAt })
      .from(recentGames)
      .where(eq(recentGames.memberId, memberId))
      .orderBy(desc(recentGames.playedAt))
      .limit(limit),
    getCatalogue(db),
    offeredVendors(db, merchant.code),
  ]);
  const list = [];
  for (const r of rows) {
    const e = catalogue.byNode.get(r.nodeId);
    if (e && offered.has(e.game.vendorCode)) list.push({ ...entryItem(e, merchant, language), playedAt: r.playedAt.toISOString() });
  }
  return { list };
}
