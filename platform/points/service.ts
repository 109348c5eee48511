import { and, asc, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { merchants } from "../system/schema.js";
import { localize } from "../system/service.js";
import { deposits } from "../payments/schema.js";
import { houseRounds } from "../rounds/schema.js";
import { lotteryTickets } from "../lottery/schema.js";
import { checkPaymentPassword } from "../payments/service.js";
import { ensureAccount, postTransfer, withLedgerTx, type Tx } from "../ledger/service.js";
import { currencyExponent, formatAmount } from "../ledger/money.js";
import { postMessage } from "../messages/service.js";
import { POINTS_BET_TYPES, pointsBalances, pointsEntries, pointsGoods, pointsRedemptions, pointsSettings, type PointsBetType } from "./schema.js";

type Member = typeof members.$inferSelect;
type Goods = typeof pointsGoods.$inferSelect;
type Redemption = typeof pointsRedemptions.$inferSelect;

function requireReal(member: Member) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
}

async function merchantOf(db: Database | Tx, code: string) {
  const [m] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  return m;
}

export async function settingsOf(db: Database | Tx, merchantCode: string) {
  const [s] = await db.select().from(pointsSettings).where(eq(pointsSettings.merchantCode, merchantCode)).limit(1);
  return s ?? { merchantCode, betRatios: {}, depositRatio: 0, convertRatio: 0, rules: {}, updatedAt: new Date(0) };
}

/**
 * Moves points inside the caller's transaction, once per `sourceKey`: returns false when the key
 * was used before (nothing changes). A spend below zero throws INSUFFICIENT_POINTS, and the
 * caller's transaction is rolled back with it.
 */
export async function movePoints(tx: Tx, e: { memberId: number; merchantCode: string; type: string; points: bigint; sourceKey: string }): Promise<boolean> {
  const [made] = await tx.insert(pointsEntries).values(e).onConflictDoNothing().returning({ id: pointsEntries.id });
  if (!made) return false;
  if (e.points === 0n) return true; // a source worth nothing is marked looked-at, so the job moves on
  if (e.points > 0n) {
    await tx
      .insert(pointsBalances)
      .values({ memberId: e.memberId, balance: e.points })
      .onConflictDoUpdate({ target: pointsBalances.memberId, set: { balance: sql`${pointsBalances.balance} + ${e.points.toString()}::bigint` } });
  } else {
    const spent = await tx
      .update(pointsBalances)
      .set({ balance: sql`${pointsBalances.balance} - ${(-e.points).toString()}::bigint` })
      .where(and(eq(pointsBalances.memberId, e.memberId), gte(pointsBalances.balance, -e.points)))
      .returning({ balance: pointsBalances.balance });
    if (!spent.length) throw new DomainError("INSUFFICIENT_POINTS", "Not enough points", 400, { field: "quantity" });
  }
  return true;
}

export async function pointsBalance(db: Database | Tx, memberId: number): Promise<bigint> {
  const [b] = await db.select({ balance: pointsBalances.balance }).from(pointsBalances).where(eq(pointsBalances.memberId, memberId));
  return b?.balance ?? 0n;
}

/** Points for an amount in minor units at a ratio of points per 1.00 (whole points, rounded down). */
export function pointsFor(amountMinor: bigint, ratio: number, currency: string): bigint {
  if (ratio <= 0 || amountMinor <= 0n) return 0n;
  return (amountMinor * BigInt(Math.round(ratio * 100))) / (10n ** BigInt(currencyExponent(currency)) * 100n);
}

const HOUSE_TYPE: Record<string, PointsBetType> = { LIVE: "live", RNG: "slots" };

/**
 * The earning job: settled in-house rounds (live, slots), settled lottery tickets (lottery) and
 * credited deposits of the last 7 days that have no points entry yet earn points at the
 * merchant's ratios. Keyed by source, so a re-run (or two nodes) earns nothing twice. Returns how
 * many sources it looked at.
 */
