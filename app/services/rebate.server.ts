import { z } from "zod";
import { memberCall } from "./money.server";
import { PlatformError } from "./platform.server";

const claimSchema = z.object({
  id: z.number(),
  periodKey: z.string(),
  amount: z.string(),
  validBet: z.string(),
  lines: z.array(z.object({ category: z.string(), rateBp: z.number(), validBet: z.string(), amount: z.string(), bets: z.number() })),
  createdAt: z.string(),
});
const rebateSchema = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  period: z.object({ key: z.string(), kind: z.enum(["daily", "weekly"]), from: z.string(), to: z.string() }),
  categories: z.array(z.object({ category: z.string(), rate: z.string().nullable(), validBet: z.string(), amount: z.string(), bets: z.number() })),
  validBet: z.string(),
  amount: z.string(),
  minAmount: z.string(),
  claimed: claimSchema.nullable(),
  claimable: z.boolean(),
  nextClaimAt: z.string().nullable(),
  history: z.array(claimSchema),
});
export type RebateSummary = z.infer<typeof rebateSchema>;

/** Spec §2 manualRebate: per category the rate, the unrebated valid bets and their rebate. */
export function getRebate(request: Request) {
  return memberCall(request, "/wps/member/rebate", { schema: rebateSchema });
}

/** Platform refusals of a rebate claim → i18n keys (shown over the claim button). */
export const REBATE_ERRORS: Record<string, string> = {
  REBATE_ALREADY_CLAIMED: "rebate_err_claimed",
  REBATE_NOTHING_TO_CLAIM: "rebate_err_nothing",
  REBATE_BELOW_MINIMUM: "rebate_err_minimum",
  REBATE_OFF: "rebate_off",
  REBATE_PERIOD_CHANGED: "rebate_err_period",
  in_need_true_account: "in_need_true_account",
};

/** Claims the period's rebate; a refusal comes back as an i18n key (and its minimum), never thrown. */
export async function claimRebate(request: Request, period: string): Promise<{ ok: true; amount: string } | { ok: false; key: string; min?: string }> {
  try {
    const paid = await memberCall(request, "/wps/member/rebate/claim", { method: "POST", body: { period }, schema: claimSchema });
    return { ok: true, amount: paid.amount };
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    return { ok: false, key: REBATE_ERRORS[e.code] ?? "err_correct_info", min: typeof e.details.min === "string" ? e.details.min : undefined };
  }
}
