import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { merchants } from "../system/schema.js";
import { forgetBrand, keptForBrand, keptMerchant, localize } from "../system/service.js";
import { deposits } from "../payments/schema.js";
import { houseRounds } from "../rounds/schema.js";
import { ensureAccount, InsufficientFunds, postTransfer, withLedgerTx, type Tx } from "../ledger/service.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import { promotionEntries, promotions, type PromotionRule } from "./schema.js";
import { postMessage } from "../messages/service.js";
import { payReferral, referrerAccounts, type ReferrerAccounts } from "./referral.js";

type Member = typeof members.$inferSelect;
type Promotion = typeof promotions.$inferSelect;
type Entry = typeof promotionEntries.$inferSelect;
type Merchant = typeof merchants.$inferSelect;

/** Spec §4 activity statuses, as the member sees a promotion. */
export type ActivityStatus = "join" | "claim" | "applying" | "close" | "rejected" | "issued" | "claimed" | "process" | "joined" | "coming_soon";


/** The ledger key of a promotion's payment to a member: one per member and promotion, ever. */
export const bonusKey = (promotionId: number, memberId: number) => `promo:${promotionId}:${memberId}`;

async function merchantOf(db: Database | Tx, code: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  return m;
}

function running(p: Promotion, now: Date) {
  return p.enabled && p.startsAt <= now && (!p.endsAt || p.endsAt > now);
}

/** What the member may do with a promotion now, from its dates, rule and the member's entry. */
export function activityStatus(p: Promotion, entry: Entry | undefined, now = new Date()): ActivityStatus {
  if (entry) {
    if (entry.status === "claimed") return "claimed";
    if (entry.status === "rejected") return "rejected";
    if (entry.status === "applying") return "applying";
    if (entry.status === "issued") return "claim";
    // joined: waiting for a deposit (deposit bonus) or for bets (rebate: claimable at any time).
    if (!running(p, now)) return "close";
    return p.rule === "rebate" ? "claim" : "joined";
  }
  if (p.startsAt > now) return "coming_soon";
  if (!running(p, now)) return "close";
  // Paid by itself on a deposit: the member's own first one, or a referred friend's.
  if (p.rule === "first_deposit_match" || p.rule === "referral") return "process";
  if (p.rule === "raffle") return "claim";
  return "join";
}

function view(p: Promotion, entry: Entry | undefined, language: string, fallback: string, currency: string, now = new Date()) {
  return {
    id: p.id,
    code: p.code,
    title: localize(p.title, language, fallback),
    body: localize(p.body, language, fallback),
    type: p.type,
    tags: p.tags,
    category: p.category,
    imageUrl: p.imageUrl,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt?.toISOString() ?? null,
    rule: p.rule,
    rate: p.rateBp / 100,
    amount: formatAmount(p.amount, currency),
    cap: formatAmount(p.cap, currency),
    minDeposit: formatAmount(p.minDeposit, currency),
    wageringMultiplier: p.wageringMultiplier,
    status: activityStatus(p, entry, now),
    entry: entry ? entryView(entry, currency) : null,
  };
}

function entryView(e: Entry, currency: string) {
  return {
    id: e.id,
    status: e.status,
    comment: e.comment,
    note: e.note,
    amount: e.amount === null ? null : formatAmount(e.amount, e.currency ?? currency),
    wagering: formatAmount(e.wagering, e.currency ?? currency),
    createdAt: e.createdAt.toISOString(),
    paidAt: e.paidAt?.toISOString() ?? null,
  };
}

