import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { clearFailures, hashPassword, passwordMatches, recordFailure, throttleState, TRIAL_TYPES } from "../accounts/service.js";
import { merchants, type MerchantSettings } from "../system/schema.js";
import { forgetBrand, keptForBrand, keptMerchant } from "../system/service.js";
import { merchantVendors, vendors } from "../games/schema.js";
import { ledgerAccounts, ledgerTransfers } from "../ledger/schema.js";
import { ensureAccount, InsufficientFunds, memberBalance, postTransfer, reverseTransfer, withLedgerTx, type AccountRef, type Tx } from "../ledger/service.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import { postMessage } from "../messages/service.js";
import {
  bankAccounts,
  deposits,
  paymentChannels,
  withdrawals,
  type ChannelConfig,
  type Receipt,
} from "./schema.js";
import { depositBonusAccounts, onDepositCredited } from "../promotions/service.js";

export type Member = typeof members.$inferSelect;
type Merchant = typeof merchants.$inferSelect;

export interface MoneySettings extends MerchantSettings {
  /** Minutes a member has to confirm a payout before it counts as received (spec §4). */
  withdrawalConfirmMinutes?: number;
}

export const DEFAULT_CONFIRM_MINUTES = 60;
export const MAX_BANK_ACCOUNTS = 5;

/** Spec §6: trial members browse; every money action needs a real account. */
export function requireRealMember(member: Member) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
}

export async function merchantOf(db: Database | Tx, code: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  return m;
}

const memberRef = (m: { merchantCode: string; id: number }, currency: string, wallet = "MAIN"): AccountRef => ({
  merchantCode: m.merchantCode,
  currency,
  kind: "member",
  memberId: m.id,
  wallet,
});
const systemRef = (m: { merchantCode: string; id: number }, currency: string, kind: AccountRef["kind"], wallet = "MAIN"): AccountRef => ({
  merchantCode: m.merchantCode,
  currency,
  kind,
  memberId: m.id,
  wallet,
});

/** A member's amount from a decimal string, or a field error the web shows beside the input. */
export function amountOrFail(text: string, currency: string): bigint {
  const value = parseAmount(text, currency);
  if (value === null || value <= 0n) throw new DomainError("INVALID_AMOUNT", "Please enter correct information", 400, { field: "amount" });
  return value;
}

/** The ledger's refusal, placed beside the amount field and with the balance as a decimal. */
function amountRefusal(currency: string) {
  return (e: unknown): never => {
    if (e instanceof InsufficientFunds) {
      throw new DomainError("INSUFFICIENT_FUNDS", "Insufficient balance", 400, { field: "amount", balance: formatAmount(e.balance, currency) });
    }
    throw e;
  };
}

