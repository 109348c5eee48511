import { and, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { inLanguage, localize } from "../system/service.js";
import { gameCategories, games, merchantVendors, vendors, winners } from "./schema.js";

type Merchant = { code: string; defaultLanguage: string; settings: { esportsVendors?: string[]; cockfightVendors?: string[]; footballVendors?: string[] } };

/** The white-label menu: the merchant's categories in order, with labels in the asked language. */
export async function getWhitelabelMenu(db: Database, merchant: Merchant, language: string) {
  const rows = await db
    .select()
    .from(gameCategories)
    .where(and(eq(gameCategories.merchantCode, merchant.code), eq(gameCategories.enabled, true)))
    .orderBy(asc(gameCategories.sort));
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

/** Game menus: each enabled category with the merchant's vendors of that game type. */
export async function getGameMenus(db: Database, merchant: Merchant, language: string) {
  const [menu, vendorRows] = await Promise.all([
    getWhitelabelMenu(db, merchant, language),
    db
      .select({ vendor: vendors, sort: merchantVendors.sort })
      .from(merchantVendors)
      .innerJoin(vendors, eq(vendors.code, merchantVendors.vendorCode))
      .where(and(eq(merchantVendors.merchantCode, merchant.code), eq(merchantVendors.enabled, true)))
      .orderBy(asc(merchantVendors.sort)),
  ]);
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
      })),
  }));
}

type GameRow = typeof games.$inferSelect;

/** A game item in the spec's shape; money as a decimal string. */
export function toGameItem(g: GameRow, language: string, vendorName?: string) {
  return {
    nodeId: g.nodeId,
    vassalage: g.vendorCode,
    gameType: g.gameType,
    gameCode: g.gameCode,
    isGame: g.isGame,
    gameName: localize(g.names, language, "en"),
    iconUrl: g.iconUrl,
    supportPlay: g.supportPlay,
    subType: g.subType,
    minBet: formatMinor(g.minBet),
    lines: g.lines,
    maintenance: g.maintenance,
    ...(vendorName ? { vendorName } : {}),
  };
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

function offeredBy(merchantCode: string) {
  return and(eq(merchantVendors.merchantCode, merchantCode), eq(merchantVendors.enabled, true));
}

/** Hot games (value.list), in hot-list order, only from vendors the merchant offers. */
export async function getHotGames(db: Database, merchant: Merchant, language: string, limit = 60) {
  const rows = await db
    .select({ game: games })
    .from(games)
    .innerJoin(merchantVendors, and(eq(merchantVendors.vendorCode, games.vendorCode), offeredBy(merchant.code)))
    .where(isNotNull(games.hotRank))
    .orderBy(asc(games.hotRank))
    .limit(limit);
  return { list: rows.map((r) => toGameItem(r.game, language)) };
}

export interface GameListQuery {
  gameType?: string;
  vassalage?: string;
  gameName?: string;
  gameClassify?: string;
  pageNo: number;
  pageSize: number;
}

/** The game list (reads `games`), paged, filtered by type, vendor, sub-type and name. */
export async function getGameList(db: Database, merchant: Merchant, language: string, q: GameListQuery) {
  const where = and(
    q.gameType ? eq(games.gameType, q.gameType) : undefined,
    q.vassalage ? eq(games.vendorCode, q.vassalage) : undefined,
    q.gameClassify ? eq(games.subType, q.gameClassify) : undefined,
    q.gameName ? sql`${games.names}->>'en' ilike ${`%${q.gameName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const base = db
    .select({ game: games })
    .from(games)
    .innerJoin(merchantVendors, and(eq(merchantVendors.vendorCode, games.vendorCode), offeredBy(merchant.code)))
    .where(where);
  const [rows, [total]] = await Promise.all([
    base.orderBy(asc(games.hotRank), asc(games.nodeId)).limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(games)
      .innerJoin(merchantVendors, and(eq(merchantVendors.vendorCode, games.vendorCode), offeredBy(merchant.code)))
      .where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    games: rows.map((r) => toGameItem(r.game, language)),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total: totalCount,
    totalPages: Math.max(1, Math.ceil(totalCount / q.pageSize)),
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
        gameName: localize(game.names, language, "en"),
        iconUrl: game.iconUrl,
        nodeId: game.nodeId,
        wonAt: w.wonAt.toISOString(),
      },
    })),
  };
}
