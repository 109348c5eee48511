/**
 * A catalogue game's picture, made from its code alone (issue 13, item 5): the same code always
 * gives the same picture, and two codes almost never the same one. Two hues, a backdrop pattern
 * and a motif are picked from a hash of the code (a motif the name asks for wins: a fish game
 * shows a fish). An SVG of about 1 KB, nothing downloaded.
 */

import { BELL_CLAPPER as B, CHERRIES as C, CROWN_BAND as K, MOTIF_PATHS as P, svgAttrs } from "#platform/games/motifs.js";

/** FNV-1a, 32 bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Motifs on a 48 × 48 box, drawn with the tile's light colour (L) and dark colour (D). */
const MOTIFS: Record<string, string> = {
  seven: `<path d="${P.seven}" fill="L" stroke="D" stroke-width="2" stroke-linejoin="round"/>`,
  star: `<path d="${P.star}" fill="L" stroke="D" stroke-width="1.5" stroke-linejoin="round"/>`,
  crown: `<path d="${P.crown}" fill="L" stroke="D" stroke-width="1.5" stroke-linejoin="round"/><rect ${svgAttrs(K)} fill="D"/>`,
  gem: `<path d="${P.gem}" fill="L" stroke="D" stroke-width="1.5"/><path d="${P.gemFacets}" stroke="D" stroke-width="1.2"/>`,
  cherry: `<path d="${P.cherryStems}" stroke="D" stroke-width="2.5" fill="none" stroke-linecap="round"/><circle ${svgAttrs(C[0])} fill="L"/><circle ${svgAttrs(C[1])} fill="L" stroke="D"/>`,
  bell: `<path d="${P.bell}" fill="L" stroke="D" stroke-width="1.5"/><circle ${svgAttrs(B)} fill="D"/>`,
  spade: '<path d="M24 8c-3 4-12 8.6-12 14.4 0 3.6 2.8 6 5.9 6 1.8 0 3.3-.8 4.2-2L21 35h6l-1.1-8.6c.9 1.2 2.4 2 4.2 2 3.1 0 5.9-2.4 5.9-6C36 16.6 27 12 24 8z" fill="L" stroke="D" stroke-width="1.2"/>',
  dice: '<rect x="11" y="11" width="26" height="26" rx="5" fill="L" stroke="D" stroke-width="1.5"/><circle cx="18" cy="18" r="2.6" fill="D"/><circle cx="24" cy="24" r="2.6" fill="D"/><circle cx="30" cy="30" r="2.6" fill="D"/>',
  chip: '<circle cx="24" cy="24" r="15" fill="L" stroke="D" stroke-width="2"/><circle cx="24" cy="24" r="9" fill="none" stroke="D" stroke-width="2" stroke-dasharray="4 3"/><circle cx="24" cy="24" r="4" fill="D"/>',
  fish: `<path d="${P.fish}" fill="L" stroke="D" stroke-width="1.5"/><circle cx="32" cy="21" r="1.8" fill="D"/><path d="M8 25 3 19v12z" fill="L" stroke="D"/>`,
  ball: '<circle cx="24" cy="24" r="14" fill="L" stroke="D" stroke-width="1.5"/><path d="m24 15 6 4.5-2.3 7h-7.4l-2.3-7z" fill="D"/>',
  lotus: '<path d="M24 10c4 6 4 14 0 22-4-8-4-16 0-22zM24 32c-6-2-12-7-13-14 7 1 11 6 13 14zM24 32c6-2 12-7 13-14-7 1-11 6-13 14z" fill="L" stroke="D" stroke-width="1.2"/>',
};
const MOTIF_NAMES = Object.keys(MOTIFS);
const WANTED: Array<[RegExp, string]> = [
  [/FISH|OCEAN|SEA|KOI|SHARK/, "fish"],
  [/SOCCER|FOOTBALL|BALL|SPORT/, "ball"],
  [/DICE|SICBO|CRAPS/, "dice"],
  [/POKER|BACCARAT|BLACKJACK|CARD|NIUNIU|HILO/, "spade"],
  [/ROULETTE|CHIP|CASINO/, "chip"],
  [/KING|QUEEN|PHARAOH|EMPEROR|CROWN|DRAGON/, "crown"],
  [/FRUIT|CHERRY|BERRY/, "cherry"],
  [/STAR|SUN|MOON/, "star"],
  [/SEVEN|777|HOT/, "seven"],
  [/GEM|JEWEL|DIAMOND|GOLD|JADE/, "gem"],
  [/LOTUS|SAKURA|FLOWER|BLOSSOM/, "lotus"],
  [/BELL|LUCKY/, "bell"],
];

const BACKDROPS = [
  // rays
  (c: string) => Array.from({ length: 12 }, (_, i) => `<path d="M50 50 ${50 + 80 * Math.cos((i * Math.PI) / 6)} ${50 + 80 * Math.sin((i * Math.PI) / 6)} ${50 + 80 * Math.cos(((i + 0.5) * Math.PI) / 6)} ${50 + 80 * Math.sin(((i + 0.5) * Math.PI) / 6)}z" fill="${c}"/>`).join(""),
  // rings
  (c: string) => [44, 34, 24].map((r) => `<circle cx="50" cy="50" r="${r}" fill="none" stroke="${c}" stroke-width="5"/>`).join(""),
  // dots
  (c: string) => Array.from({ length: 25 }, (_, i) => `<circle cx="${10 + (i % 5) * 20}" cy="${10 + Math.floor(i / 5) * 20}" r="3.5" fill="${c}"/>`).join(""),
  // diagonal stripes
  (c: string) => Array.from({ length: 7 }, (_, i) => `<path d="M${i * 30 - 60} 100 ${i * 30} 0h10L${i * 30 - 50} 100z" fill="${c}"/>`).join(""),
];

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The SVG picture of a game code such as `LUCKY_SAKURA_RICHES`. */
export function gameTileSvg(code: string): string {
  const h = hash32(code);
  const hue1 = h % 360;
  const hue2 = (hue1 + 40 + ((h >>> 9) % 100)) % 360;
  const upper = code.toUpperCase();
  const words = upper.split(/[_\s.-]+/).slice(1).join(" ");
  const motif = WANTED.find(([re]) => re.test(words))?.[1] ?? MOTIF_NAMES[(h >>> 17) % MOTIF_NAMES.length]!;
  const backdrop = BACKDROPS[(h >>> 13) % BACKDROPS.length]!(`hsl(${hue2} 80% 70% / .18)`).replace(/\d+\.\d+/g, (n) => String(round1(Number(n))));
  const light = `hsl(${(hue2 + 180) % 360} 90% 72%)`;
  const dark = `hsl(${hue1} 70% 18%)`;
  const art = MOTIFS[motif]!.replace(/"L"/g, `"${light}"`).replace(/"D"/g, `"${dark}"`);
  const tilt = ((h >>> 5) % 21) - 10;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue1} 65% 38%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 22%)"/></linearGradient>` +
    `<clipPath id="c"><rect width="100" height="100" rx="16"/></clipPath></defs>` +
    `<rect width="100" height="100" rx="16" fill="url(#g)"/>` +
    `<g clip-path="url(#c)">${backdrop}</g>` +
    `<g transform="translate(50 50) rotate(${tilt}) scale(1.45) translate(-24 -24)">${art}</g>` +
    `</svg>`
  );
}
