import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { merchantDomains, merchants } from "../system/schema.js";
import { normalizeHost } from "../system/service.js";

const LOCAL = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origin of links the platform mails (password reset), from the operator's configured
 * domains only (issue 14: a request's Host header never chooses where a reset link points).
 * The origin the web saw is kept only when its host is one of the merchant's domains; otherwise
 * the link uses the merchant's main domain (settings.mainDomain) or its first domain, https.
 */
export async function linkOrigin(db: Database, merchantCode: string, seen: string | null): Promise<string> {
  const [[merchant], rows] = await Promise.all([
    db.select({ settings: merchants.settings }).from(merchants).where(eq(merchants.code, merchantCode)).limit(1),
    db.select({ domain: merchantDomains.domain }).from(merchantDomains).where(eq(merchantDomains.merchantCode, merchantCode)),
  ]);
  const domains = rows.map((r) => r.domain.toLowerCase());
  const main = merchant?.settings.mainDomain?.trim().toLowerCase();
  if (main) domains.unshift(normalizeHost(main.replace(/^https?:\/\//, "").split("/")[0]) ?? main);
  if (seen) {
    try {
      const url = new URL(seen);
      const host = normalizeHost(url.host);
      const secureOrLocal = url.protocol === "https:" || (url.protocol === "http:" && host !== null && LOCAL.has(host));
      if (host && secureOrLocal && domains.includes(host)) return url.origin;
    } catch {
      // Not a URL: fall through to the configured domain.
    }
  }
  const chosen = domains.find((d) => !LOCAL.has(d)) ?? domains[0] ?? "localhost";
  return LOCAL.has(chosen) ? `http://${chosen}` : `https://${chosen}`;
}
