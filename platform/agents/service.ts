import { and, asc, count, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { rowsOf } from "../db/client.js";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { createMember, fieldRules, type FieldFailures } from "../accounts/service.js";

type Failures = Record<string, FieldFailures[string] | RebateFailure>;
import { checkPassword } from "../accounts/passwords.js";
import { checkField, passwordRule, type FieldRule } from "../accounts/patterns.js";
import { formatAmount } from "../ledger/money.js";
import { merchantOf } from "../payments/service.js";
import { notices } from "../system/schema.js";
import { localize } from "../system/service.js";
import { downlineFigures, isAgentType, teamDepth, teamFigures, type TeamFigures } from "./team.js";

type Member = typeof members.$inferSelect;

/** Ledger kinds an agent earns by (contracts pay `commission`, `salary` or `dividend`). */
export const INCOME_KINDS = ["commission", "salary", "dividend"];
/** Notices of this type are the agent announcements (agentAnnouncement). */
export const AGENT_NOTICE_TYPE = "AG";
/** Rebates are basis points: 10000 = 100%. No one gets more than 10%. */
export const MAX_REBATE_BP = 1000;

/** The platform's refusal for anyone who is not an agent (spec §6). */
export function requireAgentMember(member: Member): Member {
  if (!isAgentType(member.type)) throw new DomainError("NOT_AGENT", "Non-agents cannot use the agent centre", 403);
  return member;
}

export interface Period {
  from: Date;
  to: Date;
}

export function figuresView(f: TeamFigures, currency: string) {
  return {
    members: f.members,
    newMembers: f.newMembers,
    activeMembers: f.activeMembers,
    deposits: formatAmount(f.deposits, currency),
    withdrawals: formatAmount(f.withdrawals, currency),
    betAmount: formatAmount(f.betAmount, currency),
    validBet: formatAmount(f.validBet, currency),
    wins: formatAmount(f.wins, currency),
    profitLoss: formatAmount(f.profitLoss, currency),
  };
}

/** What the agent earned in a period: credits of the income kinds to its own wallets. */
export async function agentIncome(db: Database, agent: Member, period: Period): Promise<bigint> {
  const [row] = rowsOf<{ s: string }>(
    await db.execute(sql`
      select coalesce(sum(tr.amount), 0)::text as s
      from ledger_accounts a join ledger_transfers tr on tr.credit_account_id = a.id
      where a.member_id = ${agent.id} and a.kind = 'member' and a.merchant_code = ${agent.merchantCode}
        and tr.kind in (${sql.join(INCOME_KINDS.map((k) => sql`${k}`), sql`, `)})
        and tr.created_at >= ${period.from.toISOString()} and tr.created_at < ${period.to.toISOString()}`),
  );
  return BigInt(row?.s ?? "0");
}

/** agentTeamOverview: the team's figures and the agent's income over a period. */
export async function teamOverview(db: Database, agent: Member, period: Period) {
  requireAgentMember(agent);
  const merchant = await merchantOf(db, agent.merchantCode);
  const [figures, income] = await Promise.all([
    teamFigures(db, { merchantCode: agent.merchantCode, agentId: agent.id, from: period.from, to: period.to }),
    agentIncome(db, agent, period),
  ]);
  return { currency: merchant.currency, ...figuresView(figures, merchant.currency), income: formatAmount(income, merchant.currency) };
}

function rebateText(bp: number) {
  return (bp / 100).toFixed(2);
}

/** Parses a rebate in percent ("1.2", "0.85") into basis points; null when it is not one. */
export function parseRebate(text: string | undefined | null): number | null {
  const t = (text ?? "").trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ""] = t.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

function memberRow(m: Member, depth: number) {
  return {
    id: m.id,
    account: m.account,
    nickname: m.nickname,
    type: m.type,
    isAgent: isAgentType(m.type),
    depth,
    rebate: rebateText(m.rebateBp),
    createdAt: m.createdAt.toISOString(),
  };
}

/** The agent's own rebate and invitation (registerCenter). The affiliate code is the referral code. */
export async function agentProfile(db: Database, agent: Member) {
  requireAgentMember(agent);
  const [direct] = await db.select({ n: count() }).from(members).where(eq(members.uplineId, agent.id));
  return { account: agent.account, type: agent.type, rebate: rebateText(agent.rebateBp), affiliateCode: agent.referralCode, directDownlines: direct?.n ?? 0 };
}

const USERNAME_DEFAULT: FieldRule = { field: "username", acceptedPattern: "*", patternId: "LETTER_FIRST_ALNUM", minLength: 6, maxLength: 16, enabled: true, required: true };

export interface NewDownline {
  username: string;
  password: string;
  /** player (type 0) or agent (type 1). */
  kind: "player" | "agent";
  /** Percent, e.g. "0.8". */
  rebate: string;
}

/** registerCenter: an agent creates a direct downline (the tree is kept by the database's trigger). */
export async function createDownline(db: Database, agent: Member, input: NewDownline) {
  requireAgentMember(agent);
  const rules = await fieldRules(db, { code: agent.merchantCode });
  const failures: Failures = {};
  const username = rules.find((r) => r.field === "username") ?? USERNAME_DEFAULT;
  const uf = checkField({ ...username, enabled: true, required: true }, input.username);
  if (uf) failures.username = uf;
  const pf = checkPassword(passwordRule(rules), input.password);
  if (pf) failures.password = pf;
  const rebate = parseRebate(input.rebate);
  const rebateFailure = rebateProblem(rebate, agent.rebateBp, 0);
  if (rebateFailure) failures.rebate = rebateFailure;
  if (input.kind !== "player" && input.kind !== "agent") failures.kind = { kind: "required" };
  const account = (input.username ?? "").trim().toLowerCase();
  if (!failures.username) {
    const [taken] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, agent.merchantCode), eq(members.account, account)))
      .limit(1);
    if (taken) failures.username = { kind: "taken" };
  }
  if (Object.keys(failures).length) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: failures });
  let made;
  try {
    made = await createMember(db, { code: agent.merchantCode }, { account, password: input.password, type: input.kind === "agent" ? 1 : 0, uplineId: agent.id });
  } catch (e) {
    if (e instanceof DomainError && e.code === "ACCOUNT_TAKEN") throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { username: { kind: "taken" } } });
    throw e;
  }
  await db.update(members).set({ rebateBp: rebate! }).where(eq(members.id, made.id));
  return { id: made.id, account: made.account, type: made.type, rebate: rebateText(rebate!) };
}

