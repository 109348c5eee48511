import { getRequestId } from "./observability.server";

/**
 * The shell (navigation, vendors, banners and notices, the fishing block, the jackpot pool) is the
 * same for every visitor of a brand in a language, so it is read from the platform once per
 * (merchant, language) and kept briefly. Freshness follows the brand configuration (platform/
 * system/service.ts, BRAND_CACHE_MS): an entry is only used while the permission answer, read on
 * every request, still carries the `brandVersion` it was made under. The platform gives a new
 * version whenever it reloads the configuration: at once after any operator change on that node
 * (forgetBrand), and at least every BRAND_CACHE_MS; so operator changes have one invalidation path,
 * and on several nodes the short window is the bound, as for the brand itself. SHELL_CACHE_MS
 * bounds an entry's age even if a platform kept its version longer.
 *
 * Only what does not depend on who asks goes here: never a member's data, never the site status.
 */
export const SHELL_CACHE_MS = 5000;
const SHELL_CACHE_MAX = 500;

interface Entry {
  version: string;
  at: number;
  value: Promise<unknown>;
}
const shared = new Map<string, Entry>();

export interface BrandKey {
  merchantCode: string;
  /** The permission answer's brandVersion; without one nothing is kept. */
  brandVersion?: string;
}

/** `load()` once per (merchant, language, what) while the brand version holds; a failed load is not kept. */
export function sharedPerBrand<T>(brand: BrandKey, language: string, what: string, load: () => Promise<T>): Promise<T> {
  const version = brand.brandVersion;
  if (!version) return load();
  const key = `${brand.merchantCode}\u0000${language}\u0000${what}`;
  const hit = shared.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < SHELL_CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  if (shared.size >= SHELL_CACHE_MAX && !hit) shared.clear(); // languages × brands × blocks: a bounded few
  const entry: Entry = { version, at: Date.now(), value };
  shared.set(key, entry);
  value.catch(() => {
    if (shared.get(key) === entry) shared.delete(key);
  });
  return value;
}

/**
 * Drops a request's shared reads once nothing more reads them: a page served from the visitor memo
 * runs no loader. Kept until their time is up instead, a second's requests under load were 10 s of
 * answers that the collector carried into the old generation (about a tenth of such a page's CPU).
 */
export function forgetRequest(request: Request): void {
  perRequest.delete(getRequestId(request));
}

/** Drops every kept shell (tests; a web node has no other reason to). */
export function clearSharedShell(): void {
  shared.clear();
}

/**
 * A read shared by the loaders of one GET request (on a URL with a query, root and page loaders
 * each get their own copy of the Request, so a WeakMap on it does not reach across them): keyed by the request id the
 * server gives every request (observability.server.ts: a random UUID, never the client's). Only for
 * GET and HEAD: in a POST the action runs first and may change what a loader then reads. Without
 * such an id (tests calling a loader directly with a fixed one) nothing is shared.
 */
const SERVER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const perRequest = new Map<string, { at: number; values: Map<string, Promise<unknown>> }>();
const PER_REQUEST_MS = 10_000;
const PER_REQUEST_MAX = 10_000;

export function oncePerRequest<T>(request: Request, what: string, load: () => Promise<T>): Promise<T> {
  const id = getRequestId(request);
  if (!SERVER_ID.test(id) || (request.method !== "GET" && request.method !== "HEAD")) return load();
  let entry = perRequest.get(id);
  if (!entry) {
    // Entries are in the order they were made: drop from the oldest while they are past their time
    // (a few at a time, not a walk over every request of the last seconds).
    const now = Date.now();
    for (const [k, v] of perRequest) {
      if (v.at >= now - PER_REQUEST_MS && perRequest.size < PER_REQUEST_MAX) break;
      perRequest.delete(k);
    }
    perRequest.set(id, (entry = { at: now, values: new Map() }));
  }
  let value = entry.values.get(what) as Promise<T> | undefined;
  if (!value) {
    value = load();
    entry.values.set(what, value);
  }
  return value;
}
