import { and, count, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { merchants } from "../system/schema.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import { hashSeed, newServerSeed } from "../house/fair.js";
import { createLaunchToken, HOUSE_VENDOR, walletCredit, walletDebit, walletRollback } from "../wallet/service.js";
import { recordBigWin } from "../rounds/service.js";
import {
  drawClientSeed,
  drawNumbers,
  expectedReturn,
  isLotteryGameCode,
  issueOf,
  LOTTERY_GAMES,
  lineReturn,
  lineWin,
  lotteryPagePath,
  nextDrawAt,
  normaliseSelection,
  oddsFor,
  prizeModeFor,
  type BetType,
  type LotteryGame,
  type PrizeMode,
} from "./games.js";
import { lotteryDraws, lotteryTickets, type TicketLine } from "./schema.js";

/**
 * The in-house lotteries (ARCHITECTURE.md, jobs: lottery draws): draws made ahead by the
 * scheduler, tickets bought through the vendor wallet (one debit per ticket), numbers drawn from
 * each draw's committed seed at its time, and every ticket paid by one credit after its draw.
 * Every step is keyed (draw by game and issue, money by transaction id), so a repeated or
 * resumed run moves nothing twice.
 */

type Member = typeof members.$inferSelect;
type Draw = typeof lotteryDraws.$inferSelect;
type Ticket = typeof lotteryTickets.$inferSelect;

/** Lines a ticket may hold, and the stake of one line in minor units (1.00 to 10,000.00). */
export const TICKET_MAX_LINES = 50;
export const LINE_MIN = 100n;
export const LINE_MAX = 1_000_000n;
/** Draws settled per job run and tickets per draw per run: a run stays short, the next goes on. */
const SETTLE_BATCH = 200;

function gameOf(code: string): LotteryGame {
  if (!isLotteryGameCode(code)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  return LOTTERY_GAMES[code];
}

// ---------------------------------------------------------------- draws

/** Makes the rows of the next `ahead` draws of every game after `now` (each once, whoever runs it). */
export async function ensureDraws(db: Database, now: Date, ahead = 2): Promise<number> {
  const rows: Array<typeof lotteryDraws.$inferInsert> = [];
  for (const game of Object.values(LOTTERY_GAMES) as LotteryGame[]) {
    let t = now.getTime();
    for (let i = 0; i < ahead; i++) {
      const drawAt = nextDrawAt(game.schedule, t);
      const seed = newServerSeed();
      rows.push({
        gameCode: game.code,
        issue: issueOf(game.schedule, drawAt),
        closesAt: new Date(drawAt - game.schedule.closeBeforeMs),
        drawAt: new Date(drawAt),
        serverSeed: seed,
        serverSeedHash: hashSeed(seed),
      });
      t = drawAt;
    }
  }
  const made = await db.insert(lotteryDraws).values(rows).onConflictDoNothing().returning({ id: lotteryDraws.id });
  return made.length;
}

/** Draws every draw whose time has come: numbers from its seed, published with the seed. */
export async function drawDue(db: Database, now: Date): Promise<number> {
  const due = await db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.status, "OPEN"), lte(lotteryDraws.drawAt, now)))
    .limit(SETTLE_BATCH);
  let n = 0;
  for (const d of due) {
    if (!isLotteryGameCode(d.gameCode)) continue;
    const numbers = drawNumbers(LOTTERY_GAMES[d.gameCode], d.serverSeed, d.issue);
    const done = await db
      .update(lotteryDraws)
      .set({ status: "DRAWN", numbers, drawnAt: now })
      .where(and(eq(lotteryDraws.id, d.id), eq(lotteryDraws.status, "OPEN")))
      .returning({ id: lotteryDraws.id });
    n += done.length;
  }
  return n;
}

/** A fresh launch token for the wallet calls made on the member's behalf (a ticket's debit or credit). */
async function tokenFor(db: Database, t: { memberId: number; merchantCode: string; gameCode: string }, category: string) {
  return createLaunchToken(db, { memberId: t.memberId, merchantCode: t.merchantCode, vendorCode: HOUSE_VENDOR, gameCode: t.gameCode, category });
}

