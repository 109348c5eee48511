import { and, eq, like } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { members } from "../accounts/schema.js";
import { maskAccount } from "../accounts/mask.js";
import { ledgerTransfers } from "../ledger/schema.js";
import { memberMessages } from "../messages/schema.js";
import { decideDeposit } from "../payments/service.js";
import { referralRewardOf } from "./referral.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("referral reward", () => {
  it("is the fixed amount plus the rate of the deposit, capped", () => {
    expect(referralRewardOf({ amount: 500n, rateBp: 0, cap: 0n }, 3_000n)).toBe(500n);
    expect(referralRewardOf({ amount: 0n, rateBp: 1_000, cap: 0n }, 3_000n)).toBe(300n);
    expect(referralRewardOf({ amount: 100n, rateBp: 1_000, cap: 250n }, 3_000n)).toBe(250n);
  });
});

describe("invite friends", () => {
  let p: TestPlatform;
  const { auth, key, player, balance } = playersOf(() => p.call, { prefix: "rf", ip: "198.51.100.95" });

  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const ledgerOk = async () => expect((await p.call("/operator/v1/ledger/check", { operator: true })).body.ok).toBe(true);
  const memberRow = async (account: string) => (await p.handle.db.select().from(members).where(eq(members.account, account)))[0]!;
  /** A member made by the back office with an upline, logged in. */
  async function friendOf(upline: string, type = 0) {
    const account = `rf${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e4)}`;
    const made = await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123", upline, type } });
    expect(made.status).toBe(201);
    const login = await p.call("/wps/session/login", { method: "POST", headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.95" }, json: { username: account, password: "secret123" } });
    return { account, token: login.body.value.token as string };
  }
  async function bankDeposit(token: string, amount: string) {
    const channels = (await p.call("/wps/payment/channels?direction=DEPOSIT", { headers: auth(token) })).body.value as { id: number; code: string }[];
    const bank = channels.find((c) => c.code === "BANK")!;
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(token), json: { channelId: bank.id, amount, requestKey: key() } });
    expect(dep.status).toBe(200);
    return dep.body.value.reference as string;
  }
  const referral = (token: string) => p.call("/wps/member/referral", { headers: auth(token) });

  it("pays the referrer once for a friend's first deposit of at least the minimum, and shows friends and earnings", async () => {
    const a = await player("0");
    const [b, c] = [await friendOf(a.account), await friendOf(a.account)];
    const empty = (await referral(a.token)).body.value;
    expect(empty).toMatchObject({ eligible: true, friendsCount: 2, totalEarned: "0.00", promotion: { code: "REFERRAL", amount: "5.00", minDeposit: "20.00" } });
    expect(empty.referralCode).toBe((await memberRow(a.account)).referralCode);
    expect(empty.friends.map((f: { account: string }) => f.account).sort()).toEqual([maskAccount(b.account), maskAccount(c.account)].sort());

    await decideDeposit(p.handle.db, await bankDeposit(b.token, "10.00"), "CREDITED"); // below the minimum
    expect(await balance(a.token)).toBe("0.00");
    await decideDeposit(p.handle.db, await bankDeposit(b.token, "30.00"), "CREDITED");
    expect(await balance(a.token)).toBe("5.00");
    await decideDeposit(p.handle.db, await bankDeposit(b.token, "50.00"), "CREDITED"); // once per friend
    expect(await balance(a.token)).toBe("5.00");

    // Two qualifying deposits of the other friend credited at the same moment pay once.
    const [r1, r2] = [await bankDeposit(c.token, "25.00"), await bankDeposit(c.token, "40.00")];
    await Promise.all([decideDeposit(p.handle.db, r1, "CREDITED"), decideDeposit(p.handle.db, r2, "CREDITED")]);
    expect(await balance(a.token)).toBe("10.00");

    const me = await memberRow(a.account);
    expect(await p.handle.db.select().from(ledgerTransfers).where(like(ledgerTransfers.reference, "REFERRAL-REFERRAL"))).toHaveLength(2);
    const messages = await p.handle.db.select().from(memberMessages).where(and(eq(memberMessages.memberId, me.id), eq(memberMessages.type, "referral_reward")));
    expect(messages.map((m) => m.params.friend).sort()).toEqual([maskAccount(b.account), maskAccount(c.account)].sort());
    const after = (await referral(a.token)).body.value;
    expect(after.totalEarned).toBe("10.00");
    expect(after.friends.every((f: { earned: string; rewarded: boolean }) => f.earned === "5.00" && f.rewarded)).toBe(true);
    const paid = await p.call("/operator/v1/merchants/DEMO/promotions/REFERRAL/referral-rewards", { operator: true });
    expect(paid.body.rewards.filter((r: { referrer: string }) => r.referrer === a.account)).toHaveLength(2);
    await ledgerOk();
  });

  it("pays agents nothing (contracts pay them), and stays off while no referral promotion runs", async () => {
    const made = `rfag${Date.now().toString(36).slice(-5)}`;
    expect((await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: made, password: "secret123", type: 1 } })).status).toBe(201);
    const friend = await friendOf(made);
    await decideDeposit(p.handle.db, await bankDeposit(friend.token, "30.00"), "CREDITED");
    const agentToken = (await p.call("/wps/session/login", { method: "POST", headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.95" }, json: { username: made, password: "secret123" } })).body.value.token as string;
    expect(await balance(agentToken)).toBe("0.00");
    expect((await referral(agentToken)).body.value.eligible).toBe(false);

    const m = await player("0");
    const off = await p.call("/operator/v1/merchants/DEMO/promotions/REFERRAL", {
      method: "PUT",
      operator: true,
      json: { title: { en: "Invite friends", es: "Invita amigos" }, rule: "referral", amount: "5.00", minDeposit: "20.00", enabled: false },
    });
    expect(off.status).toBe(200);
    const refused = await referral(m.token);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("REFERRAL_OFF");
    expect((await p.call("/wps/member/badges", { headers: auth(m.token) })).body.value.referral).toBe(false);
    const none = await p.call("/operator/v1/merchants/DEMO/promotions/NOPAY", { method: "PUT", operator: true, json: { title: { en: "x" }, rule: "referral" } });
    expect(none.status).toBe(400);
    await p.call("/operator/v1/merchants/DEMO/promotions/REFERRAL", {
      method: "PUT",
      operator: true,
      json: { title: { en: "Invite friends", es: "Invita amigos" }, rule: "referral", amount: "5.00", minDeposit: "20.00", enabled: true },
    });
    expect((await referral(m.token)).status).toBe(200);
    await ledgerOk();
  });
});
