/**
 * The table games' results drawn inline as SVG, server-rendered and nothing downloaded: dice
 * with pips, the roulette wheel around the winning pocket, the dice game's 0-100 scale, coins,
 * fan tan beads and the fish-prawn-crab dice. Each picture is drawn from the result alone, so a
 * wrong result shows wrong (the tests count pips and read positions). The callers give the
 * accessible name, translated; the parts inside are hidden from screen readers.
 */
import { MOTIF_PATHS } from "#platform/games/motifs.js";
import { rouletteColour } from "~/lib/house-bets";
import * as h from "~/styles/house.css";
import { DieArt, INK, RED } from "./die-art";

const GOLD = "#c9a227";

export { DieArt };

// ------------------------------------------------------------------------------ dice

/** Several dice as one picture with one accessible name. */
export function DiceArt({ faces, label, size = 44 }: { faces: number[]; label: string; size?: number }) {
  return (
    <span className={h.diceArt} role="img" aria-label={label} data-testid="dice-art">
      {faces.map((f, i) => (
        <DieArt key={i} face={f} size={size} />
      ))}
    </span>
  );
}

// ------------------------------------------------------------------------------ roulette

/** The single-zero wheel, clockwise from 0. */
export const EUROPEAN_WHEEL = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26] as const;

const POCKET_FILL = { red: "#b3261e", black: "#1d1d1f", green: "#1b7a3a" } as const;

