import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { ledgerAccounts, ledgerTransfers, type AccountKind } from "./schema.js";

/** A database or an open transaction on it: ledger calls run inside their caller's transaction. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

/**
 * System accounts (house, clearing, bonus, commission, hold) are split over this many rows per
 * merchant and currency; a movement uses the shard of its member. Concurrent settlements of
 * different members therefore lock different rows (ADR 007).
 */
export const SYSTEM_SHARDS = 16;

export interface AccountRef {
  merchantCode: string;
  currency: string;
  kind: AccountKind;
  /** The member of a member account; for system accounts, the member whose shard to use. */
  memberId?: number;
  /** MAIN or a vendor code. */
  wallet?: string;
}

const MEMBER_KINDS: AccountKind[] = ["member"];

function normalise(ref: AccountRef) {
  const isMember = MEMBER_KINDS.includes(ref.kind);
  const memberId = ref.memberId ?? 0;
  return {
    merchantCode: ref.merchantCode,
    currency: ref.currency.toUpperCase(),
    kind: ref.kind,
    memberId: isMember ? memberId : 0,
    wallet: ref.wallet ?? "MAIN",
    shard: isMember ? 0 : memberId % SYSTEM_SHARDS,
  };
}

// Account ids never change once made, so they are cached per database (committed rows only).
const idCache = new WeakMap<object, Map<string, number>>();

/**
 * The id of the account, made on first use. Runs on the database itself, never inside a caller's
 * transaction, so an id in the cache always belongs to a committed row.
 */
export async function ensureAccount(db: Database, ref: AccountRef): Promise<number> {
  const key = normalise(ref);
  const cacheKey = `${key.merchantCode}|${key.currency}|${key.kind}|${key.memberId}|${key.wallet}|${key.shard}`;
  let cache = idCache.get(db);
  if (!cache) idCache.set(db, (cache = new Map()));
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  await db.insert(ledgerAccounts).values(key).onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantCode, key.merchantCode),
        eq(ledgerAccounts.currency, key.currency),
        eq(ledgerAccounts.kind, key.kind),
        eq(ledgerAccounts.memberId, key.memberId),
        eq(ledgerAccounts.wallet, key.wallet),
        eq(ledgerAccounts.shard, key.shard),
      ),
    );
  if (!row) throw new Error("ledger account vanished after insert");
  cache.set(cacheKey, row.id);
  return row.id;
}

export interface PostInput {
  merchantCode: string;
  currency: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: bigint;
  kind: string;
  /** Unique per movement; a retry with the same key and payload returns the first result. */
  key: string;
  reference?: string;
  category?: string | null;
  reversesId?: number | null;
}

export interface PostedTransfer {
  id: number;
  amount: bigint;
  debitBalanceAfter: bigint;
  creditBalanceAfter: bigint;
  createdAt: Date;
  /** True when the key had been used before and this is the first result again. */
  replayed: boolean;
}

function payloadHash(input: PostInput): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        input.merchantCode,
        input.currency.toUpperCase(),
        input.debitAccountId,
        input.creditAccountId,
        input.amount.toString(),
        input.kind,
        input.reference ?? "",
        input.category ?? null,
        input.reversesId ?? null,
      ]),
    )
    .digest("hex");
}

export class InsufficientFunds extends DomainError {
  constructor(readonly balance: bigint) {
    super("INSUFFICIENT_FUNDS", "Insufficient balance", 400);
  }
}

/**
 * Posts one transfer inside the caller's transaction: both balances change and the row is written
 * together, or nothing is. Throws InsufficientFunds when a member or hold account would go below
 * zero, and IDEMPOTENCY_CONFLICT when the key was used with another payload.
 */
export async function postTransfer(tx: Tx, input: PostInput): Promise<PostedTransfer> {
  if (input.amount <= 0n) throw new DomainError("INVALID_AMOUNT", "Amount must be above zero", 400);
  if (input.debitAccountId === input.creditAccountId) throw new DomainError("INVALID_TRANSFER", "Debit and credit accounts are the same", 400);
  const hash = payloadHash(input);
  const [existing] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, input.key));
  if (existing) {
    if (existing.payloadHash !== hash) {
      throw new DomainError("IDEMPOTENCY_CONFLICT", "This key was already used for another movement", 409);
    }
    return {
      id: existing.id,
      amount: existing.amount,
      debitBalanceAfter: existing.debitBalanceAfter,
      creditBalanceAfter: existing.creditBalanceAfter,
      createdAt: existing.createdAt,
      replayed: true,
    };
  }
  // Lock in id order so two opposite movements between the same accounts cannot deadlock.
  const order = input.debitAccountId < input.creditAccountId ? (["debit", "credit"] as const) : (["credit", "debit"] as const);
  const after: Record<"debit" | "credit", bigint> = { debit: 0n, credit: 0n };
  for (const side of order) {
    if (side === "debit") {
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} - ${input.amount}` })
        .where(
          and(
            eq(ledgerAccounts.id, input.debitAccountId),
            sql`(${ledgerAccounts.kind} not in ('member', 'hold') or ${ledgerAccounts.balance} >= ${input.amount})`,
          ),
        )
        .returning({ balance: ledgerAccounts.balance });
      if (!row) {
        const [current] = await tx.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, input.debitAccountId));
        if (!current) throw new Error(`ledger account ${input.debitAccountId} does not exist`);
        throw new InsufficientFunds(current.balance);
      }
      after.debit = row.balance;
    } else {
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${input.amount}` })
        .where(eq(ledgerAccounts.id, input.creditAccountId))
        .returning({ balance: ledgerAccounts.balance });
      if (!row) throw new Error(`ledger account ${input.creditAccountId} does not exist`);
      after.credit = row.balance;
    }
  }
  const [row] = await tx
    .insert(ledgerTransfers)
    .values({
      merchantCode: input.merchantCode,
      currency: input.currency.toUpperCase(),
      debitAccountId: input.debitAccountId,
      creditAccountId: input.creditAccountId,
      amount: input.amount,
      kind: input.kind,
      idempotencyKey: input.key,
      payloadHash: hash,
      reference: input.reference ?? "",
      category: input.category ?? null,
      reversesId: input.reversesId ?? null,
      debitBalanceAfter: after.debit,
      creditBalanceAfter: after.credit,
    })
    .returning({ id: ledgerTransfers.id, createdAt: ledgerTransfers.createdAt });
  return { id: row!.id, amount: input.amount, debitBalanceAfter: after.debit, creditBalanceAfter: after.credit, createdAt: row!.createdAt, replayed: false };
}

