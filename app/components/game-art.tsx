/**
 * The in-house games' pictures, drawn inline as SVG (nothing downloaded, a few hundred bytes
 * each): playing cards with their suit and rank, and slot symbols whose motif follows the
 * symbol's name (fruit, gem, card rank, wild, scatter), coloured from the name so every symbol
 * of a reel set looks different.
 */
import { CROWN_BAND, MOTIF_PATHS } from "#platform/games/motifs.js";

const SUIT_PATHS: Record<string, string> = {
  // Drawn on a 20 × 20 box.
  H: "M10 18 2.6 10.4C.2 8 .6 4.2 3.4 2.9 5.6 1.9 8.2 2.6 10 5c1.8-2.4 4.4-3.1 6.6-2.1 2.8 1.3 3.2 5.1.8 7.5z",
  D: "M10 1 17 10 10 19 3 10z",
  S: "M10 1C7 5 2 7.6 2 11.4c0 2.6 2 4.3 4.2 4.3 1.3 0 2.4-.6 3-1.4L8.2 19h3.6l-1-4.7c.6.8 1.7 1.4 3 1.4 2.2 0 4.2-1.7 4.2-4.3C18 7.6 13 5 10 1z",
  C: "M10 1.5a3.9 3.9 0 0 0-3.4 5.8A3.9 3.9 0 1 0 8.9 13l-.9 6h4l-.9-6a3.9 3.9 0 1 0 2.3-5.7A3.9 3.9 0 0 0 10 1.5z",
};

const RANK_NAMES: Record<string, string> = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };

/** "KS" → rank "K", suit "S"; "TD" → "10", "D". */
export function cardParts(code: string): { rank: string; suit: string; red: boolean } {
  const rank = RANK_NAMES[code[0] ?? ""] ?? code[0] ?? "";
  const suit = code[1] ?? "";
  return { rank, suit, red: suit === "H" || suit === "D" };
}

/** A playing card face: rank in two corners, the suit large in the middle. */
export function CardFace({ code, label }: { code: string; label: string }) {
  const { rank, suit, red } = cardParts(code);
  const ink = red ? "#c62828" : "#1d1d1f";
  const path = SUIT_PATHS[suit];
  return (
    <svg viewBox="0 0 40 56" width="40" height="56" role="img" aria-label={label}>
      <rect x="0.5" y="0.5" width="39" height="55" rx="5" fill="#fff" stroke="#8a8f98" />
      <text x="4" y="13" fontFamily="Georgia, serif" fontSize={rank.length > 1 ? 10 : 12} fontWeight="700" fill={ink}>
        {rank}
      </text>
      {path ? <path d={path} fill={ink} transform="translate(4 16) scale(.42)" /> : null}
      {path ? <path d={path} fill={ink} transform="translate(8 22) scale(1.2)" /> : null}
    </svg>
  );
}

/** A stable number from a text (FNV-1a), for colours and motifs. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Colours a player expects (a lemon is yellow); other names get one from their hash. */
const NAME_HUES: Array<[RegExp, number]> = [
  [/cherr/i, 352],
  [/lemon/i, 52],
  [/orange/i, 28],
  [/plum/i, 285],
  [/melon/i, 105],
  [/grape/i, 130],
  [/berry/i, 225],
  [/seven/i, 275],
  [/koi/i, 18],
  [/pearl/i, 195],
  [/lantern/i, 5],
  [/lotus|star/i, 330],
  [/jade|dragon/i, 150],
  [/pharaoh|pyramid|ankh|gold/i, 44],
  [/scarab/i, 170],
  [/eye/i, 200],
];

type Motif = "fruit" | "berries" | "seven" | "star" | "gem" | "rank" | "crown" | "eye" | "wave" | "lantern" | "pyramid";

const MOTIF_BY_WORD: Array<[RegExp, Motif]> = [
  [/seven/i, "seven"],
  [/star|lotus|sun/i, "star"],
  [/grape|berry|cherr/i, "berries"],
  [/lemon|orange|plum|melon|apple|fruit/i, "fruit"],
  [/pearl|gem|diamond|jade|ankh|scarab/i, "gem"],
  [/pharaoh|king|dragon|crown/i, "crown"],
  [/eye/i, "eye"],
  [/koi|fish|wave/i, "wave"],
  [/lantern|bell/i, "lantern"],
  [/pyramid/i, "pyramid"],
  [/^(ace|queen|jack|ten|nine)$/i, "rank"],
];

function motifOf(name: string): Motif {
  return MOTIF_BY_WORD.find(([re]) => re.test(name))?.[1] ?? "gem";
}

const RANK_LETTER: Record<string, string> = { ace: "A", king: "K", queen: "Q", jack: "J", ten: "10", nine: "9" };

