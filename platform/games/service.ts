import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { inLanguage } from "../system/service.js";
import { foldName, gameName, getCatalogue, merchantOffer, namesIn, offeredVendors, type CatalogueEntry, type CatalogueSnapshot, type GameRow } from "./catalogue.js";
import { imageUrl, vendorImages } from "./images.js";
import { games, winners } from "./schema.js";

export type Merchant = {
  code: string;
  defaultLanguage: string;
  settings: { esportsVendors?: string[]; cockfightVendors?: string[]; footballVendors?: string[]; imageCDNs?: string[]; launchGameCDNs?: string[] };
};

/** The white-label menu: the merchant's categories in order, with labels in the asked language. */
export async function getWhitelabelMenu(db: Database, merchant: Merchant, language: string) {
  const rows = (await merchantOffer(db, merchant.code)).categories;
  return {
    merchantCode: merchant.code,
    menus: rows.map((r) => ({
      gameCategory: r.gameCategory,
      // Only the operator's own label in this language; otherwise the web's translated name.
      label: inLanguage(r.label, language) ?? "",
      sort: r.sort,
    })),
    vendorGroups: {
      esports: merchant.settings.esportsVendors ?? [],
      cockfight: merchant.settings.cockfightVendors ?? [],
      football: merchant.settings.footballVendors ?? [],
    },
  };
}

/** Game menus: each enabled category with the merchant's vendors of that game type, with their images. */
export async function getGameMenus(db: Database, merchant: Merchant, language: string) {
  const [menu, { vendors: vendorRows }] = await Promise.all([getWhitelabelMenu(db, merchant, language), merchantOffer(db, merchant.code)]);
  return menu.menus.map((m) => ({
    gameCategory: m.gameCategory,
    label: m.label,
    vendors: vendorRows
      .filter((v) => v.vendor.gameType === m.gameCategory)
      .map((v) => ({
        displayName: v.vendor.displayName,
        vassalage: v.vendor.code,
        gameType: v.vendor.gameType,
        maintenance: v.vendor.maintenance,
        images: vendorImages(v.vendor, merchant.settings.imageCDNs),
      })),
  }));
}

/** A game item in the spec's shape; money as a decimal string; maintenance covers the vendor's too. */
export function toGameItem(g: GameRow, language: string, opts: { imageHosts?: readonly string[]; maintenance?: boolean; vendorName?: string } = {}) {
  return {
    nodeId: g.nodeId,
    vassalage: g.vendorCode,
    gameType: g.gameType,
    gameCode: g.gameCode,
    isGame: g.isGame,
    gameName: gameName(g.names, language),
    iconUrl: imageUrl(g.iconUrl, opts.imageHosts),
    supportPlay: g.supportPlay,
    subType: g.subType,
    minBet: formatMinor(g.minBet),
    lines: g.lines,
    maintenance: opts.maintenance ?? g.maintenance,
    ...(opts.vendorName ? { vendorName: opts.vendorName } : {}),
  };
}

export type GameItem = ReturnType<typeof toGameItem>;

/** A catalogue entry as a game item for a merchant and language. */
export function entryItem(e: CatalogueEntry, merchant: Merchant, language: string): GameItem {
  return toGameItem(e.game, language, { imageHosts: merchant.settings.imageCDNs, maintenance: e.maintenance });
}

/** Minor units to a decimal string with two decimals ("12.50"). */
export function formatMinor(value: bigint, decimals = 2): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, "0");
  return `${negative ? "-" : ""}${whole}${decimals ? `.${frac}` : ""}`;
}

/** Hot games (value.list), in hot-list order, only from vendors the merchant offers. */
export async function getHotGames(db: Database, merchant: Merchant, language: string, limit = 60) {
  const [catalogue, offered] = await Promise.all([getCatalogue(db), offeredVendors(db, merchant.code)]);
  const list: GameItem[] = [];
  for (const e of catalogue.entries) {
    if (e.game.hotRank === null || list.length >= limit) break;
    if (offered.has(e.game.vendorCode)) list.push(entryItem(e, merchant, language));
  }
  return { list };
}

export interface GameListQuery {
  gameType?: string;
  vassalage?: string;
  gameName?: string;
  gameClassify?: string;
  /** Games whose minimum bet is at least this many minor units. */
  minBet?: bigint;
  /** Games with at least this many lines. */
  minLineNum?: number;
  pageNo: number;
  pageSize: number;
}

/**
 * The game list (reads `games`), paged: filtered by type, vendor, sub-type, minimum bet and lines,
 * and searched by name in the member's language and in English; hot games first, then catalogue
 * order. Only vendors the merchant offers.
 */
export async function getGameList(db: Database, merchant: Merchant, language: string, q: GameListQuery) {
  const [catalogue, offered] = await Promise.all([getCatalogue(db), offeredVendors(db, merchant.code)]);
  const matching = matchesOf(catalogue, offered, language, q);
  const from = (q.pageNo - 1) * q.pageSize;
  // Only the page is mapped to the spec's shape.
  const page = matching.slice(from, from + q.pageSize).map((i) => entryItem(catalogue.entries[i]!, merchant, language));
  return {
    games: page,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total: matching.length,
    totalPages: Math.max(1, Math.ceil(matching.length / q.pageSize)),
  };
}

