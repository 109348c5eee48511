/**
 * Each HOUSE game's randomness mapped to its outcome space, for the chi-square and runs tests:
 * every space draws from the stream exactly as the game does and returns a cell index.
 */
import { indexOf } from "../cards";
import { createRng, type FairRng } from "../fair";
import * as baccarat from "../games/baccarat";
import * as dice from "../games/dice";
import * as dragonTiger from "../games/dragon-tiger";
import * as fanTan from "../games/fantan";
import * as fpc from "../games/fish-prawn-crab";
import * as roulette from "../games/roulette";
import * as seDie from "../games/sedie";
import * as sicBo from "../games/sicbo";
import type { SlotConfig } from "../games/slot-engine";
import { chiSquare, histogram, runsTest } from "./stats";

export interface OutcomeSpace {
  readonly name: string;
  readonly cells: number;
  /** Cell probabilities; uniform when absent. */
  readonly probabilities?: Float64Array;
  /** How many RNG outputs one draw uses, so a test of 10^6 outputs makes 10^6 / this draws. */
  readonly outputsPerDraw: number;
  /** One round's randomness as the game draws it, mapped to one or more cells. */
  readonly draw: (rng: FairRng) => number | number[];
  /**
   * The runs test's two classes (null skips the cell). By default the lower and upper half of the
   * space by cumulative probability; cards of one deal are not independent, so spaces of several
   * cards per deal test the runs of each deal's first card only.
   */
  readonly upper?: (cell: number) => boolean | null;
}

/** Two cards dealt from the top of an n-deck shoe: P(a, b) = (8 or 7 copies) / (416 · 415) for 8 decks. */
function twoCardProbabilities(decks: number): Float64Array {
  const n = 52 * decks;
  const p = new Float64Array(52 * 52);
  for (let a = 0; a < 52; a++) for (let b = 0; b < 52; b++) p[a * 52 + b] = (decks * (a === b ? decks - 1 : decks)) / (n * (n - 1));
  return p;
}

/** Card by deal position: cell = position × 52 + card, each position uniform over the 52 cards. */
const byPosition = (cards: readonly number[]) => cards.map((c, pos) => pos * 52 + (c % 52));
/** Runs of each deal's first card: upper half of the deck or not. */
const firstCardUpper = (cell: number) => (cell < 52 ? cell >= 26 : null);

export const TABLE_SPACES: readonly OutcomeSpace[] = [
  { name: "roulette pocket", cells: 37, outputsPerDraw: 1, draw: (rng) => roulette.draw(rng).number },
  {
    name: "sic bo dice (216)",
    cells: 216,
    outputsPerDraw: 3,
    draw: (rng) => {
      const d = sicBo.draw(rng).dice;
      return (d[0] - 1) * 36 + (d[1] - 1) * 6 + (d[2] - 1);
    },
  },
  {
    name: "fish-prawn-crab dice (216)",
    cells: 216,
    outputsPerDraw: 3,
    draw: (rng) => {
      const d = fpc.draw(rng).dice.map((s) => fpc.SYMBOLS.indexOf(s));
      return d[0]! * 36 + d[1]! * 6 + d[2]!;
    },
  },
  { name: "fan tan beads (80)", cells: 80, outputsPerDraw: 1, draw: (rng) => fanTan.draw(rng).beads - 41 },
  { name: "se die coins (16)", cells: 16, outputsPerDraw: 4, draw: (rng) => seDie.draw(rng).coins.reduce((m, c, i) => m | ((c === "RED" ? 1 : 0) << i), 0) },
  { name: "dice roll (10000)", cells: 10_000, outputsPerDraw: 1, draw: (rng) => dice.draw(rng).roll },
  {
    name: "dragon tiger cards jointly (52×52, 8 decks)",
    cells: 2704,
    probabilities: twoCardProbabilities(8),
    outputsPerDraw: 2,
    draw: (rng) => {
      const o = dragonTiger.draw(rng);
      return indexOf(o.dragon) * 52 + indexOf(o.tiger);
    },
  },
  {
    name: "baccarat cards by deal position (first four, 8 decks)",
    cells: 4 * 52,
    outputsPerDraw: 4.9, // 4 to 6 cards a coup
    draw: (rng) => {
      const o = baccarat.draw(rng);
      return byPosition([o.player[0]!, o.banker[0]!, o.player[1]!, o.banker[1]!].map(indexOf));
    },
    upper: firstCardUpper,
  },
  {
    name: "baccarat first two cards jointly (52×52, 8 decks)",
    cells: 2704,
    probabilities: twoCardProbabilities(8),
    outputsPerDraw: 2,
    draw: (rng) => {
      const shoe = rng.dealer(52 * baccarat.DECKS);
      return (shoe.next() % 52) * 52 + (shoe.next() % 52);
    },
  },
  {
    name: "niuniu cards by deal position (20, 1 deck)",
    cells: 20 * 52,
    outputsPerDraw: 20,
    draw: (rng) => byPosition(rng.dealer(52).take(20)),
    upper: firstCardUpper,
  },
  {
    name: "niuniu first and 20th card jointly (52×52, 1 deck)",
    cells: 2704,
    probabilities: twoCardProbabilities(1),
    outputsPerDraw: 20,
    draw: (rng) => {
      const cards = rng.dealer(52).take(20);
      return cards[0]! * 52 + cards[19]!;
    },
  },
  {
    name: "three card poker cards by deal position (6, 1 deck)",
    cells: 6 * 52,
    outputsPerDraw: 6,
    draw: (rng) => byPosition(rng.dealer(52).take(6)),
    upper: firstCardUpper,
  },
  {
    // Blackjack and hi-lo: infinite deck, consecutive cards independent.
    name: "blackjack / hi-lo consecutive cards (52×52, infinite deck)",
    cells: 2704,
    outputsPerDraw: 2,
    draw: (rng) => rng.int(52) * 52 + rng.int(52),
  },
];

