import { Hono, type Hono as HonoApp } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { jsonBody, requireMember } from "../accounts/routes.js";
import { ok } from "../http/envelope.js";
import { operatorBody } from "../http/operator-body.js";
import { REBATE_CATEGORIES, REBATE_PERIODS } from "./schema.js";
import { claimRebate, operatorRebateClaims, operatorRebateSettings, putRebateSettings, rebateSummary } from "./service.js";

const periodKey = z.string().regex(/^W?\d{4}-\d{2}-\d{2}$/).max(20);

/** Member calls of the manual rebate (spec §2 manualRebate, §9 rebate by category). */
export function rebateRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  app.get("/wps/member/rebate", async (c) => ok(c, await rebateSummary(c.var.db, await requireMember(c))));
  app.post("/wps/member/rebate/claim", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ period: periodKey.optional() }));
    return ok(c, await claimRebate(c.var.db, member, body.period));
  });
  return app;
}

const rates = z.object(Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, z.number().min(0).max(10).optional()])) as Record<(typeof REBATE_CATEGORIES)[number], z.ZodOptional<z.ZodNumber>>).strict();
const settingsBody = z.object({
  rates: rates.optional(),
  period: z.enum(REBATE_PERIODS).optional(),
  minAmount: z.string().max(40).optional(),
  enabled: z.boolean().optional(),
});

/** `/operator/v1/merchants/{code}/rebate...` (README). */
export function registerRebateOperatorRoutes(app: HonoApp<{ Variables: PlatformVariables }>) {
  app.get("/merchants/:code/rebate", async (c) => c.json(await operatorRebateSettings(c.var.db, c.req.param("code"))));
  app.put("/merchants/:code/rebate", async (c) => c.json(await putRebateSettings(c.var.db, c.req.param("code"), await operatorBody(c.req.raw, settingsBody))));
  app.get("/merchants/:code/rebate/claims", async (c) => {
    const period = periodKey.safeParse(c.req.query("period"));
    return c.json({ claims: await operatorRebateClaims(c.var.db, c.req.param("code"), period.success ? period.data : undefined) });
  });
}