/** The pockets either side of `n` on the wheel, `n` in the middle. */
export function wheelNeighbours(n: number, each = 3): number[] {
  const at = EUROPEAN_WHEEL.indexOf(n as (typeof EUROPEAN_WHEEL)[number]);
  if (at < 0) return [];
  return Array.from({ length: 2 * each + 1 }, (_, i) => EUROPEAN_WHEEL[(at - each + i + EUROPEAN_WHEEL.length) % EUROPEAN_WHEEL.length]!);
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The top of the wheel: the winning pocket in the middle with the ball in it, three pockets
 * either side in wheel order. True geometry (37 pockets to the turn), so it reads as a wheel.
 */
export function RouletteArt({ n, label }: { n: number; label: string }) {
  const pockets = wheelNeighbours(n);
  if (!pockets.length) return null;
  const step = 360 / EUROPEAN_WHEEL.length;
  const [cx, cy, outer, inner] = [120, 226, 206, 138];
  const at = (r: number, deg: number) => {
    const a = (deg * Math.PI) / 180;
    return [round2(cx + r * Math.sin(a)), round2(cy - r * Math.cos(a))] as const;
  };
  const sector = (a0: number, a1: number) => {
    const [x0, y0] = at(outer, a0);
    const [x1, y1] = at(outer, a1);
    const [x2, y2] = at(inner, a1);
    const [x3, y3] = at(inner, a0);
    return `M${x0} ${y0}A${outer} ${outer} 0 0 1 ${x1} ${y1}L${x2} ${y2}A${inner} ${inner} 0 0 0 ${x3} ${y3}z`;
  };
  const middle = (pockets.length - 1) / 2;
  const [bx, by] = at(inner + 20, 0);
  return (
    <svg viewBox="0 0 240 112" width="240" height="112" role="img" aria-label={label} className={h.artFluid} data-pocket={n} data-colour={rouletteColour(n)} direction="ltr">
      <path d={`M${at(outer + 8, -40).join(" ")}A${outer + 8} ${outer + 8} 0 0 1 ${at(outer + 8, 40).join(" ")}`} fill="none" stroke="#5b3a1e" strokeWidth="10" />
      {pockets.map((p, i) => {
        const mid = (i - middle) * step;
        const [tx, ty] = at(outer - 24, mid);
        const win = i === middle;
        return (
          <g key={p} data-wheel-pocket={p}>
            <path d={sector(mid - step / 2, mid + step / 2)} fill={POCKET_FILL[rouletteColour(p)]} stroke={GOLD} strokeWidth="1.5" />
            <text
              x={tx}
              y={ty}
              transform={`rotate(${round2(mid)} ${tx} ${ty})`}
              textAnchor="middle"
              dominantBaseline="central"
              fill="#fff"
              fontFamily="system-ui, sans-serif"
              fontWeight="800"
              fontSize={win ? 20 : 14}
              opacity={win ? 1 : 0.85}
              data-testid={win ? "roulette-number" : undefined}
            >
              {p}
            </text>
          </g>
        );
      })}
      <path d={sector(-step / 2, step / 2)} fill="none" stroke="#ffd34d" strokeWidth="3" strokeLinejoin="round" />
      <path d={`M${at(inner, -40).join(" ")}A${inner} ${inner} 0 0 1 ${at(inner, 40).join(" ")}`} fill="none" stroke={GOLD} strokeWidth="5" />
      <circle cx={bx} cy={by} r="8" fill="#f7f7f7" stroke="#8a8f98" strokeWidth="1" data-ball="" />
      <circle cx={bx - 2.5} cy={by - 2.5} r="2.4" fill="#fff" />
    </svg>
  );
}

// ------------------------------------------------------------------------------ dice (over/under)

const SCALE = { x0: 14, x1: 286 };
/** Where a value in hundredths (0-10000) sits on the scale. */
export const scaleX = (hundredths: number) => round2(SCALE.x0 + (Math.min(10_000, Math.max(0, hundredths)) / 10_000) * (SCALE.x1 - SCALE.x0));
const clampLabel = (x: number) => Math.min(SCALE.x1 - 10, Math.max(SCALE.x0 + 10, x));

/**
 * The roll on a 0-100 scale: the winning side of the target shaded, the target marked, a pin
 * at the roll with its value. Left to right in every language, like the numbers on it.
 */
export function DiceScaleArt({
  roll,
  display,
  target,
  targetText,
  kind,
  won,
  label,
}: {
  roll: number;
  /** The roll and the target as the page writes numbers ("42,10" in Spanish). */
  display: string;
  target: number | null;
  targetText: string | null;
  kind: string | null;
  won: boolean | null;
  label: string;
}) {
  const x = scaleX(roll);
  const tx = target !== null ? scaleX(target) : null;
  const zone = tx === null ? null : kind === "over" ? [tx, SCALE.x1] : [SCALE.x0, tx];
  const pin = won === null ? h.scaleInk : won ? h.scaleWin : h.scaleLose;
  const lx = clampLabel(x);
  return (
    <svg viewBox="0 0 300 76" width="300" height="76" role="img" aria-label={label} className={h.artFluid} data-testid="dice-scale" direction="ltr">
      <rect x={SCALE.x0} y="36" width={SCALE.x1 - SCALE.x0} height="10" rx="5" className={h.scaleTrack} />
      {zone ? <rect x={zone[0]} y="36" width={round2(zone[1]! - zone[0]!)} height="10" rx="5" className={h.scaleZone} data-zone={`${zone[0]}-${zone[1]}`} /> : null}
      {tx !== null ? (
        <g data-target={tx}>
          <rect x={tx - 1.5} y="30" width="3" height="22" rx="1.5" className={h.scaleInk} />
          <text x={clampLabel(tx)} y="66" textAnchor="middle" fontSize="12" className={h.scaleMuted}>
            {targetText}
          </text>
        </g>
      ) : null}
      {tx === null || tx > SCALE.x0 + 40 ? (
        <text x={SCALE.x0} y="66" textAnchor="start" fontSize="11" className={h.scaleMuted}>
          0
        </text>
      ) : null}
      {tx === null || tx < SCALE.x1 - 40 ? (
        <text x={SCALE.x1} y="66" textAnchor="end" fontSize="11" className={h.scaleMuted}>
          100
        </text>
      ) : null}
      <g data-roll-x={x}>
        <rect x={lx - 24} y="2" width="48" height="20" rx="6" className={pin} />
        <path d={`M${x - 6} 22h12l-6 10z`} className={pin} />
        <circle cx={x} cy="41" r="6" className={pin} stroke="#fff" strokeWidth="2" />
        <text x={lx} y="16.5" textAnchor="middle" fontSize="13" fontWeight="800" className={h.scalePinText}>
          {display}
        </text>
      </g>
    </svg>
  );
}

// ------------------------------------------------------------------------------ coins, beads

/** A se die coin: red or white face up. */
export function CoinArt({ red, size = 30 }: { red: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 30 30" width={size} height={size} aria-hidden="true" data-coin={red ? "RED" : "WHITE"}>
      <circle cx="15" cy="15" r="13.5" fill={red ? RED : "#f4f4f4"} stroke={red ? "#7f1010" : "#8a8f98"} strokeWidth="1.5" />
      <circle cx="15" cy="15" r="9" fill="none" stroke={red ? "#ff8a80" : "#c9ced6"} strokeWidth="1.5" />
      <ellipse cx="11" cy="10" rx="3.5" ry="2" fill="#fff" opacity=".45" />
    </svg>
  );
}

/** Fan tan: the last count of four, with the beads that remain (1-4) filled. */
export function FanTanBeadsArt({ result, label }: { result: number; label: string }) {
  return (
    <svg viewBox="0 0 112 32" width="112" height="32" role="img" aria-label={label} data-beads={result}>
      <rect x="1" y="1" width="110" height="30" rx="15" className={h.scaleTrack} />
      {[0, 1, 2, 3].map((i) =>
        i < result ? (
          <circle key={i} cx={19 + i * 25} cy="16" r="9" fill="#f4f4f4" stroke="#8a8f98" strokeWidth="1.5" data-bead="" />
        ) : (
          <circle key={i} cx={19 + i * 25} cy="16" r="8" fill="none" className={h.scaleOutline} strokeWidth="1.5" strokeDasharray="3 3" />
        ),
      )}
    </svg>
  );
}

// ------------------------------------------------------------------------------ fish, prawn, crab

const FPC_HUE: Record<string, string> = { FISH: "#1e88e5", PRAWN: "#ef6c00", CRAB: "#d32f2f", GOURD: "#2e7d32", ROOSTER: "#c2185b", DEER: "#8d6e63" };

function fpcMotif(symbol: string, c: string) {
  switch (symbol) {
    case "FISH":
      return (
        <g>
          <path d={MOTIF_PATHS.fish} fill={c} />
          <path d="M8 25 3 19v12z" fill={c} />
          <circle cx="32" cy="21" r="1.8" fill="#fff" />
        </g>
      );
    case "PRAWN":
      return (
        <g fill="none" stroke={c} strokeLinecap="round">
          <path d="M34 14c-8-3-19 0-21 9-2 8 5 14 13 12" strokeWidth="7" />
          <path d="M26 35l-2 6m2-6 5 4M34 14l6-5M34 14l7-1" strokeWidth="2" />
        </g>
      );
    case "CRAB":
      return (
        <g fill={c}>
          <ellipse cx="24" cy="28" rx="11" ry="8" />
          <path d="M11 21c-4-3-4-9 0-11l1 6 4-3c0 4-2 7-5 8zM37 21c4-3 4-9 0-11l-1 6-4-3c0 4 2 7 5 8z" />
          <path d="M14 31l-6 4M15 34l-4 6M34 31l6 4M33 34l4 6" stroke={c} strokeWidth="2.5" strokeLinecap="round" />
        </g>
      );
    case "GOURD":
      return (
        <g fill={c}>
          <circle cx="24" cy="17" r="6.5" />
          <circle cx="24" cy="31" r="10" />
          <path d="M24 10V6" stroke="#6d4c41" strokeWidth="2.5" strokeLinecap="round" />
        </g>
      );
    case "ROOSTER":
      return (
        <g fill={c}>
          <path d="M17 14c0-4 6-5 7-1 2-3 6-1 5 2-1 3-6 2-12-1z" fill="#e53935" />
          <circle cx="21" cy="19" r="5.5" />
          <path d="M16 21 11 23l5 1z" fill="#f9a825" />
          <path d="M18 24c-2 10 6 16 15 12 4-2 6-8 4-16-3 5-7 6-10 3z" />
          <circle cx="20" cy="18" r="1.3" fill="#fff" />
        </g>
      );
    case "DEER":
      return (
        <g fill={c}>
          <path d="M19 15c-4-3-5-7-3-10M19 11l-5 1M29 15c4-3 5-7 3-10M29 11l5 1" stroke={c} strokeWidth="2.2" fill="none" strokeLinecap="round" />
          <ellipse cx="24" cy="25" rx="7" ry="9" />
          <ellipse cx="24" cy="33" rx="4.5" ry="3.5" fill="#5d4037" />
          <circle cx="21" cy="23" r="1.4" fill="#fff" />
          <circle cx="27" cy="23" r="1.4" fill="#fff" />
        </g>
      );
    default:
      return null;
  }
}

/** A fish-prawn-crab die: the symbol on a white face. */
export function FpcDieArt({ symbol, size = 44 }: { symbol: string; size?: number }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" data-fpc={symbol} className={h.dieArt}>
      <rect x="1.5" y="1.5" width="45" height="45" rx="9" fill="#fff" stroke="#8a8f98" strokeWidth="1.5" />
      {fpcMotif(symbol, FPC_HUE[symbol] ?? INK)}
    </svg>
  );
}
