import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { fail, refuseNul } from "../http/envelope.js";
import { and, desc, eq } from "drizzle-orm";
import { members, outbox } from "../accounts/schema.js";
import { createMember } from "../accounts/service.js";
import { forgetBrand, getSiteStatus, updateSiteStatus, upsertMerchant } from "../system/service.js";
import { registerPaymentOperatorRoutes } from "../payments/operator.js";
import { registerWalletOperatorRoutes } from "../wallet/operator.js";
import { registerLotteryOperatorRoutes } from "../lottery/routes.js";
import { registerPromotionOperatorRoutes } from "../promotions/routes.js";
import { registerPointsOperatorRoutes } from "../points/routes.js";
import { registerRebateOperatorRoutes } from "../rebate/routes.js";
import { registerMissionOperatorRoutes } from "../missions/routes.js";
import { registerContractOperatorRoutes } from "../contracts/routes.js";
import { registerAgentOperatorRoutes } from "../agents/routes.js";
import { registerFeedbackOperatorRoutes } from "../feedback/routes.js";
import { registerHelpOperatorRoutes } from "../help/routes.js";
import { registerNoticeOperatorRoutes } from "../system/notice-admin.js";
import { auditOperatorCalls, registerAuditOperatorRoutes } from "../audit/operator.js";
import { writeAudit } from "../audit/service.js";

const code = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, _ and - only");
const localized = z.record(z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/), z.string().max(2000));

