import { createHash } from "node:crypto";

/**
 * Rendered pages for visitors, kept so the same page is not rendered again (issue 15: React's
 * server render is about half of a visitor page's cost). A visitor's page is a pure function of
 * what its loaders returned, the URL, the language and the theme, plus three values that differ
 * on every request: the CSRF token, the CSP nonce and the request id. So:
 *
 * - the key is a hash of the URL, language, theme, status and the loader data with the CSRF token
 *   taken out: whenever anything on the page changes (a banner, the jackpot pool, the captcha an
 *   address must solve, a closed popup) the loader data changes, and so does the key; nothing
 *   needs forgetting and no entry can be stale;
 * - the stored markup has the three per-request values replaced by placeholders, which each hit
 *   fills with its own request's values (its own cookie's token, the nonce of its own CSP header).
 *
 * Never for a member (the root loader's `shell.user`), an action's answer, an error page, or a
 * status other than 200. Least recently used entries go first; `PAGE_CACHE_ENTRIES` bounds the
 * count (0 turns it off).
 */

/** Placeholders: characters that React escapes in text and attributes, so markup cannot contain them by chance. */
const SLOT = { csrf: "<<rc:csrf>>", nonce: "<<rc:nonce>>", requestId: "<<rc:rid>>" } as const;
export type PerRequest = { [K in keyof typeof SLOT]: string };

/** A value shorter than this could occur in the markup by chance: such a page is not kept. */
const MIN_VALUE_LENGTH = 16;

/** A kept page: the markup between the placeholders, and which value goes in each gap. */
interface Template {
  parts: string[];
  slots: Array<keyof PerRequest>;
}
const SLOT_PATTERN = new RegExp(Object.values(SLOT).join("|"), "g"); // no character in them is special
const SLOT_NAME = new Map<string, keyof PerRequest>(Object.entries(SLOT).map(([name, slot]) => [slot, name as keyof PerRequest]));

export class RenderCache {
  private readonly entries = new Map<string, Template>();
  constructor(readonly max: number) {}

  get size() {
    return this.entries.size;
  }

  /** The key of a page, or null when the page may not be kept. */
  key(input: { url: string; language: string; theme: string; status: number; loaderData: unknown; csrf: string }): string | null {
    if (this.max <= 0 || input.status !== 200 || input.csrf.length < MIN_VALUE_LENGTH) return null;
    const data = JSON.stringify(input.loaderData).split(input.csrf).join(SLOT.csrf);
    return createHash("sha256").update(`${input.url}\n${input.language}\n${input.theme}\n${input.status}\n`).update(data).digest("base64url");
  }

  /** The page for this request, with its own per-request values, or null. */
  get(key: string, values: PerRequest): string | null {
    const template = this.entries.get(key);
    if (template === undefined) return null;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, template);
    return fill(template, values);
  }

  /** Keeps the rendered page with its per-request values taken out. */
  set(key: string, html: string, values: PerRequest): void {
    if (this.max <= 0 || Object.values(values).some((v) => v.length < MIN_VALUE_LENGTH)) return;
    if (Object.values(SLOT).some((slot) => html.includes(slot))) return;
    let marked = html;
    for (const name of Object.keys(SLOT) as Array<keyof PerRequest>) marked = marked.split(values[name]).join(SLOT[name]);
    // Split once here, so a hit is a single join: no search through the page per request.
    const parts: string[] = [];
    const slots: Array<keyof PerRequest> = [];
    let last = 0;
    for (const m of marked.matchAll(SLOT_PATTERN)) {
      parts.push(marked.slice(last, m.index));
      slots.push(SLOT_NAME.get(m[0])!);
      last = m.index! + m[0].length;
    }
    parts.push(marked.slice(last));
    this.entries.delete(key);
    this.entries.set(key, { parts, slots });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  clear() {
    this.entries.clear();
  }
}

function fill({ parts, slots }: Template, values: PerRequest): string {
  let html = parts[0]!;
  for (let i = 0; i < slots.length; i++) html += values[slots[i]!] + parts[i + 1]!;
  return html;
}

/** The loader data of a page a visitor may share with other visitors, or null. */
export function visitorPage(context: { actionData?: unknown; errors?: unknown; loaderData?: Record<string, unknown> }) {
  if (context.actionData || context.errors) return null;
  const root = context.loaderData?.root as { csrfToken?: unknown; shell?: { user?: unknown } } | undefined;
  if (!root || typeof root.csrfToken !== "string" || !root.shell || root.shell.user) return null;
  return { csrf: root.csrfToken, loaderData: context.loaderData };
}
