import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { merchants } from "../system/schema.js";
import { games, winners } from "../games/schema.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import { memberBalance } from "../ledger/service.js";
import { createLaunchToken, HOUSE_VENDOR, walletCredit, walletDebit } from "../wallet/service.js";
import { maskAccount } from "../games/demo-catalogue.js";
import { ActionRejected, BetRejected, betsFromJson, betsToJson, toJsonValue, type Bet, type JsonBet, type JsonValue } from "../house/bets.js";
import { createRng, hashSeed, isClientSeed, newSeedPair, rotateSeedPair, type RoundSeeds } from "../house/fair.js";
import { HOUSE_GAMES, houseCatalogue, isHouseGameCode, type HouseGameCode } from "../house/games/index.js";
import { playInstantRound, replayRound, sessionRecord, verifyRound, type RoundRecord } from "../house/rounds.js";
import { fairSeeds, houseRounds } from "./schema.js";

/**
 * In-house rounds (ARCHITECTURE.md, In-house vendor): the member's provably fair seeds, each round's
 * bets and outcome kept for recall, and the money moved through the vendor wallet service (the
 * same debit and credit calls a third-party vendor makes), each idempotent on its transaction id,
 * so a retried or resumed round never moves money twice.
 */

type Member = typeof members.$inferSelect;
type Round = typeof houseRounds.$inferSelect;

/** Wins of at least this many minor units (with a profit) go on the winners board. */
export const WINNER_BOARD_MIN = 10_000n;

function requireReal(member: Member) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
}

// ---------------------------------------------------------------- seeds

async function activeSeed(db: Database, memberId: number) {
  const [row] = await db.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, memberId), eq(fairSeeds.active, true))).limit(1);
  if (row) return row;
  const pair = newSeedPair();
  await db
    .insert(fairSeeds)
    .values({ memberId, serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, nextServerSeed: pair.nextServerSeed, nextServerSeedHash: pair.nextServerSeedHash, clientSeed: pair.clientSeed })
    .onConflictDoNothing();
  const [made] = await db.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, memberId), eq(fairSeeds.active, true))).limit(1);
  return made!;
}

/** What the member sees before play: the hashes of the current and next server seeds, the client seed, the next nonce. */
export async function seedInfo(db: Database, member: Member) {
  const s = await activeSeed(db, member.id);
  return { serverSeedHash: s.serverSeedHash, nextServerSeedHash: s.nextServerSeedHash, clientSeed: s.clientSeed, nonce: s.nonce };
}

/**
 * Rotates the pair (optionally with a new client seed): the old server seed is revealed, the
 * committed next seed takes its place. Rounds still open keep the seed they started with.
 */
export async function rotateSeeds(db: Database, member: Member, clientSeed?: string) {
  if (clientSeed !== undefined && !isClientSeed(clientSeed)) {
    throw new DomainError("INVALID_CLIENT_SEED", "A client seed is 1-64 printable characters without spaces", 400, { field: "clientSeed" });
  }
  await activeSeed(db, member.id);
  const revealed = await db.transaction(async (tx) => {
    const [cur] = await tx.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, member.id), eq(fairSeeds.active, true))).for("update");
    if (!cur) throw new DomainError("SEED_BUSY", "Try again", 409);
    const { revealed: r, pair } = rotateSeedPair(
      { serverSeed: cur.serverSeed, serverSeedHash: cur.serverSeedHash, nextServerSeed: cur.nextServerSeed, nextServerSeedHash: cur.nextServerSeedHash, clientSeed: cur.clientSeed, nonce: cur.nonce },
      clientSeed ?? cur.clientSeed,
    );
    await tx.update(fairSeeds).set({ active: false, revealedAt: new Date() }).where(eq(fairSeeds.id, cur.id));
    await tx.insert(fairSeeds).values({
      memberId: member.id,
      serverSeed: pair.serverSeed,
      serverSeedHash: pair.serverSeedHash,
      nextServerSeed: pair.nextServerSeed,
      nextServerSeedHash: pair.nextServerSeedHash,
      clientSeed: pair.clientSeed,
    });
    return r;
  });
  return { revealed, active: await seedInfo(db, member) };
}