type RebateFailure = { kind: "rebate_format" } | { kind: "rebate_above"; max: string } | { kind: "rebate_below"; min: string };

/** A rebate is refused when it is no number, above the agent's own, or below what the member already gives its own downlines. */
function rebateProblem(rebate: number | null, max: number, min: number): RebateFailure | null {
  if (rebate === null || rebate > MAX_REBATE_BP) return { kind: "rebate_format" };
  if (rebate > max) return { kind: "rebate_above", max: rebateText(max) };
  if (rebate < min) return { kind: "rebate_below", min: rebateText(min) };
  return null;
}

async function downlineOf(db: Database, agent: Member, account: string): Promise<{ member: Member; depth: number }> {
  const [m] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, agent.merchantCode), eq(members.account, (account ?? "").trim().toLowerCase().slice(0, 40))))
    .limit(1);
  const depth = m ? await teamDepth(db, agent.id, m.id) : null;
  if (!m || depth === null) throw new DomainError("NOT_YOUR_DOWNLINE", "This member is not in your team", 404, { field: "account" });
  return { member: m, depth };
}

/** One downline's detail (downlineManagmentView): who, where, its team and figures in the period. */
export async function downlineDetail(db: Database, agent: Member, account: string, period: Period) {
  requireAgentMember(agent);
  const { member, depth } = await downlineOf(db, agent, account);
  const merchant = await merchantOf(db, agent.merchantCode);
  const [own, team, [direct], [upline], maxChild] = await Promise.all([
    teamFigures(db, { merchantCode: agent.merchantCode, agentId: member.id, from: period.from, to: period.to, includeSelf: true, maxDepth: 0 }),
    teamFigures(db, { merchantCode: agent.merchantCode, agentId: member.id, from: period.from, to: period.to }),
    db.select({ n: count() }).from(members).where(eq(members.uplineId, member.id)),
    member.uplineId ? db.select({ account: members.account }).from(members).where(eq(members.id, member.uplineId)).limit(1) : Promise.resolve([]),
    maxDownlineRebate(db, member.id),
  ]);
  return {
    currency: merchant.currency,
    member: { ...memberRow(member, depth), upline: upline?.account ?? null, directDownlines: direct?.n ?? 0 },
    /** The rebate may be set on direct downlines only, between these bounds. */
    rebateEditable: depth === 1,
    rebateMin: rebateText(maxChild),
    rebateMax: rebateText(agent.rebateBp),
    own: figuresView(own, merchant.currency),
    team: figuresView(team, merchant.currency),
  };
}

async function maxDownlineRebate(db: Database, memberId: number): Promise<number> {
  const [row] = await db.select({ m: sql<number | null>`max(${members.rebateBp})` }).from(members).where(eq(members.uplineId, memberId));
  return Number(row?.m ?? 0);
}

