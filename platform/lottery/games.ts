/**
 * The in-house lotteries (spec §1 LOTT and ELOTT, §2 /lottery, /vnLottery, /seaLottery, §3 prize
 * modes): what each draw produces, its schedule, the bets it takes and what they pay. Pure: no
 * database, no clock. Rules, odds and exact returns are documented in docs/games/lottery.md.
 *
 * A draw's numbers come from the provably fair stream (platform/house/fair.ts) of the draw's own
 * server seed, with client seed `<gameCode>:<issue>` and nonce 0: the seed's SHA-256 is public
 * while the draw takes bets, the seed itself once it is drawn, so anyone can recompute it.
 */
import { createRng, type FairRng } from "../house/fair.js";

/** Spec §3 prize modes. A mode picks the odds table a ticket is paid by. */
export const PRIZE_MODES = ["LOTT", "ZY", "ELOTT", "SEA"] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
export const isPrizeMode = (v: unknown): v is PrizeMode => typeof v === "string" && (PRIZE_MODES as readonly string[]).includes(v);

export type LotteryKind = "DIGITS" | "VN" | "SEA4D";

/** Prize tiers of the Vietnamese (northern) draw: 27 numbers. */
export const VN_TIERS = [
  { tier: "DB", count: 1, digits: 5 },
  { tier: "G1", count: 1, digits: 5 },
  { tier: "G2", count: 2, digits: 5 },
  { tier: "G3", count: 6, digits: 5 },
  { tier: "G4", count: 4, digits: 4 },
  { tier: "G5", count: 6, digits: 4 },
  { tier: "G6", count: 3, digits: 3 },
  { tier: "G7", count: 4, digits: 2 },
] as const;

/** Prize tiers of the SEA 4D draw: 23 different 4-digit numbers. */
export const SEA_TIERS = [
  { tier: "P1", count: 1 },
  { tier: "P2", count: 1 },
  { tier: "P3", count: 1 },
  { tier: "STARTER", count: 10 },
  { tier: "CONSOLATION", count: 10 },
] as const;

/** A draw's result: prize tier → numbers (as strings, leading zeros kept). Digit games use tier "N". */
export type DrawNumbers = Record<string, string[]>;

export interface Schedule {
  /** Time between draws. */
  periodMs: number;
  /** Draw times are offset + k × period (UTC). */
  offsetMs: number;
  /** Bets close this long before the draw. */
  closeBeforeMs: number;
}

