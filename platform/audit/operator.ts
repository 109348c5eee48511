import { createHash } from "node:crypto";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { and, eq } from "drizzle-orm";
import type { PlatformVariables } from "../app.js";
import type { Database } from "../db/client.js";
import { inRequestTransaction, RollbackRequest } from "../db/request-tx.js";
import { fail } from "../http/envelope.js";
import { localText } from "../http/local-answer.js";
import { members } from "../accounts/schema.js";
import { deposits, withdrawals } from "../payments/schema.js";
import { listAudit, parseAuditQuery, redact, writeAudit, type AuditEvent } from "./service.js";

type App = Hono<{ Variables: PlatformVariables }>;
type C = Context<{ Variables: PlatformVariables }>;
type Params = Record<string, string>;

/** The operator key's fingerprint: names which key acted (keys rotate) without keeping it. */
export const operatorKeyId = (key: string) => `key:${createHash("sha256").update(key).digest("hex").slice(0, 8)}`;

async function accountOfPayment(db: Database, table: typeof deposits | typeof withdrawals, params: Params) {
  const [row] = await db
    .select({ account: members.account })
    .from(table)
    .innerJoin(members, eq(members.id, table.memberId))
    .where(and(eq(table.merchantCode, params.code ?? ""), eq(table.reference, params.reference ?? "")))
    .limit(1);
  return row?.account ?? null;
}

interface Rule {
  action: string | ((body: Record<string, unknown>) => string);
  /** The member account the call is about, when the path does not name it. */
  account?: (db: Database, params: Params, body: Record<string, unknown>) => Promise<string | null> | string | null;
  /**
   * Whether a successful answer is an idempotent replay that decided nothing new (then no row is
   * written: the first call's row stands). Default: `replayed: true` or `changed: false`.
   */
  replay?: (answer: Record<string, unknown>) => boolean;
}

const defaultReplay = (answer: Record<string, unknown>) => answer.replayed === true || answer.changed === false;

/**
 * Every call under /operator/v1 that changes something, with its audit action: money decisions
 * (`money.*`), configuration (`settings.*`) and other back-office acts (`operator.*`). A new
 * PUT, POST or DELETE route must be named here; a test fails until it is.
 */
export const OPERATOR_ACTIONS: Record<string, Rule> = {
  "POST /merchants/:code/deposits/:reference/confirm": { action: "money.deposit.confirm", account: (db, p) => accountOfPayment(db, deposits, p) },
  "POST /merchants/:code/deposits/:reference/reject": { action: "money.deposit.reject", account: (db, p) => accountOfPayment(db, deposits, p) },
  "POST /merchants/:code/withdrawals/:reference/approve": { action: "money.withdrawal.approve", account: (db, p) => accountOfPayment(db, withdrawals, p) },
  "POST /merchants/:code/withdrawals/:reference/reject": { action: "money.withdrawal.reject", account: (db, p) => accountOfPayment(db, withdrawals, p) },
  "POST /merchants/:code/members/:account/credits": { action: (b) => (b.direction === "debit" ? "money.debit" : "money.credit") },
  "POST /merchants/:code/promotion-entries/:id/approve": { action: "money.promotion_entry.approve" },
  "POST /merchants/:code/promotion-entries/:id/reject": { action: "money.promotion_entry.reject" },
  // A period already settled pays nothing again: a run that paid no contract decided nothing.
  "POST /merchants/:code/contract-settlements/:scheme/run-now": {
    action: "money.contract_settlement.run_now",
    replay: (a) => Array.isArray(a.results) && !a.results.some((r) => (r as { paid?: unknown } | null)?.paid === true),
  },
  "POST /merchants/:code/points/redemptions/:id/approve": { action: "operator.points_redemption.approve" },
  "POST /merchants/:code/points/redemptions/:id/reject": { action: "operator.points_redemption.reject" },
  "PUT /merchants/:code": { action: "settings.merchant" },
  "PUT /merchants/:code/settings": { action: "settings.merchant_settings" },
  "PUT /merchants/:code/maintenance": { action: "settings.maintenance" },
  "PUT /merchants/:code/region-restriction": { action: "settings.region_restriction" },
  "PUT /merchants/:code/payment-channels/:direction/:channel": { action: "settings.payment_channel" },
  "PUT /vendors/:code/wallet-key": { action: "settings.vendor_wallet_key" },
  "PUT /merchants/:code/promotions/:promo": { action: "settings.promotion" },
  "PUT /merchants/:code/rebate": { action: "settings.rebate" },
  "PUT /merchants/:code/missions/:mission": { action: "settings.mission" },
  "PUT /merchants/:code/points/settings": { action: "settings.points" },
  "PUT /merchants/:code/points/goods/:goods": { action: "settings.points_goods" },
  "PUT /merchants/:code/agents/:account": { action: "settings.agent" },
  "PUT /merchants/:code/agent-modules": { action: "settings.agent_modules" },
  "PUT /merchants/:code/members/:account/agent": { action: "settings.agent" },
  "POST /merchants/:code/agent-announcements": { action: "settings.agent_announcement" },
  "PUT /merchants/:code/help/:tag": { action: "settings.help" },
  "DELETE /merchants/:code/help/:tag": { action: "settings.help_delete" },
  "POST /merchants/:code/notices": { action: "settings.notice_create" },
  "PUT /merchants/:code/notices/:id": { action: "settings.notice" },
  "DELETE /merchants/:code/notices/:id": { action: "settings.notice_delete" },
  "POST /merchants/:code/members": { action: "operator.member.create", account: (_db, _p, b) => (typeof b.account === "string" ? b.account : null) },
  "POST /merchants/:code/contracts": { action: "operator.contract.create" },
  "POST /merchants/:code/feedback/:id{[0-9]{1,10}}/answer": { action: "operator.feedback.answer" },
  "POST /merchants/:code/members/:account/launch-tokens": { action: "operator.launch_token.create" },
  "POST /lottery/games/:gameCode/draw-now": { action: "operator.lottery.draw_now" },
};

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PREFIX = "/operator/v1";

