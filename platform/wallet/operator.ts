import type { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { DomainError, refuseNul } from "../http/envelope.js";
import { vendors } from "../games/schema.js";
import { vendorWalletKeys } from "./schema.js";
import { findMember, launchTokenFor } from "./service.js";

async function jsonBody<O>(raw: Request, schema: z.ZodType<O, z.ZodTypeDef, unknown>): Promise<O> {
  let json: unknown;
  try {
    json = await raw.json();
  } catch {
    throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
  }
  refuseNul(json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
  }
  return parsed.data;
}

const walletKeyBody = z.object({ secret: z.string().min(32, "at least 32 characters").max(512) });
const launchTokenBody = z.object({ vendorCode: z.string().min(1).max(40), gameCode: z.string().min(1).max(100) });

/** Operator calls of the vendor wallet, registered on the operator API behind its key check. */
export function registerWalletOperatorRoutes(app: Hono<{ Variables: PlatformVariables }>) {
  // The secret a vendor signs wallet calls with; replacing it takes effect on the next call.
  app.put("/vendors/:code/wallet-key", async (c) => {
    const vendorCode = c.req.param("code");
    const { secret } = await jsonBody(c.req.raw, walletKeyBody);
    const [vendor] = await c.var.db.select({ code: vendors.code }).from(vendors).where(eq(vendors.code, vendorCode)).limit(1);
    if (!vendor) throw new DomainError("VENDOR_NOT_FOUND", "No such vendor", 404);
    const [row] = await c.var.db
      .insert(vendorWalletKeys)
      .values({ vendorCode, secret })
      .onConflictDoUpdate({ target: vendorWalletKeys.vendorCode, set: { secret, updatedAt: sql`now()` } })
      .returning({ vendorCode: vendorWalletKeys.vendorCode, updatedAt: vendorWalletKeys.updatedAt });
    c.var.log.info({ vendor: vendorCode }, "vendor wallet key set");
    return c.json({ vendorCode: row!.vendorCode, updatedAt: row!.updatedAt.toISOString() });
  });

  // A launch token for a member, so a tester can play the vendor's side without a browser.
  app.post("/merchants/:code/members/:account/launch-tokens", async (c) => {
    const body = await jsonBody(c.req.raw, launchTokenBody);
    const member = await findMember(c.var.db, c.req.param("code"), c.req.param("account"));
    const { token } = await launchTokenFor(c.var.db, member, body.vendorCode, body.gameCode);
    return c.json({ token }, 201);
  });
}
