import { Hono, type Hono as HonoApp } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { jsonBody, requireMember } from "../accounts/routes.js";
import { DomainError, ok } from "../http/envelope.js";
import { POINTS_BET_TYPES } from "./schema.js";
import { convertPoints, decideRedemption, memberRedemptions, operatorGoods, operatorRedemptions, pointsDetails, pointsMall, putGoods, putSettings, redeemGoods } from "./service.js";

const key = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, "8-80 letters, digits, _ or -");

/** Member calls of the points mall (spec §7 points): balance and goods, details, redeem and convert (ENC, payment password). */
export function pointsRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  app.get("/wps/points", async (c) => ok(c, await pointsMall(c.var.db, await requireMember(c), c.var.language)));
  app.get("/wps/points/details", async (c) => {
    const pageNo = Math.min(Math.max(Number.parseInt(c.req.query("pageNo") ?? "1", 10) || 1, 1), 10_000);
    return ok(c, await pointsDetails(c.var.db, await requireMember(c), pageNo));
  });
  app.get("/wps/points/redemptions", async (c) => ok(c, await memberRedemptions(c.var.db, await requireMember(c), c.var.language)));
  app.post("/wps/points/redeem", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(
      c,
      z.object({ goodsId: z.number().int().positive(), quantity: z.number().int(), address: z.string().max(2000).optional(), paymentPassword: z.string().max(100).optional(), requestKey: key }),
    );
    return ok(c, await redeemGoods(c.var.db, member, body, c.var.language));
  });
  app.post("/wps/points/convert", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ points: z.number().int(), paymentPassword: z.string().max(100).optional(), requestKey: key }));
    return ok(c, await convertPoints(c.var.db, member, body));
  });
  return app;
}

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

const ratio = z.number().min(0).max(1_000_000);
const localized = z.record(z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/), z.string().max(5000));

/** `/operator/v1/merchants/{code}/points/...` (README). */
export function registerPointsOperatorRoutes(app: HonoApp<{ Variables: PlatformVariables }>) {
  app.put("/merchants/:code/points/settings", async (c) => {
    const body = await operatorBody(
      c.req.raw,
      z.object({
        betRatios: z.object(Object.fromEntries(POINTS_BET_TYPES.map((t) => [t, ratio.optional()]))).strict().optional(),
        depositRatio: z.number().int().min(0).max(1_000_000).optional(),
        convertRatio: z.number().int().min(0).max(1_000_000_000).optional(),
        rules: localized.optional(),
      }),
    );
    return c.json(await putSettings(c.var.db, c.req.param("code"), body));
  });
  app.get("/merchants/:code/points/goods", async (c) => c.json({ goods: await operatorGoods(c.var.db, c.req.param("code")) }));
  app.put("/merchants/:code/points/goods/:goods", async (c) => {
    const code = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).safeParse(c.req.param("goods"));
    if (!code.success) throw new DomainError("INVALID_REQUEST", "goods code: letters, digits, _ and - only", 400);
    const body = await operatorBody(
      c.req.raw,
      z.object({
        name: localized.refine((t) => Object.keys(t).length > 0, "at least one language"),
        imageUrl: z.string().max(500).refine((u) => /^(\/|https:\/\/)/.test(u), "a path or an https URL").nullable().optional(),
        price: z.number().int().positive().max(1e12),
        stock: z.number().int().min(0).max(1e9),
        perMemberLimit: z.number().int().min(0).max(1e6).optional(),
        physical: z.boolean().optional(),
        enabled: z.boolean().optional(),
        sort: z.number().int().min(-10_000).max(10_000).optional(),
      }),
    );
    return c.json(await putGoods(c.var.db, c.req.param("code"), code.data, body));
  });
  app.get("/merchants/:code/points/redemptions", async (c) => c.json({ items: await operatorRedemptions(c.var.db, c.req.param("code"), c.req.query("status")?.slice(0, 20)) }));
  for (const decision of ["approve", "reject"] as const) {
    app.post(`/merchants/:code/points/redemptions/:id/${decision}`, async (c) => {
      const id = Number.parseInt(c.req.param("id") ?? "", 10);
      if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError("REDEMPTION_NOT_FOUND", "No such redemption", 404);
      const body = await operatorBody(c.req.raw, z.object({ note: z.string().max(500).optional() }));
      return c.json(await decideRedemption(c.var.db, c.req.param("code"), id, decision, body.note));
    });
  }
}
