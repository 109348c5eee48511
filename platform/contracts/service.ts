import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { members } from "../accounts/schema.js";
import { AGENT_TYPES } from "../accounts/service.js";
import { setAgentType } from "../agents/service.js";
import { merchants } from "../system/schema.js";
import { forgetBrand, keptForBrand } from "../system/service.js";
import { DomainError } from "../http/envelope.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import { agentContractEvents, agentContractLimits, agentContracts, agentModules, type StoredTier } from "./schema.js";
import { DIVIDEND_PERIODS, formatRate, parseRate, SCHEMES, THRESHOLDS, topRate, validateTiers, type DividendPeriod, type Scheme, type Tier, type TierIssue } from "./maths.js";

type Member = typeof members.$inferSelect;
type Contract = typeof agentContracts.$inferSelect;

/** Tier as it comes in from a form or the operator API: amounts as decimal strings, rate as a percent. */
export interface TierInput {
  validBet?: string;
  profitLoss?: string;
  activeMembers?: string | number;
  betAmount?: string;
  rate: string;
}

const MODULE_FLAGS = ["enableCt", "salary", "hourSalary", "agentRealtimeSalary", "enableSalary", "enableContract"] as const;
export type ModuleFlags = Record<(typeof MODULE_FLAGS)[number], boolean>;

/**
 * A brand's agent module flags: written only through the operator API (setAgentModules), so kept
 * per brand (keptForBrand); the contract badge of every member page reads them.
 */
export function agentModulesOf(db: Database, merchantCode: string): Promise<ModuleFlags> {
  return keptForBrand(db, merchantCode, "agentModules", () => readAgentModules(db, merchantCode));
}

async function readAgentModules(db: Database, merchantCode: string): Promise<ModuleFlags> {
  const [row] = await db.select().from(agentModules).where(eq(agentModules.merchantCode, merchantCode)).limit(1);
  return Object.fromEntries(MODULE_FLAGS.map((f) => [f, row?.[f] ?? false])) as ModuleFlags;
}

export async function setAgentModules(db: Database, merchantCode: string, flags: Partial<ModuleFlags>): Promise<ModuleFlags> {
  const [m] = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  const current = await readAgentModules(db, merchantCode);
  const next = { ...current, ...flags };
  await db.insert(agentModules).values({ merchantCode, ...next }).onConflictDoUpdate({ target: agentModules.merchantCode, set: next });
  forgetBrand(db, merchantCode);
  return next;
}

/** The scheme a flag enables: a contract of a scheme whose module is off cannot be offered. */
export const SCHEME_FLAG: Record<Scheme, keyof ModuleFlags> = {
  DAILY_SALARY: "salary",
  HOURLY_SALARY: "hourSalary",
  REALTIME_SALARY: "agentRealtimeSalary",
  DIVIDEND: "enableCt",
};

export function toStored(t: Tier): StoredTier {
  const s: StoredTier = { rate: t.rate };
  for (const f of THRESHOLDS) if (t[f] !== undefined) (s as unknown as Record<string, unknown>)[f] = f === "activeMembers" ? t[f] : String(t[f]);
  return s;
}

export function fromStored(s: StoredTier): Tier {
  return {
    rate: s.rate,
    ...(s.validBet !== undefined ? { validBet: BigInt(s.validBet) } : {}),
    ...(s.profitLoss !== undefined ? { profitLoss: BigInt(s.profitLoss) } : {}),
    ...(s.activeMembers !== undefined ? { activeMembers: s.activeMembers } : {}),
    ...(s.betAmount !== undefined ? { betAmount: BigInt(s.betAmount) } : {}),
  };
}

/** Tiers as the API and pages show them: decimal strings and a percent rate. */
export function tierView(s: StoredTier, currency: string) {
  return {
    ...(s.validBet !== undefined ? { validBet: formatAmount(BigInt(s.validBet), currency) } : {}),
    ...(s.profitLoss !== undefined ? { profitLoss: formatAmount(BigInt(s.profitLoss), currency) } : {}),
    ...(s.activeMembers !== undefined ? { activeMembers: s.activeMembers } : {}),
    ...(s.betAmount !== undefined ? { betAmount: formatAmount(BigInt(s.betAmount), currency) } : {}),
    rate: formatRate(s.rate),
  };
}

function invalidTier(issue: TierIssue | { index: number; field: string; code: string }): DomainError {
  return new DomainError("INVALID_TIER", `tiers.${issue.index}.${issue.field}: ${issue.code}`, 400, { field: `tiers[${issue.index}].${issue.field}`, reason: issue.code });
}

