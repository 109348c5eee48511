import { createHash, timingSafeEqual } from "node:crypto";
import { randomToken } from "./random.server";
import { TOKEN_HEADER } from "~/lib/hydration";

/**
 * The hydration state out of the page (issue 15, ADR 032). Remix writes every loader's answer into
 * the page as `window.__remixContext = {…, state: {loaderData, actionData, errors}}`: a third of the
 * home page, which a phone with scripts off downloads and never uses. For a GET answered 200 the
 * page carries only `hydrate: {id, csrf}` instead, and the browser's scripts fetch the state:
 *
 * - first from `/hydration/<id>`, this store: the state as the page was rendered, kept a few
 *   minutes in memory (a visitor page's under its render-cache key, shared by every visitor of
 *   that page; any other page's under a random id);
 * - when this node does not have it (another node rendered the page, or it was dropped), from the
 *   page's own address with `X-Remix-Hydration: 1`: the loaders run again and the document
 *   handler answers their state as JSON instead of rendering (stateless, as a web node must be);
 * - when neither answers, the page stays as the server sent it, which works in full without
 *   scripts.
 *
 * The CSRF token is the one per-visitor value in a visitor page's state: it is taken out of the
 * stored state and travels in the page (where the render cache fills each visitor's own). Any other
 * page's state (a member's) is given only to a request that shows that page's token in
 * `X-Hydration-Token`: the id alone, which request logs print with the path, opens nothing.
 */

export { STATE_HEADER, TOKEN_HEADER } from "~/lib/hydration";

export interface Handoff {
  /** What stays in the page: basename, future flags, SPA mode. */
  rest: Record<string, unknown>;
  /** loaderData, actionData and errors, as Remix serialised them. */
  state: { loaderData?: Record<string, unknown>; actionData?: unknown; errors?: unknown } | null;
}

/** Remix's handoff string (JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped) split in two. */
export function splitHandoff(serverHandoffString: string): Handoff {
  const parsed = (JSON.parse(serverHandoffString) ?? {}) as Record<string, unknown> & { state?: Handoff["state"] };
  const { state = null, ...rest } = parsed;
  return { rest, state };
}

/** The state as JSON, with every copy of the CSRF token taken out (the page carries it). */
export function stateJson(state: Handoff["state"], csrf: string | null): string {
  const json = JSON.stringify(state);
  return csrf ? json.split(csrf).join("") : json;
}

const ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * The handoff string for a page whose state is fetched: Remix puts it in a script as
 * `window.__remixContext = <this>;`, so it is escaped as Remix escapes its own. After the object,
 * one statement starts the state's request at once, while the module scripts load (`p` resolves to
 * the answer, or null when the network fails); a browser that runs no scripts never asks for it.
 */
export function handoffWithout(rest: Record<string, unknown>, hydrate: { id: string; csrf: string | null }): string {
  const escape = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!);
  const url = JSON.stringify(`/hydration/${encodeURIComponent(hydrate.id)}`);
  const init = escape(JSON.stringify({ credentials: "same-origin", headers: hydrate.csrf ? { [TOKEN_HEADER]: hydrate.csrf } : {} }));
  return `${escape(JSON.stringify({ ...rest, hydrate }))};window.__remixContext.hydrate.p=fetch(${url},${init}).catch(function(){return null})`;
}

const digest = (token: string) => createHash("sha256").update(token).digest();

interface Entry {
  json: string;
  bytes: number;
  expires: number;
  /** A visitor page's state, the same for everyone who has its id: cacheable by the browser. */
  shared: boolean;
  /** For any other page: a digest of its CSRF token, which the asking request must show. */
  owner: Buffer | null;
}

/** States kept for their pages' scripts: least recently used first out, bounded in bytes and age. */
export class HydrationStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(
    readonly maxBytes: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A fresh id for a page of one visitor or member: 144 random bits. */
  static randomId(): string {
    return randomToken(18, "base64url");
  }

  get size() {
    return this.entries.size;
  }
  get totalBytes() {
    return this.bytes;
  }

  /**
   * Keeps `json` under `id`: shared (a visitor page's), or given only to whoever shows `owner` (the
   * page's CSRF token). A state larger than the whole store is not kept.
   */
  set(id: string, json: string, { shared, owner = null }: { shared: boolean; owner?: string | null }): void {
    this.delete(id);
    const bytes = json.length * 2; // UTF-16 in memory
    if (this.maxBytes <= 0 || bytes > this.maxBytes) return;
    this.entries.set(id, { json, bytes, expires: this.now() + this.ttlMs, shared, owner: owner === null ? null : digest(owner) });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
  }

  /** Whether `id` is kept, renewing its age and its place when it is (a kept page served again). */
  touch(id: string): boolean {
    const entry = this.live(id);
    if (!entry) return false;
    this.entries.delete(id);
    this.entries.set(id, { ...entry, expires: this.now() + this.ttlMs });
    return true;
  }

  /** The state kept under `id`, when it is shared or `token` is its page's token; else null. */
  get(id: string, token: string | null = null): { json: string; shared: boolean } | null {
    const entry = this.live(id);
    if (!entry) return null;
    if (entry.owner && (token === null || !timingSafeEqual(entry.owner, digest(token)))) return null;
    return { json: entry.json, shared: entry.shared };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private live(id: string): Entry | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.delete(id);
      return null;
    }
    return entry;
  }

  private delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}

/** The process's store: 32 MiB of states (a home page's is about 20 KB), ten minutes each. */
export const hydrationStore = new HydrationStore(32 * 1024 * 1024, 10 * 60_000);
