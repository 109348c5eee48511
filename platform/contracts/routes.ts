import { Hono, type Context } from "hono";
import { z } from "zod";
import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { PlatformVariables } from "../app.js";
import { jsonBody, requireMember } from "../accounts/routes.js";
import { DomainError, fail, ok } from "../http/envelope.js";
import { formatAmount } from "../ledger/money.js";
import { ledgerAccounts, ledgerTransfers } from "../ledger/schema.js";
import { merchants } from "../system/schema.js";
import { agentContractPayments, agentContracts } from "./schema.js";
import { formatRate, SCHEMES, type Scheme } from "./maths.js";
import { runPeriodNow } from "./settlement.js";
import {
  agentModulesOf,
  consolidatedInfo,
  decide,
  listContracts,
  memberOrFail,
  myContracts,
  offerContract,
  setAgent,
  setAgentModules,
  tierView,
} from "./service.js";

type C = Context<{ Variables: PlatformVariables }>;

const tierBody = z.object({
  validBet: z.string().max(40).optional(),
  profitLoss: z.string().max(40).optional(),
  activeMembers: z.union([z.string().max(10), z.number().int()]).optional(),
  betAmount: z.string().max(40).optional(),
  rate: z.union([z.string().max(10), z.number()]).transform(String),
});
const offerBody = z.object({
  downline: z.string().min(1).max(30),
  scheme: z.string().max(20),
  period: z.string().max(20).nullish(),
  tiers: z.array(tierBody).max(20),
  confirmAutoEnd: z.boolean().optional(),
});

function page(c: C, size = 10) {
  const pageNo = Math.min(Math.max(Number.parseInt(c.req.query("pageNo") ?? "1", 10) || 1, 1), 10_000);
  const pageSize = Math.min(Math.max(Number.parseInt(c.req.query("pageSize") ?? String(size), 10) || size, 1), 100);
  return { pageNo, pageSize };
}

function period(c: C) {
  const parse = (v: string | undefined) => {
    if (!v) return null;
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  };
  const to = parse(c.req.query("to")) ?? new Date(Date.now() + 60_000);
  const from = parse(c.req.query("from")) ?? new Date(to.getTime() - 7 * 86_400_000);
  if (from >= to || to.getTime() - from.getTime() > 366 * 86_400_000) throw new DomainError("INVALID_PERIOD", "Please enter correct information", 400, { field: "from" });
  return { from, to };
}

async function currencyOf(c: C, merchantCode: string) {
  const [m] = await c.var.db.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  return m?.currency ?? "USD";
}

