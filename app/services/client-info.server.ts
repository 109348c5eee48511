import { env } from "./env.server";
import { SOCKET_IP_HEADER } from "./observability.server";

/**
 * The visitor's address. Behind TRUST_PROXY proxies the address is the one the furthest trusted
 * proxy saw (counted from the right of X-Forwarded-For, so a client cannot forge it); with no
 * trusted proxy it is the socket's.
 */
export function getClientIp(request: Request): string | null {
  if (env.TRUST_PROXY > 0) {
    const chain = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length) return chain[Math.max(0, chain.length - env.TRUST_PROXY)] ?? null;
  }
  return request.headers.get(SOCKET_IP_HEADER) || null;
}

/** The visitor's country as a trusted proxy or CDN reported it (ISO alpha-2), if configured. */
export function getClientCountry(request: Request): string | null {
  if (!env.COUNTRY_HEADER || env.TRUST_PROXY === 0) return null;
  const value = request.headers.get(env.COUNTRY_HEADER)?.trim().toUpperCase();
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

export function getSiteHost(request: Request): string {
  return new URL(request.url).host;
}
