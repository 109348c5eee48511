import { z } from "zod";
import { memberCall } from "./money.server";

const goodsSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number(),
  stock: z.number(),
  perMemberLimit: z.number(),
  physical: z.boolean(),
});
export type Goods = z.infer<typeof goodsSchema>;
const mallSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  betRatios: z.record(z.number()),
  depositRatio: z.number(),
  convertRatio: z.number(),
  rules: z.string(),
  goods: z.array(goodsSchema),
});
const detailsSchema = z.object({ pageNum: z.number(), hasMore: z.boolean(), content: z.array(z.object({ id: z.number(), type: z.string(), points: z.number(), createdAt: z.string() })) });
export const redemptionSchema = z.object({
  id: z.number(),
  goods: z.string(),
  quantity: z.number(),
  points: z.number(),
  address: z.string().nullable(),
  status: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export async function getPointMall(request: Request, language: string, page: number) {
  const [mall, details, redemptions, banks] = await Promise.all([
    memberCall(request, "/wps/points", { schema: mallSchema, query: { language }, language }),
    memberCall(request, "/wps/points/details", { schema: detailsSchema, query: { pageNo: page } }),
    memberCall(request, "/wps/points/redemptions", { schema: z.array(redemptionSchema), query: { language }, language }),
    memberCall(request, "/wps/member/bank-accounts", { schema: z.object({ paymentPasswordSet: z.boolean() }).passthrough() }),
  ]);
  return { mall, details, redemptions, paymentPasswordSet: banks.paymentPasswordSet };
}

/** Platform refusals of the points calls → i18n keys (the payment-password ones reuse the withdrawal's). */
export const POINTS_ERRORS: Record<string, string> = {
  OUT_OF_STOCK: "points_err_stock",
  OVER_LIMIT: "points_err_limit",
  INSUFFICIENT_POINTS: "points_err_points",
  ADDRESS_REQUIRED: "points_err_address",
  ADDRESS_TOO_LONG: "points_err_address",
  INVALID_QUANTITY: "points_err_quantity",
  INVALID_POINTS: "points_err_quantity",
  CONVERT_OFF: "points_err_convert_off",
  GOODS_NOT_FOUND: "points_err_stock",
};
