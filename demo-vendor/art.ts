/** The demo studio's symbol art: small inline SVGs, nothing downloaded. */
import { BELL_CLAPPER as B, CHERRIES as C, CROWN_BAND as K, MOTIF_PATHS as P, svgAttrs } from "../platform/games/motifs.js";
import type { SymbolId } from "./slot.js";

const ART: Record<SymbolId, string> = {
  seven:
    `<rect x="4" y="4" width="40" height="40" rx="8" fill="#2a0f14"/><path d="${P.seven}" fill="#ff3b4f" stroke="#ffd34d" stroke-width="2" stroke-linejoin="round"/>`,
  crown:
    `<rect x="4" y="4" width="40" height="40" rx="8" fill="#24160a"/><path d="${P.crown}" fill="#ffc531" stroke="#fff1b8" stroke-width="1.5" stroke-linejoin="round"/><rect ${svgAttrs(K)} fill="#e09b12"/>`,
  bell:
    `<rect x="4" y="4" width="40" height="40" rx="8" fill="#1d1a08"/><path d="${P.bell}" fill="#ffd84a" stroke="#fff5c2" stroke-width="1.5"/><circle ${svgAttrs(B)} fill="#c98f00"/>`,
  star:
    `<rect x="4" y="4" width="40" height="40" rx="8" fill="#0f1530"/><path d="${P.star}" fill="#8fd3ff" stroke="#e6f6ff" stroke-width="1.5" stroke-linejoin="round"/>`,
  diamond:
    `<rect x="4" y="4" width="40" height="40" rx="8" fill="#08202a"/><path d="${P.gem}" fill="#2fd6c7" stroke="#d8fffb" stroke-width="1.5"/><path d="${P.gemFacets}" stroke="#0c8f86" stroke-width="1.2"/>`,
  cherry:
    `<rect x="4" y="4" width="40" height="40" rx="8" fill="#1f0b16"/><path d="${P.cherryStems}" stroke="#3bb54a" stroke-width="2.5" fill="none" stroke-linecap="round"/><circle ${svgAttrs(C[0])} fill="#e3173e"/><circle ${svgAttrs(C[1])} fill="#c40f33"/>`,
  lemon:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#1a1d08"/><ellipse cx="24" cy="25" rx="14" ry="10" fill="#f4e23a" stroke="#fff9c4" stroke-width="1.5" transform="rotate(-20 24 25)"/>',
};

/** One symbol as inline SVG with its accessible name. */
export function symbolSvg(symbol: SymbolId, label: string, size = 48): string {
  return `<svg viewBox="0 0 48 48" width="${size}" height="${size}" role="img" aria-label="${label}" data-symbol="${symbol}"><title>${label}</title>${ART[symbol]}</svg>`;
}
