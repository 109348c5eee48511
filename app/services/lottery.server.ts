import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { LOTTERY_GAMES, normaliseSelection, SEA_TIERS, VN_TIERS, type BetType, type LotteryGame, type LotteryKind } from "#platform/lottery/games.js";
import { requireRealUser } from "./auth.server";
import { readForm } from "./forms.server";
import { memberCall, newRequestKey } from "./money.server";
import { callPlatform, PlatformError } from "./platform.server";
import { getGameMenus } from "./games.server";
import { prizeModeOf } from "~/lib/prize-mode";

/**
 * The lottery pages (spec §2 /lottery, /vnLottery, /seaLottery, login required): the draw taking
 * bets with its seed's hash, one bet form per bet type, the member's tickets and the recent
 * results. A purchase is POST → redirect (`?gameCode=…&ticket=<id>`), so it works without scripts
 * and a reload buys nothing twice (the form's request key).
 */

export type LotteryPage = "lottery" | "vnLottery" | "seaLottery";

/** Which games each page shows: digit games on /lottery, the VN draw on /vnLottery, 4D on /seaLottery. */
const PAGE_KINDS: Record<LotteryPage, LotteryKind> = { lottery: "DIGITS", vnLottery: "VN", seaLottery: "SEA4D" };

export function pageGames(page: LotteryPage): LotteryGame[] {
  return (Object.values(LOTTERY_GAMES) as LotteryGame[]).filter((g) => g.kind === PAGE_KINDS[page]);
}

/** Every lottery game, for the betting record's game filter. */
export function lotteryGames(): Array<{ code: string; name: string }> {
  return (Object.values(LOTTERY_GAMES) as LotteryGame[]).map((g) => ({ code: g.code, name: g.name }));
}

