import { Hono, type Context } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { jsonBody, requireMember } from "../accounts/routes.js";
import { AGENT_TYPES } from "../accounts/service.js";
import { keptMerchant } from "../system/service.js";
import { DomainError, ok } from "../http/envelope.js";
import {
  addBankAccount,
  confirmReceipt,
  consolidatedFunds,
  createDeposit,
  handleGatewayCallback,
  HISTORY_TYPES,
  listBankAccounts,
  listChannels,
  listDeposits,
  listMessages,
  listWithdrawals,
  markMessagesRead,
  memberTransfer,
  personalProfit,
  requestWithdrawal,
  requireRealMember,
  sandboxComplete,
  sandboxPayment,
  setPaymentPassword,
  transactionHistory,
  unreadCount,
  walletBalances,
  walletTransfer,
  type Period,
} from "./service.js";

type C = Context<{ Variables: PlatformVariables }>;

const amount = z.string().max(40);
const key = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, "8-80 letters, digits, _ or -");

function page(c: C, defaultSize = 10) {
  const pageNo = Math.min(Math.max(Number.parseInt(c.req.query("pageNo") ?? "1", 10) || 1, 1), 10_000);
  const pageSize = Math.min(Math.max(Number.parseInt(c.req.query("pageSize") ?? String(defaultSize), 10) || defaultSize, 1), 100);
  return { pageNo, pageSize };
}

/** `from`/`to` as ISO dates (to exclusive); the last 7 days by default; at most a year apart. */
function period(c: C): Period {
  const parse = (v: string | undefined) => {
    if (!v) return null;
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  };
  const to = parse(c.req.query("to")) ?? new Date(Date.now() + 60_000);
  const from = parse(c.req.query("from")) ?? new Date(to.getTime() - 7 * 86_400_000);
  if (from >= to || to.getTime() - from.getTime() > 366 * 86_400_000) throw new DomainError("INVALID_PERIOD", "Please enter correct information", 400, { field: "from" });
  return { from, to };
}

