/**
 * The engine behind the HOUSE 5×3 video slots: reel strips, paylines, wilds, scatters and
 * free spins, and the exact RTP of a configuration.
 *
 * Rules shared by every slot:
 *   - five reels, three rows; each reel shows three consecutive symbols of its strip (cyclic),
 *     from the stop downwards: rows = strip[stop], strip[stop + 1], strip[stop + 2];
 *   - every payline is always played; the stake is split evenly over the lines (so it must be
 *     a multiple of the line count); line pays are in line bets, scatter pays in total bets;
 *   - a line pays its longest run from the leftmost reel: the first non-wild symbol with wilds
 *     standing in for it, or the wilds alone, whichever pays more (wilds never stand in for the
 *     scatter, which breaks a line); with a wild multiplier, a run that a wild helps to make
 *     pays that many times;
 *   - three or more scatters anywhere pay their scatter prize and award free spins, played at
 *     once on the free-spin reel strips with every win multiplied; when retriggers are on,
 *     scatters during free spins award more free spins, up to a cap on the feature's total;
 *   - a paid spin and its free spins are one round: one debit, one credit. There is no autoplay.
 *
 * Randomness: reel i stops at `int(strip length)` for i = 0..4, for the paid spin and then each
 * free spin in order.
 *
 * Exact RTP: on one payline the five visible symbols are independent, reel i showing symbol x
 * with probability count_i(x) / length_i (every stop is equally likely), so the expected line pay
 * is a finite sum over symbol 5-tuples, and the expected win of a spin in total bets equals the
 * expected pay of one line in line bets. Scatter counts come from how many stops of each reel
 * show a scatter. The free-spin feature adds P(trigger with k scatters) × E[free spins | k] ×
 * multiplier × E[free spin win]: by Wald's identity the spins' wins and their number multiply in
 * expectation, since whether a spin is played depends only on earlier spins. E[free spins] with
 * capped retriggers comes from an exact forward recursion over (spins played, spins awarded).
 * All of it in bigint rationals.
 */
import {
  assertShape,
  validateWith,
  type Bet,
  type BetRules,
  type InstantEngine,
  type Played,
  type Ratio,
  type Settlement,
  type TableLimits,
} from "../bets";
import type { FairRng } from "../fair";
import { Rational } from "../rational";

export const REELS = 5;
export const ROWS = 3;

export interface SlotSymbol {
  /** One character, as used in the reel strips. */
  readonly id: string;
  readonly name: string;
  readonly role: "regular" | "wild" | "scatter";
}

export interface SlotConfig {
  readonly id: string;
  readonly name: string;
  readonly symbols: readonly SlotSymbol[];
  /** Row (0 top .. 2 bottom) on each reel, per line. */
  readonly paylines: readonly (readonly number[])[];
  /** Five strips each, one character per symbol. */
  readonly reels: { readonly base: readonly string[]; readonly free: readonly string[] };
  /** Line pays in line bets for 3, 4 and 5 of a kind (wild included). */
  readonly pays: Readonly<Record<string, readonly [number, number, number]>>;
  /** A line win that a wild helps to make pays this many times (1 = no multiplier). */
  readonly wildMultiplier: number;
  /** Scatter pays in total bets by scatter count (3, 4, 5). */
  readonly scatterPays: readonly [number, number, number];
  /**
   * The most one spin can pay in line bets on the base and on the free-spin strips (before the
   * free-spin multiplier), from `maxSpinWin`; stored because the search takes a moment, and
   * checked by the tests.
   */
  readonly maxSpinWin: { readonly base: number; readonly free: number };
  readonly freeSpins: {
    /** Free spins awarded for 3, 4 and 5 scatters. */
    readonly awards: readonly [number, number, number];
    /** Every free-spin win is multiplied by this. */
    readonly multiplier: number;
    readonly retrigger: boolean;
    /** The feature never plays more free spins than this in total. */
    readonly maxTotal: number;
  };
}

export type SlotBet = Bet<"spin">;

export interface LineWin {
  /** Payline index (0-based). */
  readonly line: number;
  readonly symbol: string;
  readonly count: number;
  /** In line bets, multipliers included. */
  readonly pay: number;
}