/** Valid bets (stakes of settled rounds) of the member since a moment, minor units. */
export async function validBetsSince(db: Database | Tx, memberId: number, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${houseRounds.stake}), 0)::text` })
    .from(houseRounds)
    .where(and(eq(houseRounds.memberId, memberId), eq(houseRounds.status, "SETTLED"), gte(houseRounds.settledAt, since)));
  return BigInt(row?.total ?? "0");
}

// ---------------------------------------------------------------- member side

/**
 * A brand's enabled promotions (those ended within the last 30 days too) and their categories:
 * the same for every visitor and member of the brand, and written only through the operator API,
 * so kept per brand (keptForBrand) instead of three reads on every promotions page (issue 15).
 */
function brandPromotions(db: Database, merchantCode: string) {
  return keptForBrand(db, merchantCode, "promotions", async () => {
    const merchant = await keptMerchant(db, merchantCode);
    const rows = await db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.merchantCode, merchantCode),
          eq(promotions.enabled, true),
          or(isNull(promotions.endsAt), gt(promotions.endsAt, new Date(Date.now() - 30 * 86_400_000))),
        ),
      )
      .orderBy(asc(promotions.sort), desc(promotions.id));
    const categories = await db
      .selectDistinct({ category: promotions.category })
      .from(promotions)
      .where(and(eq(promotions.merchantCode, merchantCode), eq(promotions.enabled, true)));
    return { merchant, rows, categories: categories.map((c) => c.category).sort() };
  });
}

/**
 * Whether a referral promotion runs now for a merchant (the member badge of every member page):
 * from the brand's kept promotions, not another read.
 */
export async function referralRunning(db: Database, merchantCode: string, now = new Date()): Promise<boolean> {
  const { rows } = await brandPromotions(db, merchantCode);
  return rows.some((p) => p.rule === "referral" && running(p, now));
}

export async function listPromotions(db: Database, merchantCode: string, language: string, opts: { member?: Member | null; category?: string } = {}) {
  const { merchant, rows: all, categories } = await brandPromotions(db, merchantCode);
  const now = new Date();
  const rows = opts.category && opts.category !== "all" ? all.filter((p) => p.category === opts.category) : all;
  const entries = opts.member && rows.length
    ? await db.select().from(promotionEntries).where(and(eq(promotionEntries.memberId, opts.member.id), inArray(promotionEntries.promotionId, rows.map((r) => r.id))))
    : [];
  const byPromo = new Map(entries.map((e) => [e.promotionId, e]));
  return {
    currency: merchant.currency,
    categories,
    promotions: rows.map((p) => view(p, byPromo.get(p.id), language, merchant.defaultLanguage, merchant.currency, now)),
  };
}

async function promotionFor(db: Database | Tx, member: Member, id: number) {
  const [p] = await db.select().from(promotions).where(and(eq(promotions.id, id), eq(promotions.merchantCode, member.merchantCode))).limit(1);
  if (!p || !p.enabled) throw new DomainError("PROMOTION_NOT_FOUND", "No such promotion", 404);
  return p;
}

function requireReal(member: Member) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
}

function requireRunning(p: Promotion) {
  const now = new Date();
  if (p.startsAt > now) throw new DomainError("PROMOTION_NOT_STARTED", "This promotion has not started yet", 400);
  if (!running(p, now)) throw new DomainError("PROMOTION_CLOSED", "This promotion has ended", 400);
}

/**
 * Joining: a sign-up bonus is at once claimable (issued); a deposit bonus waits for the next
 * qualifying deposit; a rebate counts valid bets from now. Joining twice changes nothing.
 */
export async function joinPromotion(db: Database, member: Member, id: number) {
  requireReal(member);
  const p = await promotionFor(db, member, id);
  requireRunning(p);
  if (!["signup_bonus", "deposit_bonus", "rebate"].includes(p.rule)) throw new DomainError("PROMOTION_NO_JOIN", "This promotion needs no joining", 400);
  const [made] = await db
    .insert(promotionEntries)
    .values({ promotionId: p.id, memberId: member.id, merchantCode: member.merchantCode, status: p.rule === "signup_bonus" ? "issued" : "joined" })
    .onConflictDoNothing()
    .returning();
  if (!made) throw new DomainError("PROMOTION_ALREADY_JOINED", "You have already joined this promotion", 409);
  return entryView(made, "");
}

/** Apply with a comment (≤ 140 characters): the operator reviews it. */
export async function applyPromotion(db: Database, member: Member, id: number, comment: string) {
  requireReal(member);
  const text = comment.trim();
  if (!text) throw new DomainError("COMMENT_REQUIRED", "Please write a comment", 400, { field: "comment" });
  if ([...text].length > 140) throw new DomainError("COMMENT_TOO_LONG", "At most 140 characters", 400, { field: "comment" });
  const p = await promotionFor(db, member, id);
  requireRunning(p);
  if (p.rule !== "apply") throw new DomainError("PROMOTION_NO_APPLY", "This promotion takes no applications", 400);
  const [made] = await db
    .insert(promotionEntries)
    .values({ promotionId: p.id, memberId: member.id, merchantCode: member.merchantCode, status: "applying", comment: text })
    .onConflictDoNothing()
    .returning();
  if (!made) throw new DomainError("PROMOTION_ALREADY_APPLIED", "You have already applied for this promotion", 409, { field: "comment" });
  return entryView(made, "");
}

/** The raffle prize of a member: between the lowest (amount) and the top prize (cap), fixed per member. */
export function rafflePrize(p: Pick<Promotion, "id" | "amount" | "cap">, memberId: number): bigint {
  if (p.cap <= p.amount) return p.amount;
  const h = BigInt("0x" + createHash("sha256").update(`raffle:${p.id}:${memberId}`).digest("hex").slice(0, 12));
  return p.amount + (h % (p.cap - p.amount + 1n));
}

const capped = (value: bigint, cap: bigint) => (cap > 0n && value > cap ? cap : value);

/**
 * Pays an entry inside the caller's transaction: bonus account → member wallet, kind `bonus`,
 * keyed per member and promotion, and marks the entry claimed with its wagering requirement.
 */
async function payEntry(tx: Tx, ids: { bonus: number; wallet: number }, p: Promotion, entry: Entry, amount: bigint, currency: string, source: string) {
  const posted = await postTransfer(tx, {
    merchantCode: p.merchantCode,
    currency,
    debitAccountId: ids.bonus,
    creditAccountId: ids.wallet,
    amount,
    kind: "bonus",
    key: bonusKey(p.id, entry.memberId),
    reference: `PROMO-${p.code}`.slice(0, 60),
  });
  const [updated] = await tx
    .update(promotionEntries)
    .set({ status: "claimed", amount, currency, wagering: amount * BigInt(p.wageringMultiplier), transferId: posted.id, source, paidAt: new Date(), decidedAt: entry.decidedAt ?? new Date() })
    .where(eq(promotionEntries.id, entry.id))
    .returning();
  // The member is told in the message centre (once per promotion, same transaction), in the
  // reader's language: the kind's text is the web's, the promotion's title the operator's.
  await postMessage(tx, {
    memberId: entry.memberId,
    kind: "bonus_paid",
    params: { title: p.title, amount: formatAmount(amount, currency), currency },
    dedupeKey: `promo:${p.id}`,
  });
  return updated!;
}

async function bonusAccounts(db: Database, merchantCode: string, memberId: number, currency: string) {
  const [bonus, wallet] = await Promise.all([
    ensureAccount(db, { merchantCode, currency, kind: "bonus", memberId }),
    ensureAccount(db, { merchantCode, currency, kind: "member", memberId }),
  ]);
  return { bonus, wallet };
}

/**
 * Claim: a sign-up bonus that is issued, a raffle prize, or a rebate of the valid bets since
 * joining (rate, capped). Once: the entry row is locked and must not be claimed yet; the ledger
 * key is the second guard.
 */
export async function claimPromotion(db: Database, member: Member, id: number) {
  requireReal(member);
  const p = await promotionFor(db, member, id);
  if (!["signup_bonus", "raffle", "rebate"].includes(p.rule)) throw new DomainError("PROMOTION_NO_CLAIM", "This promotion pays by itself", 400);
  const merchant = await merchantOf(db, member.merchantCode);
  const cur = merchant.currency;
  const ids = await bonusAccounts(db, member.merchantCode, member.id, cur);
  if (p.rule === "raffle") {
    requireRunning(p);
    await db.insert(promotionEntries).values({ promotionId: p.id, memberId: member.id, merchantCode: member.merchantCode, status: "issued" }).onConflictDoNothing();
  }
  const paid = await withLedgerTx(db, async (tx) => {
    const [entry] = await tx
      .select()
      .from(promotionEntries)
      .where(and(eq(promotionEntries.promotionId, p.id), eq(promotionEntries.memberId, member.id)))
      .for("update");
    if (!entry) throw new DomainError("PROMOTION_NOT_JOINED", "Please join the promotion first", 400);
    if (entry.status === "claimed") throw new DomainError("PROMOTION_ALREADY_CLAIMED", "You have already claimed this reward", 409);
    if (entry.status !== "issued" && !(p.rule === "rebate" && entry.status === "joined")) {
      throw new DomainError("PROMOTION_NOT_CLAIMABLE", "Nothing to claim yet", 400);
    }
    let amount: bigint;
    if (p.rule === "signup_bonus") amount = p.amount;
    else if (p.rule === "raffle") amount = rafflePrize(p, member.id);
    else amount = capped((await validBetsSince(tx, member.id, entry.createdAt)) * BigInt(p.rateBp) / 10_000n, p.cap);
    if (amount <= 0n) throw new DomainError("PROMOTION_NOTHING_TO_CLAIM", "Nothing to claim yet", 400);
    return payEntry(tx, ids, p, entry, amount, cur, "claim");
  });
  return entryView(paid, cur);
}

/**
 * The deposit-credit hook, inside the deposit's own transaction: a first credited deposit gets
 * every running first-deposit match (rate, capped); a deposit of at least the minimum pays every
 * deposit bonus the member joined; and a running referral promotion pays the member's referrer
 * for this friend's first deposit of at least its minimum. Each pays once (entry or reward row
 * unique, ledger key), so a second deposit, a re-delivered callback or two deposits credited at
 * once never pay twice.
 */
export async function onDepositCredited(
  tx: Tx,
  deposit: { id: number; memberId: number; merchantCode: string; currency: string; amount: bigint; reference: string },
  ids: { bonus: number; wallet: number; referrer?: ReferrerAccounts | null },
) {
  const now = new Date();
  const rows = await tx
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantCode, deposit.merchantCode),
        eq(promotions.enabled, true),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
        inArray(promotions.rule, ["first_deposit_match", "deposit_bonus", "referral"] satisfies PromotionRule[]),
      ),
    );
  if (!rows.length) return [];
  const paid: Entry[] = [];
  for (const p of rows.filter((r) => deposit.amount >= r.minDeposit)) {
    if (p.rule === "referral") {
      if (ids.referrer) await payReferral(tx, p, deposit, ids.referrer);
      continue;
    }
    let entry: Entry | undefined;
    if (p.rule === "first_deposit_match") {
      const [earlier] = await tx
        .select({ id: deposits.id })
        .from(deposits)
        .where(and(eq(deposits.memberId, deposit.memberId), eq(deposits.status, "CREDITED"), ne(deposits.id, deposit.id)))
        .limit(1);
      if (earlier) continue;
      [entry] = await tx
        .insert(promotionEntries)
        .values({ promotionId: p.id, memberId: deposit.memberId, merchantCode: deposit.merchantCode, status: "issued" })
        .onConflictDoNothing()
        .returning();
      if (!entry) continue; // already had it
    } else {
      [entry] = await tx
        .select()
        .from(promotionEntries)
        .where(and(eq(promotionEntries.promotionId, p.id), eq(promotionEntries.memberId, deposit.memberId), eq(promotionEntries.status, "joined")))
        .for("update");
      if (!entry) continue;
    }
    const amount = p.rule === "first_deposit_match" ? capped((deposit.amount * BigInt(p.rateBp)) / 10_000n, p.cap) : p.amount;
    if (amount <= 0n) continue;
    paid.push(await payEntry(tx, ids, p, entry, amount, deposit.currency, deposit.reference));
  }
  return paid;
}

/** The accounts the deposit hook pays between (the member's, and a referrer's), made before its transaction. */
export async function depositBonusAccounts(db: Database, d: { merchantCode: string; memberId: number; currency: string }) {
  const [own, referrer] = await Promise.all([bonusAccounts(db, d.merchantCode, d.memberId, d.currency), referrerAccounts(db, d)]);
  return { ...own, referrer };
}

/** The rewards centre: joined, can claim, waiting (applying), got (paid, with wagering progress). */
export async function rewardCenter(db: Database, member: Member, language: string) {
  const merchant = await merchantOf(db, member.merchantCode);
  const rows = await db
    .select({ p: promotions, e: promotionEntries })
    .from(promotionEntries)
    .innerJoin(promotions, eq(promotions.id, promotionEntries.promotionId))
    .where(eq(promotionEntries.memberId, member.id))
    .orderBy(desc(promotionEntries.id));
  const now = new Date();
  const items = await Promise.all(
    rows.map(async ({ p, e }) => {
      const v = view(p, e, language, merchant.defaultLanguage, merchant.currency, now);
      let progress: string | null = null;
      if (e.status === "claimed" && e.wagering > 0n && e.paidAt) {
        const bets = await validBetsSince(db, member.id, e.paidAt);
        progress = formatAmount(bets > e.wagering ? e.wagering : bets, merchant.currency);
      }
      return { ...v, progress };
    }),
  );
  const group = (s: ActivityStatus[]) => items.filter((i) => s.includes(i.status));
  return {
    currency: merchant.currency,
    joined: group(["joined"]),
    claimable: group(["claim"]),
    waiting: group(["applying", "rejected"]),
    got: group(["claimed"]),
    claimableCount: group(["claim"]).length,
  };
}

/** Rewards the member can claim now (the rewards centre's "can claim"): the reward badge (spec §2). */
export async function claimableRewardCount(db: Database, member: Member, now = new Date()): Promise<number> {
  const rows = await db
    .select({ p: promotions, e: promotionEntries })
    .from(promotionEntries)
    .innerJoin(promotions, eq(promotions.id, promotionEntries.promotionId))
    .where(and(eq(promotionEntries.memberId, member.id), inArray(promotionEntries.status, ["issued", "joined"])));
  return rows.filter(({ p, e }) => activityStatus(p, e, now) === "claim").length;
}

// ---------------------------------------------------------------- operator side

export interface PromotionInput {
  title: Record<string, string>;
  body?: Record<string, string>;
  type?: string;
  tags?: string[];
  category?: string;
  imageUrl?: string | null;
  startsAt?: string;
  endsAt?: string | null;
  rule: PromotionRule;
  rate?: number;
  amount?: string;
  cap?: string;
  minDeposit?: string;
  wageringMultiplier?: number;
  enabled?: boolean;
  sort?: number;
}

function money(text: string | undefined, currency: string, field: string): bigint {
  if (text === undefined) return 0n;
  const v = parseAmount(text, currency);
  if (v === null || v < 0n) throw new DomainError("INVALID_REQUEST", `${field}: an amount such as "10.00"`, 400);
  return v;
}

export async function upsertPromotion(db: Database, merchantCode: string, code: string, input: PromotionInput) {
  const merchant = await merchantOf(db, merchantCode);
  const cur = merchant.currency;
  const values = {
    merchantCode,
    code,
    title: input.title,
    body: input.body ?? {},
    type: input.type ?? "other",
    tags: input.tags ?? [],
    category: input.category ?? input.type ?? "other",
    imageUrl: input.imageUrl ?? null,
    startsAt: input.startsAt ? new Date(input.startsAt) : new Date(),
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    rule: input.rule,
    rateBp: Math.round((input.rate ?? 0) * 100),
    amount: money(input.amount, cur, "amount"),
    cap: money(input.cap, cur, "cap"),
    minDeposit: money(input.minDeposit, cur, "minDeposit"),
    wageringMultiplier: input.wageringMultiplier ?? 0,
    enabled: input.enabled ?? true,
    sort: input.sort ?? 0,
  };
  if (values.endsAt && values.endsAt <= values.startsAt) throw new DomainError("INVALID_REQUEST", "endsAt: after startsAt", 400);
  if (["first_deposit_match", "rebate"].includes(values.rule) && values.rateBp <= 0) throw new DomainError("INVALID_REQUEST", "rate: a percentage above 0", 400);
  if (["deposit_bonus", "signup_bonus", "apply", "raffle"].includes(values.rule) && values.amount <= 0n) throw new DomainError("INVALID_REQUEST", "amount: above 0", 400);
  if (values.rule === "referral" && values.amount <= 0n && values.rateBp <= 0) throw new DomainError("INVALID_REQUEST", "amount or rate: above 0", 400);
  const [row] = await db
    .insert(promotions)
    .values(values)
    .onConflictDoUpdate({ target: [promotions.merchantCode, promotions.code], set: { ...values, merchantCode: undefined, code: undefined } })
    .returning();
  forgetBrand(db, merchantCode); // the kept promotions (brandPromotions)
  return operatorView(row!, cur);
}

function operatorView(p: Promotion, currency: string) {
  return { ...view(p, undefined, "en", "en", currency), title: p.title, body: p.body, enabled: p.enabled, sort: p.sort };
}

export async function operatorPromotions(db: Database, merchantCode: string) {
  const merchant = await merchantOf(db, merchantCode);
  const rows = await db.select().from(promotions).where(eq(promotions.merchantCode, merchantCode)).orderBy(asc(promotions.sort), desc(promotions.id));
  return rows.map((p) => operatorView(p, merchant.currency));
}

export async function operatorEntries(db: Database, merchantCode: string, promotionCode: string, status?: string) {
  const merchant = await merchantOf(db, merchantCode);
  const rows = await db
    .select({ e: promotionEntries, account: members.account })
    .from(promotionEntries)
    .innerJoin(promotions, eq(promotions.id, promotionEntries.promotionId))
    .innerJoin(members, eq(members.id, promotionEntries.memberId))
    .where(and(eq(promotions.merchantCode, merchantCode), eq(promotions.code, promotionCode), status ? eq(promotionEntries.status, status as Entry["status"]) : undefined))
    .orderBy(desc(promotionEntries.id))
    .limit(500);
  return rows.map((r) => ({ ...entryView(r.e, merchant.currency), account: r.account }));
}

/** The operator's review of an application: approve pays the promotion's amount once; reject pays nothing. */
export async function reviewApplication(db: Database, merchantCode: string, entryId: number, decision: "approve" | "reject", note?: string) {
  const merchant = await merchantOf(db, merchantCode);
  const [found] = await db
    .select({ e: promotionEntries, p: promotions })
    .from(promotionEntries)
    .innerJoin(promotions, eq(promotions.id, promotionEntries.promotionId))
    .where(and(eq(promotionEntries.id, entryId), eq(promotions.merchantCode, merchantCode)))
    .limit(1);
  if (!found) throw new DomainError("ENTRY_NOT_FOUND", "No such application", 404);
  const ids = await bonusAccounts(db, merchantCode, found.e.memberId, merchant.currency);
  const row = await withLedgerTx(db, async (tx) => {
    const [entry] = await tx.select().from(promotionEntries).where(eq(promotionEntries.id, entryId)).for("update");
    if (!entry || entry.status !== "applying") return { entry: entry!, changed: false };
    if (decision === "reject") {
      const [r] = await tx.update(promotionEntries).set({ status: "rejected", note: note ?? null, decidedAt: new Date() }).where(eq(promotionEntries.id, entryId)).returning();
      return { entry: r!, changed: true };
    }
    const paid = await payEntry(tx, ids, found.p, { ...entry, decidedAt: new Date() }, found.p.amount, merchant.currency, "review");
    if (note) await tx.update(promotionEntries).set({ note }).where(eq(promotionEntries.id, entryId));
    return { entry: paid, changed: true };
  });
  return { ...entryView(row.entry, merchant.currency), changed: row.changed };
}

export { InsufficientFunds };
