import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { preparedStatement, rowsOf, type Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { games } from "../games/schema.js";
import { ensureAccount, InsufficientFunds, memberBalance, postTransfer, reverseTransfer, withLedgerTx, type AccountRef, type Tx } from "../ledger/service.js";
import { currencyExponent, formatAmount, parseAmount } from "../ledger/money.js";
import { launchTokens, walletRounds, walletTransactions } from "./schema.js";
import { oneStatementCall } from "./statements.js";

/**
 * The seamless wallet (ARCHITECTURE.md, Vendor wallet API; docs/vendor-wallet-api.md). Plain
 * functions over the database: the HTTP routes call them after checking the vendor's signature,
 * and in-house games may call them directly with vendor code HOUSE.
 *
 * Every call that moves money writes its wallet_transactions row, its round and its ledger
 * transfer in one transaction, and is idempotent on (vendor, transactionId).
 */

/** Launch tokens are accepted for balance and debit this long after launch; credit and rollback take them for ever. */
export const LAUNCH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** In-house games: the other side of their bets is the house account, not a vendor clearing account. */
export const HOUSE_VENDOR = "HOUSE";

/** HTTP status of INSUFFICIENT_FUNDS (402 Payment Required). */
export const INSUFFICIENT_FUNDS_STATUS = 402;

const id = z.string().min(1).max(128);
const amount = z.string().min(1).max(40);

export const balanceRequest = z.object({ token: z.string().min(1).max(200) });
export const debitRequest = balanceRequest.extend({ transactionId: id, roundId: id, gameCode: z.string().min(1).max(100), amount });
export const creditRequest = balanceRequest.extend({ transactionId: id, roundId: id, amount });
export const rollbackRequest = balanceRequest.extend({ transactionId: id, refTransactionId: id });

export type BalanceRequest = z.infer<typeof balanceRequest>;
export type DebitRequest = z.infer<typeof debitRequest>;
export type CreditRequest = z.infer<typeof creditRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;

/** What a wallet call answers: HTTP status and JSON body (stored as is, so a replay gets the same). */
export interface WalletResponse {
  status: 200;
  body: { balance: string; currency?: string; transactionId?: string };
}

// ---------------------------------------------------------------------------------------------
// Launch tokens

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface LaunchTokenInput {
  memberId: number;
  merchantCode: string;
  vendorCode: string;
  gameCode: string;
  category?: string | null;
}

/** A new opaque launch token for one player, vendor and game; only its SHA-256 is stored. */
export async function createLaunchToken(db: Database, input: LaunchTokenInput, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(launchTokens).values({
    tokenHash: hashToken(token),
    memberId: input.memberId,
    merchantCode: input.merchantCode,
    vendorCode: input.vendorCode,
    gameCode: input.gameCode,
    category: input.category ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * How long an expired token is kept: credits and rollbacks accept expired tokens (a round may end
 * after its token's 12 hours), so tokens stay this long past expiry, then the purge job drops them.
 */
export const LAUNCH_TOKEN_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes tokens expired more than LAUNCH_TOKEN_KEEP_MS ago, up to `batch` per run. */
export async function purgeLaunchTokens(db: Database, now: Date, batch = 10_000): Promise<number> {
  const cutoff = new Date(now.getTime() - LAUNCH_TOKEN_KEEP_MS);
  const old = db.select({ h: launchTokens.tokenHash }).from(launchTokens).where(lt(launchTokens.expiresAt, cutoff)).limit(batch);
  const gone = await db.delete(launchTokens).where(inArray(launchTokens.tokenHash, old)).returning({ h: launchTokens.tokenHash });
  return gone.length;
}

/** The player a launch token names, with the accounts the wallet moves money between. */
export interface WalletPlayer {
  memberId: number;
  merchantCode: string;
  currency: string;
  vendorCode: string;
  gameCode: string;
  category: string | null;
  expired: boolean;
  /** The member's wallet: MAIN on a single-wallet merchant, else the vendor code. */
  member: AccountRef;
  /** The other side: the vendor's clearing account, or the house for HOUSE. */
  counterpart: AccountRef;
}

/** A token's row and its merchant's, by the token's hash: prepared once, as every wallet call runs it first. */
const tokenStatement = preparedStatement(
  () => sql`
    select t.member_id, t.merchant_code, t.vendor_code, t.game_code, t.category, floor(extract(epoch from t.expires_at) * 1000)::bigint::text as expires_ms,
      m.currency, m.is_single_wallet
    from launch_tokens t join merchants m on m.code = t.merchant_code
    where t.token_hash = ${sql.placeholder("hash")}::text`,
);

const invalidToken = () => new DomainError("INVALID_TOKEN", "Unknown or expired launch token", 401);

/**
 * The player of a token issued for this vendor. Unknown tokens and tokens of another vendor are
 * refused with 401 INVALID_TOKEN; an expired one too unless `allowExpired` (credit, rollback).
 */
export async function resolveLaunchToken(
  db: Database,
  vendorCode: string,
  token: string,
  { allowExpired = false, now = new Date() }: { allowExpired?: boolean; now?: Date } = {},
): Promise<WalletPlayer> {
  return (await readToken(db, vendorCode, hashToken(token), allowExpired, now)).player;
}

/** A token as read, with what its one-statement calls check again: the token's hash and the merchant's wallet kind. */
interface ReadToken {
  player: WalletPlayer;
  tokenHash: string;
  single: boolean;
  expiresMs: number;
  /** From the process's memory (`knownTokens`), not read from the database just now. */
  remembered: boolean;
}

async function readToken(db: Database, vendorCode: string, tokenHash: string, allowExpired: boolean, now: Date): Promise<ReadToken> {
  const [row] = rowsOf<{ member_id: number; merchant_code: string; vendor_code: string; game_code: string; category: string | null; expires_ms: string; currency: string; is_single_wallet: boolean }>(
    await tokenStatement(db, { hash: tokenHash }),
  );
  if (!row || row.vendor_code !== vendorCode) throw invalidToken();
  const expiresMs = Number(row.expires_ms);
  const expired = expiresMs <= now.getTime();
  if (expired && !allowExpired) throw invalidToken();
  const { member_id: memberId, merchant_code: merchantCode } = row;
  const currency = row.currency.toUpperCase();
  const player: WalletPlayer = {
    memberId,
    merchantCode,
    currency,
    vendorCode,
    gameCode: row.game_code,
    category: row.category,
    expired,
    member: { merchantCode, currency, kind: "member", memberId, wallet: row.is_single_wallet ? "MAIN" : vendorCode },
    counterpart:
      vendorCode === HOUSE_VENDOR
        ? { merchantCode, currency, kind: "house", memberId }
        : { merchantCode, currency, kind: "vendor_clearing", wallet: vendorCode, memberId },
  };
  return { player, tokenHash, single: row.is_single_wallet, expiresMs, remembered: false };
}

/**
 * Tokens remembered per database, the last used last (at most KNOWN_TOKENS_MAX; the least recently
 * used goes first): a vendor calls with the same token for every round of a session. HOUSE tokens
 * are not remembered: in-house code makes one per purchase (the lottery's tickets).
 */
const knownTokens = new WeakMap<object, Map<string, ReadToken>>();
const KNOWN_TOKENS_MAX = 10_000;

function knownOf(db: Database): Map<string, ReadToken> {
  let known = knownTokens.get(db);
  if (!known) knownTokens.set(db, (known = new Map()));
  return known;
}

function remember(db: Database, read: ReadToken): ReadToken {
  if (read.player.vendorCode === HOUSE_VENDOR) return read;
  const known = knownOf(db);
  known.delete(read.tokenHash);
  if (known.size >= KNOWN_TOKENS_MAX) known.delete(known.keys().next().value!);
  known.set(read.tokenHash, read);
  return read;
}

/**
 * The token of a debit or credit: from memory when this process read it before, else from the
 * database (then remembered). What the call relies on is checked again by its one statement: the
 * row still there (the purge deletes it) and, for a debit, unexpired; its merchant's currency and
 * wallet kind as remembered. A call the statement leaves reads the token again for its transaction
 * (`tokenAgain`).
 */
async function tokenOfCall(db: Database, vendorCode: string, token: string, now = new Date()): Promise<ReadToken> {
  const tokenHash = hashToken(token);
  const kept = knownOf(db).get(tokenHash);
  if (kept && kept.player.vendorCode === vendorCode) {
    remember(db, kept);
    return { ...kept, player: { ...kept.player, expired: kept.expiresMs <= now.getTime() }, remembered: true };
  }
  return remember(db, await readToken(db, vendorCode, tokenHash, true, now));
}

/** A remembered token read again (remembered as it is now, or forgotten when it is gone); one just read, as it is. */
async function tokenAgain(db: Database, vendorCode: string, t: ReadToken): Promise<ReadToken> {
  if (!t.remembered) return t;
  knownOf(db).delete(t.tokenHash);
  return remember(db, await readToken(db, vendorCode, t.tokenHash, true, new Date()));
}

/** An amount in the token's currency; null when it does not parse in a remembered token's (its currency may have changed: read again). */
function amountFor(t: ReadToken, amount: string): bigint | null {
  try {
    return toMinor(amount, t.player.currency);
  } catch (err) {
    if (t.remembered) return null;
    throw err;
  }
}

/**
 * Checks the game and makes a launch token for a member (the web's launchGame and the operator's
 * tester call). 404 GAME_NOT_FOUND for an unknown vendor/game pair.
 */
export async function launchTokenFor(
  db: Database,
  member: { id: number; merchantCode: string },
  vendorCode: string,
  gameCode: string,
): Promise<{ token: string; game: typeof games.$inferSelect }> {
  const [game] = await db
    .select()
    .from(games)
    .where(and(eq(games.vendorCode, vendorCode), eq(games.gameCode, gameCode)))
    .limit(1);
  if (!game) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  const token = await createLaunchToken(db, {
    memberId: member.id,
    merchantCode: member.merchantCode,
    vendorCode,
    gameCode,
    category: game.gameType,
  });
  return { token, game };
}

/** The member a back-office tester acts for, by merchant and account name. */
export async function findMember(db: Database, merchantCode: string, account: string) {
  const [m] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.account, account.trim().toLowerCase())))
    .limit(1);
  if (!m) throw new DomainError("MEMBER_NOT_FOUND", "No such member", 404);
  return m;
}

// ---------------------------------------------------------------------------------------------
// Wallet calls

function toMinor(text: string, currency: string): bigint {
  const value = parseAmount(text, currency);
  if (value === null) {
    throw new DomainError(
      "INVALID_REQUEST",
      `amount must be a decimal string at or above 0 with at most ${currencyExponent(currency)} decimals`,
      400,
    );
  }
  return value;
}

function requestHash(parts: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

const conflict = (message = "This transactionId was already used with another request") =>
  new DomainError("TRANSACTION_CONFLICT", message, 409);
const rolledBack = () => new DomainError("TRANSACTION_ROLLED_BACK", "This transaction was rolled back", 409);
const roundClosed = () => new DomainError("ROUND_CLOSED", "The round is closed", 409);
const roundNotFound = () => new DomainError("ROUND_NOT_FOUND", "No debit was made in this round", 404);

type TxRow = typeof walletTransactions.$inferSelect;

async function findTransaction(tx: Tx, vendorCode: string, transactionId: string): Promise<TxRow | undefined> {
  const [row] = await tx
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.vendorCode, vendorCode), eq(walletTransactions.transactionId, transactionId)))
    .for("update");
  return row;
}