/** Sets a direct downline's rebate: never above the agent's own, never below its own downlines' highest. */
export async function setDownlineRebate(db: Database, agent: Member, account: string, rebateText_: string) {
  requireAgentMember(agent);
  const { member, depth } = await downlineOf(db, agent, account);
  if (depth !== 1) throw new DomainError("NOT_DIRECT_DOWNLINE", "Only a direct downline's rebate can be set", 400, { fields: { rebate: { kind: "not_direct" } } });
  const rebate = parseRebate(rebateText_);
  const failure = rebateProblem(rebate, agent.rebateBp, await maxDownlineRebate(db, member.id));
  if (failure) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { rebate: failure } });
  await db.update(members).set({ rebateBp: rebate! }).where(eq(members.id, member.id));
  return { account: member.account, rebate: rebateText(rebate!) };
}

/** downlineManagmentView and palStatementsAgentCopy: members of the team with their figures, paged. */
export async function listDownlines(
  db: Database,
  agent: Member,
  q: { period: Period; account?: string; depth?: number; per?: "member" | "team"; pageNo: number; pageSize: number },
) {
  requireAgentMember(agent);
  const merchant = await merchantOf(db, agent.merchantCode);
  const page = await downlineFigures(db, {
    merchantCode: agent.merchantCode,
    agentId: agent.id,
    from: q.period.from,
    to: q.period.to,
    account: q.account,
    depth: q.depth,
    per: q.per,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  });
  return {
    currency: merchant.currency,
    pageNum: page.pageNo,
    totalPages: page.totalPages,
    total: page.total,
    content: page.rows.map((r) => ({
      id: r.memberId,
      account: r.account,
      type: r.type,
      isAgent: isAgentType(r.type),
      depth: r.depth,
      rebate: rebateText(r.rebateBp),
      createdAt: r.createdAt.toISOString(),
      ...figuresView(r, merchant.currency),
    })),
  };
}

// Team bets and team transactions (keyset lists): team-lists.ts.

/** agentAnnouncement: the operator's notices for agents (type AG), newest first. */
export async function agentAnnouncements(db: Database, agent: Member, language: string, pageNo: number, pageSize: number) {
  requireAgentMember(agent);
  const merchant = await merchantOf(db, agent.merchantCode);
  const now = new Date();
  const where = and(
    eq(notices.merchantCode, agent.merchantCode),
    eq(notices.type, AGENT_NOTICE_TYPE),
    lte(notices.startsAt, now),
    or(isNull(notices.endsAt), gt(notices.endsAt, now)),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(notices).where(where).orderBy(asc(notices.sort), desc(notices.startsAt)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return {
    pageNum: pageNo,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)),
    content: rows.map((n) => ({
      id: n.id,
      title: localize(n.title, language, merchant.defaultLanguage),
      content: localize(n.content, language, merchant.defaultLanguage),
      startsAt: n.startsAt.toISOString(),
    })),
  };
}

/** `/wps/agent/affiliate` (public): is this an affiliate code of this merchant, and is its owner an agent? */
export async function affiliateLookup(db: Database, merchantCode: string, code: string) {
  const c = (code ?? "").trim().toUpperCase().slice(0, 40);
  if (!c) return { code: c, valid: false, agent: false };
  const [m] = await db
    .select({ type: members.type })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.referralCode, c)))
    .limit(1);
  return { code: c, valid: !!m, agent: m ? isAgentType(m.type) : false };
}

/** Operator: make a member an agent (or not) and set its rebate. */
export async function setAgentType(db: Database, merchantCode: string, account: string, input: { type?: number; rebate?: string }) {
  const [m] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.account, account.trim().toLowerCase())))
    .limit(1);
  if (!m) throw new DomainError("MEMBER_NOT_FOUND", "No such member", 404);
  const set: Partial<typeof members.$inferInsert> = {};
  if (input.type !== undefined) set.type = input.type;
  if (input.rebate !== undefined) {
    const bp = parseRebate(input.rebate);
    if (bp === null || bp > MAX_REBATE_BP) throw new DomainError("INVALID_REQUEST", "rebate: a percentage with at most 2 decimals, at most 10", 400);
    if (m.uplineId) {
      const [up] = await db.select({ r: members.rebateBp }).from(members).where(eq(members.id, m.uplineId));
      if (up && bp > up.r) throw new DomainError("INVALID_REQUEST", "rebate: above the upline's own", 400);
    }
    set.rebateBp = bp;
  }
  if (Object.keys(set).length) await db.update(members).set(set).where(eq(members.id, m.id));
  const [after] = await db.select().from(members).where(eq(members.id, m.id));
  return { account: after!.account, type: after!.type, isAgent: isAgentType(after!.type), rebate: rebateText(after!.rebateBp), affiliateCode: after!.referralCode };
}