/** The route as registered (`/merchants/:code/...`), whether the operator app is mounted or not. */
export function routeKey(method: string, routePath: string) {
  return `${method} ${routePath.startsWith(PREFIX) ? routePath.slice(PREFIX.length) || "/" : routePath}`;
}

async function jsonOf(source: Request | Response | null): Promise<Record<string, unknown>> {
  if (!source) return {};
  try {
    const text = await source.text();
    if (!text.trim()) return {};
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    return {};
  }
}

/** The audit row's facts once the handler has answered: what was asked and what came of it. */
async function eventOf(c: C, db: Database, requestCopy: Request): Promise<{ event: AuditEvent; replay: boolean }> {
  const key = routeKey(c.req.method, c.req.routePath);
  const rule = OPERATOR_ACTIONS[key];
  const params = c.req.param() as Params;
  const body = await jsonOf(requestCopy);
  // An answer to the web app in this process carries its envelope as text, with no body (local-answer.ts).
  const carried = localText(c.req.raw, c.res);
  const answer = carried === undefined ? await jsonOf(c.res.clone()) : await jsonOf(new Response(carried));
  const status = c.res.status;
  const action = rule ? (typeof rule.action === "string" ? rule.action : rule.action(body)) : `operator.unnamed`;
  const error = (answer.error ?? null) as { code?: unknown } | null;
  const event: AuditEvent = {
    merchantCode: params.code && key.startsWith(`${c.req.method} /merchants/`) ? params.code : null,
    actor: { kind: "operator", id: operatorKeyId(c.var.env.OPERATOR_API_KEY ?? "") },
    account: params.account ?? null,
    action,
    details: redact({
      route: key,
      params,
      body,
      status,
      outcome: status < 400 ? "ok" : "refused",
      ...(status < 400 ? { result: answer } : { error: error?.code ?? null }),
    }) as Record<string, unknown>,
  };
  if (!event.account && rule?.account) event.account = await rule.account(db, params, body);
  if (event.account) event.account = event.account.trim().toLowerCase().slice(0, 100);
  return { event, replay: status < 400 && (rule?.replay ?? defaultReplay)(answer) };
}

/** The audit row could not be written inside the decision's transaction, which then rolled back. */
class AuditNotWritten extends Error {
  override name = "AuditNotWritten";
}

/**
 * Every PUT, POST and DELETE the operator key was accepted for runs in one database transaction
 * together with its audit event (ADR 020): the handler's own transactions become savepoints in
 * it, and before COMMIT the event is inserted with what was asked (path parameters and the body,
 * secrets redacted) and what came of it (status, the answer's facts). Either both commit or
 * neither: when the insert fails the decision rolls back and the operator gets a 503
 * `AUDIT_UNAVAILABLE` (nothing moved, safe to try again). An idempotent replay (the answer says
 * `replayed: true` or `changed: false`) commits no second row. A refused call (4xx or 5xx) rolls
 * back whatever the handler did and is then kept as an attempt (`outcome: refused`), written
 * after the rollback on its own (a lost attempt row is logged, never turned into an error).
 */
export function auditOperatorCalls(): MiddlewareHandler<{ Variables: PlatformVariables }> {
  return async (c, next) => {
    if (!MUTATING.has(c.req.method)) return next();
    const requestCopy = c.req.raw.clone();
    const root = c.var.db;
    const origin = { ip: c.var.visitor.ip, requestId: c.var.requestId };
    try {
      await inRequestTransaction(root, async (tx) => {
        c.set("db", tx);
        try {
          await next();
        } finally {
          c.set("db", root);
        }
        if (c.res.status >= 400) throw new RollbackRequest();
        let event: AuditEvent | null = null;
        try {
          const made = await eventOf(c, tx, requestCopy.clone());
          if (made.replay) return;
          event = made.event;
          await writeAudit(tx, event, origin);
        } catch (err) {
          c.var.log.error({ err, audit: event }, "audit event not written: the operator's decision is rolled back");
          throw new AuditNotWritten();
        }
      });
    } catch (err) {
      if (err instanceof AuditNotWritten) {
        c.res = undefined;
        c.res = fail(c, 503, "AUDIT_UNAVAILABLE", "The audit trail could not be written, so nothing was changed; try again");
        return;
      }
      if (!(err instanceof RollbackRequest)) throw err;
      // Refused: nothing the handler did stays. The attempt is a fact too.
      let event: AuditEvent | null = null;
      try {
        event = (await eventOf(c, root, requestCopy)).event;
        await writeAudit(root, event, origin);
      } catch (e) {
        c.var.log.error({ err: e, audit: event }, "audit event of a refused operator call not written");
      }
    }
  };
}

/** `GET /operator/v1/audit`: the trail, newest first, with filters and keyset paging. */
export function registerAuditOperatorRoutes(app: App) {
  app.get("/audit", async (c: C) => c.json(await listAudit(c.var.db, parseAuditQuery(c.req.query()))));
}