const maintenanceBody = z.object({
  enabled: z.boolean(),
  title: localized.optional(),
  info: localized.optional(),
});
const regionBody = z.object({
  blockedCountries: z.array(z.string().regex(/^[A-Za-z]{2}$/, "ISO 3166-1 alpha-2 code")).max(250),
  blockedIpRanges: z.array(z.string().min(2).max(64)).max(10_000),
});
const merchantBody = z.object({
  name: z.string().min(1).max(100),
  currency: z.string().regex(/^[A-Za-z]{3}$/, "ISO 4217 code"),
  domains: z.array(z.string().min(1).max(253)).max(100),
  defaultLanguage: z.string().min(2).max(10).optional(),
  isSingleWallet: z.boolean().optional(),
  customerService: z
    .array(
      z.object({
        csType: z.string().regex(/^[A-Z_]{2,20}$/, "upper-case type such as LIVECHAT"),
        title: z.string().min(1).max(100),
        url: z
          .string()
          .url()
          .refine((u) => /^(https?:|mailto:|tel:)/i.test(u), "must be an http(s), mailto: or tel: link"),
      }),
    )
    .max(50)
    .optional(),
  vendors: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)).max(500).optional(),
});

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function keyMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The back-office API: `Authorization: Bearer <OPERATOR_API_KEY>`; JSON in, JSON out. */
export function operatorRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  app.use("*", async (c, next) => {
    if (!c.var.env.OPERATOR_API_KEY) {
      return fail(c, 503, "OPERATOR_API_DISABLED", "Set OPERATOR_API_KEY to use the operator API");
    }
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : c.req.header("x-operator-key");
    if (!keyMatches(given, c.var.env.OPERATOR_API_KEY)) {
      await writeAudit(
        c.var.db,
        { actor: { kind: "operator" }, action: "operator.auth.failure", details: { method: c.req.method, path: c.req.path.slice(0, 200), keyGiven: !!given } },
        { ip: c.var.visitor.ip, requestId: c.var.requestId },
      );
      return fail(c, 401, "UNAUTHORIZED", "A valid operator key is required");
    }
    await next();
  });
  // Every accepted PUT, POST and DELETE leaves an audit event (issue 14 item 9).
  app.use("*", auditOperatorCalls());
  // ...and forgets this node's brand configuration of that merchant (of all, for a call not about
  // one merchant): whatever the change, the next page shows it, and the web's shell cache, keyed
  // by the configuration's version, is dropped with it. After the handler, so after its commit.
  app.use("*", async (c, next) => {
    await next();
    if (!MUTATING_METHODS.has(c.req.method) || c.res.status >= 400) return;
    forgetBrand(c.var.db, /\/merchants\/([A-Za-z0-9_-]+)(?:\/|$)/.exec(c.req.path)?.[1]);
  });
  registerAuditOperatorRoutes(app);
  registerPaymentOperatorRoutes(app);
  registerWalletOperatorRoutes(app);
  registerLotteryOperatorRoutes(app);
  registerPromotionOperatorRoutes(app);
  registerPointsOperatorRoutes(app);
  registerRebateOperatorRoutes(app);
  registerMissionOperatorRoutes(app);
  registerContractOperatorRoutes(app);
  registerAgentOperatorRoutes(app);
  registerFeedbackOperatorRoutes(app);
  registerHelpOperatorRoutes(app);
  registerNoticeOperatorRoutes(app);

  const body = async <O,>(raw: Request, schema: z.ZodType<O, z.ZodTypeDef, unknown>): Promise<{ data: O } | { error: string }> => {
    let json: unknown;
    try {
      json = await raw.json();
    } catch {
      return { error: "Body must be JSON" };
    }
    try {
      refuseNul(json);
    } catch {
      return { error: "Input contains a NUL character" };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return { error: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ") };
    }
    return { data: parsed.data };
  };

  app.put("/merchants/:code", async (c) => {
    const merchantCode = code.safeParse(c.req.param("code"));
    if (!merchantCode.success) return fail(c, 400, "INVALID_REQUEST", "Invalid merchant code");
    const b = await body(c.req.raw, merchantBody);
    if ("error" in b) return fail(c, 400, "INVALID_REQUEST", b.error);
    return c.json(await upsertMerchant(c.var.db, merchantCode.data, b.data));
  });

  // A member made by the back office: e.g. an agent, or a player with a default password to change.
  app.post("/merchants/:code/members", async (c) => {
    const b = await body(
      c.req.raw,
      z.object({
        account: z.string().regex(/^[A-Za-z][A-Za-z0-9]{2,29}$/, "a letter, then letters and digits (3-30)"),
        password: z.string().min(6).max(200),
        type: z.number().int().min(0).max(99).optional(),
        nickname: z.string().max(50).optional(),
        mobileNum: z.string().regex(/^\d{6,15}$/).optional(),
        email: z.string().email().max(100).optional(),
        mustChangePassword: z.boolean().optional(),
        /** The upline's account (an agent's downline, or a referred player). */
        upline: z.string().max(30).optional(),
      }),
    );
    if ("error" in b) return fail(c, 400, "INVALID_REQUEST", b.error);
    const merchantCode = c.req.param("code")!;
    await getSiteStatus(c.var.db, merchantCode); // 404 for an unknown merchant
    let uplineId: number | undefined;
    if (b.data.upline) {
      const [up] = await c.var.db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.account, b.data.upline.trim().toLowerCase())))
        .limit(1);
      if (!up) return fail(c, 400, "INVALID_REQUEST", "upline: no such member");
      uplineId = up.id;
    }
    return c.json(await createMember(c.var.db, { code: merchantCode }, { ...b.data, uplineId }), 201);
  });

  // The default message provider's outbox: what would have gone out by SMS or e-mail.
  app.get("/merchants/:code/outbox", async (c) => {
    const recipient = c.req.query("recipient");
    const rows = await c.var.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.merchantCode, c.req.param("code")!), recipient ? eq(outbox.recipient, recipient) : undefined))
      .orderBy(desc(outbox.id))
      .limit(50);
    return c.json({ messages: rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, createdAt: r.createdAt.toISOString() })) });
  });

  app.get("/merchants/:code/status", async (c) => c.json(await getSiteStatus(c.var.db, c.req.param("code")!)));

  app.put("/merchants/:code/maintenance", async (c) => {
    const b = await body(c.req.raw, maintenanceBody);
    if ("error" in b) return fail(c, 400, "INVALID_REQUEST", b.error);
    c.var.log.info({ merchant: c.req.param("code"), maintenance: b.data.enabled }, "maintenance switched");
    return c.json(await updateSiteStatus(c.var.db, c.req.param("code")!, { maintenance: b.data }));
  });

  app.put("/merchants/:code/region-restriction", async (c) => {
    const b = await body(c.req.raw, regionBody);
    if ("error" in b) return fail(c, 400, "INVALID_REQUEST", b.error);
    c.var.log.info({ merchant: c.req.param("code"), region: b.data }, "region restriction set");
    return c.json(await updateSiteStatus(c.var.db, c.req.param("code")!, { region: b.data }));
  });

  return app;
}
