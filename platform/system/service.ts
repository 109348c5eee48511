import { randomBytes } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { merchantVendors, vendors } from "../games/schema.js";
import { forgetCatalogue } from "../games/catalogue.js";
import type { Database } from "../db/client.js";
import { afterCommit } from "../db/request-tx.js";
import { isTransaction } from "../db/batches.js";
import type { Executor } from "../ledger/service.js";
import { KeptReads } from "../db/kept-reads.js";
import { DomainError } from "../http/envelope.js";
import { ipInRanges, isValidRange, normalIp } from "./ip.js";
import {
  customerService,
  featureModules,
  merchantDomains,
  merchants,
  resources,
  siteStatus,
  type LocalizedText,
} from "./schema.js";

/** Spec §4: 0 normal, 1 maintenance, 2 region-restricted. */
export const SystemStatus = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export type SystemStatusCode = (typeof SystemStatus)[keyof typeof SystemStatus];

export interface Visitor {
  host: string | null;
  ip: string | null;
  country: string | null;
  /** The browser's User-Agent as the web saw it (X-Client-User-Agent), for the list of sessions. */
  userAgent?: string | null;
}

/** The text written for exactly this language (tags compared case-insensitively), or its base language. */
export function inLanguage(text: LocalizedText | null | undefined, language: string): string | undefined {
  if (!text || !language) return undefined;
  const lower = language.toLowerCase();
  const keys = Object.keys(text);
  const exact = keys.find((k) => k.toLowerCase() === lower);
  if (exact) return text[exact];
  const base = lower.split("-")[0];
  const baseKey = keys.find((k) => k.toLowerCase() === base);
  return baseKey ? text[baseKey] : undefined;
}

/** Text in the asked language, else the merchant's default, else English, else any. */
export function localize(text: LocalizedText | null | undefined, language: string, fallback: string): string {
  if (!text) return "";
  return inLanguage(text, language) ?? inLanguage(text, fallback) ?? text.en ?? Object.values(text)[0] ?? "";
}

export function normalizeHost(host: string | null | undefined): string | null {
  if (!host) return null;
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1) || null;
  return h.replace(/:\d+$/, "") || null;
}

/**
 * The brand configuration: which merchant serves a host, and that merchant's row (settings: image
 * and launch hosts, time zone, ...), resources, customer-service entries, enabled modules and
 * domains. Every page needs it (the permission call, and the merchant behind every catalogue
 * call) and an operator changes it rarely, so each node keeps it for BRAND_CACHE_MS: host →
 * merchant code by host, the configuration by merchant code. A change made through this
 * process's operator API forgets it at once (forgetBrand); another node sees it within
 * BRAND_CACHE_MS. Site status (maintenance, region) is never kept for a time: a switch shows on the
 * next request of every node. Only where this process makes every write (PGlite) is it kept until
 * the next write (statusReads, ADR 026).
 */
export const BRAND_CACHE_MS = 5000;
const BRAND_CACHE_MAX = 1000;

export type MerchantRow = typeof merchants.$inferSelect;
export interface BrandConfig {
  merchant: MerchantRow;
  resources: Array<typeof resources.$inferSelect>;
  customerService: Array<typeof customerService.$inferSelect>;
  /** Enabled feature module ids, in order. */
  modules: string[];
  domains: string[];
  /**
   * Names this loaded copy of the configuration: a new value at every load, so after an operator
   * change (forgetBrand) and at least every BRAND_CACHE_MS. The permission answer carries it as
   * `brandVersion`, and the web keeps what it derives per brand (the shell) only while it is the
   * same: the operator's changes forget the web's copy through this one path.
   */
  version: string;
}

/** Unique per process, so two platform nodes never hand out the same version. */
const BOOT_ID = randomBytes(6).toString("base64url");
let brandLoads = 0;

type Kept<T> = Map<string, { at: number; value: Promise<T> }>;
interface BrandCache {
  /** `host|defaultMerchant` → merchant code. */
  hosts: Kept<string>;
  /** merchant code → configuration. */
  brands: Kept<BrandConfig>;
  /** `merchant code|name` → another read of the brand's own settings (keptForBrand). */
  reads: Kept<unknown>;
}
const brandCaches = new WeakMap<Database, BrandCache>();

function brandCache(db: Database): BrandCache {
  let cache = brandCaches.get(db);
  if (!cache) brandCaches.set(db, (cache = { hosts: new Map(), brands: new Map(), reads: new Map() }));
  return cache;
}

/**
 * A cached promise, kept from the moment the read starts (concurrent requests share one read)
 * and dropped if it fails.
 */
