import type { Hono } from "hono";
import { rowsOf } from "../db/client.js";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { DomainError } from "../http/envelope.js";
import { checkInvariants } from "../ledger/service.js";
import { and, desc, eq, sql } from "drizzle-orm";
import { members } from "../accounts/schema.js";
import { merchants } from "../system/schema.js";
import { forgetBrand } from "../system/service.js";
import { deposits, withdrawals } from "./schema.js";
import { decideDeposit, decideWithdrawal, merchantOf, operatorCredit, upsertChannel } from "./service.js";
import { formatAmount } from "../ledger/money.js";

type App = Hono<{ Variables: PlatformVariables }>;

async function parse<O>(raw: Request, schema: z.ZodType<O, z.ZodTypeDef, unknown>): Promise<O> {
  let json: unknown;
  try {
    json = await raw.json();
  } catch {
    throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
  }
  if (JSON.stringify(json ?? null).includes("\\u0000")) throw new DomainError("INVALID_REQUEST", "Input contains a NUL character", 400);
  const parsed = schema.safeParse(json ?? {});
  if (!parsed.success) throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
  return parsed.data;
}

const channelBody = z.object({
  type: z.enum(["BANK", "GATEWAY"]),
  name: z.string().min(1).max(60),
  minAmount: z.string().max(40),
  maxAmount: z.string().max(40),
  enabled: z.boolean().optional(),
  sort: z.number().int().min(0).max(1000).optional(),
  config: z
    .object({
      bankName: z.string().max(60).optional(),
      accountName: z.string().max(60).optional(),
      accountNumber: z.string().max(40).optional(),
      provider: z.literal("sandbox").optional(),
      secret: z.string().min(32).max(200).optional(),
    })
    .optional(),
});

/** An image or launch host: an http(s) address, or a path on this site ("/images"). */
const hostEntry = z
  .string()
  .trim()
  .max(300)
  .refine((v) => /^\/(?![/\\])\S*$/.test(v) || /^https?:\/\/[^\s/?#"'<>\\]+(\/\S*)?$/i.test(v), "an http(s) address or a path starting with /");

const settingsBody = z.object({
  /** Spec §7: image and game-launch hosts, one chosen per image or launch from these lists. */
  imageCDNs: z.array(hostEntry).max(20).optional(),
  launchGameCDNs: z.array(hostEntry).max(20).optional(),
  unknownIpFactors: z.array(z.enum(["TOTP", "MOBILE", "EMAIL", "BANK_NAME"])).max(4).optional(),
  smsExpiredMinutes: z.number().int().min(1).max(30).optional(),
  withdrawalConfirmMinutes: z.number().int().min(1).max(7 * 24 * 60).optional(),
  /** The brand's time zone (IANA name): its days are the agent centre's and the records' days. */
  timeZone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        return !!new Intl.DateTimeFormat("en", { timeZone: tz }).resolvedOptions().timeZone;
      } catch {
        return false;
      }
    }, "unknown time zone")
    .optional(),
});

