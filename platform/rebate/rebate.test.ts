import { and, eq, like } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { members } from "../accounts/schema.js";
import { ledgerTransfers } from "../ledger/schema.js";
import { memberMessages } from "../messages/schema.js";
import { rebateBets, rebateClaims } from "./schema.js";
import { claimRebate, rebateKey, rebateLines, rebateOf, rebatePeriod, rebateSummary } from "./service.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("rebate maths", () => {
  it("rounds each category's rebate down to the minor unit", () => {
    expect(rebateOf(5_000n, 80)).toBe(40n); // 50.00 at 0.8 %
    expect(rebateOf(200n, 120)).toBe(2n); // 2.00 at 1.2 % = 0.024
    expect(rebateOf(1_234n, 120)).toBe(14n); // 12.34 at 1.2 % = 0.148
    expect(rebateOf(99n, 100)).toBe(0n);
    expect(rebateOf(10_000n, 0)).toBe(0n);
    expect(rebateOf(-5n, 100)).toBe(0n);
  });

  it("sums per category, leaves unrated categories out, and orders them as the spec lists them", () => {
    const stakes = new Map([
      ["RNG", { total: 1_234n, bets: 3 }],
      ["PVP", { total: 50_000n, bets: 1 }],
      ["LIVE", { total: 5_000n, bets: 2 }],
    ]);
    const r = rebateLines(stakes, { LIVE: 80, RNG: 120 }, "USD");
    expect(r.amount).toBe(54n);
    expect(r.validBet).toBe(6_234n);
    expect(r.lines.map((l) => [l.category, l.validBet, l.amount, l.bets])).toEqual([
      ["LIVE", "50.00", "0.40", 2],
      ["RNG", "12.34", "0.14", 3],
    ]);
  });

  it("claims once a UTC day or once a week from Monday", () => {
    const at = new Date("2026-11-26T23:59:59.999Z"); // a Thursday
    expect(rebatePeriod("daily", at)).toMatchObject({ key: "2026-11-26", to: new Date("2026-11-27T00:00:00Z") });
    expect(rebatePeriod("weekly", at)).toMatchObject({ key: "W2026-11-23", from: new Date("2026-11-23T00:00:00Z") });
  });
});

