import { eq, like } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { members } from "../accounts/schema.js";
import { maskAccount } from "../accounts/mask.js";
import { ledgerTransfers } from "../ledger/schema.js";
import { missionClaims } from "./schema.js";
import { claimMission, memberMissions, missionPeriod, progressOf, statusOf } from "./service.js";
import { validBetsByCategory, validBetsBySpans } from "../rounds/valid-bets.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("mission rules", () => {
  it("counts a mission's category, or every category when it has none", () => {
    const bets = new Map([
      ["LIVE", 2_000n],
      ["RNG", 500n],
    ]);
    expect(progressOf({ category: "LIVE" }, bets)).toBe(2_000n);
    expect(progressOf({ category: "FISH" }, bets)).toBe(0n);
    expect(progressOf({ category: null }, bets)).toBe(2_500n);
    expect(statusOf(1_999n, 2_000n, false)).toBe("in_progress");
    expect(statusOf(2_000n, 2_000n, false)).toBe("claim");
    expect(statusOf(5_000n, 2_000n, true)).toBe("claimed");
  });

  it("masks accounts on the leaderboard", () => {
    expect(maskAccount("player123")).toBe("pl***23");
    expect(maskAccount("abcd")).toBe("a***d");
    expect(maskAccount("ab")).toBe("a***");
  });

  it("runs by UTC day or by week from Monday", () => {
    expect(missionPeriod("weekly", new Date("2026-11-29T23:00:00Z")).key).toBe("W2026-11-23");
    expect(missionPeriod("weekly", new Date("2026-11-30T00:00:00Z")).key).toBe("W2026-11-30");
    expect(missionPeriod("daily", new Date("2026-11-30T00:00:00Z")).key).toBe("2026-11-30");
  });
});

