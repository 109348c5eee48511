import QRCode from "qrcode";
import { z } from "zod";
import { memberCall } from "./money.server";
import { PlatformError } from "./platform.server";

const referralSchema = z.object({
  referralCode: z.string(),
  eligible: z.boolean(),
  currency: z.string(),
  promotion: z.object({
    id: z.number(),
    code: z.string(),
    title: z.string(),
    amount: z.string(),
    rate: z.number(),
    cap: z.string(),
    minDeposit: z.string(),
    endsAt: z.string().nullable(),
  }),
  friendsCount: z.number(),
  friends: z.array(z.object({ account: z.string(), joinedAt: z.string(), earned: z.string(), rewarded: z.boolean() })),
  totalEarned: z.string(),
});

/**
 * Spec §2 referral: the member's code, link (`/register?referralCode=`, spec §2) and its QR code,
 * friends and earnings; null while the referral promotion is off (spec §6).
 */
export async function getReferral(request: Request, language: string) {
  let value: z.infer<typeof referralSchema>;
  try {
    value = await memberCall(request, "/wps/member/referral", { schema: referralSchema, query: { language }, language });
  } catch (e) {
    if (e instanceof PlatformError && e.code === "REFERRAL_OFF") return null;
    throw e;
  }
  const link = `${new URL(request.url).origin}/register?${new URLSearchParams({ referralCode: value.referralCode })}`;
  // Spec §9 QR display: size 100, margin 0 (drawn larger on the page for phones to scan).
  const qr = await QRCode.toString(link, { type: "svg", margin: 0, width: 100, errorCorrectionLevel: "M" });
  return { ...value, link, qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString("base64")}` };
}