/**
 * The positions of the entries a list query matches, worked out once per (catalogue snapshot,
 * merchant's offer, language, filters) and kept while both the snapshot and the offer are the
 * current ones (they are replaced, never changed, so a WeakMap on them forgets with them). The
 * next page of a list or of a search, and the same search by the next visitor, then cost a slice
 * instead of a pass over the 10,000 games.
 */
const MATCHES_KEPT = 256;
const matchCache = new WeakMap<CatalogueSnapshot, WeakMap<Set<string>, Map<string, number[]>>>();

function matchesOf(catalogue: CatalogueSnapshot, offered: Set<string>, language: string, q: GameListQuery): number[] {
  const needle = q.gameName ? foldName(q.gameName) : "";
  const key = [needle ? language.toLowerCase() : "", needle, q.gameType, q.vassalage, q.gameClassify, q.minBet, q.minLineNum].join("\u0000");
  let perOffer = matchCache.get(catalogue);
  if (!perOffer) matchCache.set(catalogue, (perOffer = new WeakMap()));
  let kept = perOffer.get(offered);
  if (!kept) perOffer.set(offered, (kept = new Map()));
  const hit = kept.get(key);
  if (hit) return hit;
  const shown = needle ? namesIn(catalogue, language) : null;
  const out: number[] = [];
  for (let i = 0; i < catalogue.entries.length; i++) {
    const e = catalogue.entries[i]!;
    const g = e.game;
    if (!offered.has(g.vendorCode)) continue;
    if (q.gameType && g.gameType !== q.gameType) continue;
    if (q.vassalage && g.vendorCode !== q.vassalage) continue;
    if (q.gameClassify && g.subType !== q.gameClassify) continue;
    if (q.minBet !== undefined && g.minBet < q.minBet) continue;
    if (q.minLineNum !== undefined && g.lines < q.minLineNum) continue;
    if (shown && !shown[i]!.folded.includes(needle) && !e.foldedEn.includes(needle)) continue;
    out.push(i);
  }
  // Searches come from requests: keep a bounded few, dropping the oldest.
  if (kept.size >= MATCHES_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, out);
  return out;
}

/** One game item by nodeId, if its vendor is offered here; null otherwise. */
export async function getGameItem(db: Database, merchant: Merchant, language: string, nodeId: number): Promise<GameItem | null> {
  const [catalogue, offered] = await Promise.all([getCatalogue(db), offeredVendors(db, merchant.code)]);
  const e = catalogue.byNode.get(nodeId);
  return e && offered.has(e.game.vendorCode) ? entryItem(e, merchant, language) : null;
}

/** Games offered instead of one under maintenance: others of its category that are playable, hot ones first. */
export async function suggestGames(db: Database, merchant: Merchant, language: string, game: { nodeId: number; gameType: string }, count = 6) {
  const [catalogue, offered] = await Promise.all([getCatalogue(db), offeredVendors(db, merchant.code)]);
  const out: GameItem[] = [];
  for (const e of catalogue.entries) {
    if (out.length >= count) break;
    const g = e.game;
    if (g.nodeId === game.nodeId || g.gameType !== game.gameType || e.maintenance || g.isGame !== "GAME" || !offered.has(g.vendorCode)) continue;
    out.push(entryItem(e, merchant, language));
  }
  return out;
}

/**
 * Game vendors (value.data.lanes): the merchant's vendors in order, optionally of one game type,
 * each with the number of games it has here and its images on the operator's image hosts.
 */
export async function getVendorLanes(db: Database, merchant: Merchant, gameType?: string) {
  const [catalogue, offer] = await Promise.all([getCatalogue(db), merchantOffer(db, merchant.code)]);
  return {
    data: {
      lanes: offer.vendors
        .filter(({ vendor }) => !gameType || vendor.gameType === gameType)
        .map(({ vendor, sort }) => ({
          displayName: vendor.displayName,
          vassalage: vendor.code,
          gameType: vendor.gameType,
          maintenance: vendor.maintenance,
          gameCount: catalogue.vendorCounts.get(vendor.code) ?? 0,
          sort,
          images: vendorImages(vendor, merchant.settings.imageCDNs),
        })),
    },
  };
}

/** Winner board (value.list): newest big wins, each a nested `vo` with winAmount, gameName, iconUrl. */
export async function getWinners(db: Database, merchant: Merchant & { currency: string }, language: string, limit: number) {
  const rows = await db
    .select({ w: winners, game: games })
    .from(winners)
    .innerJoin(games, eq(games.nodeId, winners.nodeId))
    .where(eq(winners.merchantCode, merchant.code))
    .orderBy(desc(winners.wonAt))
    .limit(limit);
  return {
    list: rows.map(({ w, game }) => ({
      vo: {
        account: w.account,
        winAmount: formatMinor(w.winAmount),
        currency: w.currency,
        gameName: gameName(game.names, language),
        iconUrl: imageUrl(game.iconUrl, merchant.settings.imageCDNs),
        nodeId: game.nodeId,
        wonAt: w.wonAt.toISOString(),
      },
    })),
  };
}
