import { z } from "zod";
import { formatAmount } from "#platform/ledger/money.js";
import { HOUSE_GAMES, isHouseGameCode } from "#platform/house/games/index.js";
import type { SlotEngine } from "#platform/house/games/slot-engine.js";
import { callPlatform, PlatformError } from "./platform.server";
import { memberCall } from "./money.server";
import { ticketSchema } from "./lottery.server";

/**
 * The in-house games (vendor HOUSE) as the web reads them from the platform (platform/rounds):
 * the catalogue, the member's provably fair seeds, rounds, the betting record and the public
 * verification. The engines' table limits and slot layouts are read here, on the server, so the
 * page can show them; the browser never loads an engine.
 */

/** Amounts come as decimal strings of the round's currency ("12.50"), bets' amounts included. */
const amount = z.string();
const json = z.unknown();
/** A bet as the platform shows it: its kind, its amount in decimals, its selection fields. */
const betSchema = z.object({ kind: z.string(), amount: z.string().regex(/^\d+(?:\.\d+)?$/) }).catchall(json);

export const houseGameSchema = z.object({ code: z.string(), name: z.string(), category: z.string(), type: z.enum(["instant", "session"]) });
export type HouseGameInfo = z.infer<typeof houseGameSchema>;

export const seedsSchema = z.object({
  active: z.object({ serverSeedHash: z.string(), nextServerSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() }),
  revealed: z.array(z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), roundsPlayed: z.number(), revealedAt: z.string().nullable() })),
});
export type Seeds = z.infer<typeof seedsSchema>;

