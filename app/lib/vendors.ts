import { vendorImages, type VendorImages } from "#platform/games/images.js";

/**
 * A vendor's image on the operator's image hosts, worked out where it is drawn from its code and
 * game type (the platform's own pure rule, so server and browser agree): the navigation in every
 * page's loader data carries no image URLs.
 */
export function vendorImage(vendor: { vassalage: string; gameType: string }, hosts: readonly string[] | undefined, kind: keyof VendorImages): string {
  return vendorImages({ code: vendor.vassalage, gameType: vendor.gameType }, hosts)[kind];
}

/**
 * Spec §9 vendor code rules, applied only when the Thai language is offered: codes starting with
 * TCG show as empty, BTI shows as 123BET, and the game type LOTT counts as ELOTT.
 */
export function displayVendorCode(code: string, thaiSupported: boolean): string {
  if (!thaiSupported) return code;
  if (code.startsWith("TCG")) return "";
  if (code === "BTI") return "123BET";
  return code;
}

export function displayGameType(type: string, thaiSupported: boolean): string {
  return thaiSupported && type === "LOTT" ? "ELOTT" : type;
}
