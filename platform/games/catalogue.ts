import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { afterCommit } from "../db/request-tx.js";
import { logger } from "../http/observability.js";
import { inLanguage } from "../system/service.js";
import type { LocalizedText } from "../system/schema.js";
import { gameCategories, games, merchantVendors, vendors } from "./schema.js";

/**
 * The game catalogue as a read-only snapshot in memory, shared by every list, search, hot-list
 * and item read of this node. The catalogue is about 10,000 rows that change rarely (an operator
 * adds a vendor or flags a game for maintenance); filtering, searching and paging them in memory
 * takes about a millisecond, where the same ILIKE over JSON names in SQL took 20-30 ms a page
 * on PGlite. The database stays the record, and the launch call always checks it itself.
 *
 * Freshness: every CATALOGUE_CHECK_MS one aggregate query (a few milliseconds, inside the
 * database) fingerprints what changes in practice: games added or removed, maintenance flags of
 * games and vendors, the hot list. A different fingerprint, or a snapshot older than
 * CATALOGUE_MAX_AGE_MS (names, icons, bets), reloads it in the background in chunks, yielding
 * between them, so requests keep being answered from the previous snapshot meanwhile. Reading
 * all 10,000 rows in one go stalled this process for a few hundred milliseconds every time.
 */
export const CATALOGUE_CHECK_MS = 10_000;
export const CATALOGUE_MAX_AGE_MS = 5 * 60_000;
const LOAD_CHUNK = 2000;

export type GameRow = typeof games.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;

export interface CatalogueEntry {
  game: GameRow;
  vendor: VendorRow | undefined;
  /** The game or its vendor is under maintenance. */
  maintenance: boolean;
  /** The English name folded for search (lower case, Latin accents dropped). */
  foldedEn: string;
}

export interface CatalogueSnapshot {
  /** When it was loaded, and when its fingerprint was last found current. */
  at: number;
  checkedAt: number;
  fingerprint: string;
  /** Hot games first (by rank), then catalogue order (nodeId): the order every list uses. */
  entries: CatalogueEntry[];
  byNode: Map<number, CatalogueEntry>;
  vendors: Map<string, VendorRow>;
  /** Games per vendor code. */
  vendorCounts: Map<string, number>;
  /** Per language, each entry's shown name and its folded form (same order as entries), made on first use. */
  names: Map<string, Array<{ name: string; folded: string }>>;
}

/** Each entry's name in a language, folded for search; worked out once per snapshot and language. */
export function namesIn(snapshot: CatalogueSnapshot, language: string) {
  const key = language.toLowerCase();
  let list = snapshot.names.get(key);
  if (!list) {
    list = snapshot.entries.map((e) => {
      const name = gameName(e.game.names, language);
      return { name, folded: name === e.game.names.en ? e.foldedEn : foldName(name) };
    });
    // Language codes come from requests: keep a bounded few.
    if (snapshot.names.size >= 40) snapshot.names.clear();
    snapshot.names.set(key, list);
  }
  return list;
}

