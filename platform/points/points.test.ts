import { eq } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { pointsEntries } from "./schema.js";
import { earnPoints } from "./service.js";
import { decideDeposit } from "../payments/service.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("points mall", () => {
  let p: TestPlatform;
  const { auth, key, player, balance } = playersOf(() => p.call, { prefix: "pts", ip: "198.51.100.92" });

  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const ledgerOk = async () => expect((await p.call("/operator/v1/ledger/check", { operator: true })).body.ok).toBe(true);
  const mall = async (token: string) => (await p.call("/wps/points", { headers: auth(token) })).body.value;
  async function withPaymentPassword(funds = "100.00") {
    const m = await player(funds);
    const set = await p.call("/wps/member/payment-password", { method: "PUT", headers: auth(m.token), json: { password: "secret123", newPaymentPassword: "246810", confirmPaymentPassword: "246810" } });
    expect(set.status).toBe(200);
    return m;
  }
  const play = (token: string, amount: string) =>
    p.call("/wps/house/rounds", { method: "POST", headers: auth(token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount }], requestKey: key() } });
  const redeem = (token: string, json: Record<string, unknown>) => p.call("/wps/points/redeem", { method: "POST", headers: auth(token), json: { paymentPassword: "246810", requestKey: key(), quantity: 1, ...json } });

  it("earns points once per settled round and deposit however often the job runs", async () => {
    const m = await withPaymentPassword();
    expect((await play(m.token, "25.00")).status).toBe(200);
    expect((await play(m.token, "10.50")).status).toBe(200);
    const channels = (await p.call("/wps/payment/channels?direction=DEPOSIT", { headers: auth(m.token) })).body.value as { id: number; code: string }[];
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(m.token), json: { channelId: channels.find((c) => c.code === "BANK")!.id, amount: "40.00", requestKey: key() } });
    await decideDeposit(p.handle.db, dep.body.value.reference, "CREDITED");
    await Promise.all([earnPoints(p.handle.db), earnPoints(p.handle.db), earnPoints(p.handle.db)]);
    await earnPoints(p.handle.db);
    // 25 + 10 (slots/live at 1 per 1.00, rounded down per round) + 40 deposited.
    expect((await mall(m.token)).balance).toBe(25 + 10 + 40);
    const details = (await p.call("/wps/points/details", { headers: auth(m.token) })).body.value.content as { type: string; points: number }[];
    expect(details.map((d) => d.points).sort((a, b) => a - b)).toEqual([10, 25, 40]);
    expect(details.map((d) => d.type)).toContain("deposit");
    expect(await earnPoints(p.handle.db)).toBe(0);
  }, 180_000);

  it("sells exactly the last 3 items to 50 parallel redeems, never below zero points", async () => {
    await p.call("/operator/v1/merchants/DEMO/points/goods/LAST3", { method: "PUT", operator: true, json: { name: { en: "Last three" }, price: 10, stock: 3, perMemberLimit: 0 } });
    const goods = (await p.call("/operator/v1/merchants/DEMO/points/goods", { operator: true })).body.goods.find((g: { code: string }) => g.code === "LAST3");
    const buyers = await Promise.all(Array.from({ length: 5 }, () => withPaymentPassword()));
    for (const b of buyers) await play(b.token, "100.00");
    await earnPoints(p.handle.db);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => redeem(buyers[i % 5]!.token, { goodsId: goods.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.error?.code === "OUT_OF_STOCK")).toHaveLength(47);
    const after = (await p.call("/operator/v1/merchants/DEMO/points/goods", { operator: true })).body.goods.find((g: { code: string }) => g.code === "LAST3");
    expect(after.stock).toBe(0);
    const sold = (await p.call("/operator/v1/merchants/DEMO/points/redemptions", { operator: true })).body.items.filter((r: { goods: string }) => r.goods === "Last three");
    expect(sold).toHaveLength(3);
    await ledgerOk();
  }, 180_000);

  it("refuses a wrong payment password (locked after 5), more than the points, more than stock or the limit; nothing written", async () => {
    const m = await withPaymentPassword();
    await play(m.token, "40.00");
    await earnPoints(p.handle.db);
    const goods = (await mall(m.token)).goods as { id: number; code: string }[];
    const mug = goods.find((g) => g.code === "MUG")!;
    const gift = goods.find((g) => g.code === "GIFT10")!;
    const noAddress = await redeem(m.token, { goodsId: mug.id });
    expect(noAddress.body.error).toMatchObject({ code: "ADDRESS_REQUIRED", field: "address" });
    const tooMany = await redeem(m.token, { goodsId: mug.id, quantity: 4, address: "1 Main Street, Town" });
    expect(tooMany.body.error).toMatchObject({ code: "OUT_OF_STOCK", field: "quantity" });
    const poor = await redeem(m.token, { goodsId: gift.id });
    expect(poor.body.error).toMatchObject({ code: "INSUFFICIENT_POINTS", field: "quantity" });
    for (let i = 0; i < 5; i++) expect((await redeem(m.token, { goodsId: mug.id, address: "1 Main Street, Town", paymentPassword: "111111" })).body.error.code).toBe("PAYMENT_PASSWORD_INCORRECT");
    const locked = await redeem(m.token, { goodsId: mug.id, address: "1 Main Street, Town" });
    expect(locked.body.error.code).toBe("TOO_MANY_REQUESTS");
    expect((await mall(m.token)).balance).toBe(40);
    expect((await p.call("/wps/points/redemptions", { headers: auth(m.token) })).body.value).toEqual([]);
  }, 180_000);

  it("the operator approves or rejects a redemption once; a rejection returns points and stock", async () => {
    const m = await withPaymentPassword();
    await play(m.token, "90.00");
    await earnPoints(p.handle.db);
    await p.call("/operator/v1/merchants/DEMO/points/goods/CAP", { method: "PUT", operator: true, json: { name: { en: "Cap" }, price: 20, stock: 10, perMemberLimit: 2, physical: true } });
    const cap = ((await mall(m.token)).goods as { id: number; code: string }[]).find((g) => g.code === "CAP")!;
    const a = await redeem(m.token, { goodsId: cap.id, address: "1 Main Street, Town" });
    const b = await redeem(m.token, { goodsId: cap.id, address: "1 Main Street, Town" });
    expect([a.status, b.status]).toEqual([200, 200]);
    const over = await redeem(m.token, { goodsId: cap.id, address: "1 Main Street, Town" });
    expect(over.body.error.code).toBe("OVER_LIMIT");
    expect((await mall(m.token)).balance).toBe(50);
    const rejects = await Promise.all(Array.from({ length: 4 }, () => p.call(`/operator/v1/merchants/DEMO/points/redemptions/${a.body.value.id}/reject`, { method: "POST", operator: true, json: { note: "no stock" } })));
    expect(rejects.filter((r) => r.body.changed)).toHaveLength(1);
    expect((await p.call(`/operator/v1/merchants/DEMO/points/redemptions/${b.body.value.id}/approve`, { method: "POST", operator: true })).body).toMatchObject({ status: "APPROVED", changed: true });
    expect((await mall(m.token)).balance).toBe(70);
    const history = (await p.call("/wps/points/redemptions", { headers: auth(m.token) })).body.value as { id: number; status: string }[];
    expect(history.map((h) => h.status).sort()).toEqual(["APPROVED", "REJECTED"]);
    expect(((await mall(m.token)).goods as { code: string; stock: number }[]).find((g) => g.code === "CAP")!.stock).toBe(9);
    // The member is told in their own language: the web words these kinds (msg_kind_points_*), the platform stores numbers only.
    const inbox = (await p.call("/wps/member/messageV2", { headers: auth(m.token) })).body.value.content as { kind: string; params: Record<string, unknown> }[];
    const told = inbox.filter((x) => x.kind.startsWith("points_")).map((x) => ({ kind: x.kind, params: x.params }));
    expect(told).toEqual(
      expect.arrayContaining([
        { kind: "points_rejected", params: expect.objectContaining({ id: a.body.value.id, points: "20" }) },
        { kind: "points_approved", params: expect.objectContaining({ id: b.body.value.id, points: "20" }) },
      ]),
    );
    expect(told).toHaveLength(2);
  }, 180_000);

  it("converts points to balance at the operator's ratio through the ledger, once per request", async () => {
    const m = await withPaymentPassword("500.00");
    await play(m.token, "400.00");
    await earnPoints(p.handle.db);
    const before = await balance(m.token);
    const requestKey = key();
    const convert = () => p.call("/wps/points/convert", { method: "POST", headers: auth(m.token), json: { points: 300, paymentPassword: "246810", requestKey } });
    const results = await Promise.all([convert(), convert(), convert()]);
    expect(results.map((r) => [r.status, r.body.error?.code ?? null])).toEqual([[200, null], [200, null], [200, null]]);
    expect((await mall(m.token)).balance).toBe(100);
    expect(Math.round((Number(await balance(m.token)) - Number(before)) * 100)).toBe(300);
    const tooMuch = await p.call("/wps/points/convert", { method: "POST", headers: auth(m.token), json: { points: 500, paymentPassword: "246810", requestKey: key() } });
    expect(tooMuch.body.error.code).toBe("INSUFFICIENT_POINTS");
    const rows = await p.handle.db.select().from(pointsEntries).where(eq(pointsEntries.type, "convert"));
    expect(rows.filter((r) => r.sourceKey.includes(requestKey))).toHaveLength(1);
    await ledgerOk();
  });
});
