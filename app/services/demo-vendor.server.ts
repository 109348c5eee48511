import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { vendorWalletKeys } from "#platform/wallet/schema.js";
import { createDemoVendorApp } from "../../demo-vendor/app";
import { DEMO_STUDIO_VENDORS, vendorSecret } from "../../demo-vendor/vendors";
import { createWalletClient } from "../../demo-vendor/wallet-client";
import { env } from "./env.server";
import { logger } from "./observability.server";
import { forwardToPlatform, getEmbeddedPlatform, platformFetch } from "./platform.server";

/**
 * The demo game studio embedded in the web process (ADR 013): served on the demo brand's launch
 * host `/play`, it calls the wallet through the web's own `/wallet/v1` pass-through (a loopback
 * Request to the same handler an outside vendor's HTTPS call reaches: same signed bytes, same
 * headers) and never touches the platform otherwise. `DEMO_VENDOR=off` switches it off (the
 * launch host then shows the neutral "demo provider game" box).
 */

type Studio = ReturnType<typeof createDemoVendorApp>;

const master = process.env.DEMO_VENDOR_SECRET || randomBytes(32).toString("hex");

/** Onboarding, done by the operator side of this process: the studio's keys in the wallet. */
async function registerKeys() {
  const rows = [...DEMO_STUDIO_VENDORS].map((vendorCode) => ({ vendorCode, secret: vendorSecret(master, vendorCode) }));
  if (!env.UPSTREAM_URL) {
    const platform = await getEmbeddedPlatform();
    await platform.handle.db
      .insert(vendorWalletKeys)
      .values(rows)
      .onConflictDoUpdate({ target: vendorWalletKeys.vendorCode, set: { secret: sql`excluded.secret`, updatedAt: sql`now()` } });
    return;
  }
  const key = process.env.OPERATOR_API_KEY;
  if (!key) throw new Error("DEMO_VENDOR needs OPERATOR_API_KEY to register its wallet keys with a separate platform");
  for (const r of rows) {
    const res = await platformFetch(`/operator/v1/vendors/${r.vendorCode}/wallet-key`, {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ secret: r.secret }),
    });
    if (!res.ok && res.status !== 404) throw new Error(`wallet key of ${r.vendorCode}: HTTP ${res.status}`);
  }
}

let studio: Studio | null = null;

function getStudio(): Studio {
  studio ??= createDemoVendorApp({
    vendors: DEMO_STUDIO_VENDORS,
    wallet: createWalletClient({
      baseUrl: "http://demo-studio.loopback/wallet/v1",
      secretFor: (vendor) => vendorSecret(master, vendor),
      fetch: (input, init) => forwardToPlatform(new Request(input, init)),
    }),
    ready: () =>
      registerKeys().catch((err) => {
        logger.error({ err }, "demo studio: wallet keys not registered");
        throw err;
      }),
  });
  return studio;
}

export function demoStudioEnabled(): boolean {
  return process.env.DEMO_VENDOR !== "off";
}

/** The studio's answer for a /play request, or null when it does not serve that vendor. */
export async function demoStudioFetch(request: Request): Promise<Response | null> {
  if (!demoStudioEnabled()) return null;
  const url = new URL(request.url);
  let vendor = url.searchParams.get("vendor") ?? "";
  if (request.method === "POST") {
    const form = await request.clone().formData().catch(() => null);
    vendor = String(form?.get("vendor") ?? vendor);
  }
  if (!DEMO_STUDIO_VENDORS.has(vendor)) return null;
  return getStudio().fetch(request);
}