export const roundSchema = z.object({
  id: z.number(),
  game: z.string(),
  gameName: z.string(),
  category: z.string(),
  currency: z.string(),
  status: z.enum(["OPEN", "SETTLED"]),
  bets: z.array(betSchema),
  actions: z.array(z.string()),
  /**
   * The round record once settled (bets, settlement and totals in decimals); its `outcome` is the
   * game's outcome or final state, the engine's JSON as stored.
   */
  outcome: json,
  /** The public state of an open stateful round. */
  view: json,
  legalActions: z.array(z.string()),
  stake: amount,
  win: amount,
  balanceBefore: amount,
  balanceAfter: amount.nullable(),
  nonce: z.number(),
  clientSeed: z.string(),
  serverSeedHash: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RoundView = z.infer<typeof roundSchema>;

/** The betting record: in-house rounds and lottery tickets (platform/rounds/record.ts), each with its kind. */
export const vendorRoundSchema = z.object({
  id: z.number(),
  vendorCode: z.string(),
  roundId: z.string(),
  game: z.string(),
  gameName: z.string(),
  category: z.string().nullable(),
  currency: z.string(),
  status: z.enum(["OPEN", "SETTLED"]),
  stake: amount,
  win: amount,
  balanceAfter: amount.nullable(),
  createdAt: z.string(),
});
export type VendorRoundView = z.infer<typeof vendorRoundSchema>;
export const recordItemSchema = z.union([
  roundSchema.extend({ kind: z.literal("ROUND") }),
  ticketSchema.extend({ kind: z.literal("TICKET") }),
  vendorRoundSchema.extend({ kind: z.literal("VENDOR_ROUND") }),
]);
export type RecordItem = z.infer<typeof recordItemSchema>;
export const recordSchema = z.object({ content: z.array(recordItemSchema), pageNum: z.number(), totalPages: z.number(), total: z.number() });

/** A game's own rounds (its recall): the record filtered by one house game holds rounds only. */
export async function gameRecall(request: Request, game: string, pageSize = 10): Promise<RoundView[]> {
  const record = await bettingRecord(request, { game, pageSize });
  return record.content.flatMap((x) => (x.kind === "ROUND" ? [x] : []));
}

export const verifySchema = z.object({
  roundId: z.number(),
  game: z.string(),
  gameName: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
  currency: z.string(),
  bets: z.array(betSchema),
  actions: z.array(z.string()),
  outcome: json,
  totalStake: amount,
  totalPayout: amount,
  revealed: z.boolean(),
  serverSeed: z.string().nullable(),
  hashMatches: z.boolean().optional(),
  result: z.object({ ok: z.boolean(), code: z.string().optional(), message: z.string().optional() }).passthrough().nullable().optional(),
});
export type VerifyView = z.infer<typeof verifySchema>;

export const manualSchema = z.object({ serverSeedHash: z.string(), currency: z.string(), outcome: json, totalStake: amount, totalPayout: amount });

export function houseGames(request: Request) {
  return callPlatform(request, "/lgw/house/games", { schema: z.array(houseGameSchema) });
}

export function houseSeeds(request: Request) {
  return memberCall(request, "/wps/house/seeds", { schema: seedsSchema });
}

export function rotateSeeds(request: Request, clientSeed: string | undefined) {
  return memberCall(request, "/wps/house/seeds/rotate", { method: "POST", body: clientSeed === undefined ? {} : { clientSeed }, schema: z.object({ revealed: json, active: json }) });
}

export function playRound(request: Request, body: { game: string; bets: unknown[]; requestKey: string }) {
  return memberCall(request, "/wps/house/rounds", { method: "POST", body, schema: roundSchema });
}

export function actInRound(request: Request, roundId: number, action: string) {
  return memberCall(request, `/wps/house/rounds/${roundId}/actions`, { method: "POST", body: { action }, schema: roundSchema });
}

export function openRound(request: Request, game: string) {
  return memberCall(request, "/wps/house/rounds/open", { query: { game }, schema: roundSchema.nullable() });
}

/** A round of the member's, or null when there is none with that id. */
export async function memberRound(request: Request, id: number): Promise<RoundView | null> {
  try {
    return await memberCall(request, `/wps/house/rounds/${id}`, { schema: roundSchema });
  } catch (e) {
    if (e instanceof PlatformError && e.status === 404) return null;
    throw e;
  }
}

export function bettingRecord(request: Request, query: { game?: string; category?: string; from?: string; to?: string; pageNo?: number; pageSize?: number }) {
  return memberCall(request, "/wps/house/rounds", { query, schema: recordSchema });
}

/** The public check of a stored round, or null when there is no settled round with that id. */
export async function verifyStored(request: Request, id: number): Promise<VerifyView | null> {
  try {
    return await callPlatform(request, `/lgw/house/verify/${id}`, { schema: verifySchema });
  } catch (e) {
    if (e instanceof PlatformError && e.status === 404) return null;
    throw e;
  }
}

/** Recomputes a round; bet amounts in decimals of `currency` (by default the site's currency). */
export function verifyManual(request: Request, body: { game: string; serverSeed: string; clientSeed: string; nonce: number; bets: unknown[]; actions: string[]; currency?: string }) {
  return callPlatform(request, "/lgw/house/verify", { method: "POST", body, schema: manualSchema });
}

/** Parses a positive round id from a query or form value. */
export function roundIdOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

// ------------------------------------------------------------------------------ engine facts

export interface TableFacts {
  /** Per bet kind: min and max stake as decimal strings. */
  perKind: Record<string, { min: string; max: string }>;
  maxTotal: string;
  maxBets: number;
  /** Stakes must be a multiple of this (slots: the line count in minor units), if any. */
  unit: string | null;
}

export interface SlotFacts {
  lines: number;
  paylines: number[][];
  symbols: Array<{ id: string; name: string; role: string }>;
  pays: Record<string, number[]>;
  scatterPays: number[];
  freeSpins: { awards: number[]; multiplier: number };
}

/** The table's limits (and a slot's layout) from the game's engine, in the member's currency. */
export function tableFacts(code: string, currency: string): { table: TableFacts; slot: SlotFacts | null } | null {
  if (!isHouseGameCode(code)) return null;
  const engine = HOUSE_GAMES[code].engine;
  const limits = engine.defaultLimits as { perKind: Record<string, { min: bigint; max: bigint }>; maxTotal: bigint; maxBets: number };
  const fmt = (v: bigint) => formatAmount(v, currency);
  const perKind = Object.fromEntries(Object.entries(limits.perKind).map(([k, l]) => [k, { min: fmt(l.min), max: fmt(l.max) }]));
  const slotEngine = "config" in engine ? (engine as unknown as SlotEngine) : null;
  const unit = slotEngine ? fmt(BigInt(slotEngine.lines)) : code === "HOUSE_NIUNIU" ? fmt(5n) : null;
  const slot: SlotFacts | null = slotEngine
    ? {
        lines: slotEngine.lines,
        paylines: slotEngine.config.paylines.map((l) => [...l]),
        symbols: slotEngine.config.symbols.map((s) => ({ id: s.id, name: s.name, role: s.role })),
        pays: Object.fromEntries(Object.entries(slotEngine.config.pays).map(([k, v]) => [k, [...v]])),
        scatterPays: [...slotEngine.config.scatterPays],
        freeSpins: { awards: [...slotEngine.config.freeSpins.awards], multiplier: slotEngine.config.freeSpins.multiplier },
      }
    : null;
  return { table: { perKind, maxTotal: fmt(limits.maxTotal), maxBets: limits.maxBets, unit }, slot };
}

/** Slot layouts of every slot, for pages that draw rounds of several games (record, verify). */
export function slotLayouts(): Record<string, SlotFacts> {
  const out: Record<string, SlotFacts> = {};
  for (const code of ["HOUSE_SLOT_1", "HOUSE_SLOT_2", "HOUSE_SLOT_3"]) {
    const facts = tableFacts(code, "USD");
    if (facts?.slot) out[code] = facts.slot;
  }
  return out;
}

// ------------------------------------------------------------------------------ refusals

/** Platform refusal codes of the house calls → i18n keys. */
const HOUSE_ERRORS: Record<string, string> = {
  NO_BETS: "hb_err_no_bets",
  TOO_MANY_BETS: "hb_err_too_many_bets",
  UNKNOWN_BET: "hb_err_invalid_bet",
  INVALID_SELECTION: "hb_err_invalid_bet",
  DUPLICATE_BET: "hb_err_invalid_bet",
  INVALID_AMOUNT: "err_amount_invalid",
  BET_BELOW_MIN: "hb_err_below_min",
  BET_ABOVE_MAX: "hb_err_above_max",
  BET_NOT_DIVISIBLE: "hb_err_not_divisible",
  TOTAL_ABOVE_MAX: "hb_err_total_above_max",
  PAYOUT_ABOVE_MAX: "hb_err_payout_above_max",
  INSUFFICIENT_FUNDS: "err_insufficient_funds",
  ROUND_IN_PLAY: "hb_err_round_in_play",
  ILLEGAL_ACTION: "hb_err_action",
  ROUND_FINISHED: "hb_err_action",
  ROUND_BUSY: "hb_err_action",
  ROUND_NOT_FOUND: "hb_err_action",
  INVALID_CLIENT_SEED: "hb_err_client_seed",
  SEED_BUSY: "err_too_many",
  in_need_true_account: "in_need_true_account",
};

/**
 * A refusal of a bet as field errors: a refusal of bet i goes beside the field it came from,
 * with the table's bound where there is one ("key|10.00"); the rest goes to the whole form.
 */
export function betRefusal(e: unknown, ctx: { fields: string[]; bets: Array<{ kind: string }>; table: TableFacts | null }): { errors: Record<string, string[]>; status: 400 | 403 | 409 } {
  if (!(e instanceof PlatformError)) throw e;
  let key = HOUSE_ERRORS[e.code] ?? (e.status === 400 ? "err_correct_info" : "err_unknown");
  const index = typeof e.details.index === "number" ? e.details.index : null;
  const bet = index === null ? null : ctx.bets[index];
  const limit = bet ? ctx.table?.perKind[bet.kind] : undefined;
  if (e.code === "BET_BELOW_MIN" && limit) key = `${key}|${limit.min}`;
  if (e.code === "BET_ABOVE_MAX" && limit) key = `${key}|${limit.max}`;
  if (e.code === "BET_NOT_DIVISIBLE" && ctx.table?.unit) key = `${key}|${ctx.table.unit}`;
  if (e.code === "TOTAL_ABOVE_MAX" && ctx.table) key = `${key}|${ctx.table.maxTotal}`;
  const field = index !== null && ctx.fields[index] ? ctx.fields[index]! : "";
  return { errors: { [field]: [key] }, status: e.status === 403 ? 403 : e.status === 409 ? 409 : 400 };
}

/** A refusal of a move, a seed change or a verification as an i18n key. */
export function houseRefusalKey(e: unknown): string {
  if (!(e instanceof PlatformError)) throw e;
  return HOUSE_ERRORS[e.code] ?? (e.status === 400 ? "err_correct_info" : "err_unknown");
}