/** The first answer for a transactionId used before, or a conflict when the request differs. */
function replay(existing: TxRow, type: TxRow["type"], hash: string): WalletResponse {
  // A debit that was rolled back (or pre-empted by a rollback of an unknown id) stays refused.
  if (type === "debit" && existing.type === "debit" && existing.status === "ROLLED_BACK") throw rolledBack();
  if (existing.type !== type || existing.requestHash !== hash) throw conflict();
  return { status: existing.httpStatus as 200, body: existing.response as WalletResponse["body"] };
}

async function lockRound(tx: Tx, vendorCode: string, roundId: string) {
  const [round] = await tx
    .select()
    .from(walletRounds)
    .where(and(eq(walletRounds.vendorCode, vendorCode), eq(walletRounds.roundId, roundId)))
    .for("update");
  return round;
}

function insufficient(err: InsufficientFunds, currency: string): DomainError {
  const balance = formatAmount(err.balance, currency);
  return new DomainError("INSUFFICIENT_FUNDS", "Insufficient balance", INSUFFICIENT_FUNDS_STATUS, { balance, currency });
}

/** Runs one wallet call's transaction, turning ledger refusals into wallet error codes. */
async function inWalletTx<T>(db: Database, player: WalletPlayer, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await withLedgerTx(db, fn);
  } catch (err) {
    if (err instanceof InsufficientFunds) throw insufficient(err, player.currency);
    if (err instanceof DomainError && err.code === "IDEMPOTENCY_CONFLICT") throw conflict();
    throw err;
  }
}