/** Seeds the member retired, with their server seeds now public. */
export async function revealedSeeds(db: Database, member: Member, limit = 20) {
  const rows = await db
    .select()
    .from(fairSeeds)
    .where(and(eq(fairSeeds.memberId, member.id), eq(fairSeeds.active, false)))
    .orderBy(desc(fairSeeds.id))
    .limit(limit);
  return rows.map((r) => ({ serverSeed: r.serverSeed, serverSeedHash: r.serverSeedHash, clientSeed: r.clientSeed, roundsPlayed: r.nonce, revealedAt: r.revealedAt?.toISOString() ?? null }));
}

/** Takes the next nonce of the member's active pair, atomically. */
async function takeNonce(db: Database, memberId: number) {
  await activeSeed(db, memberId);
  const [row] = await db
    .update(fairSeeds)
    .set({ nonce: sql`${fairSeeds.nonce} + 1` })
    .where(and(eq(fairSeeds.memberId, memberId), eq(fairSeeds.active, true)))
    .returning({ id: fairSeeds.id, nonce: sql<number>`${fairSeeds.nonce} - 1`, serverSeed: fairSeeds.serverSeed, clientSeed: fairSeeds.clientSeed });
  if (!row) throw new DomainError("SEED_BUSY", "Try again", 409);
  return { ...row, nonce: Number(row.nonce) };
}

// ---------------------------------------------------------------- money through the wallet service

interface Money {
  merchant: typeof merchants.$inferSelect;
  token: string;
}

async function moneyFor(db: Database, member: Member, game: HouseGameCode): Promise<Money> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, member.merchantCode)).limit(1);
  if (!merchant) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  const token = await createLaunchToken(db, { memberId: member.id, merchantCode: member.merchantCode, vendorCode: HOUSE_VENDOR, gameCode: game, category: HOUSE_GAMES[game].category });
  return { merchant, token };
}

const toMinor = (decimal: string, currency: string) => parseAmount(decimal, currency) ?? 0n;

async function debit(db: Database, money: Money, round: Round, txId: string, amount: bigint): Promise<bigint> {
  const res = await walletDebit(db, HOUSE_VENDOR, {
    token: money.token,
    transactionId: txId,
    roundId: `R${round.id}`,
    gameCode: round.gameCode,
    amount: formatAmount(amount, round.currency),
  });
  return toMinor(res.body.balance, round.currency);
}

async function credit(db: Database, money: Money, round: Round, amount: bigint): Promise<bigint> {
  const res = await walletCredit(db, HOUSE_VENDOR, {
    token: money.token,
    transactionId: `house:${round.id}:win`,
    roundId: `R${round.id}`,
    amount: formatAmount(amount, round.currency),
  });
  return toMinor(res.body.balance, round.currency);
}

// ---------------------------------------------------------------- rounds

export interface BetInput {
  kind: string;
  amount: string;
  [param: string]: unknown;
}

function parseBets(game: HouseGameCode, input: BetInput[], currency: string): Bet[] {
  const bets = input.map((b, i) => {
    const amount = parseAmount(String(b.amount ?? ""), currency);
    if (amount === null || amount <= 0n) throw new DomainError("INVALID_AMOUNT", "Please enter correct information", 400, { field: `bets.${i}.amount` });
    return { ...b, amount } as Bet;
  });
  if (!bets.length) throw new DomainError("NO_BETS", "Place a bet first", 400, { field: "bets" });
  const check = HOUSE_GAMES[game].engine.validateBets(bets as never);
  if (!check.ok) throw new DomainError(check.error.code, check.error.message, 400, { field: "bets", ...(check.error as unknown as Record<string, unknown>) });
  return bets;
}

// ---------------------------------------------------------------- amounts at the API edge

/**
 * Rounds are stored as the engines write them, amounts in minor units (the record is what
 * verification replays). The API shows every bet amount, payout and total as a decimal string of
 * the round's currency (ADR 004), converted here. Game states (`view`, `outcome.outcome`) are the
 * engines' own JSON and are passed through as they are.
 */
const decimal = (minor: JsonValue | undefined, currency: string): JsonValue =>
  typeof minor === "string" && /^-?\d+$/.test(minor) ? formatAmount(BigInt(minor), currency) : (minor ?? null);