/** Lower case without Latin diacritics, so "dragon" finds "Dragón" and "Dorado" finds "dorado". */
export function foldName(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

/** Languages whose names stand in for each other before English does. */
const NAME_FALLBACKS: Record<string, string> = { "zh-tw": "zh-CN", zh: "zh-CN", ms: "id", id: "ms" };

/** A game's name in a language: exact, base language, a close relative, then English, then any. */
export function gameName(names: LocalizedText, language: string): string {
  const lower = language.toLowerCase();
  return (
    inLanguage(names, language) ??
    (NAME_FALLBACKS[lower] ? inLanguage(names, NAME_FALLBACKS[lower]!) : undefined) ??
    names.en ??
    Object.values(names)[0] ??
    ""
  );
}

/** What changes in practice, summed up by the database in one pass (see above). */
async function fingerprint(db: Database): Promise<string> {
  const [row] = await db
    .select({
      games: sql<string>`count(*)::text || ':' || coalesce(max(${games.nodeId}), 0)::text || ':' || coalesce(sum(${games.nodeId}) filter (where ${games.maintenance}), 0)::text || ':' || coalesce(sum(${games.nodeId}::bigint * ${games.hotRank}), 0)::text`,
      vendors: sql<string>`(select count(*)::text || ':' || coalesce(string_agg(${vendors.code}, ',' order by ${vendors.code}) filter (where ${vendors.maintenance}), '') from ${vendors})`,
    })
    .from(games);
  return `${row?.games}|${row?.vendors}`;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

async function loadSnapshot(db: Database): Promise<CatalogueSnapshot> {
  const print = await fingerprint(db);
  const vendorRows = await db.select().from(vendors);
  const gameRows: GameRow[] = [];
  for (let last = 0; ; ) {
    const chunk = await db.select().from(games).where(gt(games.nodeId, last)).orderBy(asc(games.nodeId)).limit(LOAD_CHUNK);
    gameRows.push(...chunk);
    if (chunk.length < LOAD_CHUNK) break;
    last = chunk[chunk.length - 1]!.nodeId;
    await yieldToRequests();
  }
  const vendorMap = new Map(vendorRows.map((v) => [v.code, v]));
  gameRows.sort((a, b) => (a.hotRank ?? Infinity) - (b.hotRank ?? Infinity) || a.nodeId - b.nodeId);
  const vendorCounts = new Map<string, number>();
  const entries = gameRows.map((game) => {
    const vendor = vendorMap.get(game.vendorCode);
    vendorCounts.set(game.vendorCode, (vendorCounts.get(game.vendorCode) ?? 0) + 1);
    return { game, vendor, maintenance: game.maintenance || !!vendor?.maintenance, foldedEn: foldName(game.names.en ?? "") };
  });
  const now = Date.now();
  return { at: now, checkedAt: now, fingerprint: print, entries, byNode: new Map(entries.map((e) => [e.game.nodeId, e])), vendors: vendorMap, vendorCounts, names: new Map() };
}

/** The snapshot itself if the database still matches it, else a fresh one. */
async function refresh(db: Database, current: CatalogueSnapshot | undefined): Promise<CatalogueSnapshot> {
  if (current && Date.now() - current.at < CATALOGUE_MAX_AGE_MS && (await fingerprint(db)) === current.fingerprint) {
    current.checkedAt = Date.now();
    return current;
  }
  return loadSnapshot(db);
}

const snapshots = new WeakMap<Database, { snapshot?: CatalogueSnapshot; loading?: Promise<CatalogueSnapshot> }>();

/** The current snapshot; the first call of a node waits for it, later ones never do. */
export async function getCatalogue(db: Database): Promise<CatalogueSnapshot> {
  let slot = snapshots.get(db);
  if (!slot) snapshots.set(db, (slot = {}));
  const { snapshot } = slot;
  if (snapshot && Date.now() - snapshot.checkedAt < CATALOGUE_CHECK_MS) return snapshot;
  let loading = slot.loading;
  if (!loading) {
    const s = slot;
    loading = s.loading = refresh(db, snapshot).then(
      (fresh) => {
        s.snapshot = fresh;
        s.loading = undefined;
        return fresh;
      },
      (err) => {
        s.loading = undefined;
        throw err;
      },
    );
  }
  if (snapshot) {
    loading.catch((err) => logger.warn({ err }, "catalogue reload failed; serving the previous snapshot"));
    return snapshot;
  }
  return loading;
}

/** Drops this node's snapshot and offers, e.g. after the catalogue changed here; the next read reloads them. */
export function forgetCatalogue(db: Database): void {
  // Inside an operator call's transaction: once it commits (platform/db/request-tx.ts).
  afterCommit(db, (root) => {
    snapshots.delete(root);
    offers.delete(root);
  });
}

/**
 * What a merchant offers (enabled merchant_vendors rows with their vendor, in the merchant's
 * order, and its game categories), kept for OFFER_CACHE_MS like the host → merchant answer: every catalogue read needs it,
 * and an operator's change of a brand's vendors shows on every node within that time.
 */
export const OFFER_CACHE_MS = 5000;
export interface MerchantOffer {
  codes: Set<string>;
  vendors: Array<{ vendor: VendorRow; sort: number }>;
  /** The merchant's enabled game categories (the white-label menu), in order. */
  categories: Array<typeof gameCategories.$inferSelect>;
}
const offers = new WeakMap<Database, Map<string, { at: number; offer: Promise<MerchantOffer> }>>();

export function merchantOffer(db: Database, merchantCode: string): Promise<MerchantOffer> {
  let cache = offers.get(db);
  if (!cache) offers.set(db, (cache = new Map()));
  const hit = cache.get(merchantCode);
  if (hit && Date.now() - hit.at < OFFER_CACHE_MS) return hit.offer;
  const offer = Promise.all([
    db
      .select({ vendor: vendors, sort: merchantVendors.sort })
      .from(merchantVendors)
      .innerJoin(vendors, eq(vendors.code, merchantVendors.vendorCode))
      .where(and(eq(merchantVendors.merchantCode, merchantCode), eq(merchantVendors.enabled, true)))
      .orderBy(asc(merchantVendors.sort)),
    db
      .select()
      .from(gameCategories)
      .where(and(eq(gameCategories.merchantCode, merchantCode), eq(gameCategories.enabled, true)))
      .orderBy(asc(gameCategories.sort)),
  ]).then(([rows, categories]) => ({ codes: new Set(rows.map((r) => r.vendor.code)), vendors: rows, categories }));
  if (cache.size > 1000) cache.clear();
  const c = cache;
  c.set(merchantCode, { at: Date.now(), offer });
  offer.catch(() => c.delete(merchantCode));
  return offer;
}

/** Vendor codes a merchant offers. */
export async function offeredVendors(db: Database, merchantCode: string): Promise<Set<string>> {
  return (await merchantOffer(db, merchantCode)).codes;
}
