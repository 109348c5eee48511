import { captchaNeeded } from "./captcha.server";
import { COOKIES, type CookieName } from "./cookies.server";
import { STATE_HEADER } from "./hydration.server";
import { getLocale } from "./i18n.server";
import { getClosedAnnouncements, getTheme } from "./preferences.server";
import { getSiteStatus } from "./system.server";

/**
 * Which kept page a visitor's request gets, known before any loader runs (ADR 035, issue 15).
 *
 * The render cache (render-cache.server.ts) keys a page by its loader data, so the loaders run on
 * every request: with the render skipped they are most of what a visitor's home page costs. For
 * the pages listed in `MEMO_PATHS`, what the loaders return to a visitor depends on nothing but:
 *
 * - the URL (host, path, query) and the forwarded host and protocol;
 * - the visitor's own cookies that a loader reads (`KEYED_COOKIES`: language, theme, closed popups),
 *   as the loaders read them;
 * - the site's status for this visitor and the brand's configuration: the permission answer
 *   (maintenance and region are read per visitor; `brandVersion` names the configuration, as for
 *   the shell cache), read here on every request as the loaders would;
 * - whether a login from this address needs a captcha (read here on every request, too);
 * - the time, to the second (the home clock; the shell cache's own entries last seconds);
 * - the CSRF token, which the kept page takes per request anyway.
 *
 * So a request whose inputs match a request of the same second that ran the loaders gets that
 * request's kept page, and its loaders are not run. The memo maps those inputs to the render cache
 * key; everything else (the token, nonce and request id put into the page, its compressed copy,
 * the hydration state) is the render cache's. A memo of one second is forgotten when the second
 * turns; nothing in it is ever older than a second, and a switch an operator makes (maintenance,
 * a banner: a new brand version) is in the next request's key.
 *
 * Never used: with any cookie of ours outside `KEYED_COOKIES` and the token (a session, a flash
 * message, a login in progress: such a request runs the loaders), for a method other than GET, a
 * `_data` or `refresh` query, a page's scripts asking for its state, or a page not in `MEMO_PATHS`.
 */

/**
 * Pages whose visitor loaders read only the inputs above (the root's, `_home`'s and the home
 * index's: the shell, the status gate, the captcha flag, the brand's cached blocks and the clock).
 * A page is added here only after its loaders are read for other inputs.
 */
export const MEMO_PATHS: ReadonlySet<string> = new Set(["/"]);

/** Cookies of ours that visitors' loaders read: their values, as the loaders read them, are in the key. */
const KEYED_COOKIES: ReadonlySet<CookieName> = new Set(["lang", "theme", "ann_closed"]);
/** The token is each request's own: the render cache puts it into the page. */
const TOKEN_COOKIE: CookieName = "csrf";
/** Query parameters that ask for something to be read again: such a request runs its loaders. */
const FRESH_PARAMS = ["_data", "refresh"];

const OURS = new Set<string>(Object.keys(COOKIES));

/**
 * Whether the only cookies of ours in a Cookie header are the keyed ones and the token. Names are
 * trimmed of more than the cookie parser trims, so a session cookie cannot pass for another's.
 */
export function onlyKeyedCookies(header: string | null): boolean {
  if (!header) return true;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    const raw = (eq < 0 ? part : part.slice(0, eq)).trim();
    const name = raw.startsWith("__Host-") ? raw.slice(7) : raw;
    if (OURS.has(name) && name !== TOKEN_COOKIE && !KEYED_COOKIES.has(name as CookieName)) return false;
  }
  return true;
}

/** The part of the key read from the URL and headers, or null when the request may not use the memo. */
export function requestPart(request: Request): string | null {
  // A page's scripts asking for its state are answered the state, not the page (hydration.server.ts).
  if (request.method !== "GET" || request.headers.has(STATE_HEADER)) return null;
  const url = new URL(request.url);
  if (!MEMO_PATHS.has(url.pathname)) return null;
  if (FRESH_PARAMS.some((p) => url.searchParams.has(p))) return null;
  if (!onlyKeyedCookies(request.headers.get("cookie"))) return null;
  // Header values cannot hold a line break: each field is unambiguous.
  return `${url.href}\n${request.headers.get("x-forwarded-host") ?? ""}\n${request.headers.get("x-forwarded-proto") ?? ""}`;
}

/**
 * The whole key of a request: its own part, what the loaders read of its cookies (parsed as they
 * parse them: the text as sent could differ for one value, or be the same for two), the platform's
 * answers for it, the second. Null when the site is not open to this visitor (maintenance, region:
 * the loaders throw the page for it) or the brand names no version. The answers are the loaders'
 * own (read once per request); the captcha is asked only of an open site, as the root loader does.
 */
export async function memoKey(request: Request, part: string, second: number): Promise<string | null> {
  const [locale, theme, closed] = await Promise.all([getLocale(request), getTheme(request), getClosedAnnouncements(request)]);
  const { status, brandVersion } = await getSiteStatus(request, locale);
  if (status !== 0 || !brandVersion) return null;
  const captcha = await captchaNeeded(request);
  return `${second}\n${part}\n${locale}\n${theme}\n${closed.visitor.join(",")}\n${brandVersion}\n${captcha ? 1 : 0}`;
}

/** What a kept entry holds: the page's render cache key and its headers, but the request's own. */
export interface MemoEntry {
  renderKey: string;
  /** The route that served it, for the metrics label. */
  routeId: string;
  /** The document's headers, but its policy, Vary, cookies and those of its body (length, encoding). */
  headers: Array<[string, string]>;
  /** The Content-Security-Policy header (or its report-only twin) around its nonce. */
  policy: { name: string; before: string; after: string };
  vary: string | null;
}

/** The memo of the current second: forgotten whole when the second turns. */
export class VisitorMemo {
  private second = -1;
  private readonly entries = new Map<string, MemoEntry>();
  constructor(private readonly max: number) {}

  private at(second: number) {
    if (second !== this.second) {
      this.entries.clear();
      this.second = second;
    }
  }

  get(key: string, second: number): MemoEntry | null {
    // A request whose second has passed (its platform calls ran past the turn) finds nothing and
    // leaves the current second's entries alone.
    if (second < this.second) return null;
    this.at(second);
    return this.entries.get(key) ?? null;
  }

  /** Keeps `entry` for the rest of `second`; nothing when that second has passed. */
  set(key: string, second: number, entry: MemoEntry): void {
    if (this.max <= 0 || second < this.second) return;
    this.at(second);
    if (this.entries.size >= this.max) return;
    this.entries.set(key, entry);
  }

  get size() {
    return this.entries.size;
  }
}

/** The second a time (ms) falls in. */
export const secondOf = (ms: number) => Math.floor(ms / 1000);