describe("missions and the leaderboard", () => {
  let p: TestPlatform;
  const { auth, key, player, balance, cents } = playersOf(() => p.call, { prefix: "ms", ip: "198.51.100.94" });

  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const ledgerOk = async () => expect((await p.call("/operator/v1/ledger/check", { operator: true })).body.ok).toBe(true);
  const memberRow = async (account: string) => (await p.handle.db.select().from(members).where(eq(members.account, account)))[0]!;
  const bet = async (token: string, game: string, bets: unknown[]) => {
    const r = await p.call("/wps/house/rounds", { method: "POST", headers: auth(token), json: { game, bets, requestKey: key() } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  type MissionView = { id: number; code: string; status: string; progress: string; target: string; percent: number };
  const missions = async (token: string) => (await p.call("/wps/missions", { headers: auth(token) })).body.value.missions as MissionView[];
  const byCode = async (token: string, code: string) => (await missions(token)).find((m) => m.code === code)!;
  const badges = async (token: string) => (await p.call("/wps/member/badges", { headers: auth(token) })).body.value;

  it("shows progress from settled rounds and pays a completed mission once under concurrent claims", async () => {
    const m = await player("100.00");
    expect(await byCode(m.token, "DAILY_LIVE")).toMatchObject({ status: "in_progress", progress: "0.00", target: "20.00", percent: 0 });
    const early = await p.call(`/wps/missions/${(await byCode(m.token, "DAILY_LIVE")).id}/claim`, { method: "POST", headers: auth(m.token) });
    expect(early.body.error).toMatchObject({ code: "MISSION_NOT_COMPLETE", progress: "0.00", target: "20.00" });
    const me = await memberRow(m.account);
    expect(await p.handle.db.select().from(missionClaims).where(eq(missionClaims.memberId, me.id))).toHaveLength(0);

    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "15.00" }]);
    expect(await byCode(m.token, "DAILY_LIVE")).toMatchObject({ status: "in_progress", progress: "15.00", percent: 75 });
    await bet(m.token, "HOUSE_SLOT_1", [{ kind: "spin", amount: "2.00" }]);
    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "black", amount: "10.00" }]);
    const live = await byCode(m.token, "DAILY_LIVE");
    expect(live).toMatchObject({ status: "claim", progress: "20.00", percent: 100 });
    expect(await byCode(m.token, "WEEKLY_SLOTS")).toMatchObject({ status: "in_progress", progress: "2.00" });
    expect(await byCode(m.token, "WEEKLY_ANY")).toMatchObject({ status: "in_progress", progress: "27.00" });
    expect((await badges(m.token)).missions).toBe(1);
    // The windows read in one statement answer as each read alone: overlapping, nested and empty ones.
    const hour = 3_600_000;
    const at = (h: number) => new Date(Date.now() + h * hour);
    const windows = [
      { from: at(-1), to: at(1) },
      { from: at(-48), to: at(48) },
      { from: at(1), to: at(2) },
      { from: at(-2), to: at(-1) },
    ];
    const together = await validBetsBySpans(p.handle.db, me.id, windows);
    const alone = await Promise.all(windows.map((w) => validBetsByCategory(p.handle.db, { memberId: me.id, ...w })));
    expect(together).toEqual(alone);
    expect(together[0]).toEqual(new Map([["LIVE", 2500n], ["RNG", 200n]]));
    expect(together[2]!.size).toBe(0);

    const before = cents(await balance(m.token));
    const claims = await Promise.all(Array.from({ length: 8 }, () => p.call(`/wps/missions/${live.id}/claim`, { method: "POST", headers: auth(m.token) })));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.body.error?.code === "MISSION_ALREADY_CLAIMED")).toHaveLength(7);
    expect(cents(await balance(m.token))).toBe(before + 100);
    expect(await byCode(m.token, "DAILY_LIVE")).toMatchObject({ status: "claimed" });
    expect((await badges(m.token)).missions).toBe(0);
    expect(await p.handle.db.select().from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, `mission:${live.id}:${me.id}:%`))).toHaveLength(1);

    // The next day the daily mission starts again, from that day's bets only.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await memberMissions(p.handle.db, me, "en", tomorrow)).missions.find((x) => x.code === "DAILY_LIVE")).toMatchObject({ status: "in_progress", progress: "0.00" });
    await expect(claimMission(p.handle.db, me, live.id, tomorrow)).rejects.toMatchObject({ code: "MISSION_NOT_COMPLETE" });
    await ledgerOk();
  });

  it("refuses unknown or closed missions and trial members; the reward badge counts claimable rewards", async () => {
    const m = await player("0");
    expect((await p.call("/wps/missions/999999/claim", { method: "POST", headers: auth(m.token) })).status).toBe(404);
    expect((await p.call("/wps/missions/abc/claim", { method: "POST", headers: auth(m.token) })).status).toBe(404);
    expect((await p.call("/wps/missions")).status).toBe(401);
    expect(await badges(m.token)).toEqual({ missions: 0, rewards: 0, referral: true });
    const promos = (await p.call("/wps/promotions", { headers: auth(m.token) })).body.value.promotions as { id: number; code: string }[];
    await p.call(`/wps/promotions/${promos.find((x) => x.code === "WELCOME5")!.id}/join`, { method: "POST", headers: auth(m.token) });
    expect((await badges(m.token)).rewards).toBe(1);
    const trial = await player("0");
    await p.handle.db.update(members).set({ type: 4 }).where(eq(members.account, trial.account));
    const mission = (await missions(trial.token))[0]!;
    const refused = await p.call(`/wps/missions/${mission.id}/claim`, { method: "POST", headers: auth(trial.token) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("in_need_true_account");
    expect(await badges(trial.token)).toEqual({ missions: 0, rewards: 0, referral: false });
  });

  it("ranks the members with the most valid bets of the period, accounts masked", async () => {
    const [a, b] = [await player("500.00"), await player("500.00")];
    await bet(a.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "300.00" }]);
    await bet(b.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "250.00" }]);
    const board = (await p.call("/wps/missions/leaderboard?period=daily", { headers: auth(b.token) })).body.value;
    expect(board.period).toBe("daily");
    const iA = board.top.findIndex((t: { account: string }) => t.account === maskAccount(a.account));
    const iB = board.top.findIndex((t: { account: string }) => t.account === maskAccount(b.account));
    expect(iA).toBeGreaterThanOrEqual(0);
    expect(iB).toBeGreaterThan(iA);
    expect(board.top[iB]).toMatchObject({ validBet: "250.00", me: true, rank: iB + 1 });
    expect(board.me).toEqual({ validBet: "250.00", rank: iB + 1 });
    expect(JSON.stringify(board)).not.toContain(a.account);
    const weekly = (await p.call("/wps/missions/leaderboard?period=nonsense", { headers: auth(b.token) })).body.value;
    expect(weekly.period).toBe("weekly");
  });

  it("lets the operator define missions; bad input is a 400", async () => {
    const put = await p.call("/operator/v1/merchants/DEMO/missions/FISH5", { method: "PUT", operator: true, json: { title: { en: "Fish 5", es: "Pesca 5" }, category: "FISH", period: "daily", target: "5.00", reward: "0.50" } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ code: "FISH5", category: "FISH", target: "5.00", reward: "0.50", enabled: true });
    for (const json of [{ title: {}, target: "5.00", reward: "1.00" }, { title: { en: "x" }, target: "-1", reward: "1.00" }, { title: { en: "x" }, target: "5.00", reward: "0" }, { title: { en: "x" }, category: "HOT", target: "1", reward: "1" }]) {
      expect((await p.call("/operator/v1/merchants/DEMO/missions/BAD", { method: "PUT", operator: true, json })).status).toBe(400);
    }
    const list = (await p.call("/operator/v1/merchants/DEMO/missions", { operator: true })).body.missions as { code: string }[];
    expect(list.map((x) => x.code)).toEqual(expect.arrayContaining(["DAILY_LIVE", "WEEKLY_SLOTS", "WEEKLY_ANY", "FISH5"]));
    expect(list.map((x) => x.code)).not.toContain("BAD");
    const m = await player("0");
    const seen = (await missions(m.token)).find((x) => x.code === "FISH5");
    expect(seen).toMatchObject({ status: "in_progress", target: "5.00" });
    await p.call("/operator/v1/merchants/DEMO/missions/FISH5", { method: "PUT", operator: true, json: { title: { en: "Fish 5" }, target: "5.00", reward: "0.50", enabled: false } });
    expect((await missions(m.token)).find((x) => x.code === "FISH5")).toBeUndefined();
    const claims = await p.call("/operator/v1/merchants/DEMO/missions/DAILY_LIVE/claims", { operator: true });
    expect(claims.body.claims.length).toBeGreaterThanOrEqual(1);
  });
});