/** A debit's or credit's fields for its one statement (`oneStatementCall`), with its accounts (made on first use). */
async function callOf(db: Database, t: ReadToken, req: { transactionId: string; roundId: string }, amount: bigint, hash: string) {
  const { vendorCode, memberId, merchantCode, currency, category } = t.player;
  const [memberAccount, counterAccount] = await Promise.all([ensureAccount(db, t.player.member), ensureAccount(db, t.player.counterpart)]);
  return { vendorCode, transactionId: req.transactionId, roundId: req.roundId, tokenHash: t.tokenHash, single: t.single, memberId, merchantCode, currency, category, amount, hash, memberAccount, counterAccount };
}

/** `POST /balance`: the balance of the wallet the token's player plays from. */
export async function walletBalance(db: Database, vendorCode: string, req: BalanceRequest): Promise<WalletResponse> {
  const p = await resolveLaunchToken(db, vendorCode, req.token);
  const balance = await memberBalance(db, p.merchantCode, p.currency, p.memberId, p.member.wallet);
  return { status: 200, body: { balance: formatAmount(balance, p.currency), currency: p.currency } };
}

/**
 * `POST /debit`: takes a stake from the player into the round (opened on its first debit).
 * Refuses an expired token, a closed round (ROUND_CLOSED), a round of another player
 * (ROUND_CONFLICT), an id that was rolled back (TRANSACTION_ROLLED_BACK) and a stake above the
 * balance (INSUFFICIENT_FUNDS with the balance). A stake of 0 opens the round without a movement.
 */
