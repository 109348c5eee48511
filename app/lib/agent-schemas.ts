import { z } from "zod";

/** A rebate in percent with at most two decimals ("0.8", "1.20"). */
export const REBATE_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;

/** Compares two rebate texts as basis points (no floating point). */
export function rebateBp(text: string): number {
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0").slice(0, 2));
}

const rebate = (max?: string) =>
  z
    .string({ required_error: "err_empty" })
    .trim()
    .regex(REBATE_PATTERN, "agent_err_rebate_format")
    .refine((v) => max === undefined || rebateBp(v) <= rebateBp(max), { message: `agent_err_rebate_above|${max ?? ""}` });

/** registerCenter: a new direct downline. The server checks the site's username and password rules too. */
export function downlineSchema(maxRebate?: string) {
  return z.object({
    username: z.string({ required_error: "err_empty" }).trim().min(1, "err_empty").max(40, "err_correct_info"),
    password: z.string({ required_error: "err_empty" }).min(1, "err_empty").max(100, "err_correct_info"),
    kind: z.enum(["player", "agent"], { required_error: "err_empty", invalid_type_error: "err_empty" }),
    rebate: rebate(maxRebate),
  });
}

/** downlineManagmentView: a direct downline's rebate. */
export function rebateSchema(maxRebate?: string) {
  return z.object({ intent: z.literal("rebate"), rebate: rebate(maxRebate) });
}

/** downlineManagmentView: money to a direct downline (the existing downline transfer, ENC). */
export const downlineTransferSchema = z.object({
  intent: z.literal("transfer"),
  amount: z.string({ required_error: "err_empty" }).trim().regex(/^\d{1,12}(\.\d{1,2})?$/, "err_amount_invalid"),
  paymentPassword: z.string({ required_error: "err_payment_password_required" }).min(1, "err_payment_password_required").max(100),
  reference: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/),
});

/** Platform refusals of the agent calls → i18n keys shown beside the field. */
export function agentFieldMessage(failure: { kind: string; max?: string; min?: string; patternId?: string }, fallback: (f: { kind: string }) => string): string {
  switch (failure.kind) {
    case "rebate_format":
      return "agent_err_rebate_format";
    case "rebate_above":
      return `agent_err_rebate_above|${failure.max ?? ""}`;
    case "rebate_below":
      return `agent_err_rebate_below|${failure.min ?? ""}`;
    case "not_direct":
      return "agent_err_not_direct";
    default:
      return fallback(failure);
  }
}