export interface SpinResult {
  readonly type: "base" | "free";
  readonly stops: readonly number[];
  /** Three rows of five symbols, top row first. */
  readonly window: readonly string[];
  readonly lineWins: readonly LineWin[];
  readonly scatters: number;
  /** Scatter prize in total bets, multiplier included. */
  readonly scatterPay: number;
  /** Free spins this spin awarded (after the cap). */
  readonly freeSpinsAwarded: number;
  /** This spin's win in line bets. */
  readonly win: number;
}

export interface SlotOutcome {
  readonly spins: readonly SpinResult[];
  /** The round's win in line bets (payout = stake × totalWin / lines). */
  readonly totalWin: number;
  readonly freeSpinsPlayed: number;
}

function roleOf(config: SlotConfig): Map<string, SlotSymbol["role"]> {
  return new Map(config.symbols.map((s) => [s.id, s.role]));
}

/** A configuration turned into arrays of symbol indices, for the hot paths. */
interface Compiled {
  readonly ids: readonly string[];
  readonly wild: number;
  readonly scatter: number;
  /** pays[symbol][count - 3], 0 when the symbol has none (the scatter). */
  readonly pays: readonly (readonly number[])[];
  readonly strips: { readonly base: readonly Uint8Array[]; readonly free: readonly Uint8Array[] };
  readonly lines: readonly (readonly number[])[];
}

const compiledCache = new WeakMap<SlotConfig, Compiled>();

function compile(config: SlotConfig): Compiled {
  const cached = compiledCache.get(config);
  if (cached) return cached;
  const ids = config.symbols.map((s) => s.id);
  const toIdx = (strip: string) => Uint8Array.from([...strip].map((ch) => ids.indexOf(ch)));
  const c: Compiled = {
    ids,
    wild: config.symbols.findIndex((s) => s.role === "wild"),
    scatter: config.symbols.findIndex((s) => s.role === "scatter"),
    pays: ids.map((id) => config.pays[id] ?? [0, 0, 0]),
    strips: { base: config.reels.base.map(toIdx), free: config.reels.free.map(toIdx) },
    lines: config.paylines,
  };
  compiledCache.set(config, c);
  return c;
}

/** Checks a configuration: strips of known symbols, scatters never twice in one reel's window, pays. */
export function checkConfig(config: SlotConfig): void {
  const roles = roleOf(config);
  const wilds = config.symbols.filter((s) => s.role === "wild");
  const scatters = config.symbols.filter((s) => s.role === "scatter");
  if (wilds.length !== 1 || scatters.length !== 1) throw new Error(`${config.id}: one wild and one scatter`);
  if (config.symbols.some((s) => s.id.length !== 1) || config.symbols.length > 64) throw new Error(`${config.id}: up to 64 symbols, one character each`);
  for (const set of [config.reels.base, config.reels.free]) {
    if (set.length !== REELS) throw new Error(`${config.id}: five strips per reel set`);
    for (const strip of set) {
      if (strip.length < ROWS) throw new Error(`${config.id}: strips hold at least ${ROWS} symbols`);
      for (const ch of strip) if (!roles.has(ch)) throw new Error(`${config.id}: unknown symbol ${ch}`);
      for (let i = 0; i < strip.length; i++) {
        if (roles.get(strip[i]!) !== "scatter") continue;
        for (let d = 1; d < ROWS; d++) if (roles.get(strip[(i + d) % strip.length]!) === "scatter") throw new Error(`${config.id}: scatters closer than ${ROWS} on a strip`);
      }
    }
  }
  for (const line of config.paylines) if (line.length !== REELS || line.some((r) => r < 0 || r >= ROWS)) throw new Error(`${config.id}: bad payline`);
  const keys = new Set(config.paylines.map((l) => l.join("")));
  if (keys.size !== config.paylines.length) throw new Error(`${config.id}: duplicate payline`);
  for (const s of config.symbols) if (s.role !== "scatter" && !config.pays[s.id]) throw new Error(`${config.id}: no pays for ${s.id}`);
}

/**
 * The pay of one line from its symbol indices, in line bets (before the free-spin multiplier),
 * packed as pay * 1024 + symbol * 16 + count so the hot path allocates nothing.
 */