/** Pays one ticket of a drawn draw (0 closes a loss), or voids it when its debit never completed. */
async function settleTicket(db: Database, draw: Draw, t: Ticket, now: Date): Promise<void> {
  const game = gameOf(t.gameCode);
  const token = await tokenFor(db, t, game.category);
  if (t.status === "PLACING") {
    // The purchase did not finish before the draw: whatever it took is returned, and a debit
    // arriving late under its id is refused (the wallet records the rollback).
    await walletRollback(db, HOUSE_VENDOR, { token, transactionId: `lott:${t.id}:void`, refTransactionId: `lott:${t.id}:stake` });
    await db
      .update(lotteryTickets)
      .set({ status: "VOID", settledAt: now })
      .where(and(eq(lotteryTickets.id, t.id), eq(lotteryTickets.status, "PLACING")));
    return;
  }
  const numbers = draw.numbers!;
  const mode = t.prizeMode as PrizeMode;
  const lines: TicketLine[] = t.lines.map((l) => {
    const unit = lineReturn(game, mode, { type: l.type as BetType, selection: l.selection }, numbers);
    // The odds fixed at purchase pay, whatever the table says today (their ratio to today's odds).
    const current = oddsFor(game, mode, l.type as BetType);
    const paid = current === l.odds ? unit : Math.floor((unit * l.odds) / current);
    return { ...l, win: lineWin(BigInt(l.amount), paid).toString() };
  });
  const win = lines.reduce((s, l) => s + BigInt(l.win!), 0n);
  const res = await walletCredit(db, HOUSE_VENDOR, {
    token,
    transactionId: `lott:${t.id}:win`,
    roundId: `L${t.id}`,
    amount: formatAmount(win, t.currency),
  });
  const after = parseAmount(res.body.balance, t.currency);
  const [done] = await db
    .update(lotteryTickets)
    .set({ status: win > 0n ? "WON" : "LOST", win, lines, balanceAfter: after, settledAt: now })
    .where(and(eq(lotteryTickets.id, t.id), eq(lotteryTickets.status, "PENDING")))
    .returning();
  if (done) {
    const [m] = await db.select({ account: members.account }).from(members).where(eq(members.id, t.memberId)).limit(1);
    if (m) await recordBigWin(db, { merchantCode: t.merchantCode, account: m.account, gameCode: t.gameCode, stake: t.stake, win, currency: t.currency });
  }
}

/** Settles drawn draws: every ticket paid, then the draw marked SETTLED. */
export async function settleDrawn(db: Database, now: Date): Promise<number> {
  const drawn = await db.select().from(lotteryDraws).where(eq(lotteryDraws.status, "DRAWN")).orderBy(lotteryDraws.drawAt).limit(SETTLE_BATCH);
  let settled = 0;
  for (const d of drawn) {
    const open = await db
      .select()
      .from(lotteryTickets)
      .where(and(eq(lotteryTickets.drawId, d.id), inArray(lotteryTickets.status, ["PLACING", "PENDING"])))
      .orderBy(lotteryTickets.id)
      .limit(SETTLE_BATCH);
    for (const t of open) {
      await settleTicket(db, d, t, now);
      settled++;
    }
    if (open.length < SETTLE_BATCH) {
      const [left] = await db
        .select({ n: count() })
        .from(lotteryTickets)
        .where(and(eq(lotteryTickets.drawId, d.id), inArray(lotteryTickets.status, ["PLACING", "PENDING"])));
      if (!left?.n) await db.update(lotteryDraws).set({ status: "SETTLED", settledAt: now }).where(and(eq(lotteryDraws.id, d.id), eq(lotteryDraws.status, "DRAWN")));
    }
  }
  return settled;
}

/** The scheduler's lottery job: make the coming draws, draw what is due, pay what was drawn. */
export async function runLotteries(db: Database, now: Date): Promise<number> {
  const made = await ensureDraws(db, now);
  const drawn = await drawDue(db, now);
  const paid = await settleDrawn(db, now);
  return made + drawn + paid;
}

