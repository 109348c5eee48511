import { randomToken } from "./random.server";
import { env } from "./env.server";

/**
 * Security headers of every HTML response (issue 14): a nonce-based Content-Security-Policy,
 * HSTS over HTTPS, Permissions-Policy and Cross-Origin-Opener-Policy. One helper, a few lines
 * in entry.server.tsx and root.tsx, so a new web server only needs to call it.
 */

/** A fresh nonce for one document: every script the page runs must carry it. */
export function makeNonce(): string {
  return randomToken(18, "base64");
}

/** Where violations are reported (app/routes/csp-report.ts logs them). */
export const CSP_REPORT_PATH = "/csp-report";

/** Hosts the operator configured that the page may load from or frame (the shell's permission answer). */
export interface CspSources {
  /** Image hosts (imageCDNs): img-src. */
  img?: string[];
  /** Game launch hosts and the customer-service window: frame-src. */
  frame?: string[];
}

/** `https://host[:port]` sources from URLs or bare hosts; anything that is not one is dropped. */
export function toSources(values: readonly string[] | undefined): string[] {
  const out = new Set<string>();
  for (const raw of values ?? []) {
    const v = raw.trim();
    if (!v) continue;
    try {
      const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`);
      const host = url.hostname;
      const real = host === "localhost" || (host.includes(".") && !host.startsWith(".") && !host.endsWith("."));
      if (real && (url.protocol === "https:" || url.protocol === "http:")) out.add(`${url.protocol}//${url.host}`);
    } catch {
      // Not a host: never widen the policy with it.
    }
  }
  return [...out];
}

const list = (v: string | undefined) => (v ?? "").split(",").map((s) => s.trim()).filter(Boolean);

/**
 * The policy around its nonce, kept per sources object: a kept visitor page (ADR 035) answers
 * with the same sources every time, and building the lists (URL parsing) was 3% of its answer.
 */
const policies = new WeakMap<CspSources, { settings: string; parts: [string, string] }>();
const NONCE_MARK = "\u0000nonce\u0000";
let noSources: { settings: string; parts: [string, string] } | undefined;

export function contentSecurityPolicy(nonce: string, sources?: CspSources): string {
  // The deployment's own hosts are part of the policy: a change of them (tests) makes it anew.
  const settings = `${env.CSP_FRAME_HOSTS}|${env.CSP_IMG_HOSTS}|${env.PAYMENT_GATEWAY_HOSTS}|${env.CSP_FRAME_ANCESTORS}`;
  let kept = sources ? policies.get(sources) : noSources;
  if (kept?.settings !== settings) {
    const [before = "", after = ""] = buildPolicy(NONCE_MARK, sources ?? {}).split(NONCE_MARK);
    kept = { settings, parts: [before, after] };
    if (sources) policies.set(sources, kept);
    else noSources = kept;
  }
  return kept.parts[0] + nonce + kept.parts[1];
}

function buildPolicy(nonce: string, sources: CspSources): string {
  const frames = toSources([...(sources.frame ?? []), ...list(env.CSP_FRAME_HOSTS)]);
  const images = toSources([...(sources.img ?? []), ...list(env.CSP_IMG_HOSTS)]);
  const forms = toSources(list(env.PAYMENT_GATEWAY_HOSTS));
  const ancestors = toSources(list(env.CSP_FRAME_ANCESTORS));
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "object-src 'none'",
    "base-uri 'none'",
    // Inline style attributes are used by components; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...images].join(" "),
    "font-src 'self' data:",
    "connect-src 'self'",
    ["frame-src 'self'", ...frames].join(" "),
    ["frame-ancestors 'self'", ...ancestors].join(" "),
    ["form-action 'self'", ...forms].join(" "),
    `report-uri ${CSP_REPORT_PATH}`,
  ].join("; ");
}

/** True when the visitor reached us over HTTPS (directly, or through a trusted proxy that says so). */
export function servedOverHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  if (env.TRUST_PROXY > 0) {
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    return proto === "https";
  }
  return false;
}

/** Sets the headers on an HTML response. */
export function setSecurityHeaders(headers: Headers, request: Request, nonce: string, sources?: CspSources) {
  const name = env.CSP_REPORT_ONLY ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  headers.set(name, contentSecurityPolicy(nonce, sources));
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (servedOverHttps(request)) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** The operator's hosts from the root loader data, when the root loader ran. */
export function cspSourcesFrom(rootData: unknown): CspSources | undefined {
  const csp = (rootData as { shell?: { csp?: CspSources } } | undefined)?.shell?.csp;
  return csp && typeof csp === "object" ? csp : undefined;
}

/**
 * One Set-Cookie per cookie per response (issue 14): when loaders and boundaries hand the same
 * cookie up more than once, the last word for each name is kept.
 */
export function dedupeCookies(headers: Headers) {
  const withList = headers as Headers & { getSetCookie?: () => string[] };
  const all = withList.getSetCookie?.() ?? splitSetCookie(headers.get("set-cookie"));
  if (all.length < 2) return;
  const byName = new Map<string, string>();
  for (const c of all) byName.set(c.split("=")[0]!.trim(), c);
  if (byName.size === all.length) return;
  headers.delete("Set-Cookie");
  for (const c of byName.values()) headers.append("Set-Cookie", c);
}

/** Splits a joined Set-Cookie value at the commas that start a new cookie (not those in Expires). */
export function splitSetCookie(joined: string | null): string[] {
  if (!joined) return [];
  return joined.split(/,\s*(?=[A-Za-z0-9!#$%&'*+.^_`|~-]+=)/).map((c) => c.trim()).filter(Boolean);
}
