import { z } from "zod";
import { isAmount, MAIN_WALLET, normaliseAmount } from "./money-fields";

/**
 * The member centre's money forms (deposit, withdraw, payment password, bank account, payout
 * receipt), checked by the same schema in the browser (conform) and in the route action. Messages
 * are i18n keys. Limits that depend on the operator (channel ranges, the real name) are the
 * platform's to enforce; these catch what can be caught before a round trip.
 */


export const amountField = z
  .string({ required_error: "err_empty" })
  .transform(normaliseAmount)
  .refine(isAmount, "err_amount_invalid");

/** The form's one-time key (the platform dedupes a double submit on it). */
const requestKey = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/);

export const depositFormSchema = z.object({
  channelId: z.number({ required_error: "err_channel_required", invalid_type_error: "err_channel_required" }).int().positive(),
  amount: amountField,
  requestKey,
});

export const withdrawFormSchema = z.object({
  bankAccountId: z.number({ required_error: "err_bank_account_required", invalid_type_error: "err_bank_account_required" }).int().positive(),
  channelId: z.number().int().positive().optional(),
  amount: amountField,
  paymentPassword: z.string({ required_error: "err_payment_password_required" }).max(100),
  requestKey,
});

/** First setting (`mode` "set": the login password proves it) or a change (the old payment password). */
export const paymentPasswordFormSchema = z
  .object({
    mode: z.enum(["set", "change"]),
    password: z.string().max(200).optional(),
    oldPaymentPassword: z.string().max(100).optional(),
    newPaymentPassword: z.string({ required_error: "err_empty" }).regex(/^\d{6}$/, "err_payment_password_format"),
    confirmPaymentPassword: z.string({ required_error: "err_empty" }).max(100),
  })
  .superRefine((v, ctx) => {
    if (v.mode === "set" && !v.password) ctx.addIssue({ code: "custom", path: ["password"], message: "err_empty" });
    if (v.mode === "change" && !v.oldPaymentPassword) ctx.addIssue({ code: "custom", path: ["oldPaymentPassword"], message: "err_empty" });
    if (v.newPaymentPassword && v.confirmPaymentPassword !== v.newPaymentPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPaymentPassword"], message: "err_confirm" });
    }
  });

export const bankAccountFormSchema = z.object({
  bankName: z.string({ required_error: "err_empty" }).trim().min(2, "err_correct_info").max(60, "err_correct_info"),
  accountName: z.string({ required_error: "err_empty" }).trim().min(2, "err_correct_info").max(60, "err_correct_info"),
  accountNumber: z
    .string({ required_error: "err_empty" })
    .trim()
    .max(60, "err_correct_info")
    .refine((v) => /^\d{6,30}$/.test(v.replace(/[\s-]/g, "")), "err_correct_info"),
});

export const receiptFormSchema = z
  .object({
    reference: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
    receipt: z.enum(["RECEIVED", "NOT_RECEIVED", "PARTIAL"], { errorMap: () => ({ message: "err_empty" }) }),
    remainingAmount: z.string().max(40).transform(normaliseAmount).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.receipt !== "PARTIAL") return;
    if (!v.remainingAmount) ctx.addIssue({ code: "custom", path: ["remainingAmount"], message: "err_empty" });
    else if (!isAmount(v.remainingAmount)) {
      ctx.addIssue({ code: "custom", path: ["remainingAmount"], message: "err_amount_invalid" });
    }
  });

/** The form's own key for the platform's idempotency (made by the loader, so a double submit is one transfer). */
export const referenceField = z.string({ required_error: "err_correct_info" }).regex(/^[A-Za-z0-9_-]{8,80}$/, "err_correct_info");

export const walletTransferSchema = z
  .object({
    from: z.string({ required_error: "err_empty" }).max(40),
    to: z.string({ required_error: "err_empty" }).max(40),
    amount: amountField,
    reference: referenceField,
  })
  .superRefine((v, ctx) => {
    if (v.from === v.to) ctx.addIssue({ code: "custom", path: ["to"], message: "wallet_err_same" });
    else if (v.from !== MAIN_WALLET && v.to !== MAIN_WALLET) ctx.addIssue({ code: "custom", path: ["to"], message: "wallet_err_main" });
  });

export const uplineTransferSchema = z.object({
  amount: amountField,
  paymentPassword: z.string({ required_error: "err_payment_password_required" }).max(100),
  reference: referenceField,
});