function cached<T>(map: Kept<T>, key: string, load: () => Promise<T>): Promise<T> {
  const hit = map.get(key);
  if (hit && Date.now() - hit.at < BRAND_CACHE_MS) return hit.value;
  const value = load();
  if (map.size >= BRAND_CACHE_MAX) map.clear(); // hosts come from requests: keep a bounded few
  const entry = { at: Date.now(), value };
  map.set(key, entry);
  value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  return value;
}

/**
 * Forgets this node's brand configuration after an operator change: of one merchant (settings,
 * resources), or of all (domains moved, a brand added). Host answers are always dropped, since a
 * domain may now point elsewhere. Call it after the change is committed, so no request caches the
 * old answer in between.
 */
export function forgetBrand(db: Database, merchantCode?: string) {
  // Inside an operator call's transaction: once it commits (platform/db/request-tx.ts).
  afterCommit(db, (root) => {
    const cache = brandCaches.get(root);
    if (!cache) return;
    cache.hosts.clear();
    if (merchantCode === undefined) {
      cache.brands.clear();
      cache.reads.clear();
      return;
    }
    cache.brands.delete(merchantCode);
    for (const key of cache.reads.keys()) if (key.startsWith(`${merchantCode}|`)) cache.reads.delete(key);
  });
}

/**
 * Another read of what only an operator changes for a brand (its promotions, say), kept like the
 * brand configuration: for BRAND_CACHE_MS, shared by concurrent requests, and forgotten at once by
 * that brand's operator changes (forgetBrand). Only for reads that nothing but the operator API
 * writes, and never for a member's own rows.
 */
export function keptForBrand<T>(db: Executor, merchantCode: string, name: string, load: () => Promise<T>): Promise<T> {
  // In a transaction the read is the transaction's own (it may see its uncommitted writes): never kept.
  if (isTransaction(db)) return load();
  return cached(brandCache(db as Database).reads as Kept<T>, `${merchantCode}|${name}`, load);
}

/**
 * A merchant's row as its kept brand configuration has it (the one the page's permission call
 * has just read, as a rule): for reads that show the brand's settings, such as a member's
 * balance in the merchant's currency. A transaction that moves money reads the row itself.
 */
export async function keptMerchant(db: Database, code: string): Promise<MerchantRow> {
  if (isTransaction(db)) {
    const [merchant] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
    if (!merchant) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
    return merchant;
  }
  return (await brandOf(db, code)).merchant;
}

/** A merchant's brand configuration by its code (see BRAND_CACHE_MS). */
function brandOf(db: Database, code: string): Promise<BrandConfig> {
  return cached(brandCache(db).brands, code, () => loadBrand(db, code));
}

/** The code of the merchant that serves a host; unknown hosts get the deployment's default merchant. */
function merchantCodeFor(db: Database, host: string | null, defaultMerchant: string): Promise<string> {
  const normalized = normalizeHost(host);
  return cached(brandCache(db).hosts, `${normalized ?? ""}|${defaultMerchant}`, () => lookupMerchantCode(db, normalized, defaultMerchant));
}

async function lookupMerchantCode(db: Database, host: string | null, defaultMerchant: string): Promise<string> {
  if (host) {
    const [hit] = await db.select({ code: merchantDomains.merchantCode }).from(merchantDomains).where(eq(merchantDomains.domain, host)).limit(1);
    if (hit) return hit.code;
  }
  const [fallback] = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, defaultMerchant)).limit(1);
  if (fallback) return fallback.code;
  const [first] = await db.select({ code: merchants.code }).from(merchants).orderBy(asc(merchants.createdAt)).limit(1);
  if (!first) throw new DomainError("MERCHANT_NOT_CONFIGURED", "No merchant is configured", 503);
  return first.code;
}

/** One merchant's brand configuration, read in parallel. */
async function loadBrand(db: Database, code: string): Promise<BrandConfig> {
  const [[merchant], resourceRows, csRows, moduleRows, domainRows] = await Promise.all([
    db.select().from(merchants).where(eq(merchants.code, code)).limit(1),
    db.select().from(resources).where(eq(resources.merchantCode, code)).orderBy(asc(resources.sort)),
    db.select().from(customerService).where(eq(customerService.merchantCode, code)).orderBy(asc(customerService.sort)),
    db.select().from(featureModules).where(eq(featureModules.merchantCode, code)).orderBy(asc(featureModules.sort)),
    db.select({ domain: merchantDomains.domain }).from(merchantDomains).where(eq(merchantDomains.merchantCode, code)),
  ]);
  if (!merchant) throw new DomainError("MERCHANT_NOT_CONFIGURED", "No merchant is configured", 503);
  return {
    merchant,
    resources: resourceRows,
    customerService: csRows,
    modules: moduleRows.filter((m) => m.enabled).map((m) => m.moduleId),
    domains: domainRows.map((d) => d.domain),
    version: `${BOOT_ID}.${++brandLoads}`,
  };
}