const isObject = (v: unknown): v is { [key: string]: JsonValue } => typeof v === "object" && v !== null && !Array.isArray(v);

/** A stored bet (minor units) with a decimal amount. */
const betView = (bet: JsonValue | undefined, currency: string): JsonValue => (isObject(bet) ? { ...bet, amount: decimal(bet.amount, currency) } : (bet ?? null));

/** Stored bets (minor units) with decimal amounts. */
function betsView(bets: unknown, currency: string): JsonBet[] {
  return Array.isArray(bets) ? (bets.map((b: JsonValue) => betView(b, currency)) as JsonBet[]) : [];
}

/** A stored settlement (`settlementToJson`) with decimal stakes, payouts and totals. */
function settlementView(settlement: JsonValue | undefined, currency: string): JsonValue {
  if (!isObject(settlement)) return settlement ?? null;
  const results = Array.isArray(settlement.results)
    ? settlement.results.map((r) => (isObject(r) ? { ...r, bet: betView(r.bet, currency), payout: decimal(r.payout, currency) } : r))
    : (settlement.results ?? null);
  return { ...settlement, results, totalStake: decimal(settlement.totalStake, currency), totalPayout: decimal(settlement.totalPayout, currency) };
}

/** A stored round record with its bets, settlement and totals in decimals (null while the round is open). */
function recordView(record: unknown, currency: string) {
  if (!isObject(record)) return null;
  const r = record as unknown as RoundRecord;
  return {
    ...r,
    bets: betsView(r.bets, currency),
    settlement: settlementView(r.settlement, currency),
    totalStake: decimal(r.totalStake, currency) as string,
    totalPayout: decimal(r.totalPayout, currency) as string,
  };
}

/** A round as the member sees it (the dealer's hole card stays hidden until the end); amounts in decimals. */
export function roundView(r: Round, seedHash?: string) {
  const entry = isHouseGameCode(r.gameCode) ? HOUSE_GAMES[r.gameCode] : undefined;
  let view: unknown = null;
  let legalActions: string[] = [];
  if (r.status === "OPEN" && entry?.type === "session" && r.state) {
    const state = entry.engine.fromJSON(r.state as JsonValue);
    view = toJsonValue(entry.engine.publicView(state));
    legalActions = entry.engine.legalActions(state);
  }
  return {
    id: r.id,
    game: r.gameCode,
    gameName: entry?.name ?? r.gameCode,
    category: r.category,
    currency: r.currency,
    status: r.status,
    bets: betsView(r.bets, r.currency),
    actions: r.actions,
    outcome: recordView(r.outcome, r.currency),
    view,
    legalActions,
    stake: formatAmount(r.stake, r.currency),
    win: formatAmount(r.win, r.currency),
    balanceBefore: formatAmount(r.balanceBefore, r.currency),
    balanceAfter: r.balanceAfter === null ? null : formatAmount(r.balanceAfter, r.currency),
    nonce: r.nonce,
    clientSeed: r.clientSeed,
    serverSeedHash: seedHash ?? null,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
  };
}

async function seedOf(db: Database, seedId: number) {
  const [s] = await db.select().from(fairSeeds).where(eq(fairSeeds.id, seedId)).limit(1);
  if (!s) throw new Error(`seed ${seedId} missing`);
  return s;
}

const seedsOf = (seed: { serverSeed: string }, r: Round): RoundSeeds => ({ serverSeed: seed.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce });

/** Big wins on the winners board, from real rounds. */
export async function recordBigWin(db: Database, w: { merchantCode: string; account: string; gameCode: string; stake: bigint; win: bigint; currency: string }) {
  if (w.win < WINNER_BOARD_MIN || w.win <= w.stake) return;
  const [g] = await db.select({ nodeId: games.nodeId }).from(games).where(eq(games.gameCode, w.gameCode)).limit(1);
  if (!g) return;
  await db.insert(winners).values({ merchantCode: w.merchantCode, account: maskAccount(w.account), nodeId: g.nodeId, winAmount: w.win, currency: w.currency });
}

