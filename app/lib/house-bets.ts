/**
 * The bet forms of the in-house games (vendor HOUSE): for each game its bet spots (kind, params,
 * label), one amount field per spot, and the "pick" spots whose selection comes from a list
 * (roulette splits, sic bo totals, fan tan nim, ...). Shared by the page (to draw the form) and
 * the route action (to turn the posted form into the platform's bets), so it is plain data and
 * imports nothing from the platform: the engines stay on the server.
 *
 * Field names: `a_<spot>` is a spot's amount, `p_<pick>` the chosen option of a pick spot,
 * `d_kind` and `d_target` the dice bet's side and target.
 */
import { AMOUNT_PATTERN, normaliseAmount } from "./money-fields";

/** A label: an i18n key with its arguments, plain text (numbers), or parts joined. */
export type Label = { key: string; args?: Record<string, string | number> } | { text: string } | { parts: Label[]; sep: string };

export type BetParams = Record<string, number | string | number[] | string[]>;

export interface Spot {
  id: string;
  kind: string;
  params?: BetParams;
  label: Label;
  /** The paytable odds as shown beside the spot ("35:1"). */
  odds?: string;
}

export interface PickOption {
  value: string;
  params: BetParams;
  label: Label;
}

export interface Pick {
  id: string;
  kind: string;
  label: Label;
  odds?: string;
  options: PickOption[];
}

export interface SpotGroup {
  label: Label;
  spots: Spot[];
  /** How the group is drawn: a number grid (roulette straight-ups) or a list of rows. */
  style?: "grid3" | "rows";
}

export type BetLayout = "table" | "dice" | "single";

export interface GameBets {
  layout: BetLayout;
  groups: SpotGroup[];
  picks: Pick[];
}

export interface BetInput {
  kind: string;
  amount: string;
  [param: string]: unknown;
}

const key = (k: string, args?: Record<string, string | number>): Label => (args ? { key: k, args } : { key: k });
const text = (t: string | number): Label => ({ text: String(t) });
const join = (parts: Label[], sep = " + "): Label => ({ parts, sep });

// ------------------------------------------------------------------------------ roulette

export const ROULETTE_RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export function rouletteColour(n: number): "green" | "red" | "black" {
  return n === 0 ? "green" : ROULETTE_RED.has(n) ? "red" : "black";
}

/** Every valid inside combination of the European layout, by kind. */
export function rouletteInside() {
  const split: number[][] = [[0, 1], [0, 2], [0, 3]];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.push([n, n + 1]);
    if (n <= 33) split.push([n, n + 3]);
  }
  split.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  const street: number[][] = [];
  const corner: number[][] = [];
  const sixLine: number[][] = [];
  for (let s = 0; s < 12; s++) {
    const f = 3 * s + 1;
    street.push([f, f + 1, f + 2]);
    if (s < 11) {
      corner.push([f, f + 1, f + 3, f + 4], [f + 1, f + 2, f + 4, f + 5]);
      sixLine.push([f, f + 1, f + 2, f + 3, f + 4, f + 5]);
    }
  }
  return { split, street, trio: [[0, 1, 2], [0, 2, 3]], corner, sixLine };
}

function numbersPick(id: string, kind: string, label: string, odds: string, sets: number[][]): Pick {
  return { id, kind, label: key(label), odds, options: sets.map((n) => ({ value: n.join("-"), params: { numbers: n }, label: text(n.join("-")) })) };
}

