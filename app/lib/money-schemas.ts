import { z } from "zod";

/**
 * Money form schemas, the same in the browser (conform) and in the action. Messages are i18n
 * keys. Amounts stay strings end to end: at most two decimals, more than zero; the platform
 * checks the currency's own rules again.
 */
const AMOUNT = /^\d{1,16}(?:\.\d{1,2})?$/;
export const amountField = z
  .string({ required_error: "err_empty" })
  .trim()
  .max(40)
  .regex(AMOUNT, "err_amount_invalid")
  .refine((v) => !/^0+(?:\.0+)?$/.test(v), "err_amount_invalid");

/** The form's own key for the platform's idempotency (made by the loader, so a double submit is one transfer). */
export const referenceField = z.string({ required_error: "err_correct_info" }).regex(/^[A-Za-z0-9_-]{8,80}$/, "err_correct_info");

export const MAIN_WALLET = "MAIN";

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
