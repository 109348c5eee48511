/** The demo studio's symbol art: small inline SVGs, nothing downloaded. */
import type { SymbolId } from "./slot.js";

const ART: Record<SymbolId, string> = {
  seven:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#2a0f14"/><path d="M14 13h21l-11 24h-7l9-18H14z" fill="#ff3b4f" stroke="#ffd34d" stroke-width="2" stroke-linejoin="round"/>',
  crown:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#24160a"/><path d="M10 34 8 15l9 8 7-12 7 12 9-8-2 19z" fill="#ffc531" stroke="#fff1b8" stroke-width="1.5" stroke-linejoin="round"/><rect x="10" y="34" width="28" height="5" rx="1.5" fill="#e09b12"/>',
  bell:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#1d1a08"/><path d="M24 9c-7 0-10 6-10 12v7l-4 5h28l-4-5v-7c0-6-3-12-10-12z" fill="#ffd84a" stroke="#fff5c2" stroke-width="1.5"/><circle cx="24" cy="37" r="3.5" fill="#c98f00"/>',
  star:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#0f1530"/><path d="m24 8 4.7 10 10.8 1.2-8 7.3 2.3 10.6L24 31.8l-9.8 5.3 2.3-10.6-8-7.3L19.3 18z" fill="#8fd3ff" stroke="#e6f6ff" stroke-width="1.5" stroke-linejoin="round"/>',
  diamond:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#08202a"/><path d="M24 8 38 24 24 40 10 24z" fill="#2fd6c7" stroke="#d8fffb" stroke-width="1.5"/><path d="M24 8v32M10 24h28" stroke="#0c8f86" stroke-width="1.2"/>',
  cherry:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#1f0b16"/><path d="M18 30c2-9 5-15 12-19M30 30c-1-7-1-12 0-19" stroke="#3bb54a" stroke-width="2.5" fill="none" stroke-linecap="round"/><circle cx="17" cy="32" r="7" fill="#e3173e"/><circle cx="31" cy="32" r="7" fill="#c40f33"/>',
  lemon:
    '<rect x="4" y="4" width="40" height="40" rx="8" fill="#1a1d08"/><ellipse cx="24" cy="25" rx="14" ry="10" fill="#f4e23a" stroke="#fff9c4" stroke-width="1.5" transform="rotate(-20 24 25)"/>',
};

/** One symbol as inline SVG with its accessible name. */
export function symbolSvg(symbol: SymbolId, label: string, size = 48): string {
  return `<svg viewBox="0 0 48 48" width="${size}" height="${size}" role="img" aria-label="${label}" data-symbol="${symbol}"><title>${label}</title>${ART[symbol]}</svg>`;
}