/** Parses decimal-string tiers; the first malformed value is refused with its field. */
export function parseTiers(input: TierInput[], currency: string): Tier[] {
  if (!Array.isArray(input) || !input.length) throw invalidTier({ index: 0, field: "tiers", code: "NO_TIERS" });
  return input.map((t, index) => {
    const tier: Tier = { rate: 0 };
    const rate = parseRate(String(t.rate ?? ""));
    if (rate === null) throw invalidTier({ index, field: "rate", code: "OUT_OF_RANGE" });
    tier.rate = rate;
    for (const f of ["validBet", "profitLoss", "betAmount"] as const) {
      const v = t[f];
      if (v === undefined || v === null || v === "") continue;
      const a = parseAmount(String(v), currency);
      if (a === null) throw invalidTier({ index, field: f, code: "OUT_OF_RANGE" });
      tier[f] = a;
    }
    const am = t.activeMembers;
    if (am !== undefined && am !== null && am !== "") {
      const n = /^\d{1,7}$/.test(String(am).trim()) ? Number(String(am).trim()) : NaN;
      if (!Number.isSafeInteger(n) || n > 1_000_000) throw invalidTier({ index, field: "activeMembers", code: "OUT_OF_RANGE" });
      tier.activeMembers = n;
    }
    return tier;
  });
}

async function memberByAccount(db: Database, merchantCode: string, account: string): Promise<Member | null> {
  const [m] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.account, account.trim().toLowerCase())))
    .limit(1);
  return m ?? null;
}

export async function memberOrFail(db: Database, merchantCode: string, account: string, field = "account"): Promise<Member> {
  const m = await memberByAccount(db, merchantCode, account);
  if (!m) throw new DomainError("MEMBER_NOT_FOUND", "No such member", 404, { field });
  return m;
}

/**
 * The highest rate `upline` may give in `scheme`: its own accepted contract's top rate, or,
 * for a top-level agent without one, the operator's limit; 0 when neither exists.
 */
export async function rateCap(db: Database, upline: Member, scheme: Scheme): Promise<number> {
  const [own] = await db
    .select({ topRate: agentContracts.topRate })
    .from(agentContracts)
    .where(and(eq(agentContracts.downlineId, upline.id), eq(agentContracts.scheme, scheme), eq(agentContracts.status, "ACTIVE")))
    .orderBy(desc(agentContracts.id))
    .limit(1);
  if (own) return own.topRate;
  const [limit] = await db
    .select({ maxRate: agentContractLimits.maxRate })
    .from(agentContractLimits)
    .where(and(eq(agentContractLimits.memberId, upline.id), eq(agentContractLimits.scheme, scheme)))
    .limit(1);
  return limit?.maxRate ?? 0;
}

/**
 * The operator's one call for an agent (`PUT …/agents/{account}`, also served at the older
 * `…/members/{account}/agent`): its type, its rebate (never above its upline's) and the top
 * rates it may give while it has no contract of its own.
 */
export async function setAgent(db: Database, merchantCode: string, account: string, input: { type?: number; rebate?: string; limits?: Partial<Record<Scheme, string>> }) {
  const rates = Object.entries(input.limits ?? {}).map(([scheme, text]) => {
    const rate = parseRate(String(text));
    if (rate === null) throw new DomainError("INVALID_REQUEST", `limits.${scheme}: a rate from 0.01 to 100`, 400);
    return { scheme, rate };
  });
  const base = await setAgentType(db, merchantCode, account, { type: input.type, rebate: input.rebate });
  const m = await memberOrFail(db, merchantCode, account);
  for (const { scheme, rate } of rates) {
    await db
      .insert(agentContractLimits)
      .values({ memberId: m.id, scheme, maxRate: rate })
      .onConflictDoUpdate({ target: [agentContractLimits.memberId, agentContractLimits.scheme], set: { maxRate: rate } });
  }
  const limits = await db.select().from(agentContractLimits).where(eq(agentContractLimits.memberId, m.id));
  return { ...base, limits: Object.fromEntries(limits.map((l) => [l.scheme, formatRate(l.maxRate)])) };
}

export interface OfferInput {
  downline: string;
  scheme: string;
  period?: string | null;
  tiers: TierInput[];
  /** The offerer saw the list of contracts that end automatically and agreed. */
  confirmAutoEnd?: boolean;
}