export async function earnPoints(db: Database, now = new Date(), batch = 500): Promise<number> {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const settings = new Map((await db.select().from(pointsSettings)).map((s) => [s.merchantCode, s]));
  if (!settings.size) return 0;
  const codes = [...settings.keys()];
  const currency = new Map((await db.select({ code: merchants.code, currency: merchants.currency }).from(merchants).where(inArray(merchants.code, codes))).map((m) => [m.code, m.currency]));
  const unearned = (key: ReturnType<typeof sql>) => sql`not exists (select 1 from points_entries pe where pe.source_key = ${key})`;
  const rounds = await db
    .select({ id: houseRounds.id, memberId: houseRounds.memberId, merchantCode: houseRounds.merchantCode, category: houseRounds.category, stake: houseRounds.stake })
    .from(houseRounds)
    .where(and(eq(houseRounds.status, "SETTLED"), gte(houseRounds.settledAt, since), inArray(houseRounds.merchantCode, codes), unearned(sql`'round:' || ${houseRounds.id}`)))
    .limit(batch);
  const tickets = await db
    .select({ id: lotteryTickets.id, memberId: lotteryTickets.memberId, stake: lotteryTickets.stake, merchantCode: members.merchantCode })
    .from(lotteryTickets)
    .innerJoin(members, eq(members.id, lotteryTickets.memberId))
    .where(and(inArray(lotteryTickets.status, ["WON", "LOST"]), gte(lotteryTickets.settledAt, since), inArray(members.merchantCode, codes), unearned(sql`'ticket:' || ${lotteryTickets.id}`)))
    .limit(batch);
  const credited = await db
    .select({ id: deposits.id, memberId: deposits.memberId, merchantCode: deposits.merchantCode, amount: deposits.amount })
    .from(deposits)
    .where(and(eq(deposits.status, "CREDITED"), gte(deposits.decidedAt, since), inArray(deposits.merchantCode, codes), unearned(sql`'deposit:' || ${deposits.id}`)))
    .limit(batch);
  const moves: { memberId: number; merchantCode: string; type: string; points: bigint; sourceKey: string }[] = [];
  for (const r of rounds) {
    const type = HOUSE_TYPE[r.category] ?? "slots";
    moves.push({ memberId: r.memberId, merchantCode: r.merchantCode, type, points: pointsFor(r.stake, settings.get(r.merchantCode)!.betRatios[type] ?? 0, currency.get(r.merchantCode)!), sourceKey: `round:${r.id}` });
  }
  for (const t of tickets) {
    moves.push({ memberId: t.memberId, merchantCode: t.merchantCode, type: "lottery", points: pointsFor(t.stake, settings.get(t.merchantCode)!.betRatios.lottery ?? 0, currency.get(t.merchantCode)!), sourceKey: `ticket:${t.id}` });
  }
  for (const d of credited) {
    moves.push({ memberId: d.memberId, merchantCode: d.merchantCode, type: "deposit", points: pointsFor(d.amount, settings.get(d.merchantCode)!.depositRatio, currency.get(d.merchantCode)!), sourceKey: `deposit:${d.id}` });
  }
  let earned = 0;
  for (const m of moves) {
    if (await withLedgerTx(db, (tx) => movePoints(tx, m))) earned++;
  }
  return earned;
}

// ---------------------------------------------------------------- member side

function goodsView(g: Goods, language: string, fallback: string) {
  return {
    id: g.id,
    code: g.code,
    name: localize(g.name, language, fallback),
    imageUrl: g.imageUrl,
    price: Number(g.price),
    stock: g.stock,
    perMemberLimit: g.perMemberLimit,
    physical: g.physical,
  };
}

function redemptionView(r: Redemption, goodsName: string) {
  return { id: r.id, goods: goodsName, quantity: r.quantity, points: Number(r.points), address: r.address, status: r.status, note: r.note, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null };
}

