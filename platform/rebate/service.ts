import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { merchants } from "../system/schema.js";
import { ensureAccount, postTransfer, withLedgerTx, type Executor } from "../ledger/service.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import { postMessage } from "../messages/service.js";
import { periodAt, type PeriodSpan } from "../contracts/maths.js";
import { rowsOf } from "../db/client.js";
import { validBetsQuery } from "../rounds/valid-bets.js";
import { REBATE_CATEGORIES, rebateClaims, rebateSettings, type RebateCategory, type RebateCategoryLine, type RebatePeriod } from "./schema.js";

type Member = typeof members.$inferSelect;

/**
 * Bets settled longer ago than this are no longer rebated: a claim looks this far back for
 * bets no claim has covered yet (and the query stays on a bounded range of the indexes).
 */
export const REBATE_WINDOW_DAYS = 30;
const MAX_RATE_BP = 1_000; // 10 %

/** The ledger key of a member's rebate for a period: one payment per member and period, ever. */
export const rebateKey = (memberId: number, periodKey: string) => `rebate:${memberId}:${periodKey}`;

/** The period a claim made at `at` belongs to (UTC days, or weeks from Monday, as contracts). */
export function rebatePeriod(period: RebatePeriod, at: Date): PeriodSpan {
  return periodAt("DIVIDEND", period, at);
}

/** Rebate of a valid bet at a rate in basis points, rounded down to the minor unit. */
export function rebateOf(validBet: bigint, rateBp: number): bigint {
  if (rateBp <= 0 || validBet <= 0n) return 0n;
  return (validBet * BigInt(rateBp)) / 10_000n;
}

/** Per category rebate of stakes; the categories without a rate are left out. */
export function rebateLines(stakes: Map<string, { total: bigint; bets: number }>, rates: Partial<Record<string, number>>, currency: string): { lines: RebateCategoryLine[]; amount: bigint; validBet: bigint } {
  const lines: RebateCategoryLine[] = [];
  let amount = 0n;
  let validBet = 0n;
  for (const [category, { total, bets }] of stakes) {
    const rateBp = rates[category] ?? 0;
    if (rateBp <= 0) continue;
    const a = rebateOf(total, rateBp);
    lines.push({ category, rateBp, validBet: formatAmount(total, currency), amount: formatAmount(a, currency), bets });
    amount += a;
    validBet += total;
  }
  lines.sort((x, y) => REBATE_CATEGORIES.indexOf(x.category as RebateCategory) - REBATE_CATEGORIES.indexOf(y.category as RebateCategory));
  return { lines, amount, validBet };
}

async function merchantOf(db: Executor, code: string) {
  const [m] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  return m;
}

export async function rebateSettingsOf(db: Executor, merchantCode: string) {
  const [s] = await db.select().from(rebateSettings).where(eq(rebateSettings.merchantCode, merchantCode)).limit(1);
  return s ?? { merchantCode, rates: {}, period: "daily" as RebatePeriod, minAmount: 0n, enabled: false, updatedAt: new Date(0) };
}

const ratedCategories = (rates: Partial<Record<string, number>>) => Object.entries(rates).filter(([, bp]) => (bp ?? 0) > 0).map(([c]) => c);

/** The member's bets no claim has covered yet, per category, in the categories that have a rate. */
async function unrebated(db: Executor, memberId: number, categories: string[], now: Date) {
  if (!categories.length) return new Map<string, { total: bigint; bets: number }>();
  const since = new Date(now.getTime() - REBATE_WINDOW_DAYS * 86_400_000);
  const rows = rowsOf<{ category: string; total: string; bets: string | number }>(
    await db.execute(sql`
      select b.category, sum(b.stake)::text as total, count(*) as bets
      from (${validBetsQuery({ memberId, from: since, to: now })}) as b
      where b.category in (${sql.join(categories.map((c) => sql`${c}`), sql`, `)})
        and not exists (select 1 from rebate_bets rb where rb.source_key = b.source_key)
      group by b.category`),
  );
  return new Map(rows.map((r) => [r.category, { total: BigInt(r.total), bets: Number(r.bets) }]));
}

function claimView(c: typeof rebateClaims.$inferSelect) {
  return { id: c.id, periodKey: c.periodKey, amount: formatAmount(c.amount, c.currency), validBet: formatAmount(c.validBet, c.currency), lines: c.lines, createdAt: c.createdAt.toISOString() };
}

function requireReal(member: Member) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
}