/** Ends a round: the payout credited (0 closes a loss), the record and the balance after kept. */
async function finish(db: Database, member: Member, money: Money, r: Round, record: RoundRecord, extraStake = 0n) {
  const payout = BigInt(record.totalPayout);
  const after = await credit(db, money, r, payout);
  const [done] = await db
    .update(houseRounds)
    .set({ status: "SETTLED", outcome: record, win: payout, stake: r.stake + extraStake, balanceAfter: after, settledAt: new Date(), state: null })
    .where(and(eq(houseRounds.id, r.id), eq(houseRounds.status, "OPEN")))
    .returning();
  if (done) await recordBigWin(db, { merchantCode: done.merchantCode, account: member.account, gameCode: done.gameCode, stake: done.stake, win: payout, currency: done.currency });
  return done ?? (await db.select().from(houseRounds).where(eq(houseRounds.id, r.id)))[0]!;
}

/**
 * Plays (instant games) or starts (blackjack, three card poker, hi-lo) a round. The same
 * requestKey returns the same round; a round cut off half way is finished by the retry.
 */
export async function playRound(db: Database, member: Member, input: { game: string; bets: BetInput[]; requestKey: string }) {
  requireReal(member);
  if (!isHouseGameCode(input.game)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  const game = input.game;
  const entry = HOUSE_GAMES[game];
  const money = await moneyFor(db, member, game);
  const currency = money.merchant.currency;
  const wallet = money.merchant.isSingleWallet ? "MAIN" : HOUSE_VENDOR;

  let [round] = await db.select().from(houseRounds).where(and(eq(houseRounds.memberId, member.id), eq(houseRounds.requestKey, input.requestKey))).limit(1);
  if (!round) {
    const bets = parseBets(game, input.bets, currency);
    if (entry.type === "session") {
      const [open] = await db
        .select({ id: houseRounds.id })
        .from(houseRounds)
        .where(and(eq(houseRounds.memberId, member.id), eq(houseRounds.gameCode, game), eq(houseRounds.status, "OPEN")))
        .limit(1);
      if (open) throw new DomainError("ROUND_IN_PLAY", "Finish the round in play first", 409, { roundId: open.id });
    }
    const stake = bets.reduce((s, b) => s + b.amount, 0n);
    const seed = await takeNonce(db, member.id);
    const before = await memberBalance(db, member.merchantCode, currency, member.id, wallet);
    const [made] = await db
      .insert(houseRounds)
      .values({
        memberId: member.id,
        merchantCode: member.merchantCode,
        gameCode: game,
        category: entry.category,
        currency,
        seedId: seed.id,
        nonce: seed.nonce,
        clientSeed: seed.clientSeed,
        requestKey: input.requestKey,
        bets: betsToJson(bets),
        stake,
        balanceBefore: before,
      })
      .onConflictDoNothing()
      .returning();
    round = made ?? (await db.select().from(houseRounds).where(and(eq(houseRounds.memberId, member.id), eq(houseRounds.requestKey, input.requestKey))).limit(1))[0]!;
  }
  if (round.status === "SETTLED" || round.actions.length > 0 || (round.state && entry.type === "session")) {
    return roundView(round, (await seedOf(db, round.seedId)).serverSeedHash);
  }

  const seed = await seedOf(db, round.seedId);
  const seeds = seedsOf(seed, round);
  const bets = betsFromJson(round.bets as JsonValue[]);
  try {
    await debit(db, money, round, `house:${round.id}:stake`, round.stake);
  } catch (e) {
    // Nothing was taken: the round never happened.
    if (e instanceof DomainError && e.code === "INSUFFICIENT_FUNDS") {
      await db.delete(houseRounds).where(and(eq(houseRounds.id, round.id), eq(houseRounds.status, "OPEN")));
      throw new DomainError("INSUFFICIENT_FUNDS", "Insufficient balance", 400, { field: "bets", balance: e.details?.balance });
    }
    throw e;
  }
  if (entry.type === "instant") {
    const { record } = playInstantRound(game, seeds, bets);
    return roundView(await finish(db, member, money, round, record), seed.serverSeedHash);
  }
  const state = entry.engine.start(createRng(seeds), bets as never);
  if (entry.engine.settlement(state)) {
    return roundView(await finish(db, member, money, round, sessionRecord(game, seeds, bets, [], state)), seed.serverSeedHash);
  }
  const [stored] = await db
    .update(houseRounds)
    .set({ state: entry.engine.toJSON(state) })
    .where(and(eq(houseRounds.id, round.id), eq(houseRounds.status, "OPEN")))
    .returning();
  return roundView(stored ?? round, seed.serverSeedHash);
}

/** A decision in a stateful round (hit, stand, double, split; play or fold; higher, lower, cash out). */
export async function actInRound(db: Database, member: Member, roundId: number, action: string) {
  requireReal(member);
  const [round] = await db.select().from(houseRounds).where(and(eq(houseRounds.id, roundId), eq(houseRounds.memberId, member.id))).limit(1);
  if (!round) throw new DomainError("ROUND_NOT_FOUND", "No such round", 404);
  if (round.status !== "OPEN" || !round.state) throw new DomainError("ROUND_FINISHED", "This round is over", 409);
  if (!isHouseGameCode(round.gameCode)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  const game = round.gameCode;
  const entry = HOUSE_GAMES[game];
  if (entry.type !== "session") throw new DomainError("ROUND_FINISHED", "This round is over", 409);
  const state = entry.engine.fromJSON(round.state as JsonValue);
  if (!entry.engine.legalActions(state).includes(action)) throw new DomainError("ILLEGAL_ACTION", "That move is not possible now", 400, { field: "action" });
  const money = await moneyFor(db, member, game);
  const seed = await seedOf(db, round.seedId);
  const seeds = seedsOf(seed, round);
  const n = round.actions.length;
  const extra = entry.engine.stakeFor(state, action);
  if (extra > 0n) {
    try {
      await debit(db, money, round, `house:${round.id}:act${n}`, extra);
    } catch (e) {
      if (e instanceof DomainError && e.code === "INSUFFICIENT_FUNDS") throw new DomainError("INSUFFICIENT_FUNDS", "Insufficient balance", 400, { field: "action" });
      throw e;
    }
  }
  let next: unknown;
  try {
    // The table's limits bound what an action may pay (hi-lo's cash-out, a double's payout).
    next = entry.engine.act(createRng(seeds), state, action, entry.engine.defaultLimits);
  } catch (e) {
    if (e instanceof ActionRejected) throw new DomainError(e.error.code, e.error.message, 400, { field: "action" });
    throw e;
  }
  const actions = [...round.actions, action];
  // Only the first of two concurrent identical moves is kept (its debit was one, by its transaction id).
  const [saved] = await db
    .update(houseRounds)
    .set({ state: entry.engine.toJSON(next), actions, stake: round.stake + extra })
    .where(and(eq(houseRounds.id, round.id), eq(houseRounds.status, "OPEN"), sql`jsonb_array_length(${houseRounds.actions}) = ${n}`))
    .returning();
  if (!saved) throw new DomainError("ROUND_BUSY", "This move was already made", 409);
  if (entry.engine.settlement(next)) {
    const bets = betsFromJson(round.bets as JsonValue[]);
    return roundView(await finish(db, member, money, saved, sessionRecord(game, seeds, bets, actions, next)), seed.serverSeedHash);
  }
  return roundView(saved, seed.serverSeedHash);
}

export async function getRound(db: Database, member: Member, roundId: number) {
  const [round] = await db.select().from(houseRounds).where(and(eq(houseRounds.id, roundId), eq(houseRounds.memberId, member.id))).limit(1);
  if (!round) throw new DomainError("ROUND_NOT_FOUND", "No such round", 404);
  const seed = await seedOf(db, round.seedId);
  return roundView(round, seed.serverSeedHash);
}

/** The member's round in play of a stateful game, to resume after a reload or a crash. */
export async function openRound(db: Database, member: Member, game: string) {
  const [round] = await db
    .select()
    .from(houseRounds)
    .where(and(eq(houseRounds.memberId, member.id), eq(houseRounds.gameCode, game), eq(houseRounds.status, "OPEN")))
    .orderBy(desc(houseRounds.id))
    .limit(1);
  if (!round) return null;
  const seed = await seedOf(db, round.seedId);
  return roundView(round, seed.serverSeedHash);
}

/** The betting record (personalHistoryCopy): rounds newest first, by game or category and period. */
export async function bettingRecord(
  db: Database,
  member: Member,
  opts: { game?: string; category?: string; from?: Date; to?: Date; pageNo: number; pageSize: number },
) {
  const where = and(
    eq(houseRounds.memberId, member.id),
    opts.game ? eq(houseRounds.gameCode, opts.game) : undefined,
    opts.category ? eq(houseRounds.category, opts.category) : undefined,
    opts.from ? gte(houseRounds.createdAt, opts.from) : undefined,
    opts.to ? lt(houseRounds.createdAt, opts.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(houseRounds).where(where).orderBy(desc(houseRounds.id)).limit(opts.pageSize).offset((opts.pageNo - 1) * opts.pageSize),
    db.select({ n: count() }).from(houseRounds).where(where),
  ]);
  const seedIds = [...new Set(rows.map((r) => r.seedId))];
  const seeds = seedIds.length ? await db.select({ id: fairSeeds.id, hash: fairSeeds.serverSeedHash }).from(fairSeeds).where(inArray(fairSeeds.id, seedIds)) : [];
  const hashOf = new Map(seeds.map((s) => [s.id, s.hash]));
  return {
    content: rows.map((r) => roundView(r, hashOf.get(r.seedId))),
    pageNum: opts.pageNo,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / opts.pageSize)),
    total: total?.n ?? 0,
  };
}

