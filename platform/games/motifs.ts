/**
 * The motifs shared by the slot symbols (app/components/game-art.tsx), the catalogue tiles
 * (app/lib/game-tiles.ts) and the demo studio's reels (demo-vendor/art.ts), on a 48 × 48 box:
 * geometry only, each place paints it in its own colours. No import and no side effect, so the
 * web's browser bundle can take it as well as the demo studio.
 */

/** Path data (`d`). */
export const MOTIF_PATHS = {
  seven: "M14 13h21l-11 24h-7l9-18H14z",
  star: "m24 8 4.7 10 10.8 1.2-8 7.3 2.3 10.6L24 31.8l-9.8 5.3 2.3-10.6-8-7.3L19.3 18z",
  crown: "M10 34 8 15l9 8 7-12 7 12 9-8-2 19z",
  gem: "M24 8 38 24 24 40 10 24z",
  gemFacets: "M24 8v32M10 24h28",
  bell: "M24 9c-7 0-10 6-10 12v7l-4 5h28l-4-5v-7c0-6-3-12-10-12z",
  cherryStems: "M18 30c2-9 5-15 12-19M30 30c-1-7-1-12 0-19",
  fish: "M8 25c4-9 12-13 20-10 5 2 8 6 12 5-2 7-9 11-17 11-6 0-11-2-15-6z",
} as const;

/** The crown's band under its points. */
export const CROWN_BAND = { x: 10, y: 34, width: 28, height: 5, rx: 1.5 } as const;
/** The bell's clapper. */
export const BELL_CLAPPER = { cx: 24, cy: 37, r: 3.5 } as const;
/** The two cherries hanging from `cherryStems`. */
export const CHERRIES = [
  { cx: 17, cy: 32, r: 7 },
  { cx: 31, cy: 32, r: 7 },
] as const;

/** A shape's geometry as SVG attributes, for the places that write SVG as text: `x="10" y="34" ...`. */
export function svgAttrs(shape: Readonly<Record<string, number>>): string {
  return Object.entries(shape)
    .map(([k, v]) => `${k}="${v}"`)
    .join(" ");
}