/**
 * The manual rebate page: per category the rate, the valid bets no claim has covered and their
 * rebate; the period, whether it was claimed, and the last claims.
 */
export async function rebateSummary(db: Database, member: Member, now = new Date()) {
  const merchant = await merchantOf(db, member.merchantCode);
  const cur = merchant.currency;
  const settings = await rebateSettingsOf(db, member.merchantCode);
  const period = rebatePeriod(settings.period, now);
  const [stakes, claims] = await Promise.all([
    settings.enabled ? unrebated(db, member.id, ratedCategories(settings.rates), now) : new Map<string, { total: bigint; bets: number }>(),
    db.select().from(rebateClaims).where(eq(rebateClaims.memberId, member.id)).orderBy(desc(rebateClaims.id)).limit(20),
  ]);
  const { amount, validBet } = rebateLines(stakes, settings.rates, cur);
  const claimed = claims.find((c) => c.periodKey === period.key) ?? null;
  return {
    enabled: settings.enabled,
    currency: cur,
    period: { key: period.key, kind: settings.period, from: period.from.toISOString(), to: period.to.toISOString() },
    categories: REBATE_CATEGORIES.map((category) => {
      const rateBp = settings.rates[category] ?? 0;
      const s = stakes.get(category);
      return {
        category,
        rate: rateBp > 0 ? (rateBp / 100).toString() : null,
        validBet: formatAmount(s?.total ?? 0n, cur),
        amount: formatAmount(rebateOf(s?.total ?? 0n, rateBp), cur),
        bets: s?.bets ?? 0,
      };
    }),
    validBet: formatAmount(validBet, cur),
    amount: formatAmount(amount, cur),
    minAmount: formatAmount(settings.minAmount, cur),
    claimed: claimed ? claimView(claimed) : null,
    claimable: settings.enabled && !claimed && amount > 0n && amount >= settings.minAmount,
    nextClaimAt: claimed ? period.to.toISOString() : null,
    history: claims.map(claimView),
  };
}

/**
 * Claims the rebate of every bet no claim has covered yet, once per member and period. In one
 * transaction: the claim row is inserted first (a concurrent claim of the same period waits on
 * its unique key, then finds it taken), the covered bets are marked by their keys (a bet counts
 * once, ever), the rebate is computed from exactly the bets marked, paid from the bonus account
 * (ledger key per member and period) and told in the message centre. Nothing to pay rolls it
 * all back. `periodKey` is the period the member saw: another one means the page is stale.
 */
export async function claimRebate(db: Database, member: Member, periodKey?: string, now = new Date()) {
  requireReal(member);
  const merchant = await merchantOf(db, member.merchantCode);
  const cur = merchant.currency;
  const settings = await rebateSettingsOf(db, member.merchantCode);
  const categories = ratedCategories(settings.rates);
  if (!settings.enabled || !categories.length) throw new DomainError("REBATE_OFF", "The rebate is not offered", 400);
  const period = rebatePeriod(settings.period, now);
  if (periodKey !== undefined && periodKey !== period.key) throw new DomainError("REBATE_PERIOD_CHANGED", "The period has changed, please look again", 400, { field: "period" });
  const [bonus, wallet] = await Promise.all([
    ensureAccount(db, { merchantCode: member.merchantCode, currency: cur, kind: "bonus", memberId: member.id }),
    ensureAccount(db, { merchantCode: member.merchantCode, currency: cur, kind: "member", memberId: member.id }),
  ]);
  const since = new Date(now.getTime() - REBATE_WINDOW_DAYS * 86_400_000);
  const claim = await withLedgerTx(db, async (tx) => {
    const [made] = await tx
      .insert(rebateClaims)
      .values({ merchantCode: member.merchantCode, memberId: member.id, periodKey: period.key, currency: cur })
      .onConflictDoNothing()
      .returning();
    if (!made) throw new DomainError("REBATE_ALREADY_CLAIMED", "The rebate of this period was already claimed", 409, { next: period.to.toISOString() });
    const marked = rowsOf<{ category: string; stake: string }>(
      await tx.execute(sql`
        insert into rebate_bets (source_key, claim_id, member_id, category, stake)
        select b.source_key, ${made.id}, b.member_id, b.category, b.stake
        from (${validBetsQuery({ memberId: member.id, from: since, to: now })}) as b
        where b.category in (${sql.join(categories.map((c) => sql`${c}`), sql`, `)})
          and not exists (select 1 from rebate_bets rb where rb.source_key = b.source_key)
        on conflict (source_key) do nothing
        returning category, stake::text as stake`),
    );
    const stakes = new Map<string, { total: bigint; bets: number }>();
    for (const r of marked) {
      const s = stakes.get(r.category) ?? { total: 0n, bets: 0 };
      stakes.set(r.category, { total: s.total + BigInt(r.stake), bets: s.bets + 1 });
    }
    const { lines, amount, validBet } = rebateLines(stakes, settings.rates, cur);
    if (amount <= 0n) throw new DomainError("REBATE_NOTHING_TO_CLAIM", "There is no rebate to claim yet", 400);
    if (amount < settings.minAmount) throw new DomainError("REBATE_BELOW_MINIMUM", "The rebate is below the smallest payout", 400, { min: formatAmount(settings.minAmount, cur) });
    const posted = await postTransfer(tx, {
      merchantCode: member.merchantCode,
      currency: cur,
      debitAccountId: bonus,
      creditAccountId: wallet,
      amount,
      kind: "bonus",
      key: rebateKey(member.id, period.key),
      reference: `REBATE-${period.key}`,
    });
    const [updated] = await tx.update(rebateClaims).set({ amount, validBet, lines, transferId: posted.id }).where(eq(rebateClaims.id, made.id)).returning();
    await postMessage(tx, { memberId: member.id, kind: "rebate_paid", params: { amount: formatAmount(amount, cur), currency: cur, period: period.key }, dedupeKey: `rebate:${period.key}` });
    return updated!;
  });
  return claimView(claim);
}