function roulette(): GameBets {
  const inside = rouletteInside();
  const straight: Spot[] = Array.from({ length: 37 }, (_, n) => ({ id: `n${n}`, kind: "straight", params: { numbers: [n] }, label: text(n), odds: "35:1" }));
  const outside: Spot[] = [
    { id: "red", kind: "red", label: key("hb_red"), odds: "1:1" },
    { id: "black", kind: "black", label: key("hb_black"), odds: "1:1" },
    { id: "odd", kind: "odd", label: key("hb_odd"), odds: "1:1" },
    { id: "even", kind: "even", label: key("hb_even"), odds: "1:1" },
    { id: "low", kind: "low", label: key("hb_low"), odds: "1:1" },
    { id: "high", kind: "high", label: key("hb_high"), odds: "1:1" },
    ...[1, 2, 3].map((n) => ({ id: `dozen${n}`, kind: "dozen", params: { target: n }, label: key("hb_dozen", { n, from: 12 * n - 11, to: 12 * n }), odds: "2:1" })),
    ...[1, 2, 3].map((n) => ({ id: `column${n}`, kind: "column", params: { target: n }, label: key("hb_column", { n }), odds: "2:1" })),
    { id: "firstFour", kind: "firstFour", params: { numbers: [0, 1, 2, 3] }, label: key("hb_first_four"), odds: "8:1" },
  ];
  return {
    layout: "table",
    groups: [
      { label: key("hb_outside"), spots: outside, style: "rows" },
      { label: key("hb_straight"), spots: straight, style: "grid3" },
    ],
    picks: [
      numbersPick("split", "split", "hb_split", "17:1", inside.split),
      numbersPick("street", "street", "hb_street", "11:1", inside.street),
      numbersPick("trio", "trio", "hb_trio", "11:1", inside.trio),
      numbersPick("corner", "corner", "hb_corner", "8:1", inside.corner),
      numbersPick("sixLine", "sixLine", "hb_six_line", "5:1", inside.sixLine),
    ],
  };
}

// ------------------------------------------------------------------------------ dice games

export const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"] as const;
export const dieFace = (n: number) => DIE_FACES[n - 1] ?? String(n);
const faceLabel = (n: number): Label => text(`${dieFace(n)} ${n}`);
const pairs = <T>(items: readonly T[]) => items.flatMap((a, i) => items.slice(i + 1).map((b) => [a, b] as [T, T]));

function sicBo(): GameBets {
  const faces = [1, 2, 3, 4, 5, 6];
  const totals = Array.from({ length: 14 }, (_, i) => i + 4);
  return {
    layout: "table",
    groups: [
      {
        label: key("hb_main_bets"),
        spots: [
          { id: "small", kind: "small", label: key("hb_small"), odds: "1:1" },
          { id: "big", kind: "big", label: key("hb_big"), odds: "1:1" },
          { id: "odd", kind: "odd", label: key("hb_odd"), odds: "1:1" },
          { id: "even", kind: "even", label: key("hb_even"), odds: "1:1" },
          { id: "anyTriple", kind: "anyTriple", label: key("hb_any_triple"), odds: "30:1" },
        ],
      },
    ],
    picks: [
      { id: "total", kind: "total", label: key("hb_total"), odds: "6:1 – 60:1", options: totals.map((n) => ({ value: String(n), params: { numbers: [n] }, label: text(n) })) },
      { id: "single", kind: "single", label: key("hb_single"), odds: "1:1 – 3:1", options: faces.map((n) => ({ value: String(n), params: { numbers: [n] }, label: faceLabel(n) })) },
      { id: "double", kind: "double", label: key("hb_double"), odds: "10:1", options: faces.map((n) => ({ value: String(n), params: { numbers: [n] }, label: faceLabel(n) })) },
      { id: "triple", kind: "triple", label: key("hb_triple"), odds: "180:1", options: faces.map((n) => ({ value: String(n), params: { numbers: [n] }, label: faceLabel(n) })) },
      {
        id: "combination",
        kind: "combination",
        label: key("hb_combination"),
        odds: "5:1",
        options: pairs(faces).map(([a, b]) => ({ value: `${a}-${b}`, params: { numbers: [a, b] }, label: text(`${dieFace(a)}${dieFace(b)} ${a}-${b}`) })),
      },
    ],
  };
}

export const FPC_SYMBOLS = ["FISH", "PRAWN", "CRAB", "GOURD", "ROOSTER", "DEER"] as const;
export const fpcLabel = (s: string): Label => key(`hb_fpc_${s.toLowerCase()}`);

function fishPrawnCrab(): GameBets {
  return {
    layout: "table",
    groups: [
      {
        label: key("hb_single"),
        spots: [
          ...FPC_SYMBOLS.map((s) => ({ id: `single${s}`, kind: "single", params: { symbols: [s] }, label: fpcLabel(s), odds: "1:1 – 3:1" })),
          { id: "anyTriple", kind: "anyTriple", label: key("hb_any_triple"), odds: "30:1" },
        ],
      },
    ],
    picks: [
      {
        id: "pair",
        kind: "pair",
        label: key("hb_pair"),
        odds: "5:1",
        options: pairs(FPC_SYMBOLS).map(([a, b]) => ({ value: `${a}-${b}`, params: { symbols: [a, b] }, label: join([fpcLabel(a), fpcLabel(b)]) })),
      },
      { id: "triple", kind: "triple", label: key("hb_triple"), odds: "180:1", options: FPC_SYMBOLS.map((s) => ({ value: s, params: { symbols: [s] }, label: fpcLabel(s) })) },
    ],
  };
}

