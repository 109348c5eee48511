import { z } from "zod";
import { callPlatform, PlatformError } from "./platform.server";
import { memberCall } from "./money.server";

const missionSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  period: z.enum(["daily", "weekly"]),
  periodKey: z.string(),
  periodEnds: z.string(),
  target: z.string(),
  reward: z.string(),
  progress: z.string(),
  percent: z.number(),
  status: z.enum(["in_progress", "claim", "claimed"]),
  claimedAt: z.string().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;
const missionsSchema = z.object({ currency: z.string(), missions: z.array(missionSchema) });
const leaderboardSchema = z.object({
  currency: z.string(),
  period: z.enum(["daily", "weekly"]),
  periodKey: z.string(),
  from: z.string(),
  to: z.string(),
  top: z.array(z.object({ rank: z.number(), account: z.string(), validBet: z.string(), me: z.boolean() })),
  me: z.object({ validBet: z.string(), rank: z.number().nullable() }).nullable(),
});

/** Spec §7 "mission summary and leaderboard": the missions with progress, and the period's top members. */
export async function getMissions(request: Request, language: string, period: "daily" | "weekly") {
  const [missions, leaderboard] = await Promise.all([
    memberCall(request, "/wps/missions", { schema: missionsSchema, query: { language }, language }),
    memberCall(request, "/wps/missions/leaderboard", { schema: leaderboardSchema, query: { period } }),
  ]);
  return { missions, leaderboard };
}

export const MISSION_ERRORS: Record<string, string> = {
  MISSION_ALREADY_CLAIMED: "mission_err_claimed",
  MISSION_NOT_COMPLETE: "mission_err_incomplete",
  MISSION_NOT_FOUND: "mission_err_closed",
  in_need_true_account: "in_need_true_account",
};

/** Claims a mission's reward; a refusal comes back as an i18n key, never thrown. */
export async function claimMission(request: Request, id: number): Promise<{ ok: true; amount: string } | { ok: false; key: string }> {
  try {
    const paid = await memberCall(request, `/wps/missions/${id}/claim`, { method: "POST", body: {}, schema: z.object({ amount: z.string() }) });
    return { ok: true, amount: paid.amount };
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    return { ok: false, key: MISSION_ERRORS[e.code] ?? "err_correct_info" };
  }
}

const badgesSchema = z.object({ missions: z.number(), rewards: z.number(), referral: z.boolean() });
export type Badges = z.infer<typeof badgesSchema>;
export const NO_BADGES: Badges = { missions: 0, rewards: 0, referral: false };

/** The member-centre badges (spec §2: claimable missions and rewards) and whether invite-friends is on (spec §6). */
export async function getBadges(request: Request, token: string): Promise<Badges> {
  return callPlatform(request, "/wps/member/badges", { schema: badgesSchema, token });
}