/**
 * Sandbox only (test money): closes the game's draw that takes bets now and draws and settles
 * it at once, so a tester or an end-to-end test need not wait for the clock.
 */
export async function drawNow(db: Database, gameCode: string, now = new Date()) {
  const game = gameOf(gameCode);
  await ensureDraws(db, now);
  const draw = await bettingDraw(db, game, now);
  await db
    .update(lotteryDraws)
    .set({ closesAt: now, drawAt: now })
    .where(and(eq(lotteryDraws.id, draw.id), eq(lotteryDraws.status, "OPEN")));
  await drawDue(db, now);
  await settleDrawn(db, now);
  const [d] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, draw.id));
  return drawView(d!);
}

// ---------------------------------------------------------------- views

export function drawView(d: Draw) {
  const shown = d.status !== "OPEN";
  return {
    gameCode: d.gameCode,
    issue: d.issue,
    status: d.status,
    closesAt: d.closesAt.toISOString(),
    drawAt: d.drawAt.toISOString(),
    serverSeedHash: d.serverSeedHash,
    // Published once drawn: sha256(serverSeed) = serverSeedHash, and the numbers follow from it.
    serverSeed: shown ? d.serverSeed : null,
    clientSeed: drawClientSeed(d.gameCode, d.issue),
    numbers: shown ? d.numbers : null,
  };
}

/**
 * The draw that takes bets at `now`: the game's earliest open draw not yet closed (made when
 * missing). A sandbox draw-now closes a draw early; the next one then takes the bets.
 */
async function bettingDraw(db: Database, game: LotteryGame, now: Date): Promise<Draw> {
  const find = () =>
    db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, game.code), eq(lotteryDraws.status, "OPEN"), gt(lotteryDraws.closesAt, now)))
      .orderBy(lotteryDraws.drawAt)
      .limit(1);
  let [d] = await find();
  if (!d) {
    await ensureDraws(db, now);
    [d] = await find();
  }
  if (!d) {
    // Every coming draw was closed early (sandbox draw-now): make the first one after them.
    const first = issueOf(game.schedule, nextDrawAt(game.schedule, now.getTime()));
    const taken = new Set(
      (await db.select({ issue: lotteryDraws.issue }).from(lotteryDraws).where(and(eq(lotteryDraws.gameCode, game.code), gte(lotteryDraws.issue, first)))).map((r) => r.issue),
    );
    let drawAt = nextDrawAt(game.schedule, now.getTime());
    while (taken.has(issueOf(game.schedule, drawAt))) drawAt = nextDrawAt(game.schedule, drawAt);
    const seed = newServerSeed();
    await db
      .insert(lotteryDraws)
      .values({ gameCode: game.code, issue: issueOf(game.schedule, drawAt), closesAt: new Date(drawAt - game.schedule.closeBeforeMs), drawAt: new Date(drawAt), serverSeed: seed, serverSeedHash: hashSeed(seed) })
      .onConflictDoNothing();
    [d] = await find();
  }
  if (!d) throw new DomainError("DRAW_NOT_FOUND", "No draw is open", 503);
  return d;
}

function oddsTable(game: LotteryGame, mode: PrizeMode) {
  return game.betTypes.map((type) => ({
    type,
    odds: game.kind === "SEA4D" && type !== "SEA2D" ? null : formatOdds(oddsFor(game, mode, type)),
    rtp: (expectedReturn(game, mode, type) / 10).toFixed(2),
  }));
}

const formatOdds = (thousandths: number) => (thousandths / 1000).toFixed(3).replace(/\.?0+$/, "");