/** Contracts `downline` gave its own downlines that a contract of `rate` would end (spec §4). */
async function contractsEndedBy(db: Database, downlineId: number, scheme: Scheme, rate: number) {
  return db
    .select({ id: agentContracts.id, downlineId: agentContracts.downlineId, topRate: agentContracts.topRate, status: agentContracts.status, account: members.account })
    .from(agentContracts)
    .innerJoin(members, eq(members.id, agentContracts.downlineId))
    .where(
      and(
        eq(agentContracts.uplineId, downlineId),
        eq(agentContracts.scheme, scheme),
        inArray(agentContracts.status, ["PENDING", "ACTIVE"]),
        sql`${agentContracts.topRate} > ${rate}`,
      ),
    )
    .orderBy(asc(agentContracts.id));
}

function checkScheme(scheme: string, period: string | null | undefined): { scheme: Scheme; period: DividendPeriod | null } {
  if (!(SCHEMES as readonly string[]).includes(scheme)) throw new DomainError("INVALID_SCHEME", "Unknown contract scheme", 400, { field: "scheme" });
  const s = scheme as Scheme;
  if (s !== "DIVIDEND") return { scheme: s, period: null };
  const p = period ?? "monthly";
  if (!(DIVIDEND_PERIODS as readonly string[]).includes(p)) throw new DomainError("INVALID_PERIOD", "Unknown dividend period", 400, { field: "period" });
  return { scheme: s, period: p as DividendPeriod };
}

/**
 * An upline offers a contract to a DIRECT downline. Refused, with nothing written: a member
 * who is not a direct downline, tiers out of order, a rate above the upline's own, or (until
 * the offerer confirms) contracts that the new rate would end automatically; that refusal
 * lists them (`CONFIRM_AUTO_END`), the confirmation step of spec §4.
 */
export async function offerContract(db: Database, upline: Member, input: OfferInput, actor: { memberId: number | null; account: string; by?: "upline" | "operator" }) {
  const { scheme, period } = checkScheme(input.scheme, input.period);
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, upline.merchantCode)).limit(1);
  if (!merchant) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  if (!AGENT_TYPES.includes(upline.type)) throw new DomainError("NOT_AGENT", "Non-agents cannot offer contracts", 403);
  const downline = await memberByAccount(db, upline.merchantCode, input.downline);
  if (!downline || downline.uplineId !== upline.id) throw new DomainError("NOT_DIRECT_DOWNLINE", "Only a direct downline of yours can get a contract", 400, { field: "downline" });
  const tiers = parseTiers(input.tiers, merchant.currency);
  const cap = await rateCap(db, upline, scheme);
  const issues = validateTiers(tiers, cap);
  if (issues.length) throw invalidTier(issues[0]!);
  const rate = topRate(tiers);
  const ending = await contractsEndedBy(db, downline.id, scheme, rate);
  if (ending.length && !input.confirmAutoEnd) {
    throw new DomainError("CONFIRM_AUTO_END", "These contracts end when the new one is accepted", 409, {
      field: "confirmAutoEnd",
      contracts: ending.map((c) => ({ id: c.id, downline: c.account, rate: formatRate(c.topRate), status: c.status })),
    });
  }
  const stored = tiers.map(toStored);
  return db.transaction(async (tx) => {
    // One offer at a time per downline: a pending one of the same scheme is superseded.
    await tx.execute(sql`select id from members where id = ${downline.id} for update`);
    const pending = await tx
      .update(agentContracts)
      .set({ status: "ENDED", endedAt: new Date() })
      .where(and(eq(agentContracts.downlineId, downline.id), eq(agentContracts.scheme, scheme), eq(agentContracts.status, "PENDING")))
      .returning();
    for (const p of pending) {
      await tx.insert(agentContractEvents).values({ contractId: p.id, action: "SUPERSEDED", actorId: actor.memberId, actorAccount: actor.account, terms: { scheme, period: p.period, tiers: p.tiers } });
    }
    const [row] = await tx
      .insert(agentContracts)
      .values({
        merchantCode: upline.merchantCode,
        uplineId: upline.id,
        downlineId: downline.id,
        scheme,
        period,
        tiers: stored,
        topRate: rate,
        endsContractIds: ending.map((c) => c.id),
        offeredBy: actor.by ?? "upline",
      })
      .returning();
    await tx.insert(agentContractEvents).values({ contractId: row!.id, action: "OFFER", actorId: actor.memberId, actorAccount: actor.account, terms: { scheme, period, tiers: stored } });
    return { id: row!.id, status: row!.status, endsContracts: ending.map((c) => c.id) };
  });
}

export type Intent = "accept" | "reject" | "terminate";