function linePayPacked(c: Compiled, wildMultiplier: number, sym: (reel: number) => number): number {
  const W = c.wild;
  let wildRun = 0;
  while (wildRun < REELS && sym(wildRun) === W) wildRun++;
  let bestPay = wildRun >= 3 ? c.pays[W]![wildRun - 3]! : 0;
  let bestSym = W;
  let bestCount = wildRun;
  if (wildRun < REELS) {
    const lead = sym(wildRun);
    if (lead !== c.scatter) {
      let n = wildRun + 1;
      while (n < REELS) {
        const x = sym(n);
        if (x !== lead && x !== W) break;
        n++;
      }
      if (n >= 3) {
        let helped = wildRun > 0;
        for (let i = wildRun + 1; i < n && !helped; i++) helped = sym(i) === W;
        const pay = c.pays[lead]![n - 3]! * (helped ? wildMultiplier : 1);
        if (pay > bestPay) {
          bestPay = pay;
          bestSym = lead;
          bestCount = n;
        }
      }
    }
  }
  return bestPay > 0 ? bestPay * 1024 + bestSym * 16 + bestCount : 0;
}

/** The pay of one line's five symbols, in line bets (before the free-spin multiplier). */
export function linePay(config: SlotConfig, symbols: readonly string[]): { pay: number; symbol: string; count: number } {
  const c = compile(config);
  const idx = symbols.map((s) => c.ids.indexOf(s));
  const packed = linePayPacked(c, config.wildMultiplier, (r) => idx[r]!);
  if (packed === 0) return { pay: 0, symbol: "", count: 0 };
  return { pay: Math.floor(packed / 1024), symbol: c.ids[Math.floor(packed / 16) % 64]!, count: packed % 16 };
}

function scatterPay(config: SlotConfig, count: number): number {
  return count >= 3 ? config.scatterPays[Math.min(count, 5) - 3]! : 0;
}

function award(config: SlotConfig, count: number): number {
  return count >= 3 ? config.freeSpins.awards[Math.min(count, 5) - 3]! : 0;
}

/** Evaluates one spin from its stops. */
export function evaluateSpin(
  config: SlotConfig,
  strips: readonly string[],
  stops: readonly number[],
  type: "base" | "free",
): Omit<SpinResult, "freeSpinsAwarded"> & { awarded: number } {
  const c = compile(config);
  const idx = strips === config.reels.base ? c.strips.base : strips === config.reels.free ? c.strips.free : strips.map((s) => Uint8Array.from([...s].map((ch) => c.ids.indexOf(ch))));
  // cells[reel * ROWS + row]
  const cells = new Uint8Array(REELS * ROWS);
  let scatters = 0;
  for (let reel = 0; reel < REELS; reel++) {
    const strip = idx[reel]!;
    for (let row = 0; row < ROWS; row++) {
      const x = strip[(stops[reel]! + row) % strip.length]!;
      cells[reel * ROWS + row] = x;
      if (x === c.scatter) scatters++;
    }
  }
  const window: string[] = [];
  for (let row = 0; row < ROWS; row++) {
    let line = "";
    for (let reel = 0; reel < REELS; reel++) line += c.ids[cells[reel * ROWS + row]!];
    window.push(line);
  }
  const m = type === "free" ? config.freeSpins.multiplier : 1;
  const lineWins: LineWin[] = [];
  let win = 0;
  for (let i = 0; i < c.lines.length; i++) {
    const line = c.lines[i]!;
    const packed = linePayPacked(c, config.wildMultiplier, (reel) => cells[reel * ROWS + line[reel]!]!);
    if (packed === 0) continue;
    const pay = Math.floor(packed / 1024) * m;
    win += pay;
    lineWins.push({ line: i, symbol: c.ids[Math.floor(packed / 16) % 64]!, count: packed % 16, pay });
  }
  const sp = scatterPay(config, scatters) * m;
  win += sp * c.lines.length;
  return { type, stops: [...stops], window, lineWins, scatters, scatterPay: sp, win, awarded: award(config, scatters) };
}

/** A paid spin and all the free spins it leads to. */
export function spin(config: SlotConfig, rng: FairRng): SlotOutcome {
  const stopsFor = (strips: readonly string[]) => strips.map((s) => rng.int(s.length));
  const base = evaluateSpin(config, config.reels.base, stopsFor(config.reels.base), "base");
  const spins: SpinResult[] = [];
  const { awarded: baseAward, ...baseSpin } = base;
  const cap = config.freeSpins.maxTotal;
  let awardedTotal = Math.min(baseAward, cap);
  spins.push({ ...baseSpin, freeSpinsAwarded: awardedTotal });
  let played = 0;
  let totalWin = base.win;
  while (played < awardedTotal) {
    const { awarded, ...free } = evaluateSpin(config, config.reels.free, stopsFor(config.reels.free), "free");
    played++;
    const more = config.freeSpins.retrigger ? Math.min(awarded, cap - awardedTotal) : 0;
    awardedTotal += more;
    totalWin += free.win;
    spins.push({ ...free, freeSpinsAwarded: more });
  }
  return { spins, totalWin, freeSpinsPlayed: played };
}