function fanTan(): GameBets {
  const nums = [1, 2, 3, 4];
  return {
    layout: "table",
    groups: [
      {
        label: key("hb_main_bets"),
        spots: [
          ...nums.map((n) => ({ id: `fan${n}`, kind: "fan", params: { numbers: [n] }, label: key("hb_fan", { n }), odds: "3:1" })),
          { id: "odd", kind: "odd", label: key("hb_odd_13"), odds: "1:1" },
          { id: "even", kind: "even", label: key("hb_even_24"), odds: "1:1" },
        ],
      },
    ],
    picks: [
      {
        id: "nim",
        kind: "nim",
        label: key("hb_nim"),
        odds: "2:1",
        options: nums.flatMap((w) => nums.filter((p) => p !== w).map((p) => ({ value: `${w}-${p}`, params: { numbers: [w, p] }, label: key("hb_nim_option", { win: w, push: p }) }))),
      },
      {
        id: "kwok",
        kind: "kwok",
        label: key("hb_kwok"),
        odds: "1:1",
        options: nums.map((a) => {
          const b = (a % 4) + 1;
          return { value: `${a}-${b}`, params: { numbers: [a, b] }, label: text(`${a}-${b}`) };
        }),
      },
      {
        id: "ssh",
        kind: "ssh",
        label: key("hb_ssh"),
        odds: "1:3",
        options: nums.map((left) => {
          const three = nums.filter((x) => x !== left);
          return { value: three.join("-"), params: { numbers: three }, label: text(three.join("-")) };
        }),
      },
    ],
  };
}

// ------------------------------------------------------------------------------ card tables

const simple = (spots: Array<[string, string, string]>, label = "hb_main_bets"): GameBets => ({
  layout: "table",
  groups: [{ label: key(label), spots: spots.map(([id, l, odds]) => ({ id, kind: id, label: key(l), odds })) }],
  picks: [],
});

function niuniu(): GameBets {
  const spots: Spot[] = [1, 2, 3].flatMap((seat) => [
    { id: `equal${seat}`, kind: "equal", params: { seat }, label: key("hb_nn_equal", { seat }), odds: "0.95:1" },
    { id: `double${seat}`, kind: "double", params: { seat }, label: key("hb_nn_double", { seat }), odds: "×1–×5" },
  ]);
  return { layout: "table", groups: [{ label: key("hb_main_bets"), spots }], picks: [] };
}

// ------------------------------------------------------------------------------ the registry

const single = (kind: string, label: string): GameBets => ({ layout: "single", groups: [{ label: key(label), spots: [{ id: kind, kind, label: key(label) }] }], picks: [] });

const DEFINITIONS: Record<string, () => GameBets> = {
  HOUSE_BACCARAT: () =>
    simple([
      ["player", "hb_player", "1:1"],
      ["banker", "hb_banker", "0.95:1"],
      ["tie", "hb_tie", "8:1"],
      ["playerPair", "hb_player_pair", "11:1"],
      ["bankerPair", "hb_banker_pair", "11:1"],
    ]),
  HOUSE_ROULETTE: roulette,
  HOUSE_SICBO: sicBo,
  HOUSE_DRAGON_TIGER: () =>
    simple([
      ["dragon", "hb_dragon", "1:1"],
      ["tiger", "hb_tiger", "1:1"],
      ["tie", "hb_tie", "11:1"],
      ["suitedTie", "hb_suited_tie", "50:1"],
    ]),
  HOUSE_BLACKJACK: () => single("main", "hb_main_bet"),
  HOUSE_FANTAN: fanTan,
  HOUSE_FPC: fishPrawnCrab,
  HOUSE_NIUNIU: niuniu,
  HOUSE_3CP: () =>
    simple([
      ["ante", "hb_ante", "1:1"],
      ["pairPlus", "hb_pair_plus", "1:1 – 40:1"],
    ]),
  HOUSE_SEDIE: () =>
    simple([
      ["even", "hb_even", "0.96:1"],
      ["odd", "hb_odd", "0.96:1"],
      ["fourRed", "hb_four_red", "14:1"],
      ["fourWhite", "hb_four_white", "14:1"],
      ["threeRed", "hb_three_red", "2.75:1"],
      ["threeWhite", "hb_three_white", "2.75:1"],
    ]),
  HOUSE_SLOT_1: () => single("spin", "hb_spin_bet"),
  HOUSE_SLOT_2: () => single("spin", "hb_spin_bet"),
  HOUSE_SLOT_3: () => single("spin", "hb_spin_bet"),
  HOUSE_DICE: () => ({ layout: "dice", groups: [], picks: [] }),
  HOUSE_HILO: () => single("stake", "hb_stake"),
};