export async function walletDebit(db: Database, vendorCode: string, req: DebitRequest): Promise<WalletResponse> {
  let t = await tokenOfCall(db, vendorCode, req.token);
  const fast = amountFor(t, req.amount);
  // The common debit in one statement (ADR 040); the rest, and anything it leaves, in the call's transaction below.
  if (fast !== null && !t.player.expired && fast > 0n) {
    const hash = requestHash(["debit", t.player.memberId, req.roundId, req.gameCode, fast.toString()]);
    const written = await oneStatementCall(db, { type: "debit", ...(await callOf(db, t, req, fast, hash)), gameCode: req.gameCode });
    if (written !== null) return { status: 200, body: { balance: formatAmount(written, t.player.currency), transactionId: req.transactionId } };
  }
  t = await tokenAgain(db, vendorCode, t);
  const p = t.player;
  const value = toMinor(req.amount, p.currency);
  const hash = requestHash(["debit", p.memberId, req.roundId, req.gameCode, value.toString()]);
  const [memberAccount, counterAccount] = await Promise.all([ensureAccount(db, p.member), ensureAccount(db, p.counterpart)]);
  return inWalletTx(db, p, async (tx) => {
    // The round is locked before the replay check: a concurrent twin holding it has committed
    // its row by the time the check runs (each statement sees the latest commits).
    let round = await lockRound(tx, vendorCode, req.roundId);
    const existing = await findTransaction(tx, vendorCode, req.transactionId);
    if (existing) return replay(existing, "debit", hash);
    // A new debit needs a live token; replays of earlier debits do not.
    if (p.expired) throw invalidToken();
    if (round && round.memberId !== p.memberId) throw new DomainError("ROUND_CONFLICT", "This roundId belongs to another player", 409);
    if (round?.status === "CLOSED") throw roundClosed();
    if (!round) {
      // A concurrent twin inserting the same round fails with 23505 and runs again (withLedgerTx).
      [round] = await tx.insert(walletRounds).values({ vendorCode, roundId: req.roundId, memberId: p.memberId, gameCode: req.gameCode, category: p.category }).returning();
    }
    let balance: bigint;
    let transferId: number | null = null;
    if (value > 0n) {
      const t = await postTransfer(tx, {
        merchantCode: p.merchantCode,
        currency: p.currency,
        debitAccountId: memberAccount,
        creditAccountId: counterAccount,
        amount: value,
        kind: "bet",
        key: `wallet:${vendorCode}:${req.transactionId}`,
        reference: req.roundId,
        category: p.category,
      });
      balance = t.debitBalanceAfter;
      transferId = t.id;
    } else {
      balance = await memberBalance(tx, p.merchantCode, p.currency, p.memberId, p.member.wallet);
    }
    const response: WalletResponse = { status: 200, body: { balance: formatAmount(balance, p.currency), transactionId: req.transactionId } };
    await tx.insert(walletTransactions).values({
      vendorCode,
      transactionId: req.transactionId,
      type: "debit",
      roundId: req.roundId,
      memberId: p.memberId,
      amount: value,
      requestHash: hash,
      status: "OK",
      httpStatus: response.status,
      response: response.body,
      transferId,
    });
    return response;
  });
}

