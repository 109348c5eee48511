import { eq } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { paymentChannels } from "./schema.js";
import { autoReceiveWithdrawals, signGatewayBody } from "./service.js";
import { checkInvariants } from "../ledger/service.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

const SECRET = "s".repeat(40);

describe("money flows", () => {
  let p: TestPlatform;
  let n = 0;
  const host = { "x-site-host": "localhost", "x-client-ip": "198.51.100.77" };
  const auth = (token: string) => ({ ...host, authorization: `Bearer ${token}` });
  const key = () => `req-${Date.now().toString(36)}-${n++}`;

  beforeAll(async () => {
    p = await createTestPlatform();
    // The demo merchant's channels, plus a gateway with a secret this test knows.
    await p.call("/operator/v1/merchants/DEMO/payment-channels/DEPOSIT/GW", {
      method: "PUT",
      operator: true,
      json: { type: "GATEWAY", name: "Gateway", minAmount: "1.00", maxAmount: "1000.00", config: { provider: "sandbox", secret: SECRET } },
    });
  });
  afterAll(() => p.cleanup());

  async function newMember(extra: Record<string, unknown> = {}) {
    const account = `pay${Date.now().toString(36).slice(-5)}${n++}`;
    const made = await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123", ...extra } });
    expect(made.status).toBe(201);
    const login = await p.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
    expect(login.status).toBe(200);
    return { account, token: login.body.value.token as string };
  }
  const balance = async (token: string) => (await p.call("/wps/v2/wallets/balance", { headers: auth(token) })).body.value;
  const channel = async (token: string, code: string, direction = "DEPOSIT") => {
    const list = await p.call(`/wps/payment/channels?direction=${direction}`, { headers: auth(token) });
    return list.body.value.find((c: { code: string }) => c.code === code);
  };
  async function fund(account: string, amount: string) {
    const res = await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount, reference: `fund-${key()}` } });
    expect(res.status).toBe(201);
  }
  async function withPaymentPassword(token: string) {
    const set = await p.call("/wps/member/payment-password", { method: "PUT", headers: auth(token), json: { password: "secret123", newPaymentPassword: "246810", confirmPaymentPassword: "246810" } });
    expect(set.status).toBe(200);
  }

  it("credits a bank deposit once the operator confirms it, and only once", async () => {
    const m = await newMember();
    const bank = await channel(m.token, "BANK");
    expect(bank).toMatchObject({ type: "BANK", bankName: "Demo Bank", accountNumber: "001234567890", minAmount: "10.00" });
    const requestKey = key();
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(m.token), json: { channelId: bank.id, amount: "150.25", requestKey } });
    expect(dep.body.value).toMatchObject({ status: "PENDING", amount: "150.25", reference: expect.stringMatching(/^D/) });
    // The same form submitted twice makes one deposit.
    const twice = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(m.token), json: { channelId: bank.id, amount: "150.25", requestKey } });
    expect(twice.body.value.reference).toBe(dep.body.value.reference);

    const ref = dep.body.value.reference;
    const pending = await p.call("/operator/v1/merchants/DEMO/deposits?status=PENDING", { operator: true });
    expect(pending.body.items.some((d: { reference: string }) => d.reference === ref)).toBe(true);
    const confirm = await p.call(`/operator/v1/merchants/DEMO/deposits/${ref}/confirm`, { method: "POST", operator: true });
    expect(confirm.body).toMatchObject({ status: "CREDITED", changed: true });
    const again = await p.call(`/operator/v1/merchants/DEMO/deposits/${ref}/confirm`, { method: "POST", operator: true });
    expect(again.body).toMatchObject({ status: "CREDITED", changed: false });
    const reject = await p.call(`/operator/v1/merchants/DEMO/deposits/${ref}/reject`, { method: "POST", operator: true });
    expect(reject.body).toMatchObject({ status: "CREDITED", changed: false });
    // The deposit and the demo brand's newbie 100% match on a first deposit (capped at 100.00).
    expect((await balance(m.token)).balance).toBe("250.25");

    const messages = await p.call("/wps/member/messages", { headers: auth(m.token) });
    expect(messages.body.value).toContainEqual(expect.objectContaining({ type: "deposit_credited", amount: "150.25", reference: ref }));
    // Two unread: the deposit credited, and the newbie bonus it paid.
    const unread = await p.call("/wps/relay/CSP_unreadCount", { headers: auth(m.token) });
    expect(unread.body.value.count).toBe(2);
  });

  it("keeps deposits within the channel's limits and refuses bad amounts", async () => {
    const m = await newMember();
    const bank = await channel(m.token, "BANK");
    for (const [amount, code] of [["5.00", "AMOUNT_OUT_OF_RANGE"], ["50000.01", "AMOUNT_OUT_OF_RANGE"], ["1.234", "INVALID_AMOUNT"], ["-5", "INVALID_AMOUNT"], ["abc", "INVALID_AMOUNT"]]) {
      const res = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(m.token), json: { channelId: bank.id, amount, requestKey: key() } });
      expect(res.status, amount).toBe(400);
      expect(res.body.error.code, amount).toBe(code);
    }
  });

  it("credits a gateway deposit exactly once however often the signed callback arrives", async () => {
    const m = await newMember();
    const gw = await channel(m.token, "GW");
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(m.token), json: { channelId: gw.id, amount: "20.00", requestKey: key() } });
    const ref = dep.body.value.reference;
    expect(dep.body.value.payUrl).toBe(`/sandbox/gateway/${ref}`);
    const raw = JSON.stringify({ reference: ref, status: "PAID", amount: "20.00", providerRef: "X1" });
    const forged = await p.call("/payments/v1/callback/sandbox", { method: "POST", headers: { "x-signature": signGatewayBody("wrong-secret", raw) }, body: raw });
    expect(forged.status).toBe(401);
    const wrongAmount = JSON.stringify({ reference: ref, status: "PAID", amount: "2000.00" });
    const mismatch = await p.call("/payments/v1/callback/sandbox", { method: "POST", headers: { "x-signature": signGatewayBody(SECRET, wrongAmount) }, body: wrongAmount });
    expect(mismatch.status).toBe(409);
    const deliveries = await Promise.all(
      Array.from({ length: 5 }, () => p.call("/payments/v1/callback/sandbox", { method: "POST", headers: { "x-signature": signGatewayBody(SECRET, raw) }, body: raw })),
    );
    expect(deliveries.every((d) => d.status === 200 && d.body.value.status === "CREDITED")).toBe(true);
    expect(deliveries.filter((d) => d.body.value.changed)).toHaveLength(1);
    // 20.00 deposited and the newbie match of 20.00, each once.
    expect((await balance(m.token)).balance).toBe("40.00");
  });

  it("lets the sandbox payer fail a payment: nothing credited, the member told", async () => {
    const m = await newMember();
    const gw = await channel(m.token, "GW");
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(m.token), json: { channelId: gw.id, amount: "9.99", requestKey: key() } });
    const ref = dep.body.value.reference;
    const page = await p.call(`/payments/v1/sandbox/${ref}`);
    expect(page.body.value).toMatchObject({ amount: "9.99", currency: "USD", status: "PENDING" });
    const failed = await p.call(`/payments/v1/sandbox/${ref}/complete`, { method: "POST", json: { outcome: "failed" } });
    expect(failed.body.value.status).toBe("FAILED");
    const paidLate = await p.call(`/payments/v1/sandbox/${ref}/complete`, { method: "POST", json: { outcome: "paid" } });
    expect(paidLate.body.value).toMatchObject({ status: "FAILED", changed: false });
    expect((await balance(m.token)).balance).toBe("0.00");
    const messages = await p.call("/wps/member/messages", { headers: auth(m.token) });
    expect(messages.body.value[0].type).toBe("deposit_failed");
  });

  it("holds a withdrawal at request, pays it out on approval, and takes the member's receipt", async () => {
    const m = await newMember();
    await fund(m.account, "300.00");
    const noBank = await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: 999999, amount: "60.00", paymentPassword: "246810", requestKey: key() } });
    expect(noBank.body.error.code).toBe("BANK_ACCOUNT_REQUIRED");
    const bank = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(m.token), json: { bankName: "Test Bank", accountName: "Ana Perez", accountNumber: "1234 5678 9012" } });
    expect(bank.body.value).toMatchObject({ accountName: "Ana Perez", accountNumber: "********9012" });
    const otherName = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(m.token), json: { bankName: "Test Bank", accountName: "Someone Else", accountNumber: "99887766" } });
    expect(otherName.body.error.code).toBe("ACCOUNT_NAME_MISMATCH");

    const notSet = await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: bank.body.value.id, amount: "60.00", requestKey: key() } });
    expect(notSet.body.error.code).toBe("PAYMENT_PASSWORD_NOT_SET");
    await withPaymentPassword(m.token);
    const missing = await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: bank.body.value.id, amount: "60.00", requestKey: key() } });
    expect(missing.body.error).toMatchObject({ code: "PAYMENT_PASSWORD_REQUIRED", message: "Please enter withdraw password" });
    const wrong = await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: bank.body.value.id, amount: "60.00", paymentPassword: "111111", requestKey: key() } });
    expect(wrong.body.error.code).toBe("PAYMENT_PASSWORD_INCORRECT");
    const tooMuch = await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: bank.body.value.id, amount: "300.01", paymentPassword: "246810", requestKey: key() } });
    expect(tooMuch.body.error).toMatchObject({ code: "INSUFFICIENT_FUNDS", field: "amount", balance: "300.00" });

    const requestKey = key();
    const body = { bankAccountId: bank.body.value.id, amount: "200.00", paymentPassword: "246810", requestKey };
    const [w1, w2] = await Promise.all([
      p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: body }),
      p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: body }),
    ]);
    expect(w1.body.value.reference).toBe(w2.body.value.reference);
    expect(w1.body.value).toMatchObject({ status: "IN_PROCESS", amount: "200.00" });
    // Held: it cannot be spent twice.
    expect((await balance(m.token)).balance).toBe("100.00");
    const funds = await p.call("/wps/member/info/funds/consolidated", { headers: auth(m.token) });
    expect(funds.body.value).toMatchObject({ main: "100.00", held: "200.00" });
    const second = await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { ...body, requestKey: key() } });
    expect(second.body.error.code).toBe("INSUFFICIENT_FUNDS");

    const ref = w1.body.value.reference;
    const early = await p.call(`/wps/payment/withdrawals/${ref}/receipt`, { method: "POST", headers: auth(m.token), json: { receipt: "RECEIVED" } });
    expect(early.body.error.code).toBe("RECEIPT_CLOSED");
    const approve = await p.call(`/operator/v1/merchants/DEMO/withdrawals/${ref}/approve`, { method: "POST", operator: true, json: { note: "paid by bank" } });
    expect(approve.body).toMatchObject({ status: "APPROVED", receipt: "PENDING", changed: true });
    const rejectLate = await p.call(`/operator/v1/merchants/DEMO/withdrawals/${ref}/reject`, { method: "POST", operator: true });
    expect(rejectLate.status).toBe(409);
    expect((await balance(m.token)).balance).toBe("100.00");

    const partialBad = await p.call(`/wps/payment/withdrawals/${ref}/receipt`, { method: "POST", headers: auth(m.token), json: { receipt: "PARTIAL", remainingAmount: "250.00" } });
    expect(partialBad.body.error.code).toBe("INVALID_AMOUNT");
    const partial = await p.call(`/wps/payment/withdrawals/${ref}/receipt`, { method: "POST", headers: auth(m.token), json: { receipt: "PARTIAL", remainingAmount: "50.00" } });
    expect(partial.body.value).toMatchObject({ receipt: "PARTIAL", remainingAmount: "50.00" });
    const changeMind = await p.call(`/wps/payment/withdrawals/${ref}/receipt`, { method: "POST", headers: auth(m.token), json: { receipt: "RECEIVED" } });
    expect(changeMind.body.error.code).toBe("RECEIPT_CLOSED");
    const messages = await p.call("/wps/member/messages", { headers: auth(m.token) });
    expect(messages.body.value[0].type).toBe("withdrawal_approved");
    // Reading deposit messages leaves the withdrawal message unread.
    await p.call("/wps/member/messages/read", { method: "POST", headers: auth(m.token), json: { types: ["deposit_credited"] } });
    expect((await p.call("/wps/relay/CSP_unreadCount", { headers: auth(m.token) })).body.value.count).toBe(1);
    await p.call("/wps/member/messages/read", { method: "POST", headers: auth(m.token), json: { types: ["withdrawal_approved"] } });
    expect((await p.call("/wps/relay/CSP_unreadCount", { headers: auth(m.token) })).body.value.count).toBe(0);
  });

  it("returns the held amount when the operator rejects, and treats an unconfirmed payout as received after the minutes", async () => {
    const m = await newMember();
    await fund(m.account, "100.00");
    await withPaymentPassword(m.token);
    const bank = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(m.token), json: { bankName: "Test Bank", accountName: "Bo Li", accountNumber: "55554444" } });
    const ask = (amount: string) =>
      p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: bank.body.value.id, amount, paymentPassword: "246810", requestKey: key() } });
    const a = await ask("60.00");
    expect((await balance(m.token)).balance).toBe("40.00");
    await p.call(`/operator/v1/merchants/DEMO/withdrawals/${a.body.value.reference}/reject`, { method: "POST", operator: true });
    expect((await balance(m.token)).balance).toBe("100.00");

    await p.call("/operator/v1/merchants/DEMO/settings", { method: "PUT", operator: true, json: { withdrawalConfirmMinutes: 5 } });
    const b = await ask("50.00");
    const approved = await p.call(`/operator/v1/merchants/DEMO/withdrawals/${b.body.value.reference}/approve`, { method: "POST", operator: true });
    const confirmBy = new Date(approved.body.confirmBy).getTime();
    expect(confirmBy - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(await autoReceiveWithdrawals(p.handle.db, new Date(confirmBy - 1000))).toBe(0);
    expect(await autoReceiveWithdrawals(p.handle.db, new Date(confirmBy + 1000))).toBeGreaterThanOrEqual(1);
    const list = await p.call("/wps/payment/withdrawals", { headers: auth(m.token) });
    expect(list.body.value.content[0]).toMatchObject({ reference: b.body.value.reference, receipt: "AUTO" });
    // A forced receipt refunds nothing.
    expect((await balance(m.token)).balance).toBe("50.00");
    const late = await p.call(`/wps/payment/withdrawals/${b.body.value.reference}/receipt`, { method: "POST", headers: auth(m.token), json: { receipt: "NOT_RECEIVED" } });
    expect(late.body.error.code).toBe("RECEIPT_CLOSED");
  });

  it("locks the payment password for 5 minutes after five wrong tries", async () => {
    const m = await newMember();
    await fund(m.account, "100.00");
    await withPaymentPassword(m.token);
    const bank = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(m.token), json: { bankName: "Test Bank", accountName: "Cy Ng", accountNumber: "77776666" } });
    const ask = (pw: string) =>
      p.call("/wps/payment/withdraw", { method: "POST", headers: auth(m.token), json: { bankAccountId: bank.body.value.id, amount: "60.00", paymentPassword: pw, requestKey: key() } });
    for (let i = 0; i < 5; i++) expect((await ask("000000")).body.error.code).toBe("PAYMENT_PASSWORD_INCORRECT");
    const locked = await ask("246810");
    expect(locked.status).toBe(429);
    expect((await balance(m.token)).balance).toBe("100.00");
  });

  it("transfers to the upline with the payment password, once per reference", async () => {
    const agent = await newMember({ type: 1 });
    const m = await newMember({ upline: agent.account });
    await fund(m.account, "80.00");
    await withPaymentPassword(m.token);
    const reference = key();
    const body = { amount: "30.00", reference, paymentPassword: "246810" };
    const first = await p.call("/wps/member/transfer/upline", { method: "POST", headers: auth(m.token), json: body });
    expect(first.body.value).toMatchObject({ to: agent.account, balance: "50.00", replayed: false });
    const replay = await p.call("/wps/member/transfer/upline", { method: "POST", headers: auth(m.token), json: body });
    expect(replay.body.value).toMatchObject({ transferId: first.body.value.transferId, replayed: true });
    expect((await balance(agent.token)).balance).toBe("30.00");
    const conflict = await p.call("/wps/member/transfer/upline", { method: "POST", headers: auth(m.token), json: { ...body, amount: "31.00" } });
    expect(conflict.status).toBe(409);
    // The agent can send to its downline; a member cannot.
    await withPaymentPassword(agent.token);
    const down = await p.call("/wps/agent/transfer/downline", { method: "POST", headers: auth(agent.token), json: { account: m.account, amount: "10.00", reference: key(), paymentPassword: "246810" } });
    expect(down.body.value.balance).toBe("20.00");
    const notAgent = await p.call("/wps/agent/transfer/downline", { method: "POST", headers: auth(m.token), json: { account: agent.account, amount: "1.00", reference: key(), paymentPassword: "246810" } });
    expect(notAgent.status).toBe(403);
    const noUpline = await p.call("/wps/member/transfer/upline", { method: "POST", headers: auth(agent.token), json: { amount: "1.00", reference: key(), paymentPassword: "246810" } });
    expect(noUpline.body.error.code).toBe("NO_UPLINE");
  });

  it("moves money between the main and vendor wallets of a multi-wallet merchant", async () => {
    const single = await newMember();
    const refused = await p.call("/wps/relay/GCS_walletTransfer", { method: "POST", headers: auth(single.token), json: { from: "MAIN", to: "PG", amount: "1.00", reference: key() } });
    expect(refused.body.error.code).toBe("SINGLE_WALLET");

    const { merchantVendors } = await import("../games/schema.js");
    const demoVendors = await p.handle.db.select().from(merchantVendors).where(eq(merchantVendors.merchantCode, "DEMO"));
    const put = await p.call("/operator/v1/merchants/MULTI", {
      method: "PUT",
      operator: true,
      json: { name: "Multi", currency: "USD", domains: ["multi.test"], isSingleWallet: false, vendors: demoVendors.map((v) => v.vendorCode) },
    });
    expect(put.status).toBe(200);
    const unknown = await p.call("/operator/v1/merchants/MULTI", { method: "PUT", operator: true, json: { name: "Multi", currency: "USD", domains: ["multi.test"], vendors: ["NOPE"] } });
    expect(unknown.body.error.code).toBe("VENDOR_NOT_FOUND");
    const account = `multi${n++}`;
    await p.call("/operator/v1/merchants/MULTI/members", { method: "POST", operator: true, json: { account, password: "secret123" } });
    const mh = { "x-site-host": "multi.test", "x-client-ip": "198.51.100.78" };
    const login = await p.call("/wps/session/login", { method: "POST", headers: mh, json: { username: account, password: "secret123" } });
    const token = login.body.value.token;
    await p.call(`/operator/v1/merchants/MULTI/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: "40.00", reference: key() } });
    const before = await p.call("/wps/v2/wallets/balance", { headers: { ...mh, authorization: `Bearer ${token}` } });
    expect(before.body.value.isSingle).toBe(false);
    const vendor = before.body.value.wallets[0].wallet as string;
    const reference = key();
    const moved = await p.call("/wps/relay/GCS_walletTransfer", { method: "POST", headers: { ...mh, authorization: `Bearer ${token}` }, json: { from: "MAIN", to: vendor, amount: "15.00", reference } });
    expect(moved.body.value.balance).toBe("25.00");
    expect(moved.body.value.wallets.find((w: { wallet: string }) => w.wallet === vendor).balance).toBe("15.00");
    const replay = await p.call("/wps/relay/GCS_walletTransfer", { method: "POST", headers: { ...mh, authorization: `Bearer ${token}` }, json: { from: "MAIN", to: vendor, amount: "15.00", reference } });
    expect(replay.body.value).toMatchObject({ replayed: true, balance: "25.00" });
    const overdraw = await p.call("/wps/relay/GCS_walletTransfer", { method: "POST", headers: { ...mh, authorization: `Bearer ${token}` }, json: { from: vendor, to: "MAIN", amount: "15.01", reference: key() } });
    expect(overdraw.body.error.code).toBe("INSUFFICIENT_FUNDS");
    const funds = await p.call("/wps/member/info/funds/consolidated", { headers: { ...mh, authorization: `Bearer ${token}` } });
    expect(funds.body.value).toMatchObject({ main: "25.00", vendors: "15.00", total: "40.00" });
  });

  it("shows every ledger movement in the history with type filters, paging, and profit by category", async () => {
    const m = await newMember();
    await fund(m.account, "10.00");
    await fund(m.account, "5.00");
    const all = await p.call("/wps/member/transactions?pageSize=1", { headers: auth(m.token) });
    expect(all.body.value).toMatchObject({ total: 2, totalPages: 2, pageNum: 1 });
    expect(all.body.value.content[0]).toMatchObject({ kind: "bonus", change: "5.00", balanceAfter: "15.00" });
    const bonuses = await p.call("/wps/member/bonuses", { headers: auth(m.token) });
    expect(bonuses.body.value.content).toHaveLength(2);
    const deposits = await p.call("/wps/member/transactions?type=deposit", { headers: auth(m.token) });
    expect(deposits.body.value.total).toBe(0);
    const past = await p.call(`/wps/member/transactions?from=2020-01-01&to=2020-01-08`, { headers: auth(m.token) });
    expect(past.body.value.total).toBe(0);
    const bad = await p.call(`/wps/member/transactions?type=nope`, { headers: auth(m.token) });
    expect(bad.status).toBe(400);
    const profit = await p.call("/wps/member/profit", { headers: auth(m.token) });
    expect(profit.body.value).toMatchObject({ currency: "USD", categories: [], total: { profit: "0.00" } });
  });

  it("refuses money actions to trial members and to visitors", async () => {
    const trial = await p.call("/wps/session/freeplay", { method: "POST", headers: host });
    const token = trial.body.value.token;
    const bank = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(token), json: { bankName: "Test Bank", accountName: "Trial", accountNumber: "12345678" } });
    expect(bank.body.error.code).toBe("in_need_true_account");
    const [ch] = await p.handle.db.select().from(paymentChannels).where(eq(paymentChannels.merchantCode, "DEMO"));
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(token), json: { channelId: ch!.id, amount: "20.00", requestKey: key() } });
    expect(dep.status).toBe(403);
    const anon = await p.call("/wps/v2/wallets/balance", { headers: host });
    expect(anon.status).toBe(401);
  });

  it("hides and refuses the sandbox gateway where SANDBOX_PAYMENTS is off", async () => {
    const prod = await createTestPlatform({ env: { NODE_ENV: "production" } });
    try {
      const account = `prod${n++}`;
      await prod.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123" } });
      const login = await prod.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
      const token = login.body.value.token;
      const channels = await prod.call("/wps/payment/channels?direction=DEPOSIT", { headers: auth(token) });
      expect(channels.body.value.map((c: { code: string }) => c.code)).toEqual(["BANK"]);
      const [sandbox] = await prod.handle.db.select().from(paymentChannels).where(eq(paymentChannels.code, "SANDBOX"));
      const dep = await prod.call("/wps/payment/deposits", { method: "POST", headers: auth(token), json: { channelId: sandbox!.id, amount: "5.00", requestKey: key() } });
      expect(dep.body.error.code).toBe("CHANNEL_NOT_FOUND");
    } finally {
      await prod.cleanup();
    }
  });

  it("keeps every ledger invariant after all of the above", async () => {
    expect(await checkInvariants(p.handle.db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
    const check = await p.call("/operator/v1/ledger/check", { operator: true });
    expect(check.body.ok).toBe(true);
  });
});