/**
 * Public verification of a settled round: once its server seed is revealed, the round is
 * replayed from (server seed, client seed, nonce, bets, actions) and compared with the record.
 */
export async function verifyStoredRound(db: Database, roundId: number) {
  const [round] = await db.select().from(houseRounds).where(eq(houseRounds.id, roundId)).limit(1);
  if (!round || round.status !== "SETTLED" || !round.outcome) throw new DomainError("ROUND_NOT_FOUND", "No such settled round", 404);
  const seed = await seedOf(db, round.seedId);
  const record = round.outcome as RoundRecord;
  const base = {
    roundId: round.id,
    game: round.gameCode,
    gameName: isHouseGameCode(round.gameCode) ? HOUSE_GAMES[round.gameCode].name : round.gameCode,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    currency: round.currency,
    bets: betsView(record.bets, round.currency),
    actions: record.actions,
    outcome: record.outcome,
    totalStake: formatAmount(BigInt(record.totalStake), round.currency),
    totalPayout: formatAmount(BigInt(record.totalPayout), round.currency),
  };
  if (!seed.revealedAt) return { ...base, revealed: false as const, serverSeed: null, result: null };
  // Replayed from the stored record (minor units), shown in decimals like the rest.
  const result = verifyRound({ ...record, serverSeed: seed.serverSeed });
  const shown = result.settlement === undefined ? result : { ...result, settlement: settlementView(result.settlement, round.currency) };
  return { ...base, revealed: true as const, serverSeed: seed.serverSeed, hashMatches: hashSeed(seed.serverSeed) === seed.serverSeedHash, result: shown };
}