export interface LotteryGame {
  code: string;
  /** The catalogue vendor (vassalage) of spec §2 launch routing. */
  vendorCode: "ELOTT" | "LOTT" | "TCG_LOTTO_VN" | "TCG_SEA";
  category: "LOTT" | "ELOTT";
  kind: LotteryKind;
  name: string;
  /** Digit games: how many digits a draw has. */
  digits?: number;
  schedule: Schedule;
  /** The modes this game pays by; the first is its own. */
  modes: readonly PrizeMode[];
  betTypes: readonly BetType[];
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * Bet types. Odds are what one unit staked returns (stake included) in thousandths, per prize
 * mode; LO pays its odds once per prize whose last two digits match.
 */
export type BetType = "DIGIT" | "BIG_SMALL" | "ODD_EVEN" | "LAST2" | "LAST3" | "LO" | "DE" | "BA_CANG" | "BIG" | "SMALL" | "SEA2D";

export const LOTTERY_GAMES = {
  ELOTT_FAST5: {
    code: "ELOTT_FAST5",
    vendorCode: "ELOTT",
    category: "ELOTT",
    kind: "DIGITS",
    name: "Fast 5",
    digits: 5,
    schedule: { periodMs: 5 * MIN, offsetMs: 0, closeBeforeMs: 30_000 },
    modes: ["ELOTT", "LOTT", "ZY"],
    betTypes: ["DIGIT", "BIG_SMALL", "ODD_EVEN", "LAST2", "LAST3"],
  },
  LOTT_DAILY3: {
    code: "LOTT_DAILY3",
    vendorCode: "LOTT",
    category: "LOTT",
    kind: "DIGITS",
    name: "Daily 3D",
    digits: 3,
    // 21:30 at UTC+8.
    schedule: { periodMs: DAY, offsetMs: 13 * HOUR + 30 * MIN, closeBeforeMs: 5 * MIN },
    modes: ["LOTT", "ELOTT", "ZY"],
    betTypes: ["DIGIT", "BIG_SMALL", "ODD_EVEN", "LAST2", "LAST3"],
  },
  VN_MB: {
    code: "VN_MB",
    vendorCode: "TCG_LOTTO_VN",
    category: "LOTT",
    kind: "VN",
    name: "Miền Bắc",
    // 18:15 at UTC+7, as the northern draw.
    schedule: { periodMs: DAY, offsetMs: 11 * HOUR + 15 * MIN, closeBeforeMs: 5 * MIN },
    modes: ["LOTT", "ELOTT", "ZY"],
    betTypes: ["LO", "DE", "BA_CANG"],
  },
  SEA_4D: {
    code: "SEA_4D",
    vendorCode: "TCG_SEA",
    category: "ELOTT",
    kind: "SEA4D",
    name: "SEA 4D",
    // 19:00 at UTC+8.
    schedule: { periodMs: DAY, offsetMs: 11 * HOUR, closeBeforeMs: 5 * MIN },
    modes: ["SEA"],
    betTypes: ["BIG", "SMALL", "SEA2D"],
  },
} as const satisfies Record<string, LotteryGame>;

export type LotteryGameCode = keyof typeof LOTTERY_GAMES;
export const isLotteryGameCode = (v: unknown): v is LotteryGameCode => typeof v === "string" && Object.hasOwn(LOTTERY_GAMES, v);
export const lotteryGame = (code: LotteryGameCode): LotteryGame => LOTTERY_GAMES[code];
export const LOTTERY_VENDORS = [...new Set(Object.values(LOTTERY_GAMES).map((g) => g.vendorCode))];

/** Spec §2 launch routing: the page a lottery vendor's games open on, with the game's code. */
export function lotteryPagePath(vendorCode: string, gameCode: string): string {
  const page = vendorCode === "TCG_LOTTO_VN" ? "/vnLottery" : vendorCode === "TCG_SEA" ? "/seaLottery" : "/lottery";
  return `${page}?${new URLSearchParams({ gameCode })}`;
}

/** The mode a ticket is paid by: the one asked for when the game offers it, else the game's own. */
export function prizeModeFor(game: LotteryGame, asked?: string | null): PrizeMode {
  return isPrizeMode(asked) && game.modes.includes(asked) ? asked : game.modes[0]!;
}

// ---------------------------------------------------------------------------------------------
// Odds (thousandths of a unit returned per unit staked). LOTT and ELOTT pay by the standard table
// (they differ in the lobby a brand shows, spec §4, not in odds); ZY is the no-rebate table: it
// pays about one point more and earns no rebate (the rebate display of spec §9 covers LOTT and
// ELOTT); SEA is the 4D table.

type OddsTable = Partial<Record<BetType, number>>;

const DIGIT_ODDS: Record<"standard" | "zy", OddsTable> = {
  standard: { DIGIT: 9_800, BIG_SMALL: 1_960, ODD_EVEN: 1_960, LAST2: 98_000, LAST3: 980_000 },
  zy: { DIGIT: 9_900, BIG_SMALL: 1_980, ODD_EVEN: 1_980, LAST2: 99_000, LAST3: 990_000 },
};
const VN_ODDS: Record<"standard" | "zy", OddsTable> = {
  standard: { LO: 3_600, DE: 98_000, BA_CANG: 980_000 },
  zy: { LO: 3_660, DE: 99_000, BA_CANG: 990_000 },
};
/** 4D: BIG pays on every tier, SMALL on the top three; SEA2D on the last two digits of the first prize. */
export const SEA_PAYS = {
  BIG: { P1: 3_750_000, P2: 1_500_000, P3: 750_000, STARTER: 270_000, CONSOLATION: 90_000 },
  SMALL: { P1: 5_000_000, P2: 3_000_000, P3: 1_600_000, STARTER: 0, CONSOLATION: 0 },
} as const;
const SEA_ODDS: OddsTable = { BIG: SEA_PAYS.BIG.P1, SMALL: SEA_PAYS.SMALL.P1, SEA2D: 96_000 };

/** The odds a bet type pays in a mode (for SEA BIG and SMALL: the first prize's), in thousandths. */
export function oddsFor(game: LotteryGame, mode: PrizeMode, type: BetType): number {
  const table = game.kind === "SEA4D" ? SEA_ODDS : (game.kind === "VN" ? VN_ODDS : DIGIT_ODDS)[mode === "ZY" ? "zy" : "standard"];
  const odds = table[type];
  if (odds === undefined) throw new Error(`${game.code} takes no ${type} bets`);
  return odds;
}

// ---------------------------------------------------------------------------------------------
// Selections

export interface BetLine {
  type: BetType;
  selection: string;
}

const SUM = "SUM";

/**
 * The selection a bet type takes, normalised, or null when it is not one:
 * DIGIT `p-d` (position 1..n, digit); BIG_SMALL `p-B|S` and ODD_EVEN `p-O|E` (p a position or SUM);
 * LAST2, LO, DE, SEA2D two digits; LAST3 and BA_CANG three; BIG and SMALL four.
 */
export function normaliseSelection(game: LotteryGame, type: BetType, raw: string): string | null {
  if (!game.betTypes.includes(type)) return null;
  const s = raw.trim().toUpperCase().replace(/\s+/g, "");
  const digits = (n: number) => (new RegExp(`^\\d{${n}}$`).test(s) ? s : null);
  const position = (p: string) => p === SUM || (/^[1-9]$/.test(p) && Number(p) <= (game.digits ?? 0));
  switch (type) {
    case "DIGIT": {
      const m = /^([1-9])-(\d)$/.exec(s);
      return m && position(m[1]!) ? s : null;
    }
    case "BIG_SMALL":
    case "ODD_EVEN": {
      const m = /^([1-9]|SUM)-([A-Z])$/.exec(s);
      const sides = type === "BIG_SMALL" ? ["B", "S"] : ["O", "E"];
      return m && position(m[1]!) && sides.includes(m[2]!) ? s : null;
    }
    case "LAST2":
    case "LO":
    case "DE":
    case "SEA2D":
      return digits(2);
    case "LAST3":
    case "BA_CANG":
      return digits(3);
    case "BIG":
    case "SMALL":
      return digits(4);
  }
}

// ---------------------------------------------------------------------------------------------
// Draws

function randomDigits(rng: FairRng, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += String(rng.int(10));
  return out;
}

/** The draw's client seed: the game and issue, so a seed cannot be reused for another draw. */
export const drawClientSeed = (gameCode: string, issue: string) => `${gameCode}:${issue}`;

/** The numbers of a draw, from its server seed (deterministic). */
export function drawNumbers(game: LotteryGame, serverSeed: string, issue: string): DrawNumbers {
  const rng = createRng({ serverSeed, clientSeed: drawClientSeed(game.code, issue), nonce: 0 });
  switch (game.kind) {
    case "DIGITS":
      return { N: [randomDigits(rng, game.digits!)] };
    case "VN": {
      const out: DrawNumbers = {};
      for (const t of VN_TIERS) out[t.tier] = Array.from({ length: t.count }, () => randomDigits(rng, t.digits));
      return out;
    }
    case "SEA4D": {
      // 23 different numbers: the first 23 of a lazily shuffled 0000..9999.
      const dealt = rng.dealer(10_000).take(23).map((n) => String(n).padStart(4, "0"));
      const out: DrawNumbers = {};
      let k = 0;
      for (const t of SEA_TIERS) out[t.tier] = dealt.slice(k, (k += t.count));
      return out;
    }
  }
}

/**
 * What one unit staked on a line returns, in thousandths (0 for a loss): the odds when it wins;
 * LO once per matching prize; BIG and SMALL by the tier the number came in.
 */
export function lineReturn(game: LotteryGame, mode: PrizeMode, line: BetLine, numbers: DrawNumbers): number {
  const odds = game.kind === "SEA4D" ? 0 : oddsFor(game, mode, line.type);
  const sel = line.selection;
  if (game.kind === "DIGITS") {
    const n = numbers.N![0]!;
    const ds = [...n].map(Number);
    const at = (p: string) => (p === SUM ? ds.reduce((a, b) => a + b, 0) : ds[Number(p) - 1]!);
    switch (line.type) {
      case "DIGIT": {
        const [p, d] = sel.split("-");
        return at(p!) === Number(d) ? odds : 0;
      }
      case "BIG_SMALL": {
        const [p, side] = sel.split("-");
        // A digit is big at 5-9; a sum at more than half of its range (9n/2), which has no tie.
        const big = p === SUM ? at(p) * 2 > 9 * ds.length : at(p!) >= 5;
        return big === (side === "B") ? odds : 0;
      }
      case "ODD_EVEN": {
        const [p, side] = sel.split("-");
        return (at(p!) % 2 === 1) === (side === "O") ? odds : 0;
      }
      case "LAST2":
      case "LAST3":
        return n.endsWith(sel) ? odds : 0;
      default:
        return 0;
    }
  }
  if (game.kind === "VN") {
    const special = numbers.DB![0]!;
    switch (line.type) {
      case "LO":
        return odds * Object.values(numbers).flat().filter((x) => x.endsWith(sel)).length;
      case "DE":
      case "BA_CANG":
        return special.endsWith(sel) ? odds : 0;
      default:
        return 0;
    }
  }
  // SEA 4D
  if (line.type === "SEA2D") return numbers.P1![0]!.endsWith(sel) ? oddsFor(game, mode, "SEA2D") : 0;
  const pays = line.type === "BIG" ? SEA_PAYS.BIG : SEA_PAYS.SMALL;
  for (const t of SEA_TIERS) if (numbers[t.tier]!.includes(sel)) return pays[t.tier];
  return 0;
}

/** A line's win in minor units: amount × return / 1000, rounded down. */
export function lineWin(amount: bigint, unitReturn: number): bigint {
  return (amount * BigInt(unitReturn)) / 1000n;
}

// ---------------------------------------------------------------------------------------------
// Schedule and issues

/** The first draw time strictly after `t`. */
export function nextDrawAt(s: Schedule, t: number): number {
  return Math.floor((t - s.offsetMs) / s.periodMs + 1) * s.periodMs + s.offsetMs;
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll("-", "");

/**
 * The draw's issue number: daily games by the UTC date of the draw (20261122); games drawn many
 * times a day by the day and the draw's number in it (20261122-001 is drawn at 00:05 UTC and
 * 20261122-288 at midnight).
 */
export function issueOf(s: Schedule, drawAt: number): string {
  if (s.periodMs >= DAY) return ymd(drawAt);
  const day = Math.floor((drawAt - 1) / DAY) * DAY;
  const seq = Math.floor((drawAt - 1 - day) / s.periodMs) + 1;
  return `${ymd(day)}-${String(seq).padStart(3, "0")}`;
}

/** The draw bets go to at `t`: the next one, or the one after when the next has closed. */
export function bettingDrawAt(s: Schedule, t: number): number {
  const next = nextDrawAt(s, t);
  return t < next - s.closeBeforeMs ? next : nextDrawAt(s, next);
}

// ---------------------------------------------------------------------------------------------
// Exact returns (docs/games/lottery.md): the expected return per unit staked, as a fraction.

/** Expected return of one unit on a bet type, in thousandths per unit, averaged exactly over the draw. */
export function expectedReturn(game: LotteryGame, mode: PrizeMode, type: BetType): number {
  switch (type) {
    case "DIGIT":
      return oddsFor(game, mode, type) / 10;
    case "BIG_SMALL":
    case "ODD_EVEN":
      return oddsFor(game, mode, type) / 2;
    case "LAST2":
    case "DE":
    case "SEA2D":
      return oddsFor(game, mode, type) / 100;
    case "LAST3":
    case "BA_CANG":
      return oddsFor(game, mode, type) / 1000;
    case "LO":
      // 27 prizes, each ending in a given pair with probability 1/100.
      return (oddsFor(game, mode, type) * 27) / 100;
    case "BIG":
    case "SMALL": {
      const pays = SEA_PAYS[type];
      return SEA_TIERS.reduce((s, t) => s + pays[t.tier] * t.count, 0) / 10_000;
    }
  }
}
