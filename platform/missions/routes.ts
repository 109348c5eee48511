import { Hono, type Hono as HonoApp } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { requireMember } from "../accounts/routes.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { DomainError, ok } from "../http/envelope.js";
import { idParam, operatorBody } from "../http/operator-body.js";
import { claimableRewardCount, referralRunning } from "../promotions/service.js";
import { BET_CATEGORIES } from "../rounds/categories.js";
import { MISSION_PERIODS } from "./schema.js";
import { claimableMissionCount, claimMission, leaderboard, memberMissions, operatorMissionClaims, operatorMissions, putMission } from "./service.js";

/**
 * Member calls: missions with progress, claim, the leaderboard (spec §7 "mission summary and
 * leaderboard"), and the member-centre badges (spec §2).
 */
export function missionRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  app.get("/wps/missions", async (c) => ok(c, await memberMissions(c.var.db, await requireMember(c), c.var.language)));
  app.post("/wps/missions/:id/claim", async (c) => {
    const member = await requireMember(c);
    return ok(c, await claimMission(c.var.db, member, idParam(c.req.param("id"), "MISSION_NOT_FOUND", "No such mission")));
  });
  app.get("/wps/missions/leaderboard", async (c) => {
    const member = await requireMember(c);
    const period = z.enum(MISSION_PERIODS).catch("weekly").parse(c.req.query("period"));
    return ok(c, await leaderboard(c.var.db, member.merchantCode, period, member));
  });
  app.get("/wps/member/badges", async (c) => {
    const { db } = c.var;
    const member = await requireMember(c);
    if (TRIAL_TYPES.includes(member.type)) return ok(c, { missions: 0, rewards: 0, referral: false });
    const [missions, rewards, referral] = await Promise.all([claimableMissionCount(db, member), claimableRewardCount(db, member), referralRunning(db, member.merchantCode)]);
    return ok(c, { missions, rewards, referral });
  });
  return app;
}

const localized = z.record(z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/), z.string().max(500));
const missionBody = z.object({
  title: localized.refine((t) => Object.keys(t).length > 0, "at least one language"),
  category: z.enum(BET_CATEGORIES).nullable().optional(),
  period: z.enum(MISSION_PERIODS).optional(),
  target: z.string().max(40),
  reward: z.string().max(40),
  enabled: z.boolean().optional(),
  startsAt: z.string().datetime({ offset: true }).optional(),
  endsAt: z.string().datetime({ offset: true }).nullable().optional(),
  sort: z.number().int().min(-10_000).max(10_000).optional(),
});
const missionCode = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/** `/operator/v1/merchants/{code}/missions...` (README). */
export function registerMissionOperatorRoutes(app: HonoApp<{ Variables: PlatformVariables }>) {
  app.get("/merchants/:code/missions", async (c) => c.json({ missions: await operatorMissions(c.var.db, c.req.param("code")) }));
  app.put("/merchants/:code/missions/:mission", async (c) => {
    const code = missionCode.safeParse(c.req.param("mission"));
    if (!code.success) throw new DomainError("INVALID_REQUEST", "mission code: letters, digits, _ and - only", 400);
    return c.json(await putMission(c.var.db, c.req.param("code"), code.data, await operatorBody(c.req.raw, missionBody)));
  });
  app.get("/merchants/:code/missions/:mission/claims", async (c) => c.json({ claims: await operatorMissionClaims(c.var.db, c.req.param("code"), c.req.param("mission")) }));
}