const cache = new Map<string, GameBets>();

/** The bet form of a game, or null for a code that is no HOUSE game. */
export function gameBets(code: string): GameBets | null {
  const make = Object.prototype.hasOwnProperty.call(DEFINITIONS, code) ? DEFINITIONS[code] : undefined;
  if (!make) return null;
  let def = cache.get(code);
  if (!def) {
    def = make();
    cache.set(code, def);
  }
  return def;
}

export const HOUSE_CODES = Object.keys(DEFINITIONS);

// ------------------------------------------------------------------------------ dice maths

export const DICE_ROLLS = 10_000;
export const DICE_EDGE_BPS = 100;

/** Winning rolls of a dice bet (target in hundredths). */
export function diceWinningRolls(kind: "over" | "under", target: number): number {
  return kind === "over" ? DICE_ROLLS - 1 - target : target;
}

/** The win chance ("49.99") and payout multiplier ("1.9803", rounded down) of a dice bet, or null when not offered. */
export function diceOdds(kind: "over" | "under", target: number): { chance: string; multiplier: string } | null {
  if (!Number.isInteger(target) || target < 0 || target >= DICE_ROLLS) return null;
  const w = diceWinningRolls(kind, target);
  if (w < 1 || w > 9_800) return null;
  const x = (BigInt(DICE_ROLLS - DICE_EDGE_BPS) * 10_000n) / BigInt(w);
  return { chance: `${Math.floor(w / 100)}.${String(w % 100).padStart(2, "0")}`, multiplier: `${x / 10_000n}.${(x % 10_000n).toString().padStart(4, "0")}` };
}

/** "50", "50.5", "50.50" (or with a comma) → 5050 hundredths; null when not a target 0.00-99.99. */
export function parseDiceTarget(value: string): number | null {
  const m = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0") || "0");
}

// ------------------------------------------------------------------------------ form → bets

export interface ParsedBets {
  bets: BetInput[];
  /** The field each bet came from, to put the platform's refusal of bet i beside it. */
  fields: string[];
}

export interface BetFormErrors {
  /** Field name → i18n keys ("" is the whole form). */
  errors: Record<string, string[]>;
}

type FormLike = { get(name: string): FormDataEntryValue | null };

const valueOf = (form: FormLike, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, 40) : "";
};

/** The form's values to show again after a refusal (amounts and choices, nothing else). */
export function betFormValues(form: FormLike, def: GameBets): Record<string, string> {
  const out: Record<string, string> = {};
  const names = [
    ...def.groups.flatMap((g) => g.spots.map((s) => `a_${s.id}`)),
    ...def.picks.flatMap((p) => [`a_${p.id}`, `p_${p.id}`]),
    ...(def.layout === "dice" ? ["a_dice", "d_kind", "d_target"] : []),
  ];
  for (const n of names) {
    const v = valueOf(form, n);
    if (v) out[n] = v;
  }
  return out;
}

/**
 * The posted bet form as the platform's bets: every spot with an amount is a bet, empty spots
 * are skipped. Amounts are checked for shape only (the platform checks the table's limits).
 */