/** The points mall: balance, ratios and rules, goods on offer. */
export async function pointsMall(db: Database, member: Member, language: string) {
  const merchant = await merchantOf(db, member.merchantCode);
  const [settings, balance, goods] = await Promise.all([
    settingsOf(db, member.merchantCode),
    pointsBalance(db, member.id),
    db.select().from(pointsGoods).where(and(eq(pointsGoods.merchantCode, member.merchantCode), eq(pointsGoods.enabled, true))).orderBy(asc(pointsGoods.sort), asc(pointsGoods.id)),
  ]);
  return {
    balance: Number(balance),
    currency: merchant.currency,
    betRatios: Object.fromEntries(POINTS_BET_TYPES.map((t) => [t, settings.betRatios[t] ?? 0])),
    depositRatio: settings.depositRatio,
    convertRatio: settings.convertRatio,
    rules: localize(settings.rules, language, merchant.defaultLanguage),
    goods: goods.map((g) => goodsView(g, language, merchant.defaultLanguage)),
  };
}

export async function pointsDetails(db: Database, member: Member, pageNo = 1, pageSize = 20) {
  const rows = await db
    .select()
    .from(pointsEntries)
    .where(and(eq(pointsEntries.memberId, member.id), ne(pointsEntries.points, 0n)))
    .orderBy(desc(pointsEntries.id))
    .limit(pageSize + 1)
    .offset((pageNo - 1) * pageSize);
  return {
    pageNum: pageNo,
    hasMore: rows.length > pageSize,
    content: rows.slice(0, pageSize).map((e) => ({ id: e.id, type: e.type, points: Number(e.points), createdAt: e.createdAt.toISOString() })),
  };
}

export async function memberRedemptions(db: Database, member: Member, language: string, limit = 50) {
  const merchant = await merchantOf(db, member.merchantCode);
  const rows = await db
    .select({ r: pointsRedemptions, name: pointsGoods.name })
    .from(pointsRedemptions)
    .innerJoin(pointsGoods, eq(pointsGoods.id, pointsRedemptions.goodsId))
    .where(eq(pointsRedemptions.memberId, member.id))
    .orderBy(desc(pointsRedemptions.id))
    .limit(limit);
  return rows.map(({ r, name }) => redemptionView(r, localize(name, language, merchant.defaultLanguage)));
}

export interface RedeemInput {
  goodsId: number;
  quantity: number;
  address?: string;
  paymentPassword?: string;
  requestKey: string;
}

/**
 * Redeems goods: the payment password first (locked after 5 wrong, as withdrawals), then in one
 * transaction the goods row is locked, stock and the member's limit checked, the redemption
 * written, the points spent and the stock taken. Concurrent redeems of the last items queue on
 * the goods row, so stock is never oversold. A resubmitted form (same requestKey) redeems once.
 */
export async function redeemGoods(db: Database, member: Member, input: RedeemInput, language = "en") {
  requireReal(member);
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > 1000) throw new DomainError("INVALID_QUANTITY", "Please enter correct information", 400, { field: "quantity" });
  const [g] = await db.select().from(pointsGoods).where(and(eq(pointsGoods.id, input.goodsId), eq(pointsGoods.merchantCode, member.merchantCode))).limit(1);
  if (!g || !g.enabled) throw new DomainError("GOODS_NOT_FOUND", "No such goods", 404);
  const address = input.address?.trim() ?? "";
  if (g.physical && address.length < 5) throw new DomainError("ADDRESS_REQUIRED", "Please enter a receiving address", 400, { field: "address" });
  if (address.length > 300) throw new DomainError("ADDRESS_TOO_LONG", "At most 300 characters", 400, { field: "address" });
  await checkPaymentPassword(db, member, input.paymentPassword);
  const row = await withLedgerTx(db, async (tx) => {
    const [twin] = await tx.select().from(pointsRedemptions).where(and(eq(pointsRedemptions.memberId, member.id), eq(pointsRedemptions.requestKey, input.requestKey)));
    if (twin) return twin;
    const [goods] = await tx.select().from(pointsGoods).where(eq(pointsGoods.id, g.id)).for("update");
    if (!goods || goods.stock < input.quantity) throw new DomainError("OUT_OF_STOCK", "Not enough left", 400, { field: "quantity", available: goods?.stock ?? 0 });
    if (goods.perMemberLimit > 0) {
      const [had] = await tx
        .select({ n: sql<string>`coalesce(sum(${pointsRedemptions.quantity}), 0)::text` })
        .from(pointsRedemptions)
        .where(and(eq(pointsRedemptions.memberId, member.id), eq(pointsRedemptions.goodsId, goods.id), ne(pointsRedemptions.status, "REJECTED")));
      if (Number(had?.n ?? 0) + input.quantity > goods.perMemberLimit) throw new DomainError("OVER_LIMIT", "Over the limit per member", 400, { field: "quantity", limit: goods.perMemberLimit });
    }
    const points = goods.price * BigInt(input.quantity);
    const [r] = await tx
      .insert(pointsRedemptions)
      .values({ merchantCode: member.merchantCode, memberId: member.id, goodsId: goods.id, quantity: input.quantity, points, address: address || null, requestKey: input.requestKey })
      .returning();
    await movePoints(tx, { memberId: member.id, merchantCode: member.merchantCode, type: "redeem", points: -points, sourceKey: `redeem:${r!.id}` });
    await tx.update(pointsGoods).set({ stock: sql`${pointsGoods.stock} - ${input.quantity}` }).where(eq(pointsGoods.id, goods.id));
    return r!;
  });
  const merchant = await merchantOf(db, member.merchantCode);
  return redemptionView(row, localize(g.name, language, merchant.defaultLanguage));
}

