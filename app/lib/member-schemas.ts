import { z } from "zod";

/*
 * Member-centre forms checked by the same schema in the browser (loaded on first use, ADR 030)
 * and in the route action. Messages are i18n keys.
 */

/** The claim form: the period the member saw (a claim for another period is refused as stale). */
export const rebateClaimSchema = z.object({
  intent: z.literal("claim"),
  period: z.string({ required_error: "rebate_err_period" }).regex(/^W?\d{4}-\d{2}-\d{2}$/, "rebate_err_period"),
});

/** missionLeaderboard: claim a finished mission's reward. */
export const missionClaimSchema = z.object({
  intent: z.literal("claim"),
  id: z.coerce
    .number({ invalid_type_error: "mission_err_closed", required_error: "mission_err_closed" })
    .int("mission_err_closed")
    .positive("mission_err_closed")
    .max(2_147_483_647, "mission_err_closed"),
});

/** pointMall: redeem goods, or convert points to money. */
export const redeemSchema = z.object({
  intent: z.literal("redeem"),
  goodsId: z.coerce.number().int().positive(),
  quantity: z.coerce.number({ required_error: "points_err_quantity", invalid_type_error: "points_err_quantity" }).int("points_err_quantity").min(1, "points_err_quantity").max(1000, "points_err_quantity"),
  address: z.string().trim().max(300, "points_err_address").optional(),
  paymentPassword: z.string({ required_error: "err_payment_password_required" }).max(100),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/),
});
export const convertSchema = z.object({
  intent: z.literal("convert"),
  points: z.coerce.number({ required_error: "points_err_quantity", invalid_type_error: "points_err_quantity" }).int("points_err_quantity").min(1, "points_err_quantity"),
  paymentPassword: z.string({ required_error: "err_payment_password_required" }).max(100),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/),
});