export function parseBetForm(form: FormLike, def: GameBets): ParsedBets | BetFormErrors {
  const bets: BetInput[] = [];
  const fields: string[] = [];
  const errors: Record<string, string[]> = {};
  const amount = (name: string): string | null => {
    const raw = valueOf(form, name);
    if (!raw.trim()) return null;
    const v = normaliseAmount(raw);
    if (!AMOUNT_PATTERN.test(v) || !/[1-9]/.test(v)) {
      errors[name] = ["err_amount_invalid"];
      return null;
    }
    return v;
  };
  for (const group of def.groups) {
    for (const spot of group.spots) {
      const a = amount(`a_${spot.id}`);
      if (a === null) continue;
      bets.push({ kind: spot.kind, amount: a, ...(spot.params ?? {}) });
      fields.push(`a_${spot.id}`);
    }
  }
  for (const pick of def.picks) {
    const a = amount(`a_${pick.id}`);
    if (a === null) continue;
    const chosen = pick.options.find((o) => o.value === valueOf(form, `p_${pick.id}`));
    if (!chosen) {
      errors[`p_${pick.id}`] = ["hb_err_choose"];
      continue;
    }
    bets.push({ kind: pick.kind, amount: a, ...chosen.params });
    fields.push(`a_${pick.id}`);
  }
  if (def.layout === "dice") {
    const kind = valueOf(form, "d_kind");
    const target = parseDiceTarget(valueOf(form, "d_target"));
    const a = amount("a_dice");
    if (kind !== "over" && kind !== "under") errors.d_kind = ["hb_err_choose"];
    else if (target === null || !diceOdds(kind, target)) errors.d_target = ["hb_err_dice_target"];
    else if (a !== null) {
      bets.push({ kind, amount: a, target });
      fields.push("a_dice");
    } else if (!errors.a_dice) errors.a_dice = ["err_empty"];
  }
  if (Object.keys(errors).length) return { errors };
  if (!bets.length) return { errors: { "": ["hb_err_no_bets"] } };
  return { bets, fields };
}

// ------------------------------------------------------------------------------ money helpers

const MINOR = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string in minor units of `exp` decimals ("12.5", 2 → 1250n). */
export function toMinor(amount: string, exp = 2): bigint {
  const m = MINOR.exec(amount.trim());
  if (!m) throw new Error(`Not a decimal amount: ${amount}`);
  const frac = ((m[3] ?? "") + "0".repeat(exp)).slice(0, exp);
  const v = BigInt(m[2]!) * 10n ** BigInt(exp) + BigInt(frac || "0");
  return m[1] ? -v : v;
}

/** Minor units as a decimal string (1250n, 2 → "12.50"). */
export function fromMinor(minor: bigint | string, exp = 2): string {
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  if (exp === 0) return `${neg ? "-" : ""}${abs}`;
  const unit = 10n ** BigInt(exp);
  return `${neg ? "-" : ""}${abs / unit}.${(abs % unit).toString().padStart(exp, "0")}`;
}

/** The decimals an amount string carries ("12.50" → 2), to keep a currency's scale. */
export function decimalsOf(amount: string): number {
  return amount.split(".")[1]?.length ?? 0;
}

// ------------------------------------------------------------------------------ bets for people

const PARAM_KEYS = ["numbers", "target", "symbols", "seat"] as const;

function sameParams(a: BetParams | undefined, b: Record<string, unknown>): boolean {
  return PARAM_KEYS.every((k) => JSON.stringify(a?.[k] ?? null) === JSON.stringify(b[k] ?? null));
}

/** What a placed bet was, in words: the spot (or pick and option) it came from. */
export function describeBet(code: string, bet: Record<string, unknown>): Label {
  const kind = String(bet.kind ?? "");
  if (code === "HOUSE_DICE" && (kind === "over" || kind === "under") && typeof bet.target === "number") {
    return key(kind === "over" ? "hb_dice_over_n" : "hb_dice_under_n", { target: `${Math.floor(bet.target / 100)}.${String(bet.target % 100).padStart(2, "0")}` });
  }
  const def = gameBets(code);
  if (def) {
    for (const g of def.groups) for (const s of g.spots) if (s.kind === kind && sameParams(s.params, bet)) return g.style === "grid3" ? join([g.label, s.label], " ") : s.label;
    for (const p of def.picks) {
      if (p.kind !== kind) continue;
      const o = p.options.find((opt) => sameParams(opt.params, bet));
      if (o) return join([p.label, o.label], " ");
    }
  }
  const extra: Record<string, string> = { play: "hb_play_bet", hand: "hb_hand_bet" };
  return extra[kind] ? key(extra[kind]!, { n: typeof bet.hand === "number" ? bet.hand + 1 : 1 }) : text(kind);
}