/** SQLSTATE of a driver error, looking through drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Serialization failure, deadlock, or a unique key taken by a concurrent twin: run it again. */
const RETRYABLE = new Set(["40001", "40P01", "23505"]);
export const MAX_ATTEMPTS = 8;

/**
 * Runs `fn` in one transaction, again from the start when PostgreSQL reports a serialization
 * failure, a deadlock or a concurrent insert of the same key. `fn` must not have effects
 * outside the database.
 */
export async function withLedgerTx<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      const state = sqlState(err);
      if (!state || !RETRYABLE.has(state) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  kind: string;
  key: string;
  reference?: string;
  category?: string | null;
  reversesId?: number | null;
}

/** One movement in its own transaction (accounts made first, retries inside). */
export async function transfer(db: Database, input: TransferInput): Promise<PostedTransfer> {
  const [debitAccountId, creditAccountId] = await Promise.all([ensureAccount(db, input.from), ensureAccount(db, input.to)]);
  return withLedgerTx(db, (tx) =>
    postTransfer(tx, {
      merchantCode: input.from.merchantCode,
      currency: input.from.currency,
      debitAccountId,
      creditAccountId,
      amount: input.amount,
      kind: input.kind,
      key: input.key,
      reference: input.reference,
      category: input.category,
      reversesId: input.reversesId,
    }),
  );
}

/**
 * Posts the reverse of a transfer (credit back to its debit account), once: the key is derived
 * from the original, so reversing twice returns the first reversal.
 */
export async function reverseTransfer(tx: Tx, transferId: number, kind = "reversal"): Promise<PostedTransfer> {
  const [original] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
  if (!original) throw new DomainError("TRANSFER_NOT_FOUND", "No such transfer", 404);
  return postTransfer(tx, {
    merchantCode: original.merchantCode,
    currency: original.currency,
    debitAccountId: original.creditAccountId,
    creditAccountId: original.debitAccountId,
    amount: original.amount,
    kind,
    key: `reverse:${original.id}`,
    reference: original.reference,
    category: original.category,
    reversesId: original.id,
  });
}

/** A member's balance in one wallet (0 when the account was never used). */
export async function memberBalance(db: Executor, merchantCode: string, currency: string, memberId: number, wallet = "MAIN"): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantCode, merchantCode),
        eq(ledgerAccounts.currency, currency.toUpperCase()),
        eq(ledgerAccounts.kind, "member"),
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.wallet, wallet),
      ),
    );
  return row?.balance ?? 0n;
}

/** Every wallet of a member with its balance. */
export async function memberWallets(db: Executor, memberId: number) {
  return db
    .select({ id: ledgerAccounts.id, wallet: ledgerAccounts.wallet, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "member"), eq(ledgerAccounts.memberId, memberId)));
}

export interface InvariantReport {
  /** Currencies whose balances do not sum to zero, with the sum. */
  unbalancedCurrencies: { currency: string; sum: string }[];
  /** Member or hold accounts below zero. */
  negativeAccounts: number[];
  /** Accounts whose balance differs from credits minus debits of their transfers. */
  driftingAccounts: { id: number; balance: string; fromTransfers: string }[];
}

/** Checks every invariant of the ledger with plain SQL; an empty report means all hold. */
export async function checkInvariants(db: Executor): Promise<InvariantReport> {
  const rows = <T,>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];
  const sums = rows<{ currency: string; sum: string }>(
    await db.execute(sql`select currency, sum(balance)::text as sum from ledger_accounts group by currency having sum(balance) <> 0`),
  );
  const negative = rows<{ id: string | number }>(
    await db.execute(sql`select id from ledger_accounts where kind in ('member', 'hold') and balance < 0`),
  );
  const drift = rows<{ id: string | number; balance: string; from_transfers: string }>(
    await db.execute(sql`
      with moves as (
        select credit_account_id as account_id, amount from ledger_transfers
        union all
        select debit_account_id, -amount from ledger_transfers
      )
      select a.id, a.balance::text as balance, coalesce(sum(m.amount), 0)::text as from_transfers
      from ledger_accounts a left join moves m on m.account_id = a.id
      group by a.id, a.balance
      having a.balance <> coalesce(sum(m.amount), 0)`),
  );
  return {
    unbalancedCurrencies: sums.map((s) => ({ currency: s.currency, sum: String(s.sum) })),
    negativeAccounts: negative.map((n) => Number(n.id)),
    driftingAccounts: drift.map((d) => ({ id: Number(d.id), balance: String(d.balance), fromTransfers: String(d.from_transfers) })),
  };
}