/**
 * `POST /credit`: pays the round's result to the player (0 for a loss) and closes the round.
 * ROUND_NOT_FOUND when the player made no debit in the round; ROUND_CLOSED when it was already
 * credited. An expired token is accepted.
 */
export async function walletCredit(db: Database, vendorCode: string, req: CreditRequest): Promise<WalletResponse> {
  let t = await tokenOfCall(db, vendorCode, req.token);
  const fast = amountFor(t, req.amount);
  // The common credit (a win or a loss) in one statement (ADR 040); the rest, and anything it leaves, in the call's transaction below.
  if (fast !== null) {
    const fastHash = requestHash(["credit", t.player.memberId, req.roundId, fast.toString()]);
    const written = await oneStatementCall(db, { type: "credit", ...(await callOf(db, t, req, fast, fastHash)) });
    if (written !== null) return { status: 200, body: { balance: formatAmount(written, t.player.currency), transactionId: req.transactionId } };
  }
  t = await tokenAgain(db, vendorCode, t);
  const p = t.player;
  const value = toMinor(req.amount, p.currency);
  const hash = requestHash(["credit", p.memberId, req.roundId, value.toString()]);
  const [memberAccount, counterAccount] = await Promise.all([ensureAccount(db, p.member), ensureAccount(db, p.counterpart)]);
  return inWalletTx(db, p, async (tx) => {
    const round = await lockRound(tx, vendorCode, req.roundId);
    const existing = await findTransaction(tx, vendorCode, req.transactionId);
    if (existing) return replay(existing, "credit", hash);
    if (!round || round.memberId !== p.memberId) throw roundNotFound();
    if (round.status === "CLOSED") throw roundClosed();
    let balance: bigint;
    let transferId: number | null = null;
    if (value > 0n) {
      const t = await postTransfer(tx, {
        merchantCode: p.merchantCode,
        currency: p.currency,
        debitAccountId: counterAccount,
        creditAccountId: memberAccount,
        amount: value,
        kind: "win",
        key: `wallet:${vendorCode}:${req.transactionId}`,
        reference: req.roundId,
        category: p.category,
      });
      balance = t.creditBalanceAfter;
      transferId = t.id;
    } else {
      balance = await memberBalance(tx, p.merchantCode, p.currency, p.memberId, p.member.wallet);
    }
    await tx.update(walletRounds).set({ status: "CLOSED" }).where(eq(walletRounds.id, round.id));
    const response: WalletResponse = { status: 200, body: { balance: formatAmount(balance, p.currency), transactionId: req.transactionId } };
    await tx.insert(walletTransactions).values({
      vendorCode,
      transactionId: req.transactionId,
      type: "credit",
      roundId: req.roundId,
      memberId: p.memberId,
      amount: value,
      requestHash: hash,
      status: "OK",
      httpStatus: response.status,
      response: response.body,
      transferId,
    });
    return response;
  });
}