/** A game as the lottery page shows it: its draw taking bets, the last results, its odds by mode. */
export async function lotteryGameView(db: Database, code: string, opts: { prizeMode?: string | null; recent?: number; now?: Date } = {}) {
  const game = gameOf(code);
  const now = opts.now ?? new Date();
  const mode = prizeModeFor(game, opts.prizeMode);
  const current = await bettingDraw(db, game, now);
  const recent = await db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameCode, game.code), inArray(lotteryDraws.status, ["DRAWN", "SETTLED"])))
    .orderBy(desc(lotteryDraws.drawAt))
    .limit(Math.min(Math.max(opts.recent ?? 10, 1), 50));
  return {
    gameCode: game.code,
    name: game.name,
    vendorCode: game.vendorCode,
    category: game.category,
    kind: game.kind,
    digits: game.digits ?? null,
    prizeMode: mode,
    prizeModes: game.modes,
    betTypes: game.betTypes,
    odds: oddsTable(game, mode),
    limits: { minLine: formatAmount(LINE_MIN, "USD"), maxLine: formatAmount(LINE_MAX, "USD"), maxLines: TICKET_MAX_LINES },
    periodSeconds: game.schedule.periodMs / 1000,
    current: drawView(current),
    recent: recent.map(drawView),
  };
}

/** The lottery games of a prize mode (all when none), each with its draw taking bets and last result. */
export async function lotteryMenu(db: Database, prizeMode?: string | null, now = new Date()) {
  const list = (Object.values(LOTTERY_GAMES) as LotteryGame[]).filter((g) => !prizeMode || (g.modes as readonly string[]).includes(prizeMode.toUpperCase()));
  return Promise.all(
    list.map(async (g) => {
      const v = await lotteryGameView(db, g.code, { prizeMode, recent: 1, now });
      return { gameCode: v.gameCode, name: v.name, vendorCode: v.vendorCode, category: v.category, prizeMode: v.prizeMode, current: v.current, last: v.recent[0] ?? null };
    }),
  );
}

/** Spec §7 opened numbers: the latest drawn numbers of the mode's games (or one game), newest first. */
export async function openedNumbers(db: Database, opts: { prizeMode?: string | null; gameCode?: string | null; limit?: number }) {
  const codes = opts.gameCode
    ? [gameOf(opts.gameCode).code]
    : (Object.values(LOTTERY_GAMES) as LotteryGame[]).filter((g) => !opts.prizeMode || (g.modes as readonly string[]).includes(opts.prizeMode.toUpperCase())).map((g) => g.code);
  if (!codes.length) return [];
  const rows = await db
    .select()
    .from(lotteryDraws)
    .where(and(inArray(lotteryDraws.gameCode, codes), inArray(lotteryDraws.status, ["DRAWN", "SETTLED"])))
    .orderBy(desc(lotteryDraws.drawAt))
    .limit(Math.min(Math.max(opts.limit ?? 20, 1), 100));
  return rows.map(drawView);
}

/** One draw's result (public), by game and issue. */
export async function drawResult(db: Database, gameCode: string, issue: string) {
  const game = gameOf(gameCode);
  const [d] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameCode, game.code), eq(lotteryDraws.issue, issue.slice(0, 20)))).limit(1);
  if (!d) throw new DomainError("DRAW_NOT_FOUND", "No such draw", 404);
  return drawView(d);
}

/**
 * Public check of a draw: once drawn, its published seed must hash to the commitment shown while
 * it took bets, and recomputing the numbers from it must give the published numbers.
 */
export async function verifyDraw(db: Database, gameCode: string, issue: string) {
  const game = gameOf(gameCode);
  const [d] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameCode, game.code), eq(lotteryDraws.issue, issue.slice(0, 20)))).limit(1);
  if (!d) throw new DomainError("DRAW_NOT_FOUND", "No such draw", 404);
  const view = drawView(d);
  if (d.status === "OPEN" || !d.numbers) return { ...view, gameName: game.name, drawn: false as const, hashMatches: null, numbersMatch: null, recomputed: null };
  const recomputed = drawNumbers(game, d.serverSeed, d.issue);
  return {
    ...view,
    gameName: game.name,
    drawn: true as const,
    hashMatches: hashSeed(d.serverSeed) === d.serverSeedHash,
    numbersMatch: JSON.stringify(recomputed) === JSON.stringify(d.numbers),
    recomputed,
  };
}