/**
 * Converts points to balance at the operator's ratio (points per 1.00), with the payment
 * password: the points spent and the money credited (ledger, kind `bonus`) in one transaction,
 * once per requestKey.
 */
export async function convertPoints(db: Database, member: Member, input: { points: number; paymentPassword?: string; requestKey: string }) {
  requireReal(member);
  const merchant = await merchantOf(db, member.merchantCode);
  const settings = await settingsOf(db, member.merchantCode);
  if (settings.convertRatio <= 0) throw new DomainError("CONVERT_OFF", "Converting points is not offered", 400, { field: "points" });
  if (!Number.isInteger(input.points) || input.points < settings.convertRatio || input.points > 1e12) {
    throw new DomainError("INVALID_POINTS", "Please enter correct information", 400, { field: "points", min: settings.convertRatio });
  }
  const amount = (BigInt(input.points) * 10n ** BigInt(currencyExponent(merchant.currency))) / BigInt(settings.convertRatio);
  await checkPaymentPassword(db, member, input.paymentPassword);
  const [bonus, wallet] = await Promise.all([
    ensureAccount(db, { merchantCode: member.merchantCode, currency: merchant.currency, kind: "bonus", memberId: member.id }),
    ensureAccount(db, { merchantCode: member.merchantCode, currency: merchant.currency, kind: "member", memberId: member.id }),
  ]);
  const source = `convert:${member.id}:${input.requestKey}`;
  const posted = await withLedgerTx(db, async (tx) => {
    await movePoints(tx, { memberId: member.id, merchantCode: member.merchantCode, type: "convert", points: -BigInt(input.points), sourceKey: source });
    return postTransfer(tx, { merchantCode: member.merchantCode, currency: merchant.currency, debitAccountId: bonus, creditAccountId: wallet, amount, kind: "bonus", key: `points:${source}`, reference: "POINTS" });
  });
  return { points: input.points, amount: formatAmount(amount, merchant.currency), balance: formatAmount(posted.creditBalanceAfter, merchant.currency) };
}

// ---------------------------------------------------------------- operator side

export async function putSettings(
  db: Database,
  merchantCode: string,
  input: { betRatios?: Partial<Record<PointsBetType, number>>; depositRatio?: number; convertRatio?: number; rules?: Record<string, string> },
) {
  await merchantOf(db, merchantCode);
  const current = await settingsOf(db, merchantCode);
  const values = {
    merchantCode,
    betRatios: input.betRatios ?? current.betRatios,
    depositRatio: input.depositRatio ?? current.depositRatio,
    convertRatio: input.convertRatio ?? current.convertRatio,
    rules: input.rules ?? current.rules,
    updatedAt: new Date(),
  };
  await db.insert(pointsSettings).values(values).onConflictDoUpdate({ target: pointsSettings.merchantCode, set: { ...values, merchantCode: undefined } });
  return values;
}

