import { z } from "zod";
import { rebateBp, REBATE_PATTERN } from "./agent-fields";

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