function motifShape(motif: Motif, name: string, hue: number) {
  const main = `hsl(${hue} 80% 58%)`;
  const light = `hsl(${hue} 90% 82%)`;
  const dark = `hsl(${hue} 70% 30%)`;
  switch (motif) {
    case "seven":
      return <path d={MOTIF_PATHS.seven} fill={main} stroke={light} strokeWidth="2" strokeLinejoin="round" />;
    case "star":
      return <path d={MOTIF_PATHS.star} fill={main} stroke={light} strokeWidth="1.5" strokeLinejoin="round" />;
    case "berries":
      return (
        <g fill={main} stroke={dark} strokeWidth="1">
          <path d="M24 9c1 3 3 5 6 6" stroke="#3bb54a" strokeWidth="2.5" fill="none" strokeLinecap="round" />
          <circle cx="18" cy="20" r="5" />
          <circle cx="28" cy="20" r="5" />
          <circle cx="23" cy="28" r="5" />
          <circle cx="17" cy="35" r="4.5" />
          <circle cx="29" cy="34" r="4.5" />
        </g>
      );
    case "fruit":
      return (
        <g>
          <circle cx="24" cy="26" r="13" fill={main} stroke={light} strokeWidth="1.5" />
          <path d="M24 13c0-3 2-5 5-5" stroke="#3bb54a" strokeWidth="2.5" fill="none" strokeLinecap="round" />
          <ellipse cx="19" cy="21" rx="3.5" ry="2.2" fill={light} opacity=".7" />
        </g>
      );
    case "crown":
      return (
        <g>
          <path d={MOTIF_PATHS.crown} fill={main} stroke={light} strokeWidth="1.5" strokeLinejoin="round" />
          <rect {...CROWN_BAND} fill={dark} />
        </g>
      );
    case "eye":
      return (
        <g>
          <path d="M6 24c5-8 11-11 18-11s13 3 18 11c-5 8-11 11-18 11S11 32 6 24z" fill={light} stroke={main} strokeWidth="2" />
          <circle cx="24" cy="24" r="6.5" fill={main} />
          <circle cx="24" cy="24" r="2.5" fill={dark} />
        </g>
      );
    case "wave":
      return (
        <g>
          <path d={MOTIF_PATHS.fish} transform="translate(0 2)" fill={main} stroke={light} strokeWidth="1.5" />
          <circle cx="32" cy="23" r="1.8" fill={dark} />
          <path d="M8 27 4 21v12z" fill={main} />
        </g>
      );
    case "lantern":
      return (
        <g>
          <rect x="21" y="8" width="6" height="4" rx="1" fill={dark} />
          <ellipse cx="24" cy="25" rx="11" ry="13" fill={main} stroke={light} strokeWidth="1.5" />
          <path d="M24 12v26M17 14c-3 7-3 15 0 22M31 14c3 7 3 15 0 22" stroke={dark} strokeWidth="1.2" fill="none" />
          <rect x="21" y="37" width="6" height="4" rx="1" fill={dark} />
        </g>
      );
    case "pyramid":
      return (
        <g>
          <path d="M24 9 41 38H7z" fill={main} stroke={light} strokeWidth="1.5" strokeLinejoin="round" />
          <path d="M24 9 30 38" stroke={dark} strokeWidth="1.5" />
        </g>
      );
    case "rank": {
      const letter = RANK_LETTER[name.toLowerCase()] ?? name.slice(0, 1).toUpperCase();
      return (
        <text x="24" y="33" textAnchor="middle" fontFamily="Georgia, serif" fontSize={letter.length > 1 ? 20 : 26} fontWeight="700" fill={main} stroke={dark} strokeWidth="1">
          {letter}
        </text>
      );
    }
    case "gem":
    default:
      return (
        <g>
          <path d={MOTIF_PATHS.gem} fill={main} stroke={light} strokeWidth="1.5" />
          <path d={MOTIF_PATHS.gemFacets} stroke={dark} strokeWidth="1.2" />
        </g>
      );
  }
}

/**
 * One slot symbol: its motif from its name, its colour from its name; a wild wears a gold frame
 * and the word WILD is not needed (the frame and the legend say it), a scatter a dashed one.
 */
export function SlotSymbolArt({ name, role, size = 40 }: { name: string; role?: string; size?: number }) {
  const hue = NAME_HUES.find(([re]) => re.test(name))?.[1] ?? hashText(name) % 360;
  const frame = role === "wild" ? "#ffc531" : role === "scatter" ? "#ff6b81" : "none";
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" data-symbol-art={motifOf(name)}>
      <rect x="3" y="3" width="42" height="42" rx="8" fill={`hsl(${hue} 45% 14%)`} stroke={frame} strokeWidth="2.5" strokeDasharray={role === "scatter" ? "5 3" : undefined} />
      {motifShape(motifOf(name), name, hue)}
    </svg>
  );
}