/** Operator calls for money, behind the operator key (registered by platform/operator/routes.ts). */
export function registerPaymentOperatorRoutes(app: App) {
  const merchantCode = (c: { req: { param(name: string): string | undefined } }) => c.req.param("code")!;

  // Merchant settings read by the platform: image and launch hosts, unknown-IP factors, SMS
  // minutes, payout confirmation minutes.
  app.put("/merchants/:code/settings", async (c) => {
    const body = await parse(c.req.raw, settingsBody);
    const m = await merchantOf(c.var.db, merchantCode(c));
    const settings: typeof m.settings & typeof body = { ...m.settings, ...body };
    const zoneChanged = (settings.timeZone ?? "UTC") !== (m.settings.timeZone ?? "UTC");
    if (zoneChanged) {
      // PostgreSQL must know the zone too, or every movement's trigger would fail on it.
      const [known] = rowsOf<{ n: number | string }>(await c.var.db.execute(sql`select count(*) as n from pg_timezone_names where name = ${settings.timeZone}`));
      if (!Number(known?.n)) throw new DomainError("INVALID_REQUEST", "timeZone: unknown time zone", 400);
    }
    await c.var.db.transaction(async (tx) => {
      await tx.update(merchants).set({ settings }).where(eq(merchants.code, m.code));
      // The team figures' day totals are days of this zone (ADR 022): recount them in the same transaction.
      if (zoneChanged) await tx.execute(sql`select member_day_totals_rebuild(${m.code})`);
    });
    // This node shows the change from the next request on; others within BRAND_CACHE_MS.
    forgetBrand(c.var.db, m.code);
    const { imageCDNs, launchGameCDNs, unknownIpFactors, smsExpiredMinutes, withdrawalConfirmMinutes, timeZone } = settings;
    return c.json({ settings: { imageCDNs, launchGameCDNs, unknownIpFactors, smsExpiredMinutes, withdrawalConfirmMinutes, timeZone: timeZone ?? "UTC" } });
  });

  app.put("/merchants/:code/payment-channels/:direction/:channel", async (c) => {
    const direction = c.req.param("direction").toUpperCase();
    if (direction !== "DEPOSIT" && direction !== "WITHDRAW") throw new DomainError("INVALID_REQUEST", "direction is DEPOSIT or WITHDRAW", 400);
    const channel = c.req.param("channel");
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(channel)) throw new DomainError("INVALID_REQUEST", "Invalid channel code", 400);
    const body = await parse(c.req.raw, channelBody);
    return c.json(await upsertChannel(c.var.db, merchantCode(c), direction, channel, body));
  });

  const view = (row: typeof deposits.$inferSelect | typeof withdrawals.$inferSelect, account: string) => ({
    reference: row.reference,
    account,
    amount: formatAmount(row.amount, row.currency),
    currency: row.currency,
    status: row.status,
    ...("receipt" in row ? { receipt: row.receipt, remainingAmount: row.remainingAmount === null ? null : formatAmount(row.remainingAmount, row.currency) } : {}),
    createdAt: row.createdAt.toISOString(),
  });
  app.get("/merchants/:code/deposits", async (c) => {
    const status = c.req.query("status");
    const rows = await c.var.db
      .select({ row: deposits, account: members.account })
      .from(deposits)
      .innerJoin(members, eq(members.id, deposits.memberId))
      .where(and(eq(deposits.merchantCode, merchantCode(c)), status ? eq(deposits.status, status as never) : undefined))
      .orderBy(desc(deposits.id))
      .limit(100);
    return c.json({ items: rows.map((r) => view(r.row, r.account)) });
  });
  app.get("/merchants/:code/withdrawals", async (c) => {
    const status = c.req.query("status");
    const rows = await c.var.db
      .select({ row: withdrawals, account: members.account })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(and(eq(withdrawals.merchantCode, merchantCode(c)), status ? eq(withdrawals.status, status as never) : undefined))
      .orderBy(desc(withdrawals.id))
      .limit(100);
    return c.json({ items: rows.map((r) => view(r.row, r.account)) });
  });

  const noteBody = z.object({ note: z.string().max(500).optional() });
  // The decision calls take an optional JSON body with a note.
  const noteOf = async (raw: Request): Promise<string | undefined> => {
    const text = await raw.text();
    if (!text.trim()) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
    }
    const parsed = noteBody.safeParse(json);
    if (!parsed.success || parsed.data.note?.includes("\u0000")) throw new DomainError("INVALID_REQUEST", "note: at most 500 characters", 400);
    return parsed.data.note;
  };

  app.post("/merchants/:code/deposits/:reference/confirm", async (c) => {
    const note = await noteOf(c.req.raw);
    return c.json(await decideDeposit(c.var.db, c.req.param("reference"), "CREDITED", { merchantCode: merchantCode(c), note }));
  });
  app.post("/merchants/:code/deposits/:reference/reject", async (c) => {
    const note = await noteOf(c.req.raw);
    return c.json(await decideDeposit(c.var.db, c.req.param("reference"), "REJECTED", { merchantCode: merchantCode(c), note }));
  });
  app.post("/merchants/:code/withdrawals/:reference/approve", async (c) => {
    const note = await noteOf(c.req.raw);
    return c.json(await decideWithdrawal(c.var.db, merchantCode(c), c.req.param("reference"), "APPROVED", note));
  });
  app.post("/merchants/:code/withdrawals/:reference/reject", async (c) => {
    const note = await noteOf(c.req.raw);
    return c.json(await decideWithdrawal(c.var.db, merchantCode(c), c.req.param("reference"), "REJECTED", note));
  });

  app.post("/merchants/:code/members/:account/credits", async (c) => {
    const body = await parse(
      c.req.raw,
      z.object({
        kind: z.enum(["bonus", "adjustment", "commission"]),
        amount: z.string().max(40),
        reference: z.string().regex(/^[A-Za-z0-9_-]{4,80}$/),
        direction: z.enum(["credit", "debit"]).optional(),
      }),
    );
    return c.json(await operatorCredit(c.var.db, merchantCode(c), c.req.param("account"), body), 201);
  });

  // Every ledger invariant, checked now over the whole database: empty lists mean all hold.
  app.get("/ledger/check", async (c) => {
    const report = await checkInvariants(c.var.db);
    const okay = !report.unbalancedCurrencies.length && !report.negativeAccounts.length && !report.driftingAccounts.length && !report.driftingDayTotals.length;
    return c.json({ ok: okay, ...report, checkedAt: new Date().toISOString() });
  });
}