/** The brand configuration for a host (see BRAND_CACHE_MS). */
export async function brandFor(db: Database, host: string | null, defaultMerchant: string): Promise<BrandConfig> {
  return brandOf(db, await merchantCodeFor(db, host, defaultMerchant));
}

/** The merchant that serves a host; unknown hosts get the deployment's default merchant. */
export async function resolveMerchant(db: Database, host: string | null, defaultMerchant: string): Promise<MerchantRow> {
  return (await brandFor(db, host, defaultMerchant)).merchant;
}

export function computeStatus(
  status: { maintenance: boolean; blockedCountries: string[]; blockedIpRanges: string[] } | undefined,
  visitor: Pick<Visitor, "ip" | "country">,
): { status: SystemStatusCode; maintenance: boolean; regionRestriction: boolean } {
  const maintenance = status?.maintenance ?? false;
  const country = visitor.country?.trim().toUpperCase() ?? null;
  const regionRestriction =
    !!status &&
    ((country !== null && status.blockedCountries.includes(country)) || ipInRanges(visitor.ip, status.blockedIpRanges));
  // Maintenance takes precedence over region restriction.
  const code = maintenance
    ? SystemStatus.MAINTENANCE
    : regionRestriction
      ? SystemStatus.REGION_RESTRICTED
      : SystemStatus.NORMAL;
  return { status: code, maintenance, regionRestriction };
}

/** Each merchant's site status row, kept between writes on a sole-writer database (kept-reads.ts). */
const statusReads = new KeptReads<typeof siteStatus.$inferSelect | undefined>(BRAND_CACHE_MAX);
const readSiteStatus = (db: Database, merchantCode: string) =>
  statusReads.read(db, merchantCode, async () => (await db.select().from(siteStatus).where(eq(siteStatus.merchantCode, merchantCode)).limit(1))[0]);
/** Every write of `site_status` calls this (the seed and the operator API). */
export const forgetSiteStatus = (db: Database, merchantCode?: string) => statusReads.forget(db, merchantCode);

/** The permission call: who serves this host, and may this visitor use it right now. */
export async function getPermission(db: Database, visitor: Visitor, language: string, defaultMerchant: string) {
  const brand = await brandFor(db, visitor.host, defaultMerchant);
  const { merchant } = brand;
  // Never kept for a time (see BRAND_CACHE_MS): the operator's maintenance switch shows on the next request.
  const status = await readSiteStatus(db, merchant.code);
  const computed = computeStatus(status, visitor);
  const lang = language || merchant.defaultLanguage;
  const ip = normalIp(visitor.ip);
  return {
    info: {
      status: computed.status,
      maintenance: computed.maintenance,
      regionRestriction: computed.regionRestriction,
      maintenanceTitle: computed.maintenance ? localize(status?.maintenanceTitle, lang, merchant.defaultLanguage) : "",
      maintenanceInfo: computed.maintenance ? localize(status?.maintenanceInfo, lang, merchant.defaultLanguage) : "",
      merchantCode: merchant.code,
      merchantName: merchant.name,
      currency: merchant.currency,
      isSingle: merchant.isSingleWallet,
      defaultLanguage: merchant.defaultLanguage,
      lotteryType: merchant.lotteryType,
      mainDomain: merchant.settings.mainDomain ?? brand.domains[0] ?? "",
      domainRoute: brand.domains,
      analytics: { gtagId: merchant.settings.gtagId ?? null },
      imageCDNs: merchant.settings.imageCDNs ?? [],
      timeZone: merchant.settings.timeZone ?? "UTC",
      appDownloadUrl: merchant.settings.appDownloadUrl ?? "/down",
      launchGameCDNs: merchant.settings.launchGameCDNs ?? [],
      whitelabelVal: merchant.code,
      register: brand.modules,
      resources: brand.resources.map((r) => ({
        resourceType: r.resourceType,
        labelNameEn: r.labelNameEn,
        name: r.name,
        url: r.url,
        openInNewTab: r.openInNewTab,
      })),
      customerService: brand.customerService.map((c) => ({ csType: c.csType, title: c.title, url: c.url })),
      brandVersion: brand.version,
    },
    location: { ip, country: visitor.country?.trim().toUpperCase() || null },
  };
}

export interface StatusUpdate {
  maintenance?: { enabled: boolean; title?: LocalizedText; info?: LocalizedText };
  region?: { blockedCountries: string[]; blockedIpRanges: string[] };
}

