import { Hono } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { DomainError, ok } from "../http/envelope.js";
import { resolveMerchant } from "../system/service.js";
import { deleteHelpSection, getHelpCentre, listHelpSections, putHelpSection } from "./service.js";

type App = Hono<{ Variables: PlatformVariables }>;

const localized = z.record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, "language code such as es or zh-CN"), z.string().max(20_000)).refine((v) => Object.keys(v).length <= 40, "at most 40 languages");
const sectionBody = z.object({ title: localized, content: localized.default({}), sort: z.number().int().min(0).max(10_000).optional() });

/** Spec §7 `/wps/system/helpCenter` (public; `lang`, `device` WEB): the help centre of the visitor's brand. */
export function helpRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  app.get("/wps/system/helpCenter", async (c) => {
    const { db, env, visitor } = c.var;
    const merchant = await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT);
    const language = (c.req.query("lang") ?? c.var.language).slice(0, 20);
    return ok(c, await getHelpCentre(db, merchant, language));
  });
  return app;
}

/** Operator calls: the help centre's sections per brand (registered by platform/operator/routes.ts). */
export function registerHelpOperatorRoutes(app: App) {
  app.get("/merchants/:code/help", async (c) => c.json({ items: await listHelpSections(c.var.db, c.req.param("code")) }));
  app.put("/merchants/:code/help/:tag", async (c) => {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
    }
    if (JSON.stringify(json ?? null).includes("\\u0000")) throw new DomainError("INVALID_REQUEST", "Input contains a NUL character", 400);
    const parsed = sectionBody.safeParse(json);
    if (!parsed.success) throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
    return c.json(await putHelpSection(c.var.db, c.req.param("code"), c.req.param("tag"), parsed.data));
  });
  app.delete("/merchants/:code/help/:tag", async (c) => {
    await deleteHelpSection(c.var.db, c.req.param("code"), c.req.param("tag"));
    return c.json({ deleted: true });
  });
}