/**
 * A decision by plain form: the downline accepts or rejects a pending offer; either party ends
 * an accepted one (terminate). A contract not one's own, or already decided, is refused with
 * nothing written. Accepting ends the downline's older contract of the scheme and, as the
 * offerer confirmed, the contracts it gave its own downlines above the new rate.
 */
export async function decide(db: Database, member: Member, contractId: number, intent: Intent) {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(agentContracts).where(eq(agentContracts.id, contractId)).for("update");
    if (!c || c.merchantCode !== member.merchantCode || (c.downlineId !== member.id && c.uplineId !== member.id)) {
      throw new DomainError("CONTRACT_NOT_FOUND", "No such contract of yours", 404, { field: "contractId" });
    }
    const now = new Date();
    const terms = { scheme: c.scheme, period: c.period, tiers: c.tiers };
    const event = async (contract: Contract, action: string, actorId: number | null, actorAccount: string, note = "") =>
      tx.insert(agentContractEvents).values({ contractId: contract.id, action, actorId, actorAccount, terms: { scheme: contract.scheme, period: contract.period, tiers: contract.tiers }, note, at: now });
    if (intent === "terminate") {
      if (c.status !== "ACTIVE" && !(c.status === "PENDING" && c.uplineId === member.id)) {
        throw new DomainError("CONTRACT_DECIDED", "This contract can no longer be changed", 409, { field: "contractId", status: c.status });
      }
      await tx.update(agentContracts).set({ status: "TERMINATED", endedAt: now }).where(eq(agentContracts.id, c.id));
      await event(c, "TERMINATE", member.id, member.account);
      return { id: c.id, status: "TERMINATED" };
    }
    if (c.downlineId !== member.id) throw new DomainError("CONTRACT_NOT_FOUND", "No such contract of yours", 404, { field: "contractId" });
    if (c.status !== "PENDING") throw new DomainError("CONTRACT_DECIDED", "This contract was already decided", 409, { field: "contractId", status: c.status });
    if (intent === "reject") {
      await tx.update(agentContracts).set({ status: "REJECTED", endedAt: now }).where(eq(agentContracts.id, c.id));
      await event(c, "REJECT", member.id, member.account);
      return { id: c.id, status: "REJECTED" };
    }
    // The upline's own rate may have dropped since the offer: the rule holds at acceptance too.
    const [upline] = await tx.select().from(members).where(eq(members.id, c.uplineId));
    const cap = await rateCap(tx as unknown as Database, upline!, c.scheme as Scheme);
    if (c.topRate > cap) throw new DomainError("RATE_ABOVE_UPLINE", "The rate is above your upline's own", 409, { field: "contractId" });
    const older = await tx
      .update(agentContracts)
      .set({ status: "ENDED", endedAt: now })
      .where(and(eq(agentContracts.downlineId, member.id), eq(agentContracts.scheme, c.scheme), eq(agentContracts.status, "ACTIVE")))
      .returning();
    for (const o of older) await event(o, "SUPERSEDED", null, "", `#${c.id}`);
    const ended = await tx
      .update(agentContracts)
      .set({ status: "ENDED", endedAt: now })
      .where(
        and(
          eq(agentContracts.uplineId, member.id),
          eq(agentContracts.scheme, c.scheme),
          inArray(agentContracts.status, ["PENDING", "ACTIVE"]),
          sql`${agentContracts.topRate} > ${c.topRate}`,
        ),
      )
      .returning();
    for (const e of ended) await event(e, "AUTO_END", null, "", `#${c.id}`);
    await tx.update(agentContracts).set({ status: "ACTIVE", acceptedAt: now }).where(eq(agentContracts.id, c.id));
    await tx.insert(agentContractEvents).values({ contractId: c.id, action: "ACCEPT", actorId: member.id, actorAccount: member.account, terms, at: now });
    return { id: c.id, status: "ACTIVE", endedContracts: ended.map((e) => e.id) };
  });
}