// ---------------------------------------------------------------- operator side

export interface RebateSettingsInput {
  /** Percent per category (1.2 = 1.2 %), at most two decimals; 0 or absent: no rebate. */
  rates?: Partial<Record<RebateCategory, number>>;
  period?: RebatePeriod;
  minAmount?: string;
  enabled?: boolean;
}

function settingsView(s: Awaited<ReturnType<typeof rebateSettingsOf>>, currency: string) {
  return {
    rates: Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, (s.rates[c] ?? 0) / 100])),
    period: s.period,
    minAmount: formatAmount(s.minAmount, currency),
    enabled: s.enabled,
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function operatorRebateSettings(db: Database, merchantCode: string) {
  const merchant = await merchantOf(db, merchantCode);
  return settingsView(await rebateSettingsOf(db, merchantCode), merchant.currency);
}

export async function putRebateSettings(db: Database, merchantCode: string, input: RebateSettingsInput) {
  const merchant = await merchantOf(db, merchantCode);
  const current = await rebateSettingsOf(db, merchantCode);
  let rates = current.rates;
  if (input.rates) {
    rates = {};
    for (const [category, percent] of Object.entries(input.rates)) {
      const bp = Math.round((percent ?? 0) * 100);
      if (!Number.isFinite(percent) || Math.abs(bp - (percent ?? 0) * 100) > 1e-6 || bp < 0 || bp > MAX_RATE_BP) {
        throw new DomainError("INVALID_REQUEST", `rates.${category}: a percentage from 0 to 10 with at most two decimals`, 400);
      }
      if (bp > 0) rates[category as RebateCategory] = bp;
    }
  }
  let minAmount = current.minAmount;
  if (input.minAmount !== undefined) {
    const v = parseAmount(input.minAmount, merchant.currency);
    if (v === null) throw new DomainError("INVALID_REQUEST", 'minAmount: an amount such as "1.00"', 400);
    minAmount = v;
  }
  const values = { merchantCode, rates, period: input.period ?? current.period, minAmount, enabled: input.enabled ?? (input.rates ? true : current.enabled), updatedAt: new Date() };
  await db.insert(rebateSettings).values(values).onConflictDoUpdate({ target: rebateSettings.merchantCode, set: { ...values, merchantCode: undefined } });
  return settingsView(values, merchant.currency);
}

export async function operatorRebateClaims(db: Database, merchantCode: string, periodKey?: string) {
  const rows = await db
    .select({ c: rebateClaims, account: members.account })
    .from(rebateClaims)
    .innerJoin(members, eq(members.id, rebateClaims.memberId))
    .where(and(eq(rebateClaims.merchantCode, merchantCode), periodKey ? eq(rebateClaims.periodKey, periodKey) : undefined))
    .orderBy(desc(rebateClaims.id))
    .limit(500);
  return rows.map(({ c, account }) => ({ ...claimView(c), account, bets: c.lines.reduce((n, l) => n + l.bets, 0) }));
}

