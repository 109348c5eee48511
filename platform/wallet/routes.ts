import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import type { Database } from "../db/client.js";
import { DomainError, ok, refuseNul } from "../http/envelope.js";
import { requireMember } from "../accounts/routes.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { launchForMember } from "../games/launch.js";
import { vendorWalletKeys } from "./schema.js";
import {
  balanceRequest,
  creditRequest,
  debitRequest,
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
    nodeId: z.number().int().positive().optional(),
    vendorCode: z.string().min(1).max(40).optional(),
    vassalage: z.string().min(1).max(40).optional(),
    gameCode: z.string().min(1).max(100).optional(),
  })
  .refine((b) => b.nodeId !== undefined || ((b.vendorCode || b.vassalage) && b.gameCode), "nodeId, or vendorCode (vassalage) with gameCode, is required");

/**
 * Game launch (`POST /wps/game/launchGame`, TOKEN): body `{nodeId}` or `{vassalage, gameCode}`.
 * Answers `{url, token, nodeId, vassalage, gameCode}`: the URL carries a launch token for the
 * vendor wallet API (in-house games: our /house/<gameCode> page). Refusals: 401 NOT_LOGGED_IN,
 * 403 in_need_true_account (trial), 404 GAME_NOT_FOUND, 403 VENDOR_NOT_OFFERED, 409
 * GAME_MAINTENANCE with `suggestions` (platform/games/launch.ts).
 */
export function launchRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  app.post("/wps/game/launchGame", async (c) => {
    const member = await requireMember(c);
    if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed to play", 403);
    const body = parseBody(new Uint8Array(await c.req.arrayBuffer()), launchBody);
    const req =
      body.nodeId !== undefined ? { nodeId: body.nodeId } : { vendorCode: (body.vendorCode ?? body.vassalage)!, gameCode: body.gameCode! };
    return ok(c, await launchForMember(c.var.db, member, c.var.language, req));
  });
  return app;
}
