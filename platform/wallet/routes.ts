import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import type { Database } from "../db/client.js";
import { DomainError, ok, refuseNul } from "../http/envelope.js";
import { requireMember } from "../accounts/routes.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { merchants } from "../system/schema.js";
import { vendorWalletKeys } from "./schema.js";
import {
  balanceRequest,
  creditRequest,
  debitRequest,
  launchTokenFor,
  rollbackRequest,
  walletBalance,
  walletCredit,
  walletDebit,
  walletRollback,
  type WalletResponse,
} from "./service.js";

type C = Context<{ Variables: PlatformVariables }>;

const badSignature = (message: string) => new DomainError("INVALID_SIGNATURE", message, 401);

/** The hex HMAC-SHA256 of the raw body with the vendor's secret. */
export function signBody(secret: string, body: string | Uint8Array): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** The vendor whose X-Signature over these exact bytes is right; 401 INVALID_SIGNATURE otherwise. */
async function verifiedVendor(db: Database, vendor: string | undefined, signature: string | undefined, raw: Uint8Array): Promise<string> {
  if (!vendor) throw badSignature("X-Vendor is required");
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature.trim())) throw badSignature("X-Signature must be a hex HMAC-SHA256");
  const [key] = await db.select().from(vendorWalletKeys).where(eq(vendorWalletKeys.vendorCode, vendor)).limit(1);
  if (!key) throw badSignature("Unknown vendor, or no wallet key is set for it");
  const expected = Buffer.from(signBody(key.secret, raw), "hex");
  const given = Buffer.from(signature.trim(), "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badSignature("X-Signature does not match the body");
  return vendor;
}

function parseBody<O>(raw: Uint8Array, schema: z.ZodType<O, z.ZodTypeDef, unknown>): O {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
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

/**
 * The vendor wallet API (ARCHITECTURE.md, Vendor wallet API; docs/vendor-wallet-api.md), mounted
 * at /wallet/v1. Answers are plain JSON; errors carry `{error: {code, message}}`.
 */
export function walletRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  const call = <O,>(schema: z.ZodType<O, z.ZodTypeDef, unknown>, fn: (db: Database, vendor: string, req: O) => Promise<WalletResponse>) =>
    async (c: C) => {
      const raw = new Uint8Array(await c.req.arrayBuffer());
      const vendor = await verifiedVendor(c.var.db, c.req.header("x-vendor")?.trim(), c.req.header("x-signature"), raw);
      const res = await fn(c.var.db, vendor, parseBody(raw, schema));
      return c.json(res.body, res.status);
    };

  app.post("/balance", call(balanceRequest, walletBalance));
  app.post("/debit", call(debitRequest, walletDebit));
  app.post("/credit", call(creditRequest, walletCredit));
  app.post("/rollback", call(rollbackRequest, walletRollback));
  return app;
}

const launchBody = z
  .object({
    vendorCode: z.string().min(1).max(40).optional(),
    vassalage: z.string().min(1).max(40).optional(),
    gameCode: z.string().min(1).max(100),
  })
  .refine((b) => b.vendorCode || b.vassalage, "vendorCode or vassalage is required");

/** Game launch (`/wps/game/launchGame`): the URL with a launch token for the wallet API. */
export function launchRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  app.post("/wps/game/launchGame", async (c) => {
    const member = await requireMember(c);
    if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed to play", 403);
    const body = parseBody(new Uint8Array(await c.req.arrayBuffer()), launchBody);
    const vendorCode = (body.vendorCode ?? body.vassalage)!;
    const [merchant] = await c.var.db.select().from(merchants).where(eq(merchants.code, member.merchantCode)).limit(1);
    if (!merchant) throw new DomainError("MERCHANT_NOT_CONFIGURED", "No merchant is configured", 503);
    const { token } = await launchTokenFor(c.var.db, member, vendorCode, body.gameCode);
    const base = merchant.settings.launchGameCDNs?.[0] || "/seamless";
    const query = new URLSearchParams({
      vendor: vendorCode,
      gameCode: body.gameCode,
      token,
      language: c.var.language || merchant.defaultLanguage,
    });
    return ok(c, { url: `${base}${base.includes("?") ? "&" : "?"}${query}`, token });
  });
  return app;
}
