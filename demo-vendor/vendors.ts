import { createHmac } from "node:crypto";
import { BULK_RNG_VENDORS } from "../platform/games/demo-slots.js";

/**
 * The demo brand's third-party studios this reference server plays for: every vendor of the demo
 * catalogue that is not our own (house games, house slots, lotteries): the 26 slot studios of the
 * 10,000-game library, the demo slot, fishing, live and card vendors, and the sports books, so no
 * catalogue game opens the neutral "demo provider game" box. A live table or a sports lobby is
 * played as the studio's generic slot for its game code (issue 13: "a generic slot per game code").
 */
export const DEMO_STUDIO_VENDORS: ReadonlySet<string> = new Set([
  ...BULK_RNG_VENDORS.map((v) => v.code),
  "LUCKY",
  "GOLDS",
  "NEONP",
  "OCEAN",
  "REEFH",
  "AURL",
  "VIVO",
  "TABLEM",
  "BTI",
  "SABA",
  "FB",
  "ESPX",
  "CKF",
]);

/** The wallet key of one vendor code, derived from the studio's master secret. */
export function vendorSecret(masterSecret: string, vendorCode: string): string {
  return createHmac("sha256", masterSecret).update(`wallet-key:${vendorCode}`).digest("hex");
}
