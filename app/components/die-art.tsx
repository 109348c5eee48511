/**
 * One die as inline SVG: its own module so that pages which only list rounds (the betting record)
 * do not load the tables' pictures with it (table-art.tsx).
 */
import * as h from "~/styles/house.css";

export const INK = "#1d1d1f";
export const RED = "#c62828";

/** Pip centres on a 3 × 3 grid (1-3 each way), for faces 1 to 6. */
const PIPS: Record<number, Array<[number, number]>> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [1, 2],
    [1, 3],
    [3, 1],
    [3, 2],
    [3, 3],
  ],
};

/** One die: white, black pips, the one and the four in red as on the dice of sic bo tables. */
export function DieArt({ face, size = 44 }: { face: number; size?: number }) {
  const pips = PIPS[face] ?? [];
  const ink = face === 1 || face === 4 ? RED : INK;
  return (
    <svg viewBox="0 0 36 36" width={size} height={size} aria-hidden="true" data-face={face} className={h.dieArt}>
      <rect x="1" y="1" width="34" height="34" rx="7" fill="#fff" stroke="#8a8f98" strokeWidth="1.2" />
      <rect x="3" y="27" width="30" height="6" rx="3" fill="#000" opacity=".06" />
      {pips.map(([c, r]) => (
        <circle key={`${c}${r}`} data-pip="" cx={c * 9} cy={r * 9} r={face === 1 ? 4.6 : 3.3} fill={ink} />
      ))}
    </svg>
  );
}