const reference = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString("hex").toUpperCase()}`;

/** The member's message about a decided deposit or withdrawal, once per reference and outcome. */
async function notify(tx: Tx, memberId: number, kind: string, amount: bigint, currency: string, ref: string) {
  await postMessage(tx, { memberId, kind, params: { amount: formatAmount(amount, currency), currency, reference: ref }, currency, dedupeKey: `${kind}:${ref}` });
}

// ---------------------------------------------------------------- balances

/** Vendor codes the merchant offers: each is a wallet in multi-wallet mode. */
export async function vendorWallets(db: Database, merchantCode: string): Promise<{ code: string; name: string }[]> {
  const rows = await db
    .selectDistinct({ code: vendors.code, name: vendors.displayName })
    .from(merchantVendors)
    .innerJoin(vendors, eq(vendors.code, merchantVendors.vendorCode))
    .where(eq(merchantVendors.merchantCode, merchantCode))
    .orderBy(asc(vendors.code));
  return rows.filter((r) => r.code !== "HOUSE");
}

/** `/wps/v2/wallets/balance`: the main wallet, and in multi-wallet mode every vendor wallet. */
export async function walletBalances(db: Database, member: Member) {
  const merchant = await keptMerchant(db, member.merchantCode);
  const cur = merchant.currency;
  const rows = await db
    .select({ wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "member"), eq(ledgerAccounts.memberId, member.id), eq(ledgerAccounts.currency, cur)));
  const byWallet = new Map(rows.map((r) => [r.wallet, r.balance]));
  const main = byWallet.get("MAIN") ?? 0n;
  const wallets = merchant.isSingleWallet
    ? []
    : (await vendorWallets(db, member.merchantCode)).map((v) => ({ wallet: v.code, name: v.name, balance: formatAmount(byWallet.get(v.code) ?? 0n, cur) }));
  return { balance: formatAmount(main, cur), currency: cur, isSingle: merchant.isSingleWallet, wallets };
}

/** `/wps/member/info/funds/consolidated`: everything the member has, held amounts included. */
export async function consolidatedFunds(db: Database, member: Member) {
  const merchant = await keptMerchant(db, member.merchantCode);
  const cur = merchant.currency;
  const rows = await db
    .select({ wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "member"), eq(ledgerAccounts.memberId, member.id), eq(ledgerAccounts.currency, cur)));
  const main = rows.find((r) => r.wallet === "MAIN")?.balance ?? 0n;
  const inVendors = rows.filter((r) => r.wallet !== "MAIN").reduce((s, r) => s + r.balance, 0n);
  const [held] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, member.id), eq(withdrawals.status, "IN_PROCESS")));
  const heldAmount = BigInt(held?.total ?? "0");
  return {
    currency: cur,
    main: formatAmount(main, cur),
    vendors: formatAmount(inVendors, cur),
    held: formatAmount(heldAmount, cur),
    total: formatAmount(main + inVendors, cur),
  };
}

// ---------------------------------------------------------------- transfers

export interface WalletTransferInput {
  from: string;
  to: string;
  amount: string;
  reference: string;
}

/** `GCS_walletTransfer`: main wallet ↔ vendor wallet, multi-wallet merchants only; idempotent on the reference. */
export async function walletTransfer(db: Database, member: Member, input: WalletTransferInput) {
  requireRealMember(member);
  const merchant = await merchantOf(db, member.merchantCode);
  if (merchant.isSingleWallet) throw new DomainError("SINGLE_WALLET", "This site has a single wallet", 400);
  const cur = merchant.currency;
  const from = input.from.toUpperCase();
  const to = input.to.toUpperCase();
  const known = new Set(["MAIN", ...(await vendorWallets(db, member.merchantCode)).map((v) => v.code)]);
  if (!known.has(from)) throw new DomainError("INVALID_WALLET", "Please enter correct information", 400, { field: "from" });
  if (!known.has(to) || to === from) throw new DomainError("INVALID_WALLET", "Please enter correct information", 400, { field: "to" });
  if (from !== "MAIN" && to !== "MAIN") throw new DomainError("INVALID_WALLET", "Transfers go to or from the main wallet", 400, { field: "to" });
  const amount = amountOrFail(input.amount, cur);
  const [debit, credit] = await Promise.all([ensureAccount(db, memberRef(member, cur, from)), ensureAccount(db, memberRef(member, cur, to))]);
  const posted = await withLedgerTx(db, (tx) =>
    postTransfer(tx, {
      merchantCode: member.merchantCode,
      currency: cur,
      debitAccountId: debit,
      creditAccountId: credit,
      amount,
      kind: "wallet_transfer",
      key: `wallet-transfer:${member.id}:${input.reference}`,
      reference: input.reference,
    }),
  ).catch(amountRefusal(cur));
  return { transferId: posted.id, replayed: posted.replayed, ...(await walletBalances(db, member)) };
}

/**
 * The payment password guards money leaving the account. Five wrong tries lock it for five
 * minutes (kept in the database like login failures), so 6 digits cannot be guessed.
 */
export async function checkPaymentPassword(db: Database, member: Member, paymentPassword: string | undefined, field = "paymentPassword") {
  if (!member.paymentPasswordHash) throw new DomainError("PAYMENT_PASSWORD_NOT_SET", "Please set a withdraw password first", 400, { field });
  if (!paymentPassword) throw new DomainError("PAYMENT_PASSWORD_REQUIRED", "Please enter withdraw password", 400, { field });
  const key = `paypwd:member:${member.id}`;
  if ((await throttleState(db, [key])).locked) throw new DomainError("TOO_MANY_REQUESTS", "Too many requests, try again after 5 minutes", 429, { field });
  if (!(await passwordMatches(member.paymentPasswordHash, paymentPassword))) {
    await recordFailure(db, [key]);
    throw new DomainError("PAYMENT_PASSWORD_INCORRECT", "The withdraw password is incorrect", 400, { field });
  }
  await clearFailures(db, key);
}

export interface MemberTransferInput {
  amount: string;
  reference: string;
  paymentPassword?: string;
  /** Agents to a downline: the downline's account. */
  account?: string;
}

/**
 * Member → upline (`transferUpline`), or agent → one of its direct downlines. Needs the payment
 * password; idempotent on the reference.
 */
export async function memberTransfer(db: Database, member: Member, direction: "upline" | "downline", input: MemberTransferInput) {
  requireRealMember(member);
  const merchant = await merchantOf(db, member.merchantCode);
  const cur = merchant.currency;
  let target: Member | undefined;
  if (direction === "upline") {
    if (!member.uplineId) throw new DomainError("NO_UPLINE", "You have no upline", 400);
    [target] = await db.select().from(members).where(eq(members.id, member.uplineId)).limit(1);
  } else {
    const account = (input.account ?? "").trim().toLowerCase();
    [target] = await db
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, member.merchantCode), eq(members.account, account), eq(members.uplineId, member.id)))
      .limit(1);
    if (!target) throw new DomainError("NOT_YOUR_DOWNLINE", "Please enter correct information", 400, { field: "account" });
  }
  if (!target) throw new DomainError("NO_UPLINE", "You have no upline", 400);
  const amount = amountOrFail(input.amount, cur);
  await checkPaymentPassword(db, member, input.paymentPassword);
  const [debit, credit] = await Promise.all([ensureAccount(db, memberRef(member, cur)), ensureAccount(db, memberRef(target, cur))]);
  const posted = await withLedgerTx(db, (tx) =>
    postTransfer(tx, {
      merchantCode: member.merchantCode,
      currency: cur,
      debitAccountId: debit,
      creditAccountId: credit,
      amount,
      kind: direction === "upline" ? "upline_transfer" : "downline_transfer",
      key: `member-transfer:${member.id}:${input.reference}`,
      reference: input.reference,
    }),
  ).catch(amountRefusal(cur));
  return { transferId: posted.id, replayed: posted.replayed, to: target.account, balance: formatAmount(posted.debitBalanceAfter, cur), currency: cur };
}

// ---------------------------------------------------------------- channels

export function channelView(ch: typeof paymentChannels.$inferSelect, currency: string) {
  return {
    id: ch.id,
    code: ch.code,
    type: ch.type,
    name: ch.name,
    minAmount: formatAmount(ch.minAmount, currency),
    maxAmount: formatAmount(ch.maxAmount, currency),
    ...(ch.type === "BANK" ? { bankName: ch.config.bankName ?? "", accountName: ch.config.accountName ?? "", accountNumber: ch.config.accountNumber ?? "" } : {}),
  };
}

/** The channels a member may use; sandbox gateways only where SANDBOX_PAYMENTS is on. */
export async function listChannels(db: Database, merchantCode: string, direction: "DEPOSIT" | "WITHDRAW", sandbox = true) {
  const merchant = await keptMerchant(db, merchantCode);
  // Written only through the operator API (upsertChannel): kept per brand, like the brand's other
  // settings. A deposit or withdrawal reads its channel itself.
  const rows = await keptForBrand(db, merchantCode, `channels:${direction}`, async () =>
    db
      .select()
      .from(paymentChannels)
      .where(and(eq(paymentChannels.merchantCode, merchantCode), eq(paymentChannels.direction, direction), eq(paymentChannels.enabled, true)))
      .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id)),
  );
  return rows.filter((r) => sandbox || r.config.provider !== "sandbox").map((r) => channelView(r, merchant.currency));
}

function checkLimits(amount: bigint, ch: typeof paymentChannels.$inferSelect, currency: string) {
  if (amount < ch.minAmount || amount > ch.maxAmount) {
    throw new DomainError("AMOUNT_OUT_OF_RANGE", "The amount is outside this channel's limits", 400, {
      field: "amount",
      minAmount: formatAmount(ch.minAmount, currency),
      maxAmount: formatAmount(ch.maxAmount, currency),
    });
  }
}

export interface ChannelInput {
  type: "BANK" | "GATEWAY";
  name: string;
  minAmount: string;
  maxAmount: string;
  enabled?: boolean;
  sort?: number;
  config?: ChannelConfig;
}

export async function upsertChannel(db: Database, merchantCode: string, direction: "DEPOSIT" | "WITHDRAW", code: string, input: ChannelInput) {
  const merchant = await merchantOf(db, merchantCode);
  const min = parseAmount(input.minAmount, merchant.currency);
  const max = parseAmount(input.maxAmount, merchant.currency);
  if (min === null || max === null || min <= 0n || max < min) throw new DomainError("INVALID_REQUEST", "minAmount and maxAmount must be amounts with min ≤ max", 400);
  if (input.type === "GATEWAY" && direction === "DEPOSIT" && (!input.config?.secret || input.config.secret.length < 32)) {
    throw new DomainError("INVALID_REQUEST", "A gateway channel needs config.secret of at least 32 characters", 400);
  }
  const values = {
    merchantCode,
    direction,
    code,
    type: input.type,
    name: input.name,
    minAmount: min,
    maxAmount: max,
    enabled: input.enabled ?? true,
    sort: input.sort ?? 0,
    config: input.config ?? {},
  };
  const [row] = await db
    .insert(paymentChannels)
    .values(values)
    .onConflictDoUpdate({ target: [paymentChannels.merchantCode, paymentChannels.direction, paymentChannels.code], set: values })
    .returning();
  forgetBrand(db, merchantCode); // the kept channel lists (listChannels)
  return channelView(row!, merchant.currency);
}

// ---------------------------------------------------------------- deposits

function depositView(d: typeof deposits.$inferSelect, ch: typeof paymentChannels.$inferSelect | undefined) {
  return {
    id: d.id,
    reference: d.reference,
    amount: formatAmount(d.amount, d.currency),
    currency: d.currency,
    status: d.status,
    channel: ch ? channelView(ch, d.currency) : null,
    payUrl: ch?.type === "GATEWAY" && d.status === "PENDING" ? `/sandbox/gateway/${encodeURIComponent(d.reference)}` : null,
    createdAt: d.createdAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
  };
}

export interface DepositInput {
  channelId: number;
  amount: string;
  /** The form's one-time key: submitting twice makes one deposit. */
  requestKey: string;
}

/** A deposit request: bank transfer (the operator confirms) or gateway (the provider calls back). */
export async function createDeposit(db: Database, member: Member, input: DepositInput, sandbox = true) {
  requireRealMember(member);
  const merchant = await merchantOf(db, member.merchantCode);
  const [ch] = await db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.id, input.channelId), eq(paymentChannels.merchantCode, member.merchantCode), eq(paymentChannels.direction, "DEPOSIT"), eq(paymentChannels.enabled, true)))
    .limit(1);
  if (!ch || (!sandbox && ch.config.provider === "sandbox")) throw new DomainError("CHANNEL_NOT_FOUND", "Please enter correct information", 400, { field: "channelId" });
  const amount = amountOrFail(input.amount, merchant.currency);
  checkLimits(amount, ch, merchant.currency);
  const [existing] = await db.select().from(deposits).where(and(eq(deposits.memberId, member.id), eq(deposits.requestKey, input.requestKey))).limit(1);
  if (existing) return depositView(existing, ch);
  const [row] = await db
    .insert(deposits)
    .values({ merchantCode: member.merchantCode, memberId: member.id, channelId: ch.id, reference: reference("D"), amount, currency: merchant.currency, requestKey: input.requestKey })
    .onConflictDoNothing()
    .returning();
  const created = row ?? (await db.select().from(deposits).where(and(eq(deposits.memberId, member.id), eq(deposits.requestKey, input.requestKey))).limit(1))[0]!;
  return depositView(created, ch);
}

export async function listDeposits(db: Database, member: Member, pageNo = 1, pageSize = 10) {
  const where = eq(deposits.memberId, member.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: deposits, ch: paymentChannels })
      .from(deposits)
      .leftJoin(paymentChannels, eq(paymentChannels.id, deposits.channelId))
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(deposits).where(where),
  ]);
  return { content: rows.map((r) => depositView(r.d, r.ch ?? undefined)), pageNum: pageNo, totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)) };
}

/**
 * Settles a pending deposit once: CREDITED moves the amount from payment clearing to the
 * member's main wallet; FAILED and REJECTED move nothing. A decision on a settled deposit
 * returns it unchanged (a gateway may call back many times).
 */
export async function decideDeposit(db: Database, ref: string, outcome: "CREDITED" | "FAILED" | "REJECTED", opts: { merchantCode?: string; note?: string; providerRef?: string } = {}) {
  const [found] = await db.select().from(deposits).where(eq(deposits.reference, ref)).limit(1);
  if (!found || (opts.merchantCode && found.merchantCode !== opts.merchantCode)) throw new DomainError("DEPOSIT_NOT_FOUND", "No such deposit", 404);
  const owner = { merchantCode: found.merchantCode, id: found.memberId };
  const [clearing, wallet, promo] = await Promise.all([
    ensureAccount(db, systemRef(owner, found.currency, "payment_clearing")),
    ensureAccount(db, memberRef(owner, found.currency)),
    outcome === "CREDITED" ? depositBonusAccounts(db, found) : null,
  ]);
  return withLedgerTx(db, async (tx) => {
    const [d] = await tx.select().from(deposits).where(eq(deposits.id, found.id)).for("update");
    if (!d) throw new DomainError("DEPOSIT_NOT_FOUND", "No such deposit", 404);
    if (d.status !== "PENDING") return { ...depositView(d, undefined), changed: false };
    let transferId: number | null = null;
    if (outcome === "CREDITED") {
      const posted = await postTransfer(tx, {
        merchantCode: d.merchantCode,
        currency: d.currency,
        debitAccountId: clearing,
        creditAccountId: wallet,
        amount: d.amount,
        kind: "deposit",
        key: `deposit:${d.id}`,
        reference: d.reference,
      });
      transferId = posted.id;
      // Deposit promotions (first-deposit match, deposit bonus) pay in this same transaction.
      if (promo) await onDepositCredited(tx, d, promo);
    }
    const [updated] = await tx
      .update(deposits)
      .set({ status: outcome, decidedAt: new Date(), transferId, note: opts.note ?? null, providerRef: opts.providerRef ?? d.providerRef })
      .where(eq(deposits.id, d.id))
      .returning();
    await notify(tx, d.memberId, outcome === "CREDITED" ? "deposit_credited" : "deposit_failed", d.amount, d.currency, d.reference);
    return { ...depositView(updated!, undefined), changed: true };
  });
}

// ---------------------------------------------------------------- gateway (sandbox provider)

export function signGatewayBody(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

function signatureMatches(expected: string, given: string | undefined | null): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given.toLowerCase(), "hex"));
}

async function gatewayDeposit(db: Database, ref: string) {
  const [row] = await db
    .select({ d: deposits, ch: paymentChannels, merchantName: merchants.name })
    .from(deposits)
    .innerJoin(paymentChannels, eq(paymentChannels.id, deposits.channelId))
    .innerJoin(merchants, eq(merchants.code, deposits.merchantCode))
    .where(eq(deposits.reference, ref))
    .limit(1);
  if (!row || row.ch.type !== "GATEWAY") throw new DomainError("DEPOSIT_NOT_FOUND", "No such payment", 404);
  return row;
}

/**
 * The provider's callback: `{reference, status: "PAID" | "FAILED", amount, providerRef}` signed
 * with the channel's secret (`X-Signature`: hex HMAC-SHA256 of the raw body). Credits exactly once
 * however often it is delivered; a paid amount that differs from the request is refused.
 */
export async function handleGatewayCallback(db: Database, rawBody: string, signature: string | null | undefined) {
  let body: { reference?: unknown; status?: unknown; amount?: unknown; providerRef?: unknown };
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
  }
  if (typeof body.reference !== "string" || (body.status !== "PAID" && body.status !== "FAILED") || typeof body.amount !== "string") {
    throw new DomainError("INVALID_REQUEST", "reference, status (PAID or FAILED) and amount are required", 400);
  }
  const { d, ch } = await gatewayDeposit(db, body.reference);
  if (!ch.config.secret || !signatureMatches(signGatewayBody(ch.config.secret, rawBody), signature)) {
    throw new DomainError("INVALID_SIGNATURE", "Signature does not match", 401);
  }
  if (body.status === "PAID" && parseAmount(body.amount, d.currency) !== d.amount) {
    throw new DomainError("AMOUNT_MISMATCH", "The paid amount differs from the deposit", 409);
  }
  const providerRef = typeof body.providerRef === "string" ? body.providerRef.slice(0, 100) : undefined;
  return decideDeposit(db, d.reference, body.status === "PAID" ? "CREDITED" : "FAILED", { providerRef });
}

/** What the sandbox payer page shows. */
export async function sandboxPayment(db: Database, ref: string, enabled: boolean) {
  const { d, ch, merchantName } = await gatewayDeposit(db, ref);
  if (!enabled || ch.config.provider !== "sandbox") throw new DomainError("DEPOSIT_NOT_FOUND", "No such payment", 404);
  return { reference: d.reference, amount: formatAmount(d.amount, d.currency), currency: d.currency, merchantName, channel: ch.name, status: d.status };
}

/**
 * The sandbox gateway paying (or failing) a payment: it signs a callback with the channel's
 * secret and delivers it through the same handler a real provider reaches.
 */
export async function sandboxComplete(db: Database, ref: string, outcome: "paid" | "failed", enabled: boolean) {
  const { d, ch } = await gatewayDeposit(db, ref);
  if (!enabled || ch.config.provider !== "sandbox" || !ch.config.secret) throw new DomainError("DEPOSIT_NOT_FOUND", "No such payment", 404);
  const raw = JSON.stringify({ reference: d.reference, status: outcome === "paid" ? "PAID" : "FAILED", amount: formatAmount(d.amount, d.currency), providerRef: `SBX-${d.id}` });
  return handleGatewayCallback(db, raw, signGatewayBody(ch.config.secret, raw));
}

// ---------------------------------------------------------------- bank accounts and payment password

const squash = (s: string) => s.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

export async function listBankAccounts(db: Database, member: Member) {
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.memberId, member.id)).orderBy(asc(bankAccounts.id));
  return rows.map((r) => ({ id: r.id, bankName: r.bankName, accountName: r.accountName, accountNumber: maskNumber(r.accountNumber) }));
}

export const maskNumber = (n: string) => (n.length <= 4 ? n : `${"*".repeat(Math.min(n.length - 4, 8))}${n.slice(-4)}`);

export interface BankAccountInput {
  bankName: string;
  accountName: string;
  accountNumber: string;
}

/**
 * Binds a bank account. The account name must be the member's real name (payeeName); a member
 * without one takes the first bound account's name as it.
 */
export async function addBankAccount(db: Database, member: Member, input: BankAccountInput) {
  requireRealMember(member);
  const bankName = input.bankName.trim();
  const accountName = input.accountName.trim().replace(/\s+/g, " ");
  const accountNumber = input.accountNumber.replace(/[\s-]/g, "");
  if (bankName.length < 2 || bankName.length > 60) throw new DomainError("INVALID_BANK", "Please enter correct information", 400, { field: "bankName" });
  if (accountName.length < 2 || accountName.length > 60) throw new DomainError("INVALID_ACCOUNT_NAME", "Please enter correct information", 400, { field: "accountName" });
  if (!/^\d{6,30}$/.test(accountNumber)) throw new DomainError("INVALID_ACCOUNT_NUMBER", "Please enter correct information", 400, { field: "accountNumber" });
  if (member.payeeName && squash(member.payeeName) !== squash(accountName)) {
    throw new DomainError("ACCOUNT_NAME_MISMATCH", "The account name must be your real name", 400, { field: "accountName" });
  }
  const existing = await db.select({ id: bankAccounts.id, accountNumber: bankAccounts.accountNumber }).from(bankAccounts).where(eq(bankAccounts.memberId, member.id));
  if (existing.some((e) => e.accountNumber === accountNumber)) throw new DomainError("BANK_ACCOUNT_EXISTS", "This account is already bound", 400, { field: "accountNumber" });
  if (existing.length >= MAX_BANK_ACCOUNTS) throw new DomainError("TOO_MANY_BANK_ACCOUNTS", "You cannot bind more bank accounts", 400, { field: "accountNumber" });
  const [row] = await db.insert(bankAccounts).values({ memberId: member.id, bankName, accountName, accountNumber }).returning();
  if (!member.payeeName) await db.update(members).set({ payeeName: accountName }).where(eq(members.id, member.id));
  return { id: row!.id, bankName, accountName, accountNumber: maskNumber(accountNumber) };
}

/**
 * Sets the payment (withdraw) password: the login password proves a first setting, the old
 * payment password a change. It must differ from the login password.
 */
export async function setPaymentPassword(
  db: Database,
  member: Member,
  input: { password?: string; oldPaymentPassword?: string; newPaymentPassword: string; confirmPaymentPassword: string },
) {
  requireRealMember(member);
  if (!/^\d{6}$/.test(input.newPaymentPassword)) throw new DomainError("INVALID_PAYMENT_PASSWORD", "The withdraw password is 6 digits", 400, { field: "newPaymentPassword" });
  if (input.newPaymentPassword !== input.confirmPaymentPassword) throw new DomainError("PASSWORDS_DIFFER", "The passwords do not match", 400, { field: "confirmPaymentPassword" });
  if (member.paymentPasswordHash) {
    await checkPaymentPassword(db, member, input.oldPaymentPassword, "oldPaymentPassword");
  } else if (!input.password || !(await passwordMatches(member.passwordHash, input.password))) {
    throw new DomainError("INVALID_CREDENTIALS", "Incorrect password", 400, { field: "password" });
  }
  if (await passwordMatches(member.passwordHash, input.newPaymentPassword)) {
    throw new DomainError("SAME_AS_LOGIN_PASSWORD", "The withdraw password must differ from the login password", 400, { field: "newPaymentPassword" });
  }
  await db.update(members).set({ paymentPasswordHash: await hashPassword(input.newPaymentPassword) }).where(eq(members.id, member.id));
  return { paymentPasswordSet: true };
}

// ---------------------------------------------------------------- withdrawals

function withdrawalView(w: typeof withdrawals.$inferSelect, bank?: typeof bankAccounts.$inferSelect | null) {
  return {
    id: w.id,
    reference: w.reference,
    amount: formatAmount(w.amount, w.currency),
    currency: w.currency,
    status: w.status,
    receipt: w.receipt,
    remainingAmount: w.remainingAmount === null ? null : formatAmount(w.remainingAmount, w.currency),
    bankAccount: bank ? { id: bank.id, bankName: bank.bankName, accountName: bank.accountName, accountNumber: maskNumber(bank.accountNumber) } : null,
    createdAt: w.createdAt.toISOString(),
    decidedAt: w.decidedAt?.toISOString() ?? null,
    confirmBy: w.confirmBy?.toISOString() ?? null,
  };
}

export interface WithdrawalInput {
  bankAccountId: number;
  channelId?: number;
  amount: string;
  paymentPassword?: string;
  requestKey: string;
}

/**
 * A withdrawal request: the amount moves at once from the main wallet to the hold account, so it
 * cannot be spent twice while the operator decides. The member cannot cancel it.
 */
export async function requestWithdrawal(db: Database, member: Member, input: WithdrawalInput) {
  requireRealMember(member);
  const merchant = await merchantOf(db, member.merchantCode);
  const cur = merchant.currency;
  const [bank] = await db.select().from(bankAccounts).where(and(eq(bankAccounts.id, input.bankAccountId), eq(bankAccounts.memberId, member.id))).limit(1);
  if (!bank) throw new DomainError("BANK_ACCOUNT_REQUIRED", "Please bind a bank account first", 400, { field: "bankAccountId" });
  const amount = amountOrFail(input.amount, cur);
  const channels = await db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.merchantCode, member.merchantCode), eq(paymentChannels.direction, "WITHDRAW"), eq(paymentChannels.enabled, true)))
    .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
  const ch = input.channelId ? channels.find((c) => c.id === input.channelId) : channels[0];
  if (input.channelId && !ch) throw new DomainError("CHANNEL_NOT_FOUND", "Please enter correct information", 400, { field: "channelId" });
  if (ch) checkLimits(amount, ch, cur);
  await checkPaymentPassword(db, member, input.paymentPassword);
  const [existing] = await db.select().from(withdrawals).where(and(eq(withdrawals.memberId, member.id), eq(withdrawals.requestKey, input.requestKey))).limit(1);
  if (existing) return withdrawalView(existing, bank);
  const [wallet, hold] = await Promise.all([ensureAccount(db, memberRef(member, cur)), ensureAccount(db, systemRef(member, cur, "hold"))]);
  const row = await withLedgerTx(db, async (tx) => {
    // A concurrent twin of this request may have committed since the check above.
    const [twin] = await tx.select().from(withdrawals).where(and(eq(withdrawals.memberId, member.id), eq(withdrawals.requestKey, input.requestKey))).limit(1);
    if (twin) return twin;
    const [w] = await tx
      .insert(withdrawals)
      .values({ merchantCode: member.merchantCode, memberId: member.id, channelId: ch?.id ?? null, bankAccountId: bank.id, reference: reference("W"), amount, currency: cur, requestKey: input.requestKey })
      .returning();
    await postTransfer(tx, {
      merchantCode: member.merchantCode,
      currency: cur,
      debitAccountId: wallet,
      creditAccountId: hold,
      amount,
      kind: "withdraw_hold",
      key: `withdrawal:${w!.id}:hold`,
      reference: w!.reference,
    });
    return w!;
  }).catch(amountRefusal(cur));
  return withdrawalView(row, bank);
}

export async function listWithdrawals(db: Database, member: Member, pageNo = 1, pageSize = 10) {
  const where = eq(withdrawals.memberId, member.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: withdrawals, b: bankAccounts })
      .from(withdrawals)
      .leftJoin(bankAccounts, eq(bankAccounts.id, withdrawals.bankAccountId))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { content: rows.map((r) => withdrawalView(r.w, r.b)), pageNum: pageNo, totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)) };
}

/**
 * The operator's decision: APPROVED pays the held amount out (hold → payment clearing) and starts
 * the member's confirmation window; REJECTED returns it to the main wallet. Once decided, a
 * decision is not taken again.
 */
export async function decideWithdrawal(db: Database, merchantCode: string, ref: string, decision: "APPROVED" | "REJECTED", note?: string) {
  const [found] = await db.select().from(withdrawals).where(and(eq(withdrawals.reference, ref), eq(withdrawals.merchantCode, merchantCode))).limit(1);
  if (!found) throw new DomainError("WITHDRAWAL_NOT_FOUND", "No such withdrawal", 404);
  const merchant = await merchantOf(db, merchantCode);
  const owner = { merchantCode, id: found.memberId };
  const [hold, clearing] = await Promise.all([ensureAccount(db, systemRef(owner, found.currency, "hold")), ensureAccount(db, systemRef(owner, found.currency, "payment_clearing"))]);
  const minutes = (merchant.settings as MoneySettings).withdrawalConfirmMinutes ?? DEFAULT_CONFIRM_MINUTES;
  return withLedgerTx(db, async (tx) => {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, found.id)).for("update");
    if (!w) throw new DomainError("WITHDRAWAL_NOT_FOUND", "No such withdrawal", 404);
    if (w.status !== "IN_PROCESS") {
      if (w.status === decision) return { ...withdrawalView(w), changed: false };
      throw new DomainError("WITHDRAWAL_DECIDED", `This withdrawal was already ${w.status.toLowerCase()}`, 409);
    }
    const [holdTransfer] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `withdrawal:${w.id}:hold`));
    if (!holdTransfer) throw new Error(`withdrawal ${w.id} has no hold transfer`);
    const now = new Date();
    if (decision === "APPROVED") {
      await postTransfer(tx, {
        merchantCode,
        currency: w.currency,
        debitAccountId: hold,
        creditAccountId: clearing,
        amount: w.amount,
        kind: "withdraw_payout",
        key: `withdrawal:${w.id}:payout`,
        reference: w.reference,
      });
    } else {
      await reverseTransfer(tx, holdTransfer.id, "withdraw_release");
    }
    const [updated] = await tx
      .update(withdrawals)
      .set({
        status: decision,
        decidedAt: now,
        note: note ?? null,
        receipt: decision === "APPROVED" ? "PENDING" : null,
        confirmBy: decision === "APPROVED" ? new Date(now.getTime() + minutes * 60_000) : null,
      })
      .where(eq(withdrawals.id, w.id))
      .returning();
    await notify(tx, w.memberId, decision === "APPROVED" ? "withdrawal_approved" : "withdrawal_rejected", w.amount, w.currency, w.reference);
    return { ...withdrawalView(updated!), changed: true };
  });
}

/** The member's confirmation after payout: received, not received, or partially with what is missing. */
export async function confirmReceipt(db: Database, member: Member, ref: string, input: { receipt: Exclude<Receipt, "PENDING" | "AUTO">; remainingAmount?: string }) {
  const [w] = await db.select().from(withdrawals).where(and(eq(withdrawals.reference, ref), eq(withdrawals.memberId, member.id))).limit(1);
  if (!w) throw new DomainError("WITHDRAWAL_NOT_FOUND", "No such withdrawal", 404);
  if (w.status !== "APPROVED" || w.receipt !== "PENDING") throw new DomainError("RECEIPT_CLOSED", "This withdrawal can no longer be confirmed", 409);
  let remaining: bigint | null = null;
  if (input.receipt === "PARTIAL") {
    remaining = parseAmount(input.remainingAmount ?? "", w.currency);
    if (remaining === null || remaining <= 0n || remaining >= w.amount) {
      throw new DomainError("INVALID_AMOUNT", "Please enter correct information", 400, { field: "remainingAmount" });
    }
  }
  const [updated] = await db
    .update(withdrawals)
    .set({ receipt: input.receipt, remainingAmount: remaining, receiptAt: new Date() })
    .where(and(eq(withdrawals.id, w.id), eq(withdrawals.receipt, "PENDING")))
    .returning();
  if (!updated) throw new DomainError("RECEIPT_CLOSED", "This withdrawal can no longer be confirmed", 409);
  return withdrawalView(updated);
}

/**
 * The job of spec §4: a payout not confirmed within the operator's minutes counts as received
 * (a forced receipt: nothing is refunded). Safe to run on many nodes and many times.
 */
export async function autoReceiveWithdrawals(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .update(withdrawals)
    .set({ receipt: "AUTO", receiptAt: now })
    .where(and(eq(withdrawals.receipt, "PENDING"), lte(withdrawals.confirmBy, now)))
    .returning({ id: withdrawals.id });
  return rows.length;
}

// ---------------------------------------------------------------- bonuses and adjustments

/** The operator crediting a bonus (bonus account → member) or an adjustment (either way). */
export async function operatorCredit(
  db: Database,
  merchantCode: string,
  account: string,
  input: { kind: "bonus" | "adjustment" | "commission"; amount: string; reference: string; direction?: "credit" | "debit" },
) {
  const merchant = await merchantOf(db, merchantCode);
  const [member] = await db.select().from(members).where(and(eq(members.merchantCode, merchantCode), eq(members.account, account.toLowerCase()))).limit(1);
  if (!member) throw new DomainError("MEMBER_NOT_FOUND", "No such member", 404);
  const amount = amountOrFail(input.amount, merchant.currency);
  const systemKind = input.kind === "adjustment" ? "house" : input.kind;
  const [sys, wallet] = await Promise.all([
    ensureAccount(db, systemRef(member, merchant.currency, systemKind)),
    ensureAccount(db, memberRef(member, merchant.currency)),
  ]);
  const debitMember = input.kind === "adjustment" && input.direction === "debit";
  const posted = await withLedgerTx(db, (tx) =>
    postTransfer(tx, {
      merchantCode,
      currency: merchant.currency,
      debitAccountId: debitMember ? wallet : sys,
      creditAccountId: debitMember ? sys : wallet,
      amount,
      kind: input.kind,
      key: `operator:${merchantCode}:${input.reference}`,
      reference: input.reference,
    }),
  );
  return { transferId: posted.id, replayed: posted.replayed, balance: formatAmount(debitMember ? posted.debitBalanceAfter : posted.creditBalanceAfter, merchant.currency) };
}

// ---------------------------------------------------------------- records

/** Transaction-history type filters and the ledger kinds each covers. */
export const HISTORY_TYPES: Record<string, string[]> = {
  deposit: ["deposit"],
  withdraw: ["withdraw_hold", "withdraw_release", "withdraw_payout"],
  bet: ["bet"],
  win: ["win"],
  rollback: ["rollback", "reversal"],
  transfer: ["wallet_transfer", "upline_transfer", "downline_transfer"],
  bonus: ["bonus"],
  commission: ["commission", "salary", "dividend"],
  adjustment: ["adjustment"],
};

export interface Period {
  from: Date;
  to: Date;
}

async function memberAccountIds(db: Database, memberId: number) {
  const rows = await db
    .select({ id: ledgerAccounts.id, wallet: ledgerAccounts.wallet })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "member"), eq(ledgerAccounts.memberId, memberId)));
  return new Map(rows.map((r) => [r.id, r.wallet]));
}

/**
 * Every ledger movement touching the member's wallets, newest first: read from the ledger itself,
 * never from a copy. `amount` is signed from the member's side.
 */
export async function transactionHistory(db: Database, member: Member, opts: { type?: string; period: Period; pageNo: number; pageSize: number }) {
  const merchant = await keptMerchant(db, member.merchantCode);
  const accounts = await memberAccountIds(db, member.id);
  const ids = [...accounts.keys()];
  if (!ids.length) return { content: [], pageNum: opts.pageNo, totalPages: 1, total: 0, currency: merchant.currency };
  const kinds = opts.type ? HISTORY_TYPES[opts.type] : undefined;
  const where = and(
    or(inArray(ledgerTransfers.debitAccountId, ids), inArray(ledgerTransfers.creditAccountId, ids)),
    gte(ledgerTransfers.createdAt, opts.period.from),
    lt(ledgerTransfers.createdAt, opts.period.to),
    kinds ? inArray(ledgerTransfers.kind, kinds) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerTransfers)
      .where(where)
      .orderBy(desc(ledgerTransfers.id))
      .limit(opts.pageSize)
      .offset((opts.pageNo - 1) * opts.pageSize),
    db.select({ n: count() }).from(ledgerTransfers).where(where),
  ]);
  const cur = merchant.currency;
  // A withdrawal's movements carry its state as it stands now: decided (approved and paid out,
  // or rejected) and the member's receipt (received, not received, partly, or counted as received).
  const withdrawRefs = [...new Set(rows.filter((t) => t.kind.startsWith("withdraw_") && t.reference).map((t) => t.reference!))];
  const states = withdrawRefs.length
    ? await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, member.id), inArray(withdrawals.reference, withdrawRefs)))
    : [];
  const stateOf = new Map(
    states.map((w) => [
      w.reference,
      {
        status: w.status,
        receipt: w.receipt,
        remainingAmount: w.remainingAmount === null ? null : formatAmount(w.remainingAmount, w.currency),
        decidedAt: w.decidedAt?.toISOString() ?? null,
        confirmBy: w.confirmBy?.toISOString() ?? null,
        receiptAt: w.receiptAt?.toISOString() ?? null,
      },
    ]),
  );
  return {
    currency: cur,
    pageNum: opts.pageNo,
    total: total?.n ?? 0,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / opts.pageSize)),
    content: rows.map((t) => {
      const out = accounts.get(t.debitAccountId);
      const inn = accounts.get(t.creditAccountId);
      const signed = (inn !== undefined ? t.amount : 0n) - (out !== undefined ? t.amount : 0n);
      const balanceAfter = inn !== undefined ? t.creditBalanceAfter : t.debitBalanceAfter;
      return {
        id: t.id,
        time: t.createdAt.toISOString(),
        kind: t.kind,
        reference: t.reference,
        category: t.category,
        amount: formatAmount(t.amount, cur),
        change: formatAmount(signed, cur),
        balanceAfter: formatAmount(balanceAfter, cur),
        fromWallet: out ?? null,
        toWallet: inn ?? null,
        withdrawal: (t.kind.startsWith("withdraw_") && t.reference ? stateOf.get(t.reference) : undefined) ?? null,
      };
    }),
  };
}

/** Profit and loss by game category over a period: bets out, wins and rollbacks back. */
export async function personalProfit(db: Database, member: Member, period: Period) {
  const merchant = await keptMerchant(db, member.merchantCode);
  const accounts = await memberAccountIds(db, member.id);
  const ids = [...accounts.keys()];
  const cur = merchant.currency;
  if (!ids.length) return { currency: cur, categories: [], total: { bets: "0.00", wins: "0.00", profit: "0.00" } };
  const rows = await db
    .select({
      category: ledgerTransfers.category,
      bets: sql<string>`coalesce(sum(case when ${ledgerTransfers.kind} = 'bet' then ${ledgerTransfers.amount} end), 0)::text`,
      wins: sql<string>`coalesce(sum(case when ${ledgerTransfers.kind} = 'win' then ${ledgerTransfers.amount} end), 0)::text`,
      refunds: sql<string>`coalesce(sum(case when ${ledgerTransfers.kind} = 'rollback' then ${ledgerTransfers.amount} end), 0)::text`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        or(inArray(ledgerTransfers.debitAccountId, ids), inArray(ledgerTransfers.creditAccountId, ids)),
        inArray(ledgerTransfers.kind, ["bet", "win", "rollback"]),
        gte(ledgerTransfers.createdAt, period.from),
        lt(ledgerTransfers.createdAt, period.to),
      ),
    )
    .groupBy(ledgerTransfers.category)
    .orderBy(asc(ledgerTransfers.category));
  let tb = 0n;
  let tw = 0n;
  const categories = rows.map((r) => {
    const bets = BigInt(r.bets) - BigInt(r.refunds);
    const wins = BigInt(r.wins);
    tb += bets;
    tw += wins;
    return { category: r.category ?? "OTHER", bets: formatAmount(bets, cur), wins: formatAmount(wins, cur), profit: formatAmount(wins - bets, cur) };
  });
  return { currency: cur, categories, total: { bets: formatAmount(tb, cur), wins: formatAmount(tw, cur), profit: formatAmount(tw - tb, cur) } };
}

export { listMessages, markMessagesRead, unreadCount } from "../messages/service.js";
export { memberBalance };