export function ticketView(t: Ticket) {
  const money = (v: bigint | string) => formatAmount(BigInt(v), t.currency);
  return {
    id: t.id,
    gameCode: t.gameCode,
    gameName: isLotteryGameCode(t.gameCode) ? LOTTERY_GAMES[t.gameCode].name : t.gameCode,
    /** The game's lottery page (spec §2 routing by vassalage). */
    page: isLotteryGameCode(t.gameCode) ? lotteryPagePath(LOTTERY_GAMES[t.gameCode].vendorCode, t.gameCode) : null,
    issue: t.issue,
    prizeMode: t.prizeMode,
    status: t.status,
    currency: t.currency,
    lines: t.lines.map((l) => ({ type: l.type, selection: l.selection, amount: money(l.amount), odds: formatOdds(l.odds), win: l.win === undefined ? null : money(l.win) })),
    stake: money(t.stake),
    win: money(t.win),
    balanceBefore: t.balanceBefore === null ? null : money(t.balanceBefore),
    balanceAfter: t.balanceAfter === null ? null : money(t.balanceAfter),
    createdAt: t.createdAt.toISOString(),
    settledAt: t.settledAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- tickets

export interface LineInput {
  type: string;
  selection: string;
  amount: string;
}

function parseLines(game: LotteryGame, mode: PrizeMode, input: LineInput[], currency: string): TicketLine[] {
  if (!input.length) throw new DomainError("NO_BETS", "Place a bet first", 400, { field: "lines" });
  if (input.length > TICKET_MAX_LINES) throw new DomainError("TOO_MANY_LINES", `At most ${TICKET_MAX_LINES} bets per ticket`, 400, { field: "lines" });
  return input.map((l, i) => {
    const type = l.type as BetType;
    if (!(game.betTypes as readonly string[]).includes(type)) throw new DomainError("INVALID_BET_TYPE", "This bet is not offered", 400, { field: `lines.${i}.type` });
    const selection = normaliseSelection(game, type, l.selection);
    if (!selection) throw new DomainError("INVALID_SELECTION", "Please choose valid numbers", 400, { field: `lines.${i}.selection` });
    const amount = parseAmount(String(l.amount ?? ""), currency);
    if (amount === null || amount <= 0n) throw new DomainError("INVALID_AMOUNT", "Please enter correct information", 400, { field: `lines.${i}.amount` });
    if (amount < LINE_MIN || amount > LINE_MAX) {
      throw new DomainError("AMOUNT_OUT_OF_LIMITS", "The amount is outside the limits", 400, { field: `lines.${i}.amount`, min: formatAmount(LINE_MIN, currency), max: formatAmount(LINE_MAX, currency) });
    }
    return { type, selection, amount: amount.toString(), odds: oddsFor(game, mode, type) };
  });
}

/**
 * Buys a ticket for the draw taking bets. With `issue` the ticket is for that draw only: when it
 * has closed the purchase is refused (DRAW_CLOSED) rather than moved to the next draw. The same
 * requestKey returns the same ticket; the stake is taken once.
 */
export async function buyTicket(
  db: Database,
  member: Member,
  input: { gameCode: string; issue?: string; prizeMode?: string; lines: LineInput[]; requestKey: string },
  now = new Date(),
) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
  const game = gameOf(input.gameCode);
  const [existing] = await db.select().from(lotteryTickets).where(and(eq(lotteryTickets.memberId, member.id), eq(lotteryTickets.requestKey, input.requestKey))).limit(1);
  if (existing && existing.status !== "PLACING") return ticketView(existing);

  let ticket = existing;
  if (!ticket) {
    const [merchant] = await db.select().from(merchants).where(eq(merchants.code, member.merchantCode)).limit(1);
    if (!merchant) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
    const currency = merchant.currency.toUpperCase();
    const mode = prizeModeFor(game, input.prizeMode);
    const lines = parseLines(game, mode, input.lines, currency);
    const draw = await bettingDraw(db, game, now);
    if (input.issue && input.issue !== draw.issue) throw new DomainError("DRAW_CLOSED", "This draw is closed, bet on the next one", 409, { field: "issue", issue: draw.issue });
    const stake = lines.reduce((s, l) => s + BigInt(l.amount), 0n);
    const [made] = await db
      .insert(lotteryTickets)
      .values({ memberId: member.id, merchantCode: member.merchantCode, currency, gameCode: game.code, drawId: draw.id, issue: draw.issue, prizeMode: mode, lines, stake, requestKey: input.requestKey })
      .onConflictDoNothing()
      .returning();
    ticket = made ?? (await db.select().from(lotteryTickets).where(and(eq(lotteryTickets.memberId, member.id), eq(lotteryTickets.requestKey, input.requestKey))).limit(1))[0]!;
    if (ticket.status !== "PLACING") return ticketView(ticket);
  }

  const [draw] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, ticket.drawId)).limit(1);
  if (!draw || draw.status !== "OPEN" || draw.closesAt.getTime() <= now.getTime()) {
    // Closed while this purchase was under way: nothing is taken; the draw's settlement voids it.
    throw new DomainError("DRAW_CLOSED", "This draw is closed, bet on the next one", 409, { field: "issue" });
  }
  const token = await tokenFor(db, ticket, game.category);
  let balance: bigint | null;
  try {
    const res = await walletDebit(db, HOUSE_VENDOR, { token, transactionId: `lott:${ticket.id}:stake`, roundId: `L${ticket.id}`, gameCode: game.code, amount: formatAmount(ticket.stake, ticket.currency) });
    balance = parseAmount(res.body.balance, ticket.currency);
  } catch (e) {
    if (e instanceof DomainError && e.code === "INSUFFICIENT_FUNDS") {
      await db.delete(lotteryTickets).where(and(eq(lotteryTickets.id, ticket.id), eq(lotteryTickets.status, "PLACING")));
      throw new DomainError("INSUFFICIENT_FUNDS", "Insufficient balance", 400, { field: "lines", balance: e.details?.balance });
    }
    throw e;
  }
  const [placed] = await db
    .update(lotteryTickets)
    .set({ status: "PENDING", balanceBefore: balance === null ? null : balance + ticket.stake, balanceAfter: balance })
    .where(and(eq(lotteryTickets.id, ticket.id), eq(lotteryTickets.status, "PLACING")))
    .returning();
  return ticketView(placed ?? (await db.select().from(lotteryTickets).where(eq(lotteryTickets.id, ticket.id)))[0]!);
}

