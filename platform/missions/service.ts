import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { maskAccount } from "../accounts/mask.js";
import { merchants } from "../system/schema.js";
import { forgetBrand, keptForBrand, localize } from "../system/service.js";
import { ensureAccount, postTransfer, withLedgerTx, type Executor } from "../ledger/service.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import { postMessage } from "../messages/service.js";
import { periodAt, type PeriodSpan } from "../contracts/maths.js";
import { rowsOf } from "../db/client.js";
import { validBetsByCategory, validBetsBySpans, validBetsQuery } from "../rounds/valid-bets.js";
import { missionClaims, missions, type MissionPeriod } from "./schema.js";

type Member = typeof members.$inferSelect;
type Mission = typeof missions.$inferSelect;

export type MissionStatus = "in_progress" | "claim" | "claimed";

/** How many members the leaderboard shows (spec §9 winners list limit). */
export const LEADERBOARD_SIZE = 20;

/** The period of a mission or leaderboard that holds `at` (a UTC day, or a week from Monday). */
export function missionPeriod(period: MissionPeriod, at: Date): PeriodSpan {
  return periodAt("DIVIDEND", period, at);
}

/** The ledger key of a mission's reward: once per mission, member and period. */
export const missionKey = (missionId: number, memberId: number, periodKey: string) => `mission:${missionId}:${memberId}:${periodKey}`;

/** A mission's progress from the valid bets per category: its category's, or all of them. */
export function progressOf(m: Pick<Mission, "category">, byCategory: Map<string, bigint>): bigint {
  if (m.category) return byCategory.get(m.category) ?? 0n;
  let sum = 0n;
  for (const v of byCategory.values()) sum += v;
  return sum;
}

export function statusOf(progress: bigint, target: bigint, claimed: boolean): MissionStatus {
  if (claimed) return "claimed";
  return progress >= target ? "claim" : "in_progress";
}

async function merchantOf(db: Executor, code: string) {
  const [m] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  return m;
}

/**
 * The missions running now, in order. A brand's enabled missions are written only through the
 * operator API (putMission), so they are kept per brand (keptForBrand) and the time window is
 * applied here: the mission badge of every member page reads none of them again.
 */
async function runningMissions(db: Executor, merchantCode: string, now: Date) {
  // An async function: a drizzle query is a thenable that runs again each time it is awaited.
  const enabled = await keptForBrand(db, merchantCode, "missions", async () =>
    db.select().from(missions).where(and(eq(missions.merchantCode, merchantCode), eq(missions.enabled, true))).orderBy(asc(missions.sort), asc(missions.id)),
  );
  return enabled.filter((m) => m.startsAt <= now && (m.endsAt === null || m.endsAt > now));
}

/** Every running mission with the member's progress this period and whether it was claimed. */
async function progressFor(db: Executor, member: Member, now: Date) {
  const rows = await runningMissions(db, member.merchantCode, now);
  if (!rows.length) return [];
  const spans = new Map<MissionPeriod, PeriodSpan>();
  for (const m of rows) if (!spans.has(m.period)) spans.set(m.period, missionPeriod(m.period, now));
  const periods = [...spans];
  const sums = await validBetsBySpans(db, member.id, periods.map(([, span]) => span));
  const bets = new Map(periods.map(([p], i) => [p, sums[i]!] as const));
  const claims = await db
    .select()
    .from(missionClaims)
    .where(and(eq(missionClaims.memberId, member.id), inArray(missionClaims.missionId, rows.map((m) => m.id)), inArray(missionClaims.periodKey, [...spans.values()].map((s) => s.key))));
  return rows.map((m) => {
    const span = spans.get(m.period)!;
    const claim = claims.find((c) => c.missionId === m.id && c.periodKey === span.key) ?? null;
    const progress = progressOf(m, bets.get(m.period)!);
    return { mission: m, span, progress, claim, status: statusOf(progress, m.target, !!claim) };
  });
}