// ---------------------------------------------------------------------------------------------
// Exact RTP

export interface SlotRtp {
  /** Each part as a fraction of the total bet. */
  readonly baseLines: Rational;
  readonly baseScatter: Rational;
  readonly freeSpins: Rational;
  readonly total: Rational;
  /** P(a paid spin triggers free spins). */
  readonly triggerProbability: Rational;
  /** E[free spins played | triggered]. */
  readonly meanFreeSpins: Rational;
  /** E[win of one free spin] in total bets, multiplier included. */
  readonly freeSpinValue: Rational;
  /** The most one round can pay, in line bets (see `maxRoundWin`). */
  readonly maxWinLineBets: number;
}

/** E[line pay] in line bets over independent reels with the strips' symbol frequencies. */
function expectedLinePay(config: SlotConfig, strips: readonly string[]): Rational {
  const c = compile(config);
  const ids = c.ids;
  const counts = strips.map((strip) => ids.map((id) => [...strip].filter((ch) => ch === id).length));
  let total = 0n;
  const tuple = new Array<number>(REELS).fill(0);
  const at = (r: number) => tuple[r]!;
  // Weights are products of five counts (< 2^53): exact as numbers, summed as bigints.
  const rec = (reel: number, weight: number) => {
    if (reel === REELS) {
      const p = Math.floor(linePayPacked(c, config.wildMultiplier, at) / 1024);
      if (p > 0) total += BigInt(weight * p);
      return;
    }
    for (let k = 0; k < ids.length; k++) {
      const n = counts[reel]![k]!;
      if (n === 0) continue;
      tuple[reel] = k;
      rec(reel + 1, weight * n);
    }
  };
  rec(0, 1);
  return Rational.of(total, strips.reduce((d, s) => d * BigInt(s.length), 1n));
}

/** Distribution of the number of scatters in the window, as exact probabilities by count. */
function scatterDistribution(config: SlotConfig, strips: readonly string[]): Rational[] {
  const roles = roleOf(config);
  let dist: bigint[] = [1n];
  let den = 1n;
  for (const strip of strips) {
    const perStop = new Array<bigint>(ROWS + 1).fill(0n);
    for (let stop = 0; stop < strip.length; stop++) {
      let c = 0;
      for (let r = 0; r < ROWS; r++) if (roles.get(strip[(stop + r) % strip.length]!) === "scatter") c++;
      perStop[c]! += 1n;
    }
    const next = new Array<bigint>(dist.length + ROWS).fill(0n);
    dist.forEach((w, i) => perStop.forEach((v, c) => (next[i + c]! += w * v)));
    dist = next;
    den *= BigInt(strip.length);
  }
  return dist.map((w) => Rational.of(w, den));
}

/**
 * E[free spins played] for a feature that starts with `initial` spins: forward over spins n,
 * tracking the distribution of spins awarded so far; a spin is played while n < awarded.
 */
export function expectedFreeSpins(config: SlotConfig, initial: number, freeScatters: readonly Rational[]): Rational {
  const cap = config.freeSpins.maxTotal;
  const start = Math.min(initial, cap);
  if (!config.freeSpins.retrigger) return Rational.of(start);
  // Common denominator D = product of strip lengths: every probability is an integer over D.
  const D = config.reels.free.reduce((d, s) => d * BigInt(s.length), 1n);
  const pByAward = new Map<number, bigint>();
  freeScatters.forEach((p, count) => {
    const a = award(config, count);
    pByAward.set(a, (pByAward.get(a) ?? 0n) + (p.num * D) / p.den);
  });
  // dist[t] = (numerator over D^n) of P(awarded = t and still playing after n spins)
  let dist = new Map<number, bigint>([[start, 1n]]);
  let scale = 1n; // D^n
  let expected = Rational.ZERO;
  for (let n = 0; dist.size > 0; n++) {
    // Spin n is played in every state with awarded > n.
    let mass = 0n;
    for (const w of dist.values()) mass += w;
    expected = expected.add(Rational.of(mass, scale));
    const next = new Map<number, bigint>();
    for (const [t, w] of dist) {
      for (const [a, p] of pByAward) {
        const t2 = t + Math.min(a, cap - t);
        if (t2 > n + 1) next.set(t2, (next.get(t2) ?? 0n) + w * p);
      }
    }
    dist = next;
    scale *= D;
  }
  return expected;
}

