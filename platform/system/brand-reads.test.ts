import { createTestPlatform } from "../testing/db.js";
import { requestCounts, statementCounter } from "../http/request-counts.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/**
 * Issue 15: every member page asks for the balance, the badges and the contract flags, and the
 * money pages for the payment channels and the messages. What in them is the brand's own (its
 * merchant row, running missions, running referral promotion, agent module flags, payment
 * channels) is kept per brand (keptForBrand, keptMerchant); an operator's change shows on the next
 * call.
 */
describe("a member page's brand reads, kept per brand", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  afterEach(() => vi.restoreAllMocks());

  const PASSWORD = "Secret12345678";
  const visitor = { "x-site-host": "localhost", "x-client-ip": "198.51.100.41", "x-client-user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile" };
  let token = "";
  let page = 0;
  /** One member page's calls, each web request with its own id. */
  const call = (path: string) => p.call(path, { headers: { ...visitor, authorization: `Bearer ${token}`, "x-request-id": `page-${++page}` } });
  const badges = async () => (await call("/wps/member/badges")).body.value as { missions: number; rewards: number; referral: boolean };
  const flags = async () => (await call("/wps/agent/contracts/consolidated")).body.value as Record<string, unknown>;
  const missionCodes = async () => ((await call("/wps/missions")).body.value.missions as Array<{ code: string }>).map((m) => m.code);
  const operator = (path: string, json: unknown) => p.call(`/operator/v1/merchants/DEMO${path}`, { method: "PUT", operator: true, json });

  /** The SQL statements sent while `run` runs. */
  async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const logQuery = statementCounter.logQuery;
    const spy = vi.spyOn(statementCounter, "logQuery") as unknown as { mockImplementation(fn: (query: string) => void): void };
    spy.mockImplementation((query) => {
      seen.push(query);
      logQuery();
    });
    await requestCounts.run({ calls: 0, statements: 0 }, run);
    return seen;
  }

  beforeAll(async () => {
    const account = `bre${Date.now().toString(36).slice(-6)}`;
    const reg = await p.call("/wps/member/register", { method: "PUT", headers: visitor, json: { user: { username: account, password: PASSWORD, confirmPassword: PASSWORD } } });
    expect(reg.status).toBe(200);
    token = reg.body.value.token;
  });

  it("reads none of the brand's own rows again within the window", async () => {
    const pageCalls = () =>
      Promise.all([
        call("/wps/v2/wallets/balance"),
        badges(),
        flags(),
        call("/wps/merchant/wallet"),
        call("/wps/payment/channels?direction=DEPOSIT"),
        call("/wps/member/messageV2?pageNo=1&pageSize=10"),
      ]);
    await pageCalls();
    const sent = await statementsDuring(pageCalls);
    expect(sent.length).toBeGreaterThan(0); // the member's own rows are read every time
    expect(sent.filter((q) => /from "(merchants|missions|promotions|agent_modules|payment_channels)"/.test(q))).toEqual([]);
  });

  it("shows an operator's change to the referral promotion, the missions, the agent modules and the payment channels on the next call", async () => {
    expect((await badges()).referral).toBe(true);
    const referral = {
      title: { en: "Invite friends" },
      rule: "referral",
      amount: "5.00",
      minDeposit: "20.00",
      sort: 5,
    };
    expect((await operator("/promotions/REFERRAL", { ...referral, enabled: false })).status).toBe(200);
    expect((await badges()).referral).toBe(false);
    expect((await operator("/promotions/REFERRAL", { ...referral, enabled: true })).status).toBe(200);
    expect((await badges()).referral).toBe(true);

    expect(await missionCodes()).not.toContain("BRAND_READS");
    const mission = { title: { en: "Bet 1.00 today" }, period: "daily", target: "1.00", reward: "0.10" };
    expect((await operator("/missions/BRAND_READS", mission)).status).toBe(200);
    expect(await missionCodes()).toContain("BRAND_READS");
    // The kept list is the brand's enabled missions; which of them run is decided at each call.
    const ended = { startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), endsAt: new Date(Date.now() - 86_400_000).toISOString() };
    expect((await operator("/missions/BRAND_READS", { ...mission, ...ended })).status).toBe(200);
    expect(await missionCodes()).not.toContain("BRAND_READS");

    const before = (await flags()).enableContract as boolean;
    expect((await operator("/agent-modules", { enableContract: !before })).status).toBe(200);
    expect((await flags()).enableContract).toBe(!before);
    expect((await operator("/agent-modules", { enableContract: before })).status).toBe(200);
    expect((await flags()).enableContract).toBe(before);

    const channels = async () => ((await call("/wps/payment/channels?direction=DEPOSIT")).body.value as Array<{ code: string; maxAmount: string }>);
    expect((await channels()).map((c) => c.code)).not.toContain("BRAND_READS");
    const channel = { type: "BANK", name: "Brand reads bank", minAmount: "10.00", maxAmount: "500.00", config: { bankName: "B", accountName: "A", accountNumber: "1" } };
    expect((await operator("/payment-channels/DEPOSIT/BRAND_READS", channel)).status).toBe(200);
    expect((await channels()).find((c) => c.code === "BRAND_READS")?.maxAmount).toBe("500.00");
    expect((await operator("/payment-channels/DEPOSIT/BRAND_READS", { ...channel, enabled: false })).status).toBe(200);
    expect((await channels()).map((c) => c.code)).not.toContain("BRAND_READS");
  });
});
