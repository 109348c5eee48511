import { json } from "@remix-run/node";
import { z } from "zod";
import { callPlatform, PlatformError, type CallOptions } from "./platform.server";
import { getSessionToken } from "./session.server";

/**
 * The member's money, read from and written to the platform (platform/payments). Every answer is
 * parsed with the schemas below; refusals become field errors keyed for i18n (MONEY_ERRORS).
 */

const amount = z.string();
export const walletSchema = z.object({
  balance: amount,
  currency: z.string(),
  isSingle: z.boolean(),
  wallets: z.array(z.object({ wallet: z.string(), name: z.string(), balance: amount })),
});
export const fundsSchema = z.object({ currency: z.string(), main: amount, vendors: amount, held: amount, total: amount });
export const channelSchema = z.object({
  id: z.number(),
  code: z.string(),
  type: z.enum(["BANK", "GATEWAY"]),
  name: z.string(),
  minAmount: amount,
  maxAmount: amount,
  bankName: z.string().optional(),
  accountName: z.string().optional(),
  accountNumber: z.string().optional(),
});
export const depositSchema = z.object({
  id: z.number(),
  reference: z.string(),
  amount,
  currency: z.string(),
  status: z.enum(["PENDING", "CREDITED", "FAILED", "REJECTED"]),
  channel: channelSchema.nullable(),
  payUrl: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const bankAccountSchema = z.object({ id: z.number(), bankName: z.string(), accountName: z.string(), accountNumber: z.string() });
export const withdrawalSchema = z.object({
  id: z.number(),
  reference: z.string(),
  amount,
  currency: z.string(),
  status: z.enum(["IN_PROCESS", "REJECTED", "APPROVED"]),
  receipt: z.enum(["PENDING", "RECEIVED", "NOT_RECEIVED", "PARTIAL", "AUTO"]).nullable(),
  remainingAmount: amount.nullable(),
  bankAccount: bankAccountSchema.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  confirmBy: z.string().nullable(),
});
export const pageOf = <T extends z.ZodTypeAny>(item: T) => z.object({ content: z.array(item), pageNum: z.number(), totalPages: z.number() });
export const historyItemSchema = z.object({
  id: z.number(),
  time: z.string(),
  kind: z.string(),
  reference: z.string(),
  category: z.string().nullable(),
  amount,
  change: amount,
  balanceAfter: amount,
  fromWallet: z.string().nullable(),
  toWallet: z.string().nullable(),
  /** On a withdrawal's movements: the withdrawal's state now (decision, payout, the member's receipt). */
  withdrawal: z
    .object({
      status: z.string(),
      receipt: z.string().nullable(),
      remainingAmount: amount.nullable(),
      decidedAt: z.string().nullable(),
      confirmBy: z.string().nullable(),
      receiptAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export const historySchema = pageOf(historyItemSchema).extend({ total: z.number(), currency: z.string() });
export const profitSchema = z.object({
  currency: z.string(),
  categories: z.array(z.object({ category: z.string(), bets: amount, wins: amount, profit: amount })),
  total: z.object({ bets: amount, wins: amount, profit: amount }),
});
export const messageSchema = z.object({
  id: z.number(),
  type: z.string(),
  amount: amount.nullable(),
  currency: z.string().nullable(),
  reference: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});

/** A TOKEN call on behalf of the signed-in member. */
export async function memberCall<T extends z.ZodTypeAny>(request: Request, path: string, options: Omit<CallOptions<T>, "token">): Promise<z.infer<T>> {
  return callPlatform(request, path, { ...options, token: await getSessionToken(request) });
}

/**
 * Platform refusal codes → the i18n key shown beside the field the platform names (or the form).
 * Messages with bounds carry them after a "|" (see FieldError).
 */
export const MONEY_ERRORS: Record<string, string> = {
  INVALID_AMOUNT: "err_amount_invalid",
  AMOUNT_OUT_OF_RANGE: "err_amount_range",
  INSUFFICIENT_FUNDS: "err_insufficient_funds",
  PAYMENT_PASSWORD_REQUIRED: "err_payment_password_required",
  PAYMENT_PASSWORD_INCORRECT: "err_payment_password_incorrect",
  PAYMENT_PASSWORD_NOT_SET: "err_payment_password_not_set",
  INVALID_PAYMENT_PASSWORD: "err_payment_password_format",
  SAME_AS_LOGIN_PASSWORD: "err_payment_password_same",
  PASSWORDS_DIFFER: "err_confirm",
  INVALID_CREDENTIALS: "err_old_password",
  TOO_MANY_REQUESTS: "err_too_many",
  ACCOUNT_NAME_MISMATCH: "err_account_name_mismatch",
  BANK_ACCOUNT_EXISTS: "err_bank_account_exists",
  TOO_MANY_BANK_ACCOUNTS: "err_bank_account_limit",
  BANK_ACCOUNT_REQUIRED: "err_bank_account_required",
  SINGLE_WALLET: "err_single_wallet",
  NO_UPLINE: "err_no_upline",
  IDEMPOTENCY_CONFLICT: "err_duplicate_request",
  RECEIPT_CLOSED: "err_receipt_closed",
  in_need_true_account: "in_need_true_account",
};

export interface MoneyFailure {
  /** conform-style field errors: field name → i18n keys. */
  error: Record<string, string[]>;
}

/**
 * A platform refusal as a form message: the i18n key (`key`, also as `message`), the form field it
 * belongs beside ("" for the whole form) and the status to answer with. `fields` renames the
 * platform's field, or places a refusal by its code (e.g. `{ INSUFFICIENT_FUNDS: "amount" }`).
 * Anything that is not a refusal is rethrown to the error boundary.
 */
export function moneyRefusal(
  e: unknown,
  fields: Record<string, string> = {},
): { field: string; key: string; message: string; code: string; status: 400 | 403 | 429 } {
  if (!(e instanceof PlatformError)) throw e;
  let key = MONEY_ERRORS[e.code] ?? (e.status === 400 ? "err_correct_info" : "err_unknown");
  if (e.code === "AMOUNT_OUT_OF_RANGE" && typeof e.details.minAmount === "string" && typeof e.details.maxAmount === "string") {
    key = `${key}|${e.details.minAmount} - ${e.details.maxAmount}`;
  }
  const platformField = typeof e.details.field === "string" ? e.details.field : "";
  const field = fields[e.code] ?? fields[platformField] ?? platformField;
  return { field, key, message: key, code: e.code, status: e.status === 429 ? 429 : e.status === 403 ? 403 : 400 };
}

/** Turns a platform refusal into a 400 with the message beside its field (or the whole form, ""). */
export function moneyFailure(e: unknown, fields: Record<string, string> = {}): ReturnType<typeof json<MoneyFailure>> {
  const { field, key, status } = moneyRefusal(e, fields);
  return json({ error: { [field]: [key] } }, { status });
}

/** A fresh key for a form, so a double submit makes one request (the platform dedupes on it). */
export function newRequestKey(): string {
  return `f${Date.now().toString(36)}${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
}