export async function getSiteStatus(db: Database, merchantCode: string) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  if (!merchant) throw new DomainError("MERCHANT_NOT_FOUND", `Merchant ${merchantCode} does not exist`, 404);
  const [row] = await db.select().from(siteStatus).where(eq(siteStatus.merchantCode, merchantCode)).limit(1);
  return {
    merchantCode,
    maintenance: {
      enabled: row?.maintenance ?? false,
      title: row?.maintenanceTitle ?? {},
      info: row?.maintenanceInfo ?? {},
    },
    region: {
      blockedCountries: row?.blockedCountries ?? [],
      blockedIpRanges: row?.blockedIpRanges ?? [],
    },
    updatedAt: row?.updatedAt?.toISOString() ?? null,
  };
}

export async function updateSiteStatus(db: Database, merchantCode: string, update: StatusUpdate) {
  if (update.region) {
    const bad = update.region.blockedIpRanges.filter((r) => !isValidRange(r));
    if (bad.length) throw new DomainError("INVALID_IP_RANGE", `Not an IP address or CIDR range: ${bad.join(", ")}`, 400);
  }
  await getSiteStatus(db, merchantCode); // 404 for an unknown merchant
  // Only the columns this call changes: a maintenance switch and a region edit made at the
  // same moment must not undo each other.
  const changes: Partial<typeof siteStatus.$inferInsert> = { updatedAt: new Date() };
  if (update.maintenance) {
    changes.maintenance = update.maintenance.enabled;
    if (update.maintenance.title) changes.maintenanceTitle = update.maintenance.title;
    if (update.maintenance.info) changes.maintenanceInfo = update.maintenance.info;
  }
  if (update.region) {
    changes.blockedCountries = update.region.blockedCountries.map((c) => c.toUpperCase());
    changes.blockedIpRanges = update.region.blockedIpRanges.map((r) => r.trim());
  }
  await db
    .insert(siteStatus)
    .values({ merchantCode, ...changes })
    .onConflictDoUpdate({ target: siteStatus.merchantCode, set: changes });
  forgetSiteStatus(db, merchantCode);
  return getSiteStatus(db, merchantCode);
}

export interface MerchantInput {
  name: string;
  currency: string;
  domains: string[];
  defaultLanguage?: string;
  isSingleWallet?: boolean;
  /** Replaces the brand's customer-service and contact entries when given. */
  customerService?: Array<{ csType: string; title: string; url: string }>;
  /** Replaces the vendors the brand offers (vendor codes, in order) when given. */
  vendors?: string[];
}

/** Creates or updates a merchant (a brand) and the hosts it answers on. */
export async function upsertMerchant(db: Database, code: string, input: MerchantInput) {
  const domains = [...new Set(input.domains.map((d) => normalizeHost(d)).filter((d): d is string => !!d))];
  const result = await db.transaction(async (tx) => {
    const values = {
      code,
      name: input.name,
      currency: input.currency.toUpperCase(),
      defaultLanguage: input.defaultLanguage ?? "es",
      isSingleWallet: input.isSingleWallet ?? true,
    };
    await tx.insert(merchants).values(values).onConflictDoUpdate({ target: merchants.code, set: values });
    for (const domain of domains) {
      const [taken] = await tx.select().from(merchantDomains).where(eq(merchantDomains.domain, domain)).limit(1);
      if (taken && taken.merchantCode !== code) {
        throw new DomainError("DOMAIN_TAKEN", `Domain ${domain} already belongs to ${taken.merchantCode}`, 409);
      }
    }
    await tx.delete(merchantDomains).where(eq(merchantDomains.merchantCode, code));
    if (domains.length) await tx.insert(merchantDomains).values(domains.map((domain) => ({ domain, merchantCode: code })));
    await tx.insert(siteStatus).values({ merchantCode: code }).onConflictDoNothing();
    if (input.customerService) {
      await tx.delete(customerService).where(eq(customerService.merchantCode, code));
      if (input.customerService.length) {
        await tx
          .insert(customerService)
          .values(input.customerService.map((c, sort) => ({ ...c, merchantCode: code, sort })));
      }
    }
    if (input.vendors) {
      const codes = [...new Set(input.vendors)];
      const known = codes.length ? await tx.select({ code: vendors.code }).from(vendors).where(inArray(vendors.code, codes)) : [];
      const missing = codes.filter((c) => !known.some((k) => k.code === c));
      if (missing.length) throw new DomainError("VENDOR_NOT_FOUND", `Unknown vendors: ${missing.join(", ")}`, 400);
      await tx.delete(merchantVendors).where(eq(merchantVendors.merchantCode, code));
      if (codes.length) await tx.insert(merchantVendors).values(codes.map((vendorCode, sort) => ({ merchantCode: code, vendorCode, sort })));
    }
    return { ...values, domains, ...(input.vendors ? { vendors: input.vendors } : {}) };
  });
  // After commit, so no request caches the old answer in between.
  forgetBrand(db);
  forgetCatalogue(db);
  forgetSiteStatus(db, code);
  return result;
}