export function exactRtp(config: SlotConfig): SlotRtp {
  const baseLines = expectedLinePay(config, config.reels.base);
  const baseDist = scatterDistribution(config, config.reels.base);
  const freeDist = scatterDistribution(config, config.reels.free);
  const scatterValue = (dist: Rational[]) => dist.reduce((s, p, c) => s.add(p.mul(Rational.of(scatterPay(config, c)))), Rational.ZERO);
  const baseScatter = scatterValue(baseDist);
  const m = Rational.of(config.freeSpins.multiplier);
  const freeSpinValue = expectedLinePay(config, config.reels.free).add(scatterValue(freeDist)).mul(m);
  let freeSpins = Rational.ZERO;
  let trigger = Rational.ZERO;
  let meanWeighted = Rational.ZERO;
  baseDist.forEach((p, c) => {
    const a = award(config, c);
    if (a === 0) return;
    const n = expectedFreeSpins(config, a, freeDist);
    trigger = trigger.add(p);
    meanWeighted = meanWeighted.add(p.mul(n));
    freeSpins = freeSpins.add(p.mul(n).mul(freeSpinValue));
  });
  return {
    baseLines,
    baseScatter,
    freeSpins,
    total: baseLines.add(baseScatter).add(freeSpins),
    triggerProbability: trigger,
    meanFreeSpins: trigger.num === 0n ? Rational.ZERO : meanWeighted.div(trigger),
    freeSpinValue,
    maxWinLineBets: maxRoundWin(config),
  };
}

/**
 * The most a round can pay, in line bets: the best paid spin, then the most free spins the
 * feature can reach, each at the best free spin. An upper bound (the best spins need not follow
 * one another), from exact per-spin maxima.
 */
export function maxRoundWin(config: SlotConfig): number {
  const fs = config.freeSpins;
  const spins = fs.retrigger ? fs.maxTotal : Math.min(fs.maxTotal, Math.max(...fs.awards));
  return config.maxSpinWin.base + spins * fs.multiplier * config.maxSpinWin.free;
}

// ---------------------------------------------------------------------------------------------
// An engine from a configuration

export interface SlotEngine extends InstantEngine<SlotBet, SlotOutcome> {
  readonly name: string;
  readonly config: SlotConfig;
  readonly lines: number;
}

/**
 * Default limits are per line bet; the default max payout is what the max stake can win, so a
 * lower max payout set by an operator refuses the stakes that could exceed it.
 */
export function slotEngine(config: SlotConfig, limits: { minLineBet: bigint; maxLineBet: bigint }): SlotEngine {
  checkConfig(config);
  const lines = config.paylines.length;
  const maxWin = BigInt(maxRoundWin(config));
  const rules: BetRules<SlotBet> = {
    kinds: ["spin"],
    selection: () => ({ key: "" }),
    unit: () => BigInt(lines),
    maxPayout: (bets) => maxPayout(bets),
  };
  const maxPayout = (bets: readonly SlotBet[]) => bets.reduce((s, b) => s + (b.amount / BigInt(lines)) * maxWin, 0n);
  const defaultLimits: TableLimits<"spin"> = {
    perKind: { spin: { min: limits.minLineBet * BigInt(lines), max: limits.maxLineBet * BigInt(lines) } },
    maxTotal: limits.maxLineBet * BigInt(lines),
    maxBets: 1,
    maxPayout: limits.maxLineBet * maxWin,
  };
  const settleBets = (outcome: SlotOutcome, bets: readonly SlotBet[]): Settlement<SlotBet> => {
    assertShape(bets, rules);
    const ratio: Ratio = [outcome.totalWin, lines];
    let totalStake = 0n;
    let totalPayout = 0n;
    const results = bets.map((bet) => {
      const payout = (bet.amount * BigInt(outcome.totalWin)) / BigInt(lines);
      totalStake += bet.amount;
      totalPayout += payout;
      return { bet, ratio, payout };
    });
    return { results, totalStake, totalPayout };
  };
  const draw = (rng: FairRng) => spin(config, rng);
  return {
    type: "instant",
    id: config.id,
    name: config.name,
    config,
    lines,
    betKinds: ["spin"],
    paytable: { pays: config.pays, scatterPays: config.scatterPays, wildMultiplier: config.wildMultiplier, freeSpins: config.freeSpins, lines },
    defaultLimits,
    validateBets: (bets, l = defaultLimits) => validateWith(bets, l, rules),
    maxPayout,
    draw,
    settle: settleBets,
    play(rng: FairRng, bets: readonly SlotBet[]): Played<SlotBet, SlotOutcome> {
      assertShape(bets, rules);
      const outcome = draw(rng);
      return { outcome, settlement: settleBets(outcome, bets) };
    },
  };
}

