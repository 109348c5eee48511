import { createHmac } from "node:crypto";
import { BULK_RNG_VENDORS } from "../platform/games/demo-slots.js";

/**
 * The demo brand's third-party studios this reference server plays for: the 26 slot studios of
 * the 10,000-game library and the demo slot, fishing, live and card vendors. VIVO is left out on
 * purpose: tests sign wallet calls for it with a key of their own, as an outside vendor would.
 */
export const DEMO_STUDIO_VENDORS: ReadonlySet<string> = new Set([
  ...BULK_RNG_VENDORS.map((v) => v.code),
  "LUCKY",
  "GOLDS",
  "NEONP",
  "OCEAN",
  "REEFH",
  "AURL",
  "TABLEM",
]);

/** The wallet key of one vendor code, derived from the studio's master secret. */
export function vendorSecret(masterSecret: string, vendorCode: string): string {
  return createHmac("sha256", masterSecret).update(`wallet-key:${vendorCode}`).digest("hex");
}