/**
 * Recomputes a round from seeds the member supplies (no database): the verify page's calculator.
 * Bet amounts are decimal strings of `currency`, as round views and the stored check show them;
 * the totals come back the same way.
 */
export function verifyManual(input: { game: string; serverSeed: string; clientSeed: string; nonce: number; bets: BetInput[]; actions: string[]; currency: string }) {
  if (!isHouseGameCode(input.game)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  const currency = input.currency;
  const bets = input.bets.map((b, i) => {
    const amount = parseAmount(String(b.amount ?? ""), currency);
    if (amount === null) throw new DomainError("INVALID_REQUEST", `bets.${i}.amount must be a decimal amount of ${currency}`, 400, { field: `bets.${i}.amount` });
    return { ...b, amount } as Bet;
  });
  try {
    const replayed = replayRound(input.game, { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce }, bets, input.actions);
    return {
      serverSeedHash: hashSeed(input.serverSeed),
      currency,
      outcome: replayed.outcome,
      totalStake: formatAmount(replayed.settlement.totalStake, currency),
      totalPayout: formatAmount(replayed.settlement.totalPayout, currency),
    };
  } catch (e) {
    if (e instanceof BetRejected || e instanceof ActionRejected || e instanceof TypeError || (e instanceof Error && e.name === "FairSeedError")) {
      throw new DomainError("INVALID_REQUEST", e.message, 400);
    }
    throw e;
  }
}

export { houseCatalogue };