/** 25 distinct paylines; slots use the first 10, 20 or 25. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

/**
 * The most one spin on these strips can pay, in line bets (scatter prize included, before the
 * free-spin multiplier): branch and bound over the reels' stops, bounding each line by its best
 * completion.
 */
export function maxSpinWin(config: SlotConfig, strips: readonly string[]): number {
  const roles = roleOf(config);
  const ids = config.symbols.map((s) => s.id);
  const W = ids.findIndex((id) => roles.get(id) === "wild");
  const S = ids.findIndex((id) => roles.get(id) === "scatter");
  const pay = ids.map((id) => config.pays[id] ?? [0, 0, 0]);
  const lines = config.paylines;
  const windows = strips.map((strip) =>
    Array.from({ length: strip.length }, (_, stop) => Array.from({ length: ROWS }, (_, r) => ids.indexOf(strip[(stop + r) % strip.length]!))),
  );
  const regular = ids.map((_, i) => i).filter((i) => i !== W && i !== S);
  const topRegular = Math.max(...regular.map((i) => pay[i]![2]!));
  const lineBound = (syms: number[], k: number): number => {
    // Best pay over all completions of the first k symbols.
    let wildRun = 0;
    while (wildRun < k && syms[wildRun] === W) wildRun++;
    if (wildRun === REELS) return pay[W]![2]!;
    if (wildRun === k) {
      // All wilds so far: any lead symbol may still come, and a wild run may continue.
      const helped = k > 0 ? config.wildMultiplier : Math.max(1, config.wildMultiplier);
      return Math.max(pay[W]![2]!, topRegular * helped);
    }
    const lead = syms[wildRun]!;
    const wildOnly = wildRun >= 3 ? pay[W]![wildRun - 3]! : 0;
    if (lead === S) return wildOnly;
    let n = wildRun + 1;
    while (n < k && (syms[n] === lead || syms[n] === W)) n++;
    const helpedSoFar = syms.slice(0, n).includes(W);
    if (n < k) {
      // The run is broken: its pay is final.
      const p = n >= 3 ? pay[lead]![n - 3]! * (helpedSoFar ? config.wildMultiplier : 1) : 0;
      return Math.max(p, wildOnly);
    }
    const canHelp = helpedSoFar || k < REELS;
    return Math.max(pay[lead]![2]! * (canHelp ? config.wildMultiplier : 1), wildOnly);
  };
  const scatterBound = (scatters: number, k: number) => {
    let s = scatters;
    for (let r = k; r < REELS; r++) if (windows[r]!.some((w) => w.includes(S))) s++;
    return scatterPay(config, s) * lines.length;
  };
  let best = 0;
  const chosen: number[][] = [];
  const syms = lines.map(() => new Array<number>(REELS).fill(-1));
  const rec = (k: number, scatters: number) => {
    let bound = scatterBound(scatters, k);
    for (let l = 0; l < lines.length; l++) bound += lineBound(syms[l]!, k);
    if (bound <= best) return;
    if (k === REELS) {
      let win = scatterPay(config, scatters) * lines.length;
      for (const line of syms) win += linePay(config, line.map((i) => ids[i]!)).pay;
      if (win > best) best = win;
      return;
    }
    // Distinct windows only, most promising first.
    const seen = new Set<string>();
    const options = windows[k]!.filter((w) => {
      const key = w.join(",");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    for (const w of options) {
      chosen[k] = w;
      for (let l = 0; l < lines.length; l++) syms[l]![k] = w[lines[l]![k]!]!;
      rec(k + 1, scatters + w.filter((x) => x === S).length);
    }
    for (let l = 0; l < lines.length; l++) syms[l]![k] = -1;
  };
  rec(0, 0);
  return best;
}