export async function putGoods(
  db: Database,
  merchantCode: string,
  code: string,
  input: { name: Record<string, string>; imageUrl?: string | null; price: number; stock: number; perMemberLimit?: number; physical?: boolean; enabled?: boolean; sort?: number },
) {
  await merchantOf(db, merchantCode);
  const values = {
    merchantCode,
    code,
    name: input.name,
    imageUrl: input.imageUrl ?? null,
    price: BigInt(input.price),
    stock: input.stock,
    perMemberLimit: input.perMemberLimit ?? 0,
    physical: input.physical ?? false,
    enabled: input.enabled ?? true,
    sort: input.sort ?? 0,
  };
  const [row] = await db
    .insert(pointsGoods)
    .values(values)
    .onConflictDoUpdate({ target: [pointsGoods.merchantCode, pointsGoods.code], set: { ...values, merchantCode: undefined, code: undefined } })
    .returning();
  return { ...goodsView(row!, "en", "en"), name: row!.name, enabled: row!.enabled };
}

export async function operatorGoods(db: Database, merchantCode: string) {
  const rows = await db.select().from(pointsGoods).where(eq(pointsGoods.merchantCode, merchantCode)).orderBy(asc(pointsGoods.sort), asc(pointsGoods.id));
  return rows.map((g) => ({ ...goodsView(g, "en", "en"), name: g.name, enabled: g.enabled }));
}

export async function operatorRedemptions(db: Database, merchantCode: string, status?: string) {
  const rows = await db
    .select({ r: pointsRedemptions, account: members.account, name: pointsGoods.name })
    .from(pointsRedemptions)
    .innerJoin(members, eq(members.id, pointsRedemptions.memberId))
    .innerJoin(pointsGoods, eq(pointsGoods.id, pointsRedemptions.goodsId))
    .where(and(eq(pointsRedemptions.merchantCode, merchantCode), status ? eq(pointsRedemptions.status, status as Redemption["status"]) : undefined))
    .orderBy(desc(pointsRedemptions.id))
    .limit(500);
  return rows.map(({ r, account, name }) => ({ ...redemptionView(r, localize(name, "en", "en")), account }));
}

/** Approve (shipped) or reject (points and stock returned), once: a decided redemption is returned unchanged. */
export async function decideRedemption(db: Database, merchantCode: string, id: number, decision: "approve" | "reject", note?: string) {
  const result = await withLedgerTx(db, async (tx) => {
    const [r] = await tx.select().from(pointsRedemptions).where(and(eq(pointsRedemptions.id, id), eq(pointsRedemptions.merchantCode, merchantCode))).for("update");
    if (!r) throw new DomainError("REDEMPTION_NOT_FOUND", "No such redemption", 404);
    if (r.status !== "IN_PROCESS") return { r, changed: false };
    if (decision === "reject") {
      await movePoints(tx, { memberId: r.memberId, merchantCode, type: "refund", points: r.points, sourceKey: `refund:${r.id}` });
      await tx.update(pointsGoods).set({ stock: sql`${pointsGoods.stock} + ${r.quantity}` }).where(eq(pointsGoods.id, r.goodsId));
    }
    const [u] = await tx
      .update(pointsRedemptions)
      .set({ status: decision === "approve" ? "APPROVED" : "REJECTED", note: note ?? null, decidedAt: new Date() })
      .where(eq(pointsRedemptions.id, id))
      .returning();
    const approved = decision === "approve";
    // The web words it in the reader's language (msg_kind_points_*); only the numbers are stored.
    await postMessage(tx, {
      memberId: r.memberId,
      kind: approved ? "points_approved" : "points_rejected",
      params: { id: r.id, points: r.points.toString() },
      dedupeKey: `points-redeem:${r.id}`,
    });
    return { r: u!, changed: true };
  });
  return { ...redemptionView(result.r, ""), changed: result.changed };
}