/** A fixed stream per space; `attempt` selects an independent one (another nonce). */
const seedsFor = (name: string, attempt = 0) => ({ serverSeed: "7c".repeat(32), clientSeed: name.replace(/[^\x21-\x7e]/g, "_").slice(0, 64), nonce: attempt });

/** p-values of the chi-square test and of the runs test (lower vs upper half by cumulative probability). */
export function testCells(cells: Uint32Array, size: number, probabilities?: Float64Array, upper?: (cell: number) => boolean | null): { chi: number; runs: number } {
  const probs = probabilities ?? new Float64Array(size).fill(1 / size);
  const chi = chiSquare(histogram(cells, size), probs);
  const cumulative = new Float64Array(size);
  probs.reduce((acc, p, i) => (cumulative[i] = acc + p), 0);
  const classOf = upper ?? ((cell: number) => cumulative[cell]! > 0.5 + 1e-12);
  const runs = runsTest(cells.length, (i) => classOf(cells[i]!));
  return { chi: chi.pValue, runs: runs.pValue };
}

/** Draws a space from one stream until `outputs` RNG outputs are used, and tests the cells. */
export function checkSpace(space: OutcomeSpace, outputs: number, attempt = 0): { chi: number; runs: number; draws: number } {
  const rng = createRng(seedsFor(space.name, attempt));
  const draws = Math.ceil(outputs / space.outputsPerDraw);
  const cells: number[] = [];
  for (let i = 0; i < draws; i++) {
    const c = space.draw(rng);
    if (typeof c === "number") cells.push(c);
    else for (const x of c) cells.push(x);
  }
  return { ...testCells(Uint32Array.from(cells), space.cells, space.probabilities, space.upper), draws };
}

/**
 * Paid spins of a slot using `outputs` RNG outputs (five stops a spin, drawn as the slot draws
 * them), tested per reel and for two reel pairs jointly (independence between reels).
 */
export function checkSlotStops(config: SlotConfig, outputs: number, attempt = 0): Array<{ name: string; chi: number; runs: number }> {
  const lens = config.reels.base.map((s) => s.length);
  const n = Math.ceil(outputs / lens.length);
  const rng = createRng(seedsFor(config.id, attempt));
  const stops = lens.map(() => new Uint32Array(n));
  for (let i = 0; i < n; i++) for (let r = 0; r < lens.length; r++) stops[r]![i] = rng.int(lens[r]!);
  const out = lens.map((l, r) => ({ name: `reel ${r + 1} (${l} stops)`, ...testCells(stops[r]!, l) }));
  for (const [a, b] of [
    [0, 4],
    [1, 2],
  ] as const) {
    const joint = new Uint32Array(n);
    for (let i = 0; i < n; i++) joint[i] = stops[a]![i]! * lens[b]! + stops[b]![i]!;
    out.push({ name: `reels ${a + 1} and ${b + 1} jointly`, ...testCells(joint, lens[a]! * lens[b]!) });
  }
  return out;
}
