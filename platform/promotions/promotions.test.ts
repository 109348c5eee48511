import { and, eq } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { ledgerTransfers } from "../ledger/schema.js";
import { members } from "../accounts/schema.js";
import { decideDeposit } from "../payments/service.js";
import { promotions } from "./schema.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("promotions that pay", () => {
  let p: TestPlatform;
  const { auth, key, player, balance, cents } = playersOf(() => p.call, { prefix: "promo", ip: "198.51.100.91" });

  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const ledgerOk = async () => expect((await p.call("/operator/v1/ledger/check", { operator: true })).body.ok).toBe(true);
  const promos = async (token: string) => (await p.call("/wps/promotions", { headers: auth(token) })).body.value.promotions as { id: number; code: string; status: string }[];
  const promoId = async (token: string, code: string) => (await promos(token)).find((x) => x.code === code)!.id;
  const bonusRows = async (memberKeyPrefix: string) =>
    (await p.handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, "bonus"))).filter((t) => t.idempotencyKey.startsWith(memberKeyPrefix));

  async function bankDeposit(token: string, amount: string) {
    const channels = (await p.call("/wps/payment/channels?direction=DEPOSIT", { headers: auth(token) })).body.value as { id: number; code: string }[];
    const bank = channels.find((c) => c.code === "BANK")!;
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(token), json: { channelId: bank.id, amount, requestKey: key() } });
    expect(dep.status).toBe(200);
    return dep.body.value.reference as string;
  }

  it("pays the newbie 100% match on the first deposit only, capped, once however the confirmation repeats", async () => {
    const m = await player("0");
    const newbie = await promoId(m.token, "NEWBIE100");
    expect((await promos(m.token)).find((x) => x.code === "NEWBIE100")!.status).toBe("process");
    const ref = await bankDeposit(m.token, "30.00");
    // The operator confirms five times at once: one deposit, one bonus.
    await Promise.all(Array.from({ length: 5 }, () => p.call(`/operator/v1/merchants/DEMO/deposits/${ref}/confirm`, { method: "POST", operator: true })));
    expect(await balance(m.token)).toBe("60.00");
    // The second deposit gets no match.
    const ref2 = await bankDeposit(m.token, "50.00");
    await p.call(`/operator/v1/merchants/DEMO/deposits/${ref2}/confirm`, { method: "POST", operator: true });
    expect(await balance(m.token)).toBe("110.00");
    const bonuses = await p.call("/wps/member/bonuses", { headers: auth(m.token) });
    expect(bonuses.body.value.content).toHaveLength(1);
    expect(bonuses.body.value.content[0]).toMatchObject({ change: "30.00" });
    const rewards = (await p.call("/wps/member/rewards", { headers: auth(m.token) })).body.value;
    expect(rewards.got).toEqual([expect.objectContaining({ id: newbie, status: "claimed", entry: expect.objectContaining({ amount: "30.00", wagering: "90.00" }), progress: "0.00" })]);
    await ledgerOk();
  });

  it("caps the match, and pays once when two first deposits are credited at the same time", async () => {
    const m = await player("0");
    const [a, b] = [await bankDeposit(m.token, "500.00"), await bankDeposit(m.token, "400.00")];
    await Promise.all([decideDeposit(p.handle.db, a, "CREDITED"), decideDeposit(p.handle.db, b, "CREDITED")]);
    expect(cents(await balance(m.token))).toBe(90_000 + 10_000);
    await ledgerOk();
  });

  it("pays a sign-up bonus once under ten concurrent claims, with its wagering requirement", async () => {
    const m = await player("0");
    const id = await promoId(m.token, "WELCOME5");
    const early = await p.call(`/wps/promotions/${id}/claim`, { method: "POST", headers: auth(m.token) });
    expect(early.body.error.code).toBe("PROMOTION_NOT_JOINED");
    expect((await p.call(`/wps/promotions/${id}/join`, { method: "POST", headers: auth(m.token) })).status).toBe(200);
    const twice = await p.call(`/wps/promotions/${id}/join`, { method: "POST", headers: auth(m.token) });
    expect(twice.body.error?.code).toBe("PROMOTION_ALREADY_JOINED");
    expect((await promos(m.token)).find((x) => x.id === id)!.status).toBe("claim");
    const claims = await Promise.all(Array.from({ length: 10 }, () => p.call(`/wps/promotions/${id}/claim`, { method: "POST", headers: auth(m.token) })));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.body.error?.code === "PROMOTION_ALREADY_CLAIMED")).toHaveLength(9);
    expect(await balance(m.token)).toBe("5.00");
    expect((await promos(m.token)).find((x) => x.id === id)!.status).toBe("claimed");
    await ledgerOk();
  });

  it("refuses trial accounts (spec §3 type 4): they join and claim nothing", async () => {
    const m = await player("0");
    await p.handle.db.update(members).set({ type: 4 }).where(eq(members.account, m.account));
    const id = await promoId(m.token, "WELCOME5");
    const join = await p.call(`/wps/promotions/${id}/join`, { method: "POST", headers: auth(m.token) });
    expect(join.body.error?.code).toBe("in_need_true_account");
    const raffle = await p.call(`/wps/promotions/${await promoId(m.token, "RAFFLE")}/claim`, { method: "POST", headers: auth(m.token) });
    expect(raffle.body.error?.code).toBe("in_need_true_account");
    expect(await balance(m.token)).toBe("0.00");
  });

  it("pays a raffle prize within its range once under concurrent claims", async () => {
    const m = await player("0");
    const id = await promoId(m.token, "RAFFLE");
    const claims = await Promise.all(Array.from({ length: 8 }, () => p.call(`/wps/promotions/${id}/claim`, { method: "POST", headers: auth(m.token) })));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    const won = cents(await balance(m.token));
    expect(won).toBeGreaterThanOrEqual(100);
    expect(won).toBeLessThanOrEqual(1_000);
    await ledgerOk();
  });

  it("pays a rebate of the valid bets since joining, once", async () => {
    const m = await player("100.00");
    const id = await promoId(m.token, "REBATE1");
    await p.call(`/wps/promotions/${id}/join`, { method: "POST", headers: auth(m.token) });
    const none = await p.call(`/wps/promotions/${id}/claim`, { method: "POST", headers: auth(m.token) });
    expect(none.body.error?.code).toBe("PROMOTION_NOTHING_TO_CLAIM");
    const round = await p.call("/wps/house/rounds", { method: "POST", headers: auth(m.token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "50.00" }], requestKey: key() } });
    expect(round.status).toBe(200);
    const after = cents(await balance(m.token));
    const claims = await Promise.all(Array.from({ length: 6 }, () => p.call(`/wps/promotions/${id}/claim`, { method: "POST", headers: auth(m.token) })));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(cents(await balance(m.token))).toBe(after + 50);
    await ledgerOk();
  });

  it("reviews an application: comment rules, approve pays once, reject pays nothing", async () => {
    const [m1, m2] = [await player("0"), await player("0")];
    const id = await promoId(m1.token, "STORY");
    const long = await p.call(`/wps/promotions/${id}/apply`, { method: "POST", headers: auth(m1.token), json: { comment: "x".repeat(141) } });
    expect(long.body.error).toMatchObject({ code: "COMMENT_TOO_LONG", field: "comment" });
    expect((await p.call(`/wps/promotions/${id}/apply`, { method: "POST", headers: auth(m1.token), json: { comment: "My best win was 7 reds in a row" } })).status).toBe(200);
    expect((await p.call(`/wps/promotions/${id}/apply`, { method: "POST", headers: auth(m2.token), json: { comment: "Hi" } })).status).toBe(200);
    const again = await p.call(`/wps/promotions/${id}/apply`, { method: "POST", headers: auth(m1.token), json: { comment: "Again" } });
    expect(again.body.error?.code).toBe("PROMOTION_ALREADY_APPLIED");
    const list = (await p.call("/operator/v1/merchants/DEMO/promotions/STORY/entries?status=applying", { operator: true })).body.entries as { id: number; account: string }[];
    const e1 = list.find((e) => e.account === m1.account)!;
    const e2 = list.find((e) => e.account === m2.account)!;
    const approvals = await Promise.all(Array.from({ length: 5 }, () => p.call(`/operator/v1/merchants/DEMO/promotion-entries/${e1.id}/approve`, { method: "POST", operator: true })));
    expect(approvals.filter((a) => a.body.changed)).toHaveLength(1);
    expect(await balance(m1.token)).toBe("20.00");
    const rejected = await p.call(`/operator/v1/merchants/DEMO/promotion-entries/${e2.id}/reject`, { method: "POST", operator: true, json: { note: "too short" } });
    expect(rejected.body).toMatchObject({ status: "rejected", changed: true });
    expect(await balance(m2.token)).toBe("0.00");
    expect((await p.call("/wps/member/rewards", { headers: auth(m2.token) })).body.value.waiting[0]).toMatchObject({ status: "rejected" });
    await ledgerOk();
  });

  it("keeps a brand's list between pages, and shows an operator's change on the next page (issue 15)", async () => {
    const visitorList = async () =>
      (await p.call("/wps/promotions", { headers: { "x-site-host": "localhost", "accept-language": "en" } })).body.value.promotions as { code: string; title: string }[];
    const put = (title: string, enabled = true) =>
      p.call("/operator/v1/merchants/DEMO/promotions/KEPT1", { method: "PUT", operator: true, json: { title: { en: title }, rule: "apply", amount: "5.00", enabled } });
    expect((await put("Kept one")).status).toBe(200);
    expect((await visitorList()).find((x) => x.code === "KEPT1")?.title).toBe("Kept one");
    // A write that bypasses the operator API is not seen while the list is kept: pages share one read.
    await p.handle.db.update(promotions).set({ title: { en: "Written behind its back" } }).where(and(eq(promotions.merchantCode, "DEMO"), eq(promotions.code, "KEPT1")));
    expect((await visitorList()).find((x) => x.code === "KEPT1")?.title).toBe("Kept one");
    // The operator's change is on the next page, and so is a promotion switched off.
    await put("Changed by the operator");
    expect((await visitorList()).find((x) => x.code === "KEPT1")?.title).toBe("Changed by the operator");
    await put("Changed by the operator", false);
    expect((await visitorList()).some((x) => x.code === "KEPT1")).toBe(false);
  });

  it("lets the operator define, update and filter promotions; bad input is a 400", async () => {
    const put = await p.call("/operator/v1/merchants/DEMO/promotions/SPORTS10", {
      method: "PUT",
      operator: true,
      json: { title: { en: "Sports 10", es: "Deportes 10" }, type: "sports", tags: ["daily"], category: "sports", rule: "deposit_bonus", amount: "10.00", minDeposit: "20.00", wageringMultiplier: 2 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ code: "SPORTS10", rule: "deposit_bonus", amount: "10.00", minDeposit: "20.00" });
    const bad = await p.call("/operator/v1/merchants/DEMO/promotions/BAD", { method: "PUT", operator: true, json: { title: {}, rule: "nope" } });
    expect(bad.status).toBe(400);
    const noKey = await p.call("/operator/v1/merchants/DEMO/promotions");
    expect(noKey.status).toBe(401);
    const sports = await p.call("/wps/promotions?category=sports", { headers: { "x-site-host": "localhost", "accept-language": "es" } });
    expect(sports.body.value.promotions.map((x: { title: string }) => x.title)).toEqual(["Deportes 10"]);
    expect(sports.body.value.categories).toEqual(expect.arrayContaining(["newbie", "sports", "rebate"]));
    // A deposit bonus pays on a qualifying deposit after joining, once.
    const m = await player("0");
    const id = await promoId(m.token, "SPORTS10");
    await p.call(`/wps/promotions/${id}/join`, { method: "POST", headers: auth(m.token) });
    const small = await bankDeposit(m.token, "15.00");
    await decideDeposit(p.handle.db, small, "CREDITED"); // first deposit: newbie 15.00, too small for SPORTS10
    expect(await balance(m.token)).toBe("30.00");
    const big = await bankDeposit(m.token, "20.00");
    await decideDeposit(p.handle.db, big, "CREDITED");
    const big2 = await bankDeposit(m.token, "20.00");
    await decideDeposit(p.handle.db, big2, "CREDITED");
    expect(await balance(m.token)).toBe("80.00");
    expect(await bonusRows(`promo:${id}:`)).toHaveLength(1);
    await ledgerOk();
  });
});
