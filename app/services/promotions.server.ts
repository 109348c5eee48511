import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { promoActionSchema } from "~/lib/promo-schemas";
import { safeHtml } from "./content.server";
import { getSessionToken } from "./session.server";
import { callPlatform, PlatformError } from "./platform.server";
import { memberCall } from "./money.server";
import { safeRedirect } from "~/lib/safe-redirect";

const entrySchema = z.object({
  id: z.number(),
  status: z.string(),
  comment: z.string().nullable(),
  note: z.string().nullable(),
  amount: z.string().nullable(),
  wagering: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const promotionSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  body: z.string(),
  type: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  rule: z.string(),
  rate: z.number(),
  amount: z.string(),
  cap: z.string(),
  minDeposit: z.string(),
  wageringMultiplier: z.number(),
  status: z.string(),
  entry: entrySchema.nullable(),
});
export type PromotionView = z.infer<typeof promotionSchema>;

const listSchema = z.object({ currency: z.string(), categories: z.array(z.string()), promotions: z.array(promotionSchema) });
const rewardItem = promotionSchema.extend({ progress: z.string().nullable() });
const rewardsSchema = z.object({
  currency: z.string(),
  joined: z.array(rewardItem),
  claimable: z.array(rewardItem),
  waiting: z.array(rewardItem),
  got: z.array(rewardItem),
  claimableCount: z.number(),
});
export type RewardItem = z.infer<typeof rewardItem>;

/** Promotions of the brand; with a session, each carries the member's activity status. */
export async function getPromotions(request: Request, language: string, category?: string) {
  const value = await callPlatform(request, "/wps/promotions", { schema: listSchema, query: { category, language }, language, token: await getSessionToken(request) });
  return { ...value, promotions: value.promotions.map((p) => ({ ...p, body: safeHtml(p.body) })) };
}

export async function getRewards(request: Request, language: string) {
  return memberCall(request, "/wps/member/rewards", { schema: rewardsSchema, query: { language }, language });
}

export type PromoAction = "join" | "claim" | "apply";

/** Platform refusal codes of the promotion calls → i18n keys. */
export const PROMO_ERRORS: Record<string, string> = {
  PROMOTION_ALREADY_JOINED: "promo_err_already_joined",
  PROMOTION_ALREADY_CLAIMED: "promo_err_already_claimed",
  PROMOTION_ALREADY_APPLIED: "promo_err_already_applied",
  PROMOTION_NOT_JOINED: "promo_err_not_joined",
  PROMOTION_NOT_CLAIMABLE: "promo_err_nothing",
  PROMOTION_NOTHING_TO_CLAIM: "promo_err_nothing",
  PROMOTION_CLOSED: "promo_err_closed",
  PROMOTION_NOT_STARTED: "promo_err_closed",
  PROMOTION_NOT_FOUND: "promo_err_closed",
  COMMENT_TOO_LONG: "promo_err_comment_long",
  COMMENT_REQUIRED: "promo_err_comment_required",
  in_need_true_account: "in_need_true_account",
};

/** One promotion action for the member; a refusal comes back as an i18n key (never thrown). */
export async function promoAction(request: Request, id: number, action: PromoAction, comment?: string): Promise<{ ok: true } | { ok: false; key: string; field: string }> {
  try {
    await memberCall(request, `/wps/promotions/${id}/${action}`, { method: "POST", body: action === "apply" ? { comment } : {}, schema: z.unknown() });
    return { ok: true };
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    return { ok: false, key: PROMO_ERRORS[e.code] ?? "err_correct_info", field: e.code.startsWith("COMMENT") || e.code === "PROMOTION_ALREADY_APPLIED" ? "comment" : "" };
  }
}

/**
 * The promotion form's post, shared by /promotions and /member/rewardCenter: checks the form,
 * calls the platform and redirects back with `done=` (post/redirect/get), or answers 400 with
 * the refusal beside the comment or over the form, the comment kept.
 */
export async function handlePromoAction(request: Request, formData: FormData, fallback: string) {
  const submission = parseWithZod(formData, { schema: promoActionSchema });
  const id = Number(formData.get("id")) || 0;
  if (submission.status !== "success") return json({ id, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const back = safeRedirect(v.back, fallback);
  const outcome = await promoAction(request, v.id, v.intent, v.comment ?? "");
  if (!outcome.ok) {
    const reply = submission.reply(outcome.field ? { fieldErrors: { [outcome.field]: [outcome.key] } } : { formErrors: [outcome.key] });
    return json({ id, result: reply }, { status: outcome.key === "in_need_true_account" ? 403 : 400 });
  }
  const url = new URL(back, "http://x");
  url.searchParams.set("done", v.intent);
  return redirect(`${url.pathname}${url.search}`);
}
