import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/** Transaction history shows a withdrawal's state as it changes: in process, approved, the receipt. */
describe("withdrawal states in the transaction history", () => {
  let p: TestPlatform;
  let n = 0;
  const host = { "x-site-host": "localhost", "x-client-ip": "198.51.100.91" };
  const auth = (token: string) => ({ ...host, authorization: `Bearer ${token}` });
  const key = () => `hs-${Date.now().toString(36)}-${n++}`;

  beforeAll(async () => {
    p = await createTestPlatform();
  }, 240_000);
  afterAll(() => p.cleanup());

  async function memberWithBank(name: string) {
    const account = `hs${Date.now().toString(36).slice(-5)}${n++}`;
    expect((await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123" } })).status).toBe(201);
    const token = (await p.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } })).body.value.token as string;
    await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: "300.00", reference: key() } });
    await p.call("/wps/member/payment-password", { method: "PUT", headers: auth(token), json: { password: "secret123", newPaymentPassword: "246810", confirmPaymentPassword: "246810" } });
    const bank = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(token), json: { bankName: "Test Bank", accountName: name, accountNumber: `${Date.now()}`.slice(-10) } });
    return { token, bankAccountId: bank.body.value.id as number };
  }
  const withdraw = async (m: { token: string; bankAccountId: number }, amount: string) =>
    (await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: m.bankAccountId, amount, paymentPassword: "246810", requestKey: key() } })).body.value.reference as string;
  const rows = async (token: string, ref: string) =>
    ((await p.call("/wps/member/transactions?type=withdraw", { headers: auth(token) })).body.value.content as Array<{ kind: string; reference: string; withdrawal: Record<string, unknown> | null }>).filter((r) => r.reference === ref);

  it("in process, then approved and paid out, then partly received, each on the withdrawal's rows", async () => {
    const m = await memberWithBank("Ana Perez");
    const ref = await withdraw(m, "100.00");
    let r = await rows(m.token, ref);
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ kind: "withdraw_hold", withdrawal: { status: "IN_PROCESS", receipt: null, decidedAt: null } });

    expect((await p.call(`/operator/v1/merchants/DEMO/withdrawals/${ref}/approve`, { method: "POST", operator: true, json: {} })).status).toBe(200);
    r = await rows(m.token, ref);
    expect(r.length).toBeGreaterThanOrEqual(1);
    for (const row of r) expect(row.withdrawal).toMatchObject({ status: "APPROVED", receipt: "PENDING" });
    expect(r[0]!.withdrawal!.decidedAt).toEqual(expect.any(String));

    await p.call(`/wps/payment/withdrawals/${ref}/receipt`, { method: "POST", headers: auth(m.token), json: { receipt: "PARTIAL", remainingAmount: "40.00" } });
    r = await rows(m.token, ref);
    expect(r[0]!.withdrawal).toMatchObject({ status: "APPROVED", receipt: "PARTIAL", remainingAmount: "40.00", receiptAt: expect.any(String) });
  });

  it("a rejected withdrawal shows its release; a not-received one says so", async () => {
    const m = await memberWithBank("Bo Li");
    const rejected = await withdraw(m, "50.00");
    await p.call(`/operator/v1/merchants/DEMO/withdrawals/${rejected}/reject`, { method: "POST", operator: true, json: {} });
    const r = await rows(m.token, rejected);
    expect(r.map((x) => x.kind).sort()).toEqual(["withdraw_hold", "withdraw_release"]);
    for (const row of r) expect(row.withdrawal).toMatchObject({ status: "REJECTED", receipt: null });

    const lost = await withdraw(m, "20.00");
    await p.call(`/operator/v1/merchants/DEMO/withdrawals/${lost}/approve`, { method: "POST", operator: true, json: {} });
    await p.call(`/wps/payment/withdrawals/${lost}/receipt`, { method: "POST", headers: auth(m.token), json: { receipt: "NOT_RECEIVED" } });
    expect((await rows(m.token, lost))[0]!.withdrawal).toMatchObject({ status: "APPROVED", receipt: "NOT_RECEIVED" });

    // Other movements carry no withdrawal state.
    const bonus = (await p.call("/wps/member/transactions?type=bonus", { headers: auth(m.token) })).body.value.content;
    expect(bonus[0].withdrawal).toBeNull();
  });
});