/** The member's tickets, newest first, by game and status, paged. */
export async function myTickets(db: Database, member: Member, opts: { gameCode?: string; status?: string; pageNo: number; pageSize: number }) {
  const where = and(
    eq(lotteryTickets.memberId, member.id),
    opts.gameCode ? eq(lotteryTickets.gameCode, opts.gameCode) : undefined,
    opts.status === "OPEN" ? inArray(lotteryTickets.status, ["PLACING", "PENDING"]) : opts.status ? eq(lotteryTickets.status, opts.status as Ticket["status"]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(lotteryTickets).where(where).orderBy(desc(lotteryTickets.id)).limit(opts.pageSize).offset((opts.pageNo - 1) * opts.pageSize),
    db.select({ n: count() }).from(lotteryTickets).where(where),
  ]);
  return { content: rows.map(ticketView), pageNum: opts.pageNo, totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / opts.pageSize)), total: total?.n ?? 0 };
}

/** Spec §7 lottery recent: the lottery games the member bought tickets for lately, newest first. */
export async function recentLotteries(db: Database, member: Member, now = new Date()) {
  const rows = await db
    .select({ gameCode: lotteryTickets.gameCode, last: sql<string>`max(${lotteryTickets.createdAt})` })
    .from(lotteryTickets)
    .where(eq(lotteryTickets.memberId, member.id))
    .groupBy(lotteryTickets.gameCode)
    .orderBy(desc(sql`max(${lotteryTickets.createdAt})`))
    .limit(10);
  const menu = await lotteryMenu(db, null, now);
  return rows.flatMap((r) => menu.filter((m) => m.gameCode === r.gameCode));
}
