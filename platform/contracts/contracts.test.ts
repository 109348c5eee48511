import { and, eq, sql } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { checkInvariants } from "../ledger/service.js";
import { members } from "../accounts/schema.js";
import { ledgerTransfers } from "../ledger/schema.js";
import { agentContractEvents, agentContractPayments, agentContracts } from "./schema.js";
import { runSettlement, SETTLEMENT_CONCURRENCY } from "./settlement.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("agent contracts", () => {
  let p: TestPlatform;
  let n = 0;
  const host = { "x-site-host": "localhost", "x-client-ip": "198.51.100.121" };
  const auth = (token: string) => ({ ...host, authorization: `Bearer ${token}` });
  const ref = () => `ct-${Date.now().toString(36)}-${n++}`;

  beforeAll(async () => {
    p = await createTestPlatform({ env: { SANDBOX_PAYMENTS: "1" } });
  }, 180_000);
  afterAll(() => p.cleanup());

  async function member(opts: { type?: number; upline?: string; funds?: string } = {}) {
    const account = `ct${Date.now().toString(36).slice(-5)}${n++}`;
    const made = await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123", type: opts.type ?? 0, upline: opts.upline } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    if (opts.funds) await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: opts.funds, reference: ref() } });
    const login = await p.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
    const [row] = await p.handle.db.select().from(members).where(eq(members.account, account));
    return { account, id: row!.id, token: login.body.value.token as string };
  }
  const balance = async (token: string) => (await p.call("/wps/v2/wallets/balance", { headers: auth(token) })).body.value.balance as string;
  /** A bet of the team: a settled in-house roulette round (its stake is valid bet whatever the result). */
  async function bet(token: string, amount: string) {
    const r = await p.call("/wps/house/rounds", { method: "POST", headers: auth(token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount }], requestKey: ref() } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const offer = (token: string, json: Record<string, unknown>) => p.call("/wps/agent/contracts", { method: "POST", headers: auth(token), json });
  const decide = (token: string, id: number, intent: string) => p.call(`/wps/agent/contracts/${id}/decision`, { method: "POST", headers: auth(token), json: { intent } });
  const contractCount = async () => Number((await p.handle.db.select({ n: sql<number>`count(*)::int` }).from(agentContracts))[0]!.n);
  const ledgerOk = async () => expect(await checkInvariants(p.handle.db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });

  async function team() {
    const a = await member({ type: 1 });
    const limit = await p.call(`/operator/v1/merchants/DEMO/agents/${a.account}`, { method: "PUT", operator: true, json: { limits: { DAILY_SALARY: "2.00", DIVIDEND: "30" } } });
    expect(limit.body).toMatchObject({ isAgent: true, limits: { DAILY_SALARY: "2.00", DIVIDEND: "30.00" } });
    const b = await member({ type: 1, upline: a.account });
    const c = await member({ type: 0, upline: b.account, funds: "1000.00" });
    return { a, b, c };
  }

  it("offers to a direct downline only, within the upline's rate and with increasing tiers; bad input writes nothing", async () => {
    const { a, b, c } = await team();
    const before = await contractCount();
    const tiers = [{ validBet: "10.00", rate: "1.00" }, { validBet: "100.00", rate: "2.00" }];
    const above = await offer(a.token, { downline: b.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "10.00", rate: "2.50" }] });
    expect(above.status).toBe(400);
    expect(above.body.error).toMatchObject({ code: "INVALID_TIER", reason: "RATE_ABOVE_UPLINE", field: "tiers[0].rate" });
    const flat = await offer(a.token, { downline: b.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "10.00", rate: "1" }, { validBet: "10.00", rate: "1.5" }] });
    expect(flat.body.error).toMatchObject({ reason: "NOT_INCREASING", field: "tiers[1].validBet" });
    const junk = await offer(a.token, { downline: b.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "-1", rate: "1" }] });
    expect(junk.body.error).toMatchObject({ code: "INVALID_TIER", field: "tiers[0].validBet" });
    const notDirect = await offer(a.token, { downline: c.account, scheme: "DAILY_SALARY", tiers });
    expect(notDirect.body.error).toMatchObject({ code: "NOT_DIRECT_DOWNLINE", field: "downline" });
    const byPlayer = await offer(c.token, { downline: b.account, scheme: "DAILY_SALARY", tiers });
    expect(byPlayer.status).toBe(403);
    expect(await contractCount()).toBe(before);

    const made = await offer(a.token, { downline: b.account, scheme: "DAILY_SALARY", tiers });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.value.id as number;
    const info = await p.call("/wps/agent/contracts/consolidated", { headers: auth(b.token) });
    expect(info.body.value).toMatchObject({ dailysalreqtype: true, pending: 1 });
    // Not the downline's to decide: the upline cannot accept, a stranger cannot see it.
    expect((await decide(a.token, id, "accept")).body.error.code).toBe("CONTRACT_NOT_FOUND");
    expect((await decide(c.token, id, "accept")).body.error.code).toBe("CONTRACT_NOT_FOUND");
    expect((await decide(b.token, id, "accept")).body.value).toMatchObject({ id, status: "ACTIVE" });
    expect((await decide(b.token, id, "accept")).body.error.code).toBe("CONTRACT_DECIDED");
    expect((await decide(b.token, id, "reject")).body.error.code).toBe("CONTRACT_DECIDED");
    const mine = await p.call("/wps/agent/contracts", { headers: auth(a.token) });
    expect(mine.body.value.given[0]).toMatchObject({ id, status: "ACTIVE", upline: a.account, downline: b.account, rate: "2.00" });
    expect(mine.body.value.given[0].history.map((h: { action: string }) => h.action)).toEqual(["OFFER", "ACCEPT"]);
    expect(mine.body.value.given[0].history[1].actor).toBe(b.account);
  });

  it("pays the tier reached on the team's valid bet, once, from the commission account; the report shows it", async () => {
    const { a, b, c } = await team();
    const made = await offer(a.token, { downline: b.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "10.00", rate: "1.00" }, { validBet: "100.00", rate: "2.00" }] });
    await decide(b.token, made.body.value.id, "accept");
    await bet(c.token, "150.33"); //: tier 2, 2 % → 3.00 (3.0066 rounded down)
    const before = await balance(b.token);
    const run = await p.call("/operator/v1/merchants/DEMO/contract-settlements/DAILY_SALARY/run-now", { method: "POST", operator: true });
    expect(run.status).toBe(200);
    expect(run.body.results).toContainEqual(expect.objectContaining({ contractId: made.body.value.id, paid: true }));
    expect(Number(await balance(b.token)) - Number(before)).toBeCloseTo(3.0, 5);
    // Again, and the clock's own run the next day: nothing more.
    await p.call("/operator/v1/merchants/DEMO/contract-settlements/DAILY_SALARY/run-now", { method: "POST", operator: true });
    await runSettlement(p.handle.db, "DAILY_SALARY", new Date(Date.now() + 86_400_000));
    expect(Number(await balance(b.token)) - Number(before)).toBeCloseTo(3.0, 5);
    const pays = await p.call("/wps/agent/contracts/payments?scheme=DAILY_SALARY", { headers: auth(b.token) });
    expect(pays.body.value.content[0]).toMatchObject({ validBet: "150.33", activeMembers: 1, tier: 2, rate: "2.00", amount: "3.00" });
    const revenue = await p.call("/wps/agent/revenue", { headers: auth(b.token) });
    expect(revenue.body.value).toMatchObject({ sum: "3.00", content: [expect.objectContaining({ kind: "salary", amount: "3.00" })] });
    // The agent is told once, in the message centre, whatever the number of runs.
    const inbox = await p.call("/wps/member/messageV2?pageNo=1&pageSize=50", { headers: auth(b.token) });
    const paid = inbox.body.value.content.filter((m: { kind: string }) => m.kind === "contract_paid");
    expect(paid).toHaveLength(1);
    expect(paid[0].params).toMatchObject({ scheme: "DAILY_SALARY", amount: "3.00" });
    await ledgerOk();
  });

  it("ends the downline's higher contracts automatically, after the offerer confirms the list", async () => {
    const { a, b, c } = await team();
    const first = await offer(a.token, { downline: b.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "10.00", rate: "2.00" }] });
    await decide(b.token, first.body.value.id, "accept");
    const toC = await offer(b.token, { downline: c.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "10.00", rate: "1.50" }] });
    expect(toC.status).toBe(201);
    await decide(c.token, toC.body.value.id, "accept");
    const lower = { downline: b.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "10.00", rate: "1.00" }] };
    const asked = await offer(a.token, lower);
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({ code: "CONFIRM_AUTO_END", contracts: [{ id: toC.body.value.id, downline: c.account, rate: "1.50" }] });
    const confirmed = await offer(a.token, { ...lower, confirmAutoEnd: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.value.endsContracts).toEqual([toC.body.value.id]);
    const accepted = await decide(b.token, confirmed.body.value.id, "accept");
    expect(accepted.body.value.endedContracts).toEqual([toC.body.value.id]);
    const [ended] = await p.handle.db.select().from(agentContracts).where(eq(agentContracts.id, toC.body.value.id));
    expect(ended!.status).toBe("ENDED");
    const events = await p.handle.db.select().from(agentContractEvents).where(eq(agentContractEvents.contractId, toC.body.value.id));
    expect(events.map((e) => e.action)).toEqual(["OFFER", "ACCEPT", "AUTO_END"]);
    const [old] = await p.handle.db.select().from(agentContracts).where(eq(agentContracts.id, first.body.value.id));
    expect(old!.status).toBe("ENDED");
  });

  it("rejects and terminates by decision; the operator offers, lists and sets the modules", async () => {
    const { a, b } = await team();
    const one = await p.call("/operator/v1/merchants/DEMO/contracts", { method: "POST", operator: true, json: { upline: a.account, downline: b.account, scheme: "DIVIDEND", period: "weekly", tiers: [{ profitLoss: "0.01", rate: "20" }] } });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect((await decide(b.token, one.body.id, "reject")).body.value.status).toBe("REJECTED");
    const two = await p.call("/operator/v1/merchants/DEMO/contracts", { method: "POST", operator: true, json: { upline: a.account, downline: b.account, scheme: "DIVIDEND", period: "fortnightly", tiers: [{ profitLoss: "0.01", rate: "20" }] } });
    expect(two.status).toBe(400);
    const three = await p.call("/operator/v1/merchants/DEMO/contracts", { method: "POST", operator: true, json: { upline: a.account, downline: b.account, scheme: "DIVIDEND", period: "monthly", tiers: [{ profitLoss: "0.01", rate: "20" }] } });
    await decide(b.token, three.body.id, "accept");
    expect((await decide(b.token, three.body.id, "terminate")).body.value.status).toBe("TERMINATED");
    const list = await p.call(`/operator/v1/merchants/DEMO/contracts?account=${a.account}`, { operator: true });
    expect(list.body.contracts.map((x: { status: string }) => x.status)).toEqual(["TERMINATED", "REJECTED"]);
    const mods = await p.call("/operator/v1/merchants/DEMO/agent-modules", { method: "PUT", operator: true, json: { enableCt: true, salary: true, enableSalary: true } });
    expect(mods.body).toMatchObject({ enableCt: true, salary: true, hourSalary: false, enableSalary: true, enableContract: false });
    const info = await p.call("/wps/agent/contracts/consolidated", { headers: auth(b.token) });
    expect(info.body.value).toMatchObject({ enableCt: true, enableSalary: true, dividendInfo: false });
  });

  // concurrency 3 is what the jobs use on PostgreSQL (SETTLEMENT_CONCURRENCY): contracts side by side in one run.
  it.each([1, SETTLEMENT_CONCURRENCY])("pays each contract exactly once under concurrent runs and after a run killed between two contracts (%i at once)", async (concurrency) => {
    const day = new Date(Date.now() + 86_400_000);
    const teams = await Promise.all([team(), team(), team()]);
    const ids: number[] = [];
    for (const { a, b, c } of teams) {
      const made = await offer(a.token, { downline: b.account, scheme: "DAILY_SALARY", tiers: [{ validBet: "1.00", rate: "1.25" }] });
      await decide(b.token, made.body.value.id, "accept");
      ids.push(made.body.value.id);
      await bet(c.token, "123.45");
    }
    // A run that dies after its first contract: the first is paid; with one at a time the others
    // are not, with several the ones already in flight finish and no new one starts.
    let calls = 0;
    await expect(
      runSettlement(p.handle.db, "DAILY_SALARY", day, {
        concurrency,
        afterContract: () => {
          if (++calls === 1) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    await ledgerOk();
    // Then three at once, and once more.
    await Promise.all([1, 2, 3].map(() => runSettlement(p.handle.db, "DAILY_SALARY", day, { concurrency })));
    await runSettlement(p.handle.db, "DAILY_SALARY", day, { concurrency });
    const pays = await p.handle.db.select().from(agentContractPayments).where(sql`${agentContractPayments.contractId} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    expect(pays.map((x) => x.contractId).sort()).toEqual([...ids].sort());
    for (const x of pays) expect(x.amount).toBe(154n); // 123.45 × 1.25 % = 1.543125 → 1.54
    const moved = await p.handle.db
      .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text`, n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, "salary"), sql`${ledgerTransfers.reference} in (${sql.join(pays.map((x) => sql`${`contract:${x.contractId}:${x.periodKey}`}`), sql`, `)})`));
    expect(moved[0]).toEqual({ total: String(pays.reduce((s, x) => s + x.amount, 0n)), n: 3 });
    await ledgerOk();
    const check = await p.call("/operator/v1/ledger/check", { operator: true });
    expect(check.status).toBe(200);
  });

  it("answers run-now with 404 outside a sandbox", { timeout: 180_000 }, async () => {
    const live = await createTestPlatform({ env: { SANDBOX_PAYMENTS: "0" }, seed: true });
    try {
      const res = await live.call("/operator/v1/merchants/DEMO/contract-settlements/DAILY_SALARY/run-now", { method: "POST", operator: true });
      expect(res.status).toBe(404);
    } finally {
      await live.cleanup();
    }
  });
});