const drawSchema = z.object({
  gameCode: z.string(),
  issue: z.string(),
  status: z.enum(["OPEN", "DRAWN", "SETTLED"]),
  closesAt: z.string(),
  drawAt: z.string(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  numbers: z.record(z.array(z.string())).nullable(),
});
export type DrawView = z.infer<typeof drawSchema>;

const drawCheckSchema = drawSchema.extend({
  gameName: z.string(),
  drawn: z.boolean(),
  hashMatches: z.boolean().nullable(),
  numbersMatch: z.boolean().nullable(),
  recomputed: z.record(z.array(z.string())).nullable(),
});
export type DrawCheck = z.infer<typeof drawCheckSchema>;

/** The public check of a lottery draw, or null when there is no such draw. */
export async function verifyDraw(request: Request, gameCode: string, issue: string): Promise<DrawCheck | null> {
  try {
    return await callPlatform(request, "/lgw/lottery/verify", { query: { gameCode, issue }, schema: drawCheckSchema });
  } catch (e) {
    if (e instanceof PlatformError && (e.status === 404 || e.status === 400)) return null;
    throw e;
  }
}

const gameSchema = z.object({
  gameCode: z.string(),
  name: z.string(),
  kind: z.enum(["DIGITS", "VN", "SEA4D"]),
  digits: z.number().nullable(),
  prizeMode: z.string(),
  prizeModes: z.array(z.string()),
  betTypes: z.array(z.string()),
  odds: z.array(z.object({ type: z.string(), odds: z.string().nullable(), rtp: z.string() })),
  limits: z.object({ minLine: z.string(), maxLine: z.string(), maxLines: z.number() }),
  periodSeconds: z.number(),
  current: drawSchema,
  recent: z.array(drawSchema),
});
export type LotteryGameView = z.infer<typeof gameSchema> & { tiers: string[] };

export const ticketSchema = z.object({
  id: z.number(),
  gameCode: z.string(),
  gameName: z.string(),
  page: z.string().nullable(),
  issue: z.string(),
  prizeMode: z.string(),
  status: z.enum(["PLACING", "PENDING", "WON", "LOST", "VOID"]),
  currency: z.string(),
  lines: z.array(z.object({ type: z.string(), selection: z.string(), amount: z.string(), odds: z.string(), win: z.string().nullable() })),
  stake: z.string(),
  win: z.string(),
  balanceBefore: z.string().nullable(),
  balanceAfter: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TicketView = z.infer<typeof ticketSchema>;
const ticketsSchema = z.object({ content: z.array(ticketSchema), pageNum: z.number(), totalPages: z.number(), total: z.number() });

/** Bet types whose selection is one or more numbers typed in (several make several lines). */
export const NUMBER_TYPES: Record<string, number> = { LAST2: 2, LAST3: 3, LO: 2, DE: 2, BA_CANG: 3, BIG: 4, SMALL: 4, SEA2D: 2 };

export async function lotteryLoader({ request }: LoaderFunctionArgs, page: LotteryPage) {
  const { user, trial } = await requireRealUser(request);
  const url = new URL(request.url);
  const games = pageGames(page);
  const asked = url.searchParams.get("gameCode");
  const game = asked ? games.find((g) => g.code === asked) : games[0];
  if (!game) throw new Response(null, { status: 404 });
  // The page's mode (spec §4) unless the member picked one; the game pays by its own when it has no such table.
  const prizeMode = url.searchParams.get("prizeMode") ?? prizeModeOf(await getGameMenus(request, ""));
  const view = await callPlatform(request, `/lotto/lgw/games/${game.code}`, { query: { ...(prizeMode ? { prizeMode } : {}), recent: 10 }, schema: gameSchema });
  const tickets = trial ? null : await memberCall(request, "/lotto/lgw/tickets", { query: { gameCode: game.code, pageSize: 10 }, schema: ticketsSchema });
  const ticketId = Number(url.searchParams.get("ticket"));
  const bought = tickets?.content.find((t) => t.id === ticketId) ?? null;
  return json({
    page,
    games: games.map((g) => ({ code: g.code, name: g.name })),
    // The prize tiers of the full result table (VN: special to seventh; 4D: first to consolation).
    game: { ...view, tiers: view.kind === "VN" ? VN_TIERS.map((t) => t.tier as string) : view.kind === "SEA4D" ? SEA_TIERS.map((t) => t.tier as string) : [] },
    trial,
    balance: user.balance,
    currency: user.currency,
    tickets: tickets?.content ?? [],
    bought,
    requestKey: newRequestKey(),
  });
}

export type LotteryActionData = { type: string; errors: Record<string, string[]>; values: Record<string, string> };

const LOTTERY_ERRORS: Record<string, [field: string, key: string]> = {
  NO_BETS: ["numbers", "lott_err_no_bets"],
  TOO_MANY_LINES: ["numbers", "lott_err_too_many"],
  INVALID_BET_TYPE: ["", "err_correct_info"],
  INVALID_SELECTION: ["numbers", "lott_err_selection"],
  INVALID_AMOUNT: ["amount", "err_amount_invalid"],
  AMOUNT_OUT_OF_LIMITS: ["amount", "err_amount_range"],
  DRAW_CLOSED: ["", "lott_err_closed"],
  INSUFFICIENT_FUNDS: ["amount", "err_insufficient_funds"],
  in_need_true_account: ["", "in_need_true_account"],
  GAME_NOT_FOUND: ["", "err_correct_info"],
};

/** The lines a bet form describes, or the field errors (i18n keys) when it does not describe any. */
export function linesFromForm(game: LotteryGame, form: FormData): { lines: Array<{ type: string; selection: string; amount: string }> } | { errors: Record<string, string[]> } {
  const type = String(form.get("type") ?? "") as BetType;
  if (!game.betTypes.includes(type)) return { errors: { "": ["err_correct_info"] } };
  const amount = String(form.get("amount") ?? "").trim().replace(",", ".");
  const errors: Record<string, string[]> = {};
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) errors.amount = ["err_amount_invalid"];
  let selections: string[];
  if (type in NUMBER_TYPES) {
    selections = String(form.get("numbers") ?? "")
      .split(/[\s,;]+/)
      .filter(Boolean);
    if (!selections.length) errors.numbers = ["lott_err_no_bets"];
  } else {
    selections = [`${String(form.get("position") ?? "")}-${String(form.get("pick") ?? "")}`];
  }
  if (selections.length > 50) errors.numbers = ["lott_err_too_many"];
  else if (selections.some((s) => normaliseSelection(game, type, s) === null)) errors[type in NUMBER_TYPES ? "numbers" : "pick"] = ["lott_err_selection"];
  if (Object.keys(errors).length) return { errors };
  return { lines: [...new Set(selections.map((s) => normaliseSelection(game, type, s)!))].map((selection) => ({ type, selection, amount })) };
}

export async function lotteryAction({ request }: ActionFunctionArgs, page: LotteryPage) {
  const { trial } = await requireRealUser(request);
  const form = await readForm(request);
  const type = String(form.get("type") ?? "").slice(0, 20);
  const values: Record<string, string> = {};
  for (const k of ["position", "pick", "numbers", "amount"]) values[k] = String(form.get(k) ?? "").slice(0, 400);
  const reply = (errors: Record<string, string[]>, status: number) => json<LotteryActionData>({ type, errors, values }, { status });
  if (trial) return reply({ "": ["in_need_true_account"] }, 403);
  const game = pageGames(page).find((g) => g.code === form.get("gameCode"));
  if (!game) return reply({ "": ["err_correct_info"] }, 400);
  const parsed = linesFromForm(game, form);
  if ("errors" in parsed) return reply(parsed.errors, 400);
  const requestKey = String(form.get("requestKey") ?? "");
  if (!/^[A-Za-z0-9_-]{8,80}$/.test(requestKey)) return reply({ "": ["err_correct_info"] }, 400);
  const issue = String(form.get("issue") ?? "").slice(0, 20);
  const prizeMode = String(form.get("prizeMode") ?? "").slice(0, 10);
  try {
    const ticket = await memberCall(request, "/lotto/lgw/tickets", {
      method: "POST",
      body: { gameCode: game.code, issue: issue || undefined, prizeMode: prizeMode || undefined, lines: parsed.lines, requestKey },
      schema: ticketSchema,
    });
    const q = new URLSearchParams({ gameCode: game.code, ticket: String(ticket.id) });
    if (prizeMode) q.set("prizeMode", prizeMode);
    return redirect(`/${page}?${q}`);
  } catch (e) {
    const refusal = lotteryRefusal(e);
    return reply({ [refusal.field]: [refusal.message] }, refusal.status);
  }
}

/**
 * A platform refusal of a ticket as a form message: the field it belongs beside ("" for the
 * whole form), the i18n key (with the bounds of a range) and the status. A refusal the form has
 * no words for still answers beside the form with the input kept; an outage (5xx, network) is
 * rethrown to the error page.
 */
export function lotteryRefusal(e: unknown): { field: string; message: string; status: 400 | 403 | 409 } {
  if (!(e instanceof PlatformError) || e.status >= 500) throw e;
  const [field, key] = LOTTERY_ERRORS[e.code] ?? ["", "err_unknown"];
  const details = (e.details ?? {}) as { min?: string; max?: string };
  const message = e.code === "AMOUNT_OUT_OF_LIMITS" && details.min ? `${key}|${details.min} - ${details.max}` : key;
  return { field, message, status: e.status === 403 ? 403 : e.code === "DRAW_CLOSED" ? 409 : 400 };
}
