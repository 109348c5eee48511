import { Hono, type Hono as HonoApp } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { jsonBody, optionalMember, requireMember } from "../accounts/routes.js";
import { DomainError, ok } from "../http/envelope.js";
import { resolveMerchant } from "../system/service.js";
import { PROMOTION_RULES, PROMOTION_TAGS, PROMOTION_TYPES } from "./schema.js";
import {
  applyPromotion,
  claimPromotion,
  joinPromotion,
  listPromotions,
  operatorEntries,
  operatorPromotions,
  reviewApplication,
  rewardCenter,
  upsertPromotion,
} from "./service.js";
import { operatorReferralRewards, referralSummary } from "./referral.js";

const idParam = (v: string | undefined) => {
  const n = Number.parseInt(v ?? "", 10);
  if (!Number.isSafeInteger(n) || n <= 0 || String(n) !== v) throw new DomainError("PROMOTION_NOT_FOUND", "No such promotion", 404);
  return n;
};

/** Member calls: the promotions list (public; with a token, the member's statuses), join, claim, apply, rewards. */
export function promotionRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  app.get("/wps/promotions", async (c) => {
    const { db, env, visitor, language } = c.var;
    const member = await optionalMember(c);
    const merchantCode = member?.merchantCode ?? (await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT)).code;
    const category = c.req.query("category")?.slice(0, 40);
    return ok(c, await listPromotions(db, merchantCode, language, { member, category }));
  });
  app.post("/wps/promotions/:id/join", async (c) => ok(c, await joinPromotion(c.var.db, await requireMember(c), idParam(c.req.param("id")))));
  app.post("/wps/promotions/:id/claim", async (c) => ok(c, await claimPromotion(c.var.db, await requireMember(c), idParam(c.req.param("id")))));
  app.post("/wps/promotions/:id/apply", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ comment: z.string().max(2000) }));
    return ok(c, await applyPromotion(c.var.db, member, idParam(c.req.param("id")), body.comment));
  });
  app.get("/wps/member/rewards", async (c) => ok(c, await rewardCenter(c.var.db, await requireMember(c), c.var.language)));
  // Invite friends (spec §2 referral): 404 REFERRAL_OFF while no referral promotion runs (spec §6).
  app.get("/wps/member/referral", async (c) => ok(c, await referralSummary(c.var.db, await requireMember(c), c.var.language)));
  return app;
}

const localized = z.record(z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/), z.string().max(20_000));
const promotionBody = z.object({
  title: localized.refine((t) => Object.keys(t).length > 0, "at least one language"),
  body: localized.optional(),
  type: z.enum(PROMOTION_TYPES).optional(),
  tags: z.array(z.enum(PROMOTION_TAGS)).max(6).optional(),
  category: z.string().regex(/^[a-z0-9_]{1,40}$/).optional(),
  imageUrl: z.string().max(500).refine((u) => /^(\/|https:\/\/)/.test(u), "a path or an https URL").nullable().optional(),
  startsAt: z.string().datetime({ offset: true }).optional(),
  endsAt: z.string().datetime({ offset: true }).nullable().optional(),
  rule: z.enum(PROMOTION_RULES),
  rate: z.number().min(0).max(1000).optional(),
  amount: z.string().max(40).optional(),
  cap: z.string().max(40).optional(),
  minDeposit: z.string().max(40).optional(),
  wageringMultiplier: z.number().int().min(0).max(100).optional(),
  enabled: z.boolean().optional(),
  sort: z.number().int().min(-10_000).max(10_000).optional(),
});
const promoCode = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

async function operatorBody<O>(raw: Request, schema: z.ZodType<O, z.ZodTypeDef, unknown>): Promise<O> {
  let json: unknown;
  try {
    const text = await raw.text();
    json = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
  return parsed.data;
}

/** `/operator/v1/merchants/{code}/promotions...` (README). */
export function registerPromotionOperatorRoutes(app: HonoApp<{ Variables: PlatformVariables }>) {
  app.get("/merchants/:code/promotions", async (c) => c.json({ promotions: await operatorPromotions(c.var.db, c.req.param("code")) }));
  app.put("/merchants/:code/promotions/:promo", async (c) => {
    const p = promoCode.safeParse(c.req.param("promo"));
    if (!p.success) throw new DomainError("INVALID_REQUEST", "promotion code: letters, digits, _ and - only", 400);
    return c.json(await upsertPromotion(c.var.db, c.req.param("code"), p.data, await operatorBody(c.req.raw, promotionBody)));
  });
  app.get("/merchants/:code/promotions/:promo/entries", async (c) =>
    c.json({ entries: await operatorEntries(c.var.db, c.req.param("code"), c.req.param("promo"), c.req.query("status")?.slice(0, 20)) }),
  );
  app.get("/merchants/:code/promotions/:promo/referral-rewards", async (c) =>
    c.json({ rewards: await operatorReferralRewards(c.var.db, c.req.param("code"), c.req.param("promo")) }),
  );
  for (const decision of ["approve", "reject"] as const) {
    app.post(`/merchants/:code/promotion-entries/:id/${decision}`, async (c) => {
      const body = await operatorBody(c.req.raw, z.object({ note: z.string().max(500).optional() }));
      return c.json(await reviewApplication(c.var.db, c.req.param("code"), idParam(c.req.param("id")), decision, body.note));
    });
  }
}