/** Member money calls (spec §2 member centre, §7 wallet calls). Every one needs a session token. */
export function paymentRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  app.get("/wps/v2/wallets/balance", async (c) => ok(c, await walletBalances(c.var.db, await requireMember(c))));
  app.get("/wps/member/info/funds/consolidated", async (c) => ok(c, await consolidatedFunds(c.var.db, await requireMember(c))));
  app.get("/wps/merchant/wallet", async (c) => {
    const member = await requireMember(c);
    const merchant = await keptMerchant(c.var.db, member.merchantCode);
    return ok(c, { isSingle: merchant.isSingleWallet, currency: merchant.currency });
  });

  app.post("/wps/relay/GCS_walletTransfer", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ from: z.string().max(40), to: z.string().max(40), amount, reference: key }));
    return ok(c, await walletTransfer(c.var.db, member, body));
  });

  const transferBody = z.object({ amount, reference: key, paymentPassword: z.string().max(100).optional(), account: z.string().max(40).optional() });
  app.post("/wps/member/transfer/upline", async (c) => {
    const member = await requireMember(c);
    return ok(c, await memberTransfer(c.var.db, member, "upline", await jsonBody(c, transferBody)));
  });
  app.post("/wps/agent/transfer/downline", async (c) => {
    const member = await requireMember(c);
    if (!AGENT_TYPES.includes(member.type)) throw new DomainError("AGENTS_ONLY", "Non-agents cannot log in", 403);
    return ok(c, await memberTransfer(c.var.db, member, "downline", await jsonBody(c, transferBody)));
  });

  app.get("/wps/payment/channels", async (c) => {
    const member = await requireMember(c);
    const direction = c.req.query("direction") === "WITHDRAW" ? "WITHDRAW" : "DEPOSIT";
    return ok(c, await listChannels(c.var.db, member.merchantCode, direction, c.var.env.SANDBOX_PAYMENTS));
  });

  app.post("/wps/payment/deposits", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ channelId: z.number().int().positive(), amount, requestKey: key }));
    return ok(c, await createDeposit(c.var.db, member, body, c.var.env.SANDBOX_PAYMENTS));
  });
  app.get("/wps/payment/deposits", async (c) => {
    const member = await requireMember(c);
    const { pageNo, pageSize } = page(c);
    return ok(c, await listDeposits(c.var.db, member, pageNo, pageSize));
  });

  app.get("/wps/member/bank-accounts", async (c) => {
    const member = await requireMember(c);
    return ok(c, { accounts: await listBankAccounts(c.var.db, member), payeeName: member.payeeName, paymentPasswordSet: !!member.paymentPasswordHash });
  });
  app.post("/wps/member/bank-accounts", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ bankName: z.string().max(100), accountName: z.string().max(100), accountNumber: z.string().max(60) }));
    return ok(c, await addBankAccount(c.var.db, member, body));
  });
  app.put("/wps/member/payment-password", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(
      c,
      z.object({
        password: z.string().max(200).optional(),
        oldPaymentPassword: z.string().max(100).optional(),
        newPaymentPassword: z.string().max(100),
        confirmPaymentPassword: z.string().max(100),
      }),
    );
    return ok(c, await setPaymentPassword(c.var.db, member, body));
  });

  app.post("/wps/payment/withdraw", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(
      c,
      z.object({
        bankAccountId: z.number().int().positive(),
        channelId: z.number().int().positive().optional(),
        amount,
        paymentPassword: z.string().max(100).optional(),
        requestKey: key,
      }),
    );
    return ok(c, await requestWithdrawal(c.var.db, member, body));
  });
  app.get("/wps/payment/withdrawals", async (c) => {
    const member = await requireMember(c);
    const { pageNo, pageSize } = page(c);
    return ok(c, await listWithdrawals(c.var.db, member, pageNo, pageSize));
  });
  app.post("/wps/payment/withdrawals/:reference/receipt", async (c) => {
    const member = await requireMember(c);
    requireRealMember(member);
    const body = await jsonBody(c, z.object({ receipt: z.enum(["RECEIVED", "NOT_RECEIVED", "PARTIAL"]), remainingAmount: amount.optional() }));
    return ok(c, await confirmReceipt(c.var.db, member, c.req.param("reference"), body));
  });

  app.get("/wps/member/transactions", async (c) => {
    const member = await requireMember(c);
    const type = c.req.query("type") || undefined;
    if (type && !HISTORY_TYPES[type]) throw new DomainError("INVALID_TYPE", "Please enter correct information", 400, { field: "type" });
    const { pageNo, pageSize } = page(c, 20);
    return ok(c, await transactionHistory(c.var.db, member, { type, period: period(c), pageNo, pageSize }));
  });
  app.get("/wps/member/profit", async (c) => ok(c, await personalProfit(c.var.db, await requireMember(c), period(c))));
  app.get("/wps/member/bonuses", async (c) => {
    const member = await requireMember(c);
    const { pageNo, pageSize } = page(c, 20);
    return ok(c, await transactionHistory(c.var.db, member, { type: "bonus", period: period(c), pageNo, pageSize }));
  });

  app.get("/wps/member/messages", async (c) => ok(c, await listMessages(c.var.db, await requireMember(c))));
  app.post("/wps/member/messages/read", async (c) => {
    const member = await requireMember(c);
    // An empty body marks everything read; `{types: [...]}` only those types.
    const raw = await c.req.text();
    let types: string[] | undefined;
    if (raw.trim()) {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
      }
      const parsed = z.object({ types: z.array(z.string().regex(/^[a-z_]{1,40}$/)).max(20).optional() }).safeParse(json);
      if (!parsed.success) throw new DomainError("INVALID_REQUEST", "types: a list of message types", 400);
      types = parsed.data.types;
    }
    await markMessagesRead(c.var.db, member, types);
    return ok(c, null);
  });
  app.get("/wps/relay/CSP_unreadCount", async (c) => {
    const member = await requireMember(c);
    return ok(c, { count: await unreadCount(c.var.db, member) });
  });

  // Payment providers (public; reached through the web at /payments/v1/*).
  app.post("/payments/v1/callback/:provider", async (c) => {
    const raw = await c.req.text();
    if (raw.length > 10_000) throw new DomainError("INVALID_REQUEST", "Body too large", 413);
    return ok(c, await handleGatewayCallback(c.var.db, raw, c.req.header("x-signature")));
  });
  // The sandbox gateway's payer page reads and completes payments here.
  app.get("/payments/v1/sandbox/:reference", async (c) => ok(c, await sandboxPayment(c.var.db, c.req.param("reference"), c.var.env.SANDBOX_PAYMENTS)));
  app.post("/payments/v1/sandbox/:reference/complete", async (c) => {
    const body = await jsonBody(c, z.object({ outcome: z.enum(["paid", "failed"]) }));
    return ok(c, await sandboxComplete(c.var.db, c.req.param("reference"), body.outcome, c.var.env.SANDBOX_PAYMENTS));
  });

  return app;
}