/** The missions page: each running mission, its progress from real settled bets, its status. */
export async function memberMissions(db: Database, member: Member, language: string, now = new Date()) {
  const merchant = await merchantOf(db, member.merchantCode);
  const cur = merchant.currency;
  const list = await progressFor(db, member, now);
  return {
    currency: cur,
    missions: list.map(({ mission: m, span, progress, claim, status }) => ({
      id: m.id,
      code: m.code,
      title: localize(m.title, language, merchant.defaultLanguage),
      category: m.category,
      period: m.period,
      periodKey: span.key,
      periodEnds: span.to.toISOString(),
      target: formatAmount(m.target, cur),
      reward: formatAmount(m.reward, cur),
      progress: formatAmount(progress > m.target ? m.target : progress, cur),
      percent: m.target > 0n ? Number(((progress > m.target ? m.target : progress) * 100n) / m.target) : 100,
      status,
      claimedAt: claim?.createdAt.toISOString() ?? null,
    })),
  };
}

/** Missions the member has completed and not claimed this period: the mission badge (spec §2). */
export async function claimableMissionCount(db: Database, member: Member, now = new Date()): Promise<number> {
  if (TRIAL_TYPES.includes(member.type)) return 0;
  return (await progressFor(db, member, now)).filter((x) => x.status === "claim").length;
}

/**
 * Claims a completed mission's reward, once per period. In one transaction: the claim row is
 * inserted first (a concurrent claim waits on its unique key and then finds it taken), the
 * progress is read again, the reward is paid from the bonus account (ledger key per mission,
 * member and period) and told in the message centre. Not complete rolls it all back.
 */
export async function claimMission(db: Database, member: Member, id: number, now = new Date()) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
  const [m] = await db.select().from(missions).where(and(eq(missions.id, id), eq(missions.merchantCode, member.merchantCode))).limit(1);
  if (!m || !m.enabled || m.startsAt > now || (m.endsAt && m.endsAt <= now)) throw new DomainError("MISSION_NOT_FOUND", "No such mission", 404);
  const merchant = await merchantOf(db, member.merchantCode);
  const cur = merchant.currency;
  const span = missionPeriod(m.period, now);
  const [bonus, wallet] = await Promise.all([
    ensureAccount(db, { merchantCode: member.merchantCode, currency: cur, kind: "bonus", memberId: member.id }),
    ensureAccount(db, { merchantCode: member.merchantCode, currency: cur, kind: "member", memberId: member.id }),
  ]);
  const claim = await withLedgerTx(db, async (tx) => {
    const [made] = await tx
      .insert(missionClaims)
      .values({ missionId: m.id, memberId: member.id, merchantCode: member.merchantCode, periodKey: span.key, currency: cur })
      .onConflictDoNothing()
      .returning();
    if (!made) throw new DomainError("MISSION_ALREADY_CLAIMED", "This mission's reward was already claimed", 409);
    const progress = progressOf(m, await validBetsByCategory(tx, { memberId: member.id, from: span.from, to: span.to }));
    if (progress < m.target) throw new DomainError("MISSION_NOT_COMPLETE", "The mission is not complete yet", 400, { progress: formatAmount(progress, cur), target: formatAmount(m.target, cur) });
    const posted = await postTransfer(tx, {
      merchantCode: member.merchantCode,
      currency: cur,
      debitAccountId: bonus,
      creditAccountId: wallet,
      amount: m.reward,
      kind: "bonus",
      key: missionKey(m.id, member.id, span.key),
      reference: `MISSION-${m.code}`.slice(0, 60),
    });
    const [updated] = await tx.update(missionClaims).set({ amount: m.reward, progress, transferId: posted.id }).where(eq(missionClaims.id, made.id)).returning();
    await postMessage(tx, {
      memberId: member.id,
      kind: "mission_reward",
      params: { title: m.title, amount: formatAmount(m.reward, cur), currency: cur },
      dedupeKey: `mission:${m.id}:${span.key}`,
    });
    return updated!;
  });
  return { id: claim.id, missionId: m.id, periodKey: claim.periodKey, amount: formatAmount(claim.amount, cur), createdAt: claim.createdAt.toISOString() };
}

/**
 * The leaderboard: the members of the merchant with the most valid bets in the period, their
 * accounts masked; and the asking member's own valid bet and place (when in the list).
 */