/** Contracts with both parties' accounts and their history, as the API shows them. */
export async function contractViews(db: Database, where: ReturnType<typeof and>, currency: string, limit = 200) {
  const up = sql<string>`(select u.account from members u where u.id = "agent_contracts"."upline_id")`;
  const down = sql<string>`(select d.account from members d where d.id = "agent_contracts"."downline_id")`;
  const rows = await db
    .select({ c: agentContracts, upline: up, downline: down })
    .from(agentContracts)
    .where(where)
    .orderBy(desc(agentContracts.id))
    .limit(limit);
  const ids = rows.map((r) => r.c.id);
  const events = ids.length ? await db.select().from(agentContractEvents).where(inArray(agentContractEvents.contractId, ids)).orderBy(asc(agentContractEvents.id)) : [];
  const endsIds = [...new Set(rows.flatMap((r) => r.c.endsContractIds))];
  const endsRows = endsIds.length
    ? await db.select({ id: agentContracts.id, topRate: agentContracts.topRate, account: members.account }).from(agentContracts).innerJoin(members, eq(members.id, agentContracts.downlineId)).where(inArray(agentContracts.id, endsIds))
    : [];
  return rows.map(({ c, upline, downline }) => ({
    id: c.id,
    upline,
    downline,
    scheme: c.scheme,
    period: c.period,
    tiers: c.tiers.map((t) => tierView(t, currency)),
    rate: formatRate(c.topRate),
    status: c.status,
    offeredBy: c.offeredBy,
    endsContracts: endsRows.filter((e) => c.endsContractIds.includes(e.id)).map((e) => ({ id: e.id, downline: e.account, rate: formatRate(e.topRate) })),
    createdAt: c.createdAt.toISOString(),
    acceptedAt: c.acceptedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
    history: events
      .filter((e) => e.contractId === c.id)
      .map((e) => ({ action: e.action, actor: e.actorAccount || null, at: e.at.toISOString(), note: e.note, tiers: e.terms.tiers.map((t) => tierView(t, currency)) })),
  }));
}

async function currencyOf(db: Database, merchantCode: string) {
  const [m] = await db.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  return m.currency;
}

/** The member's contracts: those offered to them (pending first) and those they gave. */
export async function myContracts(db: Database, member: Member) {
  const currency = await currencyOf(db, member.merchantCode);
  const [mine, given, flags, cap] = await Promise.all([
    contractViews(db, and(eq(agentContracts.downlineId, member.id)), currency),
    contractViews(db, and(eq(agentContracts.uplineId, member.id)), currency),
    agentModulesOf(db, member.merchantCode),
    Promise.all(SCHEMES.map(async (s) => [s, formatRate(await rateCap(db, member, s))] as const)),
  ]);
  return {
    currency,
    isAgent: AGENT_TYPES.includes(member.type),
    pending: mine.filter((c) => c.status === "PENDING"),
    mine,
    given,
    modules: flags,
    caps: Object.fromEntries(cap),
  };
}

/** Spec §3 consolidated contract info: pending requests per scheme, the info flags, the shell's two flags. */
export async function consolidatedInfo(db: Database, member: Member) {
  const flags = await agentModulesOf(db, member.merchantCode);
  const rows = await db
    .select({ scheme: agentContracts.scheme, status: agentContracts.status, n: sql<number>`count(*)::int` })
    .from(agentContracts)
    .where(and(eq(agentContracts.downlineId, member.id), inArray(agentContracts.status, ["PENDING", "ACTIVE"])))
    .groupBy(agentContracts.scheme, agentContracts.status);
  const count = (scheme: Scheme, status: string) => rows.find((r) => r.scheme === scheme && r.status === status)?.n ?? 0;
  return {
    dailysalreqtype: count("DAILY_SALARY", "PENDING") > 0,
    divtypereq: count("DIVIDEND", "PENDING") > 0,
    contracthoursalreq: count("HOURLY_SALARY", "PENDING") > 0,
    realtimesalreqtype: count("REALTIME_SALARY", "PENDING") > 0,
    dailySalaryInfo: count("DAILY_SALARY", "ACTIVE") > 0,
    hourSalaryInfo: count("HOURLY_SALARY", "ACTIVE") > 0,
    realtimeSalaryInfo: count("REALTIME_SALARY", "ACTIVE") > 0,
    dividendInfo: count("DIVIDEND", "ACTIVE") > 0,
    pending: SCHEMES.reduce((n, s) => n + count(s, "PENDING"), 0),
    ...flags,
  };
}

/** The operator's list: filter by scheme, status or member account. */
export async function listContracts(db: Database, merchantCode: string, q: { scheme?: string; status?: string; account?: string }) {
  const currency = await currencyOf(db, merchantCode);
  const m = q.account ? await memberByAccount(db, merchantCode, q.account) : null;
  if (q.account && !m) return { currency, contracts: [] };
  return {
    currency,
    contracts: await contractViews(
      db,
      and(
        eq(agentContracts.merchantCode, merchantCode),
        q.scheme ? eq(agentContracts.scheme, q.scheme) : undefined,
        q.status ? eq(agentContracts.status, q.status) : undefined,
        m ? sql`(${agentContracts.uplineId} = ${m.id} or ${agentContracts.downlineId} = ${m.id})` : undefined,
      ),
      currency,
      500,
    ),
  };
}