describe("manual rebate", () => {
  let p: TestPlatform;
  const { auth, key, player, balance, cents } = playersOf(() => p.call, { prefix: "rb", ip: "198.51.100.93" });

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
  const summary = async (token: string) => (await p.call("/wps/member/rebate", { headers: auth(token) })).body.value;
  const claim = (token: string, period?: string) => p.call("/wps/member/rebate/claim", { method: "POST", headers: auth(token), json: period ? { period } : {} });

  it("rebates each category's unrebated valid bets at the operator's rate, once, and marks the bets it covered", async () => {
    const m = await player("100.00");
    const none = await claim(m.token);
    expect(none.body.error?.code).toBe("REBATE_NOTHING_TO_CLAIM");
    expect(await p.handle.db.select().from(rebateClaims).where(eq(rebateClaims.memberId, (await memberRow(m.account)).id))).toHaveLength(0);

    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "50.00" }]); // LIVE 0.8 %
    await bet(m.token, "HOUSE_SLOT_1", [{ kind: "spin", amount: "2.00" }]); // RNG 1.2 %
    const s = await summary(m.token);
    // In-house rounds also pass through the wallet as vendor HOUSE: each bet counts once.
    expect(s.categories.find((c: { category: string }) => c.category === "LIVE")).toMatchObject({ rate: "0.8", validBet: "50.00", amount: "0.40", bets: 1 });
    expect(s.categories.find((c: { category: string }) => c.category === "RNG")).toMatchObject({ rate: "1.2", validBet: "2.00", amount: "0.02", bets: 1 });
    expect(s.categories.find((c: { category: string }) => c.category === "PVP")).toMatchObject({ rate: null, amount: "0.00" });
    expect(s).toMatchObject({ enabled: true, validBet: "52.00", amount: "0.42", claimable: true, claimed: null });

    const before = cents(await balance(m.token));
    const paid = await claim(m.token, s.period.key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value).toMatchObject({ periodKey: s.period.key, amount: "0.42", validBet: "52.00" });
    expect(cents(await balance(m.token))).toBe(before + 42);

    const me = await memberRow(m.account);
    const [row] = await p.handle.db.select().from(rebateClaims).where(eq(rebateClaims.memberId, me.id));
    expect(await p.handle.db.select().from(rebateBets).where(eq(rebateBets.claimId, row!.id))).toHaveLength(2);
    const [transfer] = await p.handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, rebateKey(me.id, s.period.key)));
    expect(transfer).toMatchObject({ kind: "bonus", amount: 42n, reference: `REBATE-${s.period.key}` });
    expect(await p.handle.db.select().from(memberMessages).where(and(eq(memberMessages.memberId, me.id), eq(memberMessages.type, "rebate_paid")))).toHaveLength(1);

    const after = await summary(m.token);
    expect(after).toMatchObject({ amount: "0.00", claimable: false, claimed: { amount: "0.42" }, nextClaimAt: s.period.to });
    expect((await claim(m.token)).body.error?.code).toBe("REBATE_ALREADY_CLAIMED");

    // New bets wait for the next period; then only they are rebated (the first ones never again).
    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "black", amount: "25.00" }]);
    expect((await summary(m.token)).amount).toBe("0.20");
    const tomorrow = new Date(new Date(s.period.to).getTime() + 60_000);
    const next = await claimRebate(p.handle.db, me, undefined, tomorrow);
    expect(next).toMatchObject({ amount: "0.20", validBet: "25.00" });
    expect((await rebateSummary(p.handle.db, me, tomorrow)).amount).toBe("0.00");
    expect(await p.handle.db.select().from(rebateBets).where(eq(rebateBets.memberId, me.id))).toHaveLength(3);
    await ledgerOk();
  });

  it("pays once under twelve concurrent claims of the same period", async () => {
    const m = await player("100.00");
    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "40.00" }]);
    const before = cents(await balance(m.token));
    const claims = await Promise.all(Array.from({ length: 12 }, () => claim(m.token)));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.body.error?.code === "REBATE_ALREADY_CLAIMED")).toHaveLength(11);
    expect(cents(await balance(m.token))).toBe(before + 32);
    const me = await memberRow(m.account);
    expect(await p.handle.db.select().from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, `rebate:${me.id}:%`))).toHaveLength(1);
    expect(await p.handle.db.select().from(rebateClaims).where(eq(rebateClaims.memberId, me.id))).toHaveLength(1);
    await ledgerOk();
  });

  it("refuses a claim for a period the page no longer shows, and writes nothing", async () => {
    const m = await player("100.00");
    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "10.00" }]);
    const stale = await claim(m.token, "2020-01-01");
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ code: "REBATE_PERIOD_CHANGED", field: "period" });
    const bad = await claim(m.token, "<script>");
    expect(bad.status).toBe(400);
    expect(await p.handle.db.select().from(rebateClaims).where(eq(rebateClaims.memberId, (await memberRow(m.account)).id))).toHaveLength(0);
    expect((await summary(m.token)).claimable).toBe(true);
  });

  it("lets the operator set rates per category; bad rates are a 400; off means no claim", async () => {
    const bad = await p.call("/operator/v1/merchants/DEMO/rebate", { method: "PUT", operator: true, json: { rates: { RNG: 11 } } });
    expect(bad.status).toBe(400);
    const odd = await p.call("/operator/v1/merchants/DEMO/rebate", { method: "PUT", operator: true, json: { rates: { HOT: 1 } } });
    expect(odd.status).toBe(400);
    const decimals = await p.call("/operator/v1/merchants/DEMO/rebate", { method: "PUT", operator: true, json: { rates: { RNG: 1.234 } } });
    expect(decimals.status).toBe(400);
    expect((await p.call("/operator/v1/merchants/DEMO/rebate")).status).toBe(401);

    const put = await p.call("/operator/v1/merchants/DEMO/rebate", { method: "PUT", operator: true, json: { rates: { LIVE: 2.5, RNG: 1 }, period: "weekly", minAmount: "1.00" } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ rates: { LIVE: 2.5, RNG: 1, PVP: 0 }, period: "weekly", minAmount: "1.00", enabled: true });
    const m = await player("100.00");
    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "20.00" }]);
    const s = await summary(m.token);
    expect(s).toMatchObject({ amount: "0.50", minAmount: "1.00", claimable: false, period: { kind: "weekly" } });
    expect(s.period.key).toMatch(/^W\d{4}-\d{2}-\d{2}$/);
    const below = await claim(m.token);
    expect(below.body.error).toMatchObject({ code: "REBATE_BELOW_MINIMUM", min: "1.00" });
    await bet(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "30.00" }]);
    expect((await claim(m.token)).body.value).toMatchObject({ amount: "1.25" });
    const claims = await p.call(`/operator/v1/merchants/DEMO/rebate/claims?period=${s.period.key}`, { operator: true });
    expect(claims.body.claims).toEqual([expect.objectContaining({ account: m.account, amount: "1.25", bets: 2 })]);

    await p.call("/operator/v1/merchants/DEMO/rebate", { method: "PUT", operator: true, json: { enabled: false } });
    const off = await claim((await player("0")).token);
    expect(off.body.error?.code).toBe("REBATE_OFF");
    await ledgerOk();
  });
});