export async function leaderboard(db: Database, merchantCode: string, period: MissionPeriod, member?: Member | null, now = new Date()) {
  const merchant = await merchantOf(db, merchantCode);
  const cur = merchant.currency;
  const span = missionPeriod(period, now);
  const rows = rowsOf<{ member_id: number | string; total: string }>(
    await db.execute(sql`
      select b.member_id, sum(b.stake)::text as total
      from (${validBetsQuery({ merchantCode, from: span.from, to: span.to })}) as b
      group by b.member_id
      order by sum(b.stake) desc, b.member_id
      limit ${LEADERBOARD_SIZE}`),
  );
  const ids = rows.map((r) => Number(r.member_id));
  const accounts = ids.length ? new Map((await db.select({ id: members.id, account: members.account }).from(members).where(inArray(members.id, ids))).map((r) => [r.id, r.account])) : new Map<number, string>();
  const top = rows.map((r, i) => ({ rank: i + 1, account: maskAccount(accounts.get(Number(r.member_id)) ?? ""), validBet: formatAmount(BigInt(r.total), cur), me: member ? Number(r.member_id) === member.id : false }));
  let me: { validBet: string; rank: number | null } | null = null;
  if (member) {
    let own = 0n;
    for (const v of (await validBetsByCategory(db, { memberId: member.id, from: span.from, to: span.to })).values()) own += v;
    const rank = top.find((t) => t.me)?.rank ?? null;
    me = { validBet: formatAmount(own, cur), rank };
  }
  return { currency: cur, period, periodKey: span.key, from: span.from.toISOString(), to: span.to.toISOString(), top, me };
}

// ---------------------------------------------------------------- operator side

export interface MissionInput {
  title: Record<string, string>;
  category?: string | null;
  period?: MissionPeriod;
  target: string;
  reward: string;
  enabled?: boolean;
  startsAt?: string;
  endsAt?: string | null;
  sort?: number;
}

function money(text: string, currency: string, field: string): bigint {
  const v = parseAmount(text, currency);
  if (v === null || v <= 0n) throw new DomainError("INVALID_REQUEST", `${field}: an amount above 0 such as "10.00"`, 400);
  return v;
}

function operatorView(m: Mission, currency: string) {
  return {
    id: m.id,
    code: m.code,
    title: m.title,
    category: m.category,
    period: m.period,
    target: formatAmount(m.target, currency),
    reward: formatAmount(m.reward, currency),
    enabled: m.enabled,
    startsAt: m.startsAt.toISOString(),
    endsAt: m.endsAt?.toISOString() ?? null,
    sort: m.sort,
  };
}

export async function putMission(db: Database, merchantCode: string, code: string, input: MissionInput) {
  const merchant = await merchantOf(db, merchantCode);
  const cur = merchant.currency;
  const values = {
    merchantCode,
    code,
    title: input.title,
    category: input.category ?? null,
    period: input.period ?? "weekly",
    target: money(input.target, cur, "target"),
    reward: money(input.reward, cur, "reward"),
    enabled: input.enabled ?? true,
    startsAt: input.startsAt ? new Date(input.startsAt) : new Date(),
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    sort: input.sort ?? 0,
  };
  if (values.endsAt && values.endsAt <= values.startsAt) throw new DomainError("INVALID_REQUEST", "endsAt: after startsAt", 400);
  const [row] = await db
    .insert(missions)
    .values(values)
    .onConflictDoUpdate({ target: [missions.merchantCode, missions.code], set: { ...values, merchantCode: undefined, code: undefined } })
    .returning();
  forgetBrand(db, merchantCode); // the kept running missions (runningMissions)
  return operatorView(row!, cur);
}

export async function operatorMissions(db: Database, merchantCode: string) {
  const merchant = await merchantOf(db, merchantCode);
  const rows = await db.select().from(missions).where(eq(missions.merchantCode, merchantCode)).orderBy(asc(missions.sort), asc(missions.id));
  return rows.map((m) => operatorView(m, merchant.currency));
}

export async function operatorMissionClaims(db: Database, merchantCode: string, missionCode: string) {
  const rows = await db
    .select({ c: missionClaims, account: members.account })
    .from(missionClaims)
    .innerJoin(missions, eq(missions.id, missionClaims.missionId))
    .innerJoin(members, eq(members.id, missionClaims.memberId))
    .where(and(eq(missions.merchantCode, merchantCode), eq(missions.code, missionCode)))
    .orderBy(desc(missionClaims.id))
    .limit(500);
  return rows.map(({ c, account }) => ({ id: c.id, account, periodKey: c.periodKey, amount: formatAmount(c.amount, c.currency), progress: formatAmount(c.progress, c.currency), createdAt: c.createdAt.toISOString() }));
}