/**
 * `POST /rollback`: cancels a debit that was not yet credited; the stake goes back to the player
 * and the round stays open (other debits of it and its credit may still come). Rolling back a
 * debit again (under another transactionId) changes nothing and answers the balance.
 * ROUND_CLOSED when the round was credited (a credit cannot be rolled back). An unknown
 * refTransactionId is recorded (status RECORDED) together with a refused placeholder debit under
 * that id, so a debit arriving later with it is refused with TRANSACTION_ROLLED_BACK; the unique
 * (vendor, transactionId) index makes that race-free against a concurrent debit. An expired token
 * is accepted.
 */
export async function walletRollback(db: Database, vendorCode: string, req: RollbackRequest): Promise<WalletResponse> {
  const p = await resolveLaunchToken(db, vendorCode, req.token, { allowExpired: true });
  if (req.refTransactionId === req.transactionId) {
    throw new DomainError("INVALID_REQUEST", "refTransactionId must name another transaction", 400);
  }
  const hash = requestHash(["rollback", p.memberId, req.refTransactionId]);
  await ensureAccount(db, p.member);
  return inWalletTx(db, p, async (tx) => {
    // The target is locked first, so a concurrent twin's rollback row is visible to the check.
    const target = await findTransaction(tx, vendorCode, req.refTransactionId);
    const existing = await findTransaction(tx, vendorCode, req.transactionId);
    if (existing) return replay(existing, "rollback", hash);
    if (target && target.memberId !== p.memberId) throw conflict("refTransactionId belongs to another player");
    if (target && target.type === "rollback") throw conflict("refTransactionId names a rollback");
    if (target?.type === "credit") throw roundClosed();

    let status: "APPLIED" | "RECORDED" = "APPLIED";
    let transferId: number | null = null;
    let balance: bigint | null = null;
    let reversed = 0n;
    if (!target) {
      status = "RECORDED";
      // The placeholder: a later debit with this id finds a rolled-back debit and is refused.
      await tx.insert(walletTransactions).values({
        vendorCode,
        transactionId: req.refTransactionId,
        type: "debit",
        roundId: null,
        memberId: p.memberId,
        amount: 0n,
        requestHash: "",
        status: "ROLLED_BACK",
        httpStatus: 409,
        response: { error: { code: "TRANSACTION_ROLLED_BACK", message: "This transaction was rolled back" } },
        transferId: null,
      });
    } else if (target.status === "ROLLED_BACK") {
      // Already rolled back: nothing moves; the first reversal (if any) is named again.
      if (target.roundId === null) status = "RECORDED";
      transferId = target.transferId === null ? null : (await reverseTransfer(tx, target.transferId, "rollback")).id;
    } else {
      reversed = target.amount;
      const round = target.roundId === null ? undefined : await lockRound(tx, vendorCode, target.roundId);
      if (round?.status === "CLOSED") throw roundClosed();
      if (target.transferId !== null) {
        const reversal = await reverseTransfer(tx, target.transferId, "rollback");
        transferId = reversal.id;
        balance = reversal.creditBalanceAfter;
      }
      await tx.update(walletTransactions).set({ status: "ROLLED_BACK" }).where(eq(walletTransactions.id, target.id));
    }
    balance ??= await memberBalance(tx, p.merchantCode, p.currency, p.memberId, p.member.wallet);
    const response: WalletResponse = { status: 200, body: { balance: formatAmount(balance, p.currency), transactionId: req.transactionId } };
    await tx.insert(walletTransactions).values({
      vendorCode,
      transactionId: req.transactionId,
      type: "rollback",
      roundId: target?.roundId ?? null,
      refTransactionId: req.refTransactionId,
      memberId: p.memberId,
      amount: reversed,
      requestHash: hash,
      status,
      httpStatus: response.status,
      response: response.body,
      transferId,
    });
    return response;
  });
}