/** Payments of the member's contracts (optionally one scheme), with the period's figures, tier and rate. */
async function paymentsOf(c: C, memberId: number, merchantCode: string, scheme: string | undefined, p: { from: Date; to: Date }, pg: { pageNo: number; pageSize: number }) {
  const currency = await currencyOf(c, merchantCode);
  const where = and(
    eq(agentContractPayments.memberId, memberId),
    scheme ? eq(agentContractPayments.scheme, scheme) : undefined,
    gte(agentContractPayments.periodFrom, p.from),
    lt(agentContractPayments.periodFrom, p.to),
  );
  const [rows, [total]] = await Promise.all([
    c.var.db
      .select({ p: agentContractPayments, tiers: agentContracts.tiers })
      .from(agentContractPayments)
      .innerJoin(agentContracts, eq(agentContracts.id, agentContractPayments.contractId))
      .where(where)
      .orderBy(desc(agentContractPayments.periodFrom), desc(agentContractPayments.id))
      .limit(pg.pageSize)
      .offset((pg.pageNo - 1) * pg.pageSize),
    c.var.db.select({ n: count() }).from(agentContractPayments).where(where),
  ]);
  const money = (v: bigint) => formatAmount(v, currency);
  return {
    currency,
    pageNum: pg.pageNo,
    total: total?.n ?? 0,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / pg.pageSize)),
    content: rows.map(({ p: r, tiers }) => ({
      id: r.id,
      contractId: r.contractId,
      scheme: r.scheme,
      periodKey: r.periodKey,
      periodFrom: r.periodFrom.toISOString(),
      periodTo: r.periodTo.toISOString(),
      validBet: money(r.validBet),
      profitLoss: money(r.profitLoss),
      activeMembers: r.activeMembers,
      betAmount: money(r.betAmount),
      tier: r.tier < 0 ? null : r.tier + 1,
      tierTerms: r.tier < 0 ? null : tierView(tiers[r.tier]!, currency),
      rate: formatRate(r.rate),
      base: money(r.base),
      amount: money(r.amount),
      carryIn: money(r.carryIn),
      carryOut: money(r.carryOut),
      transferId: r.transferId,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Income kinds of agentRevenueReport: what the ledger credits an agent for its team. */
export const INCOME_KINDS = ["salary", "dividend", "commission"];

/** agentRevenueReport: the member's income by day (UTC) and kind, from the ledger, newest day first. */
async function revenue(c: C, memberId: number, merchantCode: string, p: { from: Date; to: Date }, pg: { pageNo: number; pageSize: number }) {
  const currency = await currencyOf(c, merchantCode);
  const accounts = (await c.var.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, "member"), eq(ledgerAccounts.memberId, memberId)))).map((a) => a.id);
  if (!accounts.length) return { currency, pageNum: pg.pageNo, totalPages: 1, total: 0, content: [], sum: formatAmount(0n, currency) };
  const dayExpr = sql<string>`to_char(${ledgerTransfers.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const where = and(
    inArray(ledgerTransfers.creditAccountId, accounts),
    inArray(ledgerTransfers.kind, INCOME_KINDS),
    gte(ledgerTransfers.createdAt, p.from),
    lt(ledgerTransfers.createdAt, p.to),
  );
  const rows = await c.var.db
    .select({ day: dayExpr, kind: ledgerTransfers.kind, amount: sql<string>`sum(${ledgerTransfers.amount})::text`, n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(where)
    .groupBy(dayExpr, ledgerTransfers.kind)
    .orderBy(desc(dayExpr), ledgerTransfers.kind);
  const all = rows.map((r) => ({ day: r.day, kind: r.kind, amount: BigInt(r.amount), count: r.n }));
  const sum = all.reduce((s, r) => s + r.amount, 0n);
  const start = (pg.pageNo - 1) * pg.pageSize;
  return {
    currency,
    pageNum: pg.pageNo,
    total: all.length,
    totalPages: Math.max(1, Math.ceil(all.length / pg.pageSize)),
    sum: formatAmount(sum, currency),
    content: all.slice(start, start + pg.pageSize).map((r) => ({ day: r.day, kind: r.kind, amount: formatAmount(r.amount, currency), count: r.count })),
  };
}

/** Agent contract calls of spec §7 for the signed-in member. */
export function contractRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  app.get("/wps/agent/contracts", async (c) => ok(c, await myContracts(c.var.db, await requireMember(c))));
  app.get("/wps/agent/contracts/consolidated", async (c) => ok(c, await consolidatedInfo(c.var.db, await requireMember(c))));
  app.post("/wps/agent/contracts", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, offerBody);
    return ok(c, await offerContract(c.var.db, member, body, { memberId: member.id, account: member.account }), 201);
  });
  app.post("/wps/agent/contracts/:id/decision", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ intent: z.enum(["accept", "reject", "terminate"]) }));
    const id = Number.parseInt(c.req.param("id"), 10);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError("CONTRACT_NOT_FOUND", "No such contract of yours", 404, { field: "contractId" });
    return ok(c, await decide(c.var.db, member, id, body.intent));
  });
  app.get("/wps/agent/contracts/payments", async (c) => {
    const member = await requireMember(c);
    const scheme = c.req.query("scheme");
    if (scheme && !(SCHEMES as readonly string[]).includes(scheme)) throw new DomainError("INVALID_SCHEME", "Unknown contract scheme", 400, { field: "scheme" });
    return ok(c, await paymentsOf(c, member.id, member.merchantCode, scheme, period(c), page(c)));
  });
  app.get("/wps/agent/revenue", async (c) => {
    const member = await requireMember(c);
    return ok(c, await revenue(c, member.id, member.merchantCode, period(c), page(c, 20)));
  });
  return app;
}

/** Operator calls (mounted under /operator/v1 behind the operator key). */
export function registerContractOperatorRoutes(app: Hono<{ Variables: PlatformVariables }>) {
  const body = async <T extends z.ZodTypeAny>(c: C, schema: T): Promise<z.infer<T>> => jsonBody(c, schema);
  app.post("/merchants/:code/contracts", async (c) => {
    const b = await body(c, offerBody.extend({ upline: z.string().min(1).max(30) }));
    const upline = await memberOrFail(c.var.db, c.req.param("code")!, b.upline, "upline");
    const made = await offerContract(c.var.db, upline, b, { memberId: null, account: "", by: "operator" });
    return c.json(made, 201);
  });
  app.get("/merchants/:code/contracts", async (c) =>
    c.json(await listContracts(c.var.db, c.req.param("code")!, { scheme: c.req.query("scheme"), status: c.req.query("status"), account: c.req.query("account") })),
  );
  // One call for an agent's type, rebate and limits, at its path and at the older member path.
  const putAgent = async (c: C) => {
    const b = await body(
      c,
      z.object({
        type: z.number().int().min(0).max(99).optional(),
        rebate: z.string().max(20).optional(),
        limits: z.record(z.enum(SCHEMES), z.union([z.string().max(10), z.number()]).transform(String)).optional(),
      }),
    );
    return c.json(await setAgent(c.var.db, c.req.param("code")!, c.req.param("account")!.slice(0, 40), b as { type?: number; rebate?: string; limits?: Partial<Record<Scheme, string>> }));
  };
  app.put("/merchants/:code/agents/:account", putAgent);
  app.put("/merchants/:code/members/:account/agent", putAgent);
  app.get("/merchants/:code/agent-modules", async (c) => c.json(await agentModulesOf(c.var.db, c.req.param("code")!)));
  app.put("/merchants/:code/agent-modules", async (c) => {
    const flag = z.boolean().optional();
    const b = await body(c, z.object({ enableCt: flag, salary: flag, hourSalary: flag, agentRealtimeSalary: flag, enableSalary: flag, enableContract: flag }).strict());
    return c.json(await setAgentModules(c.var.db, c.req.param("code")!, b));
  });
  // Sandbox only (test money): settle one period of a scheme now, by its key (the current period when none).
  app.post("/merchants/:code/contract-settlements/:scheme/run-now", async (c) => {
    if (!c.var.env.SANDBOX_PAYMENTS) throw new DomainError("NOT_FOUND", "No such path", 404);
    const scheme = c.req.param("scheme")!;
    if (!(SCHEMES as readonly string[]).includes(scheme)) return fail(c, 400, "INVALID_SCHEME", "Unknown contract scheme");
    let periodKey: string | undefined;
    const raw = await c.req.text();
    if (raw.trim()) {
      const parsed = z.object({ periodKey: z.string().max(30).optional() }).safeParse((() => { try { return JSON.parse(raw); } catch { return null; } })());
      if (!parsed.success) return fail(c, 400, "INVALID_REQUEST", "Body must be JSON: { periodKey? }");
      periodKey = parsed.data.periodKey;
    }
    const results = await runPeriodNow(c.var.db, c.req.param("code")!, scheme as Scheme, periodKey ?? null, new Date());
    if (!results) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
    return c.json({ scheme, results });
  });
}
