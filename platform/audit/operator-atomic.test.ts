import { sql } from "drizzle-orm";
import { rowsOf } from "../db/client.js";
import { createTestPlatform, playersOf } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/**
 * ADR 020: an operator's money decision and its audit row commit in one transaction, or
 * neither does; a replay writes no second row.
 */
describe("operator decisions and their audit rows, atomically", () => {
  let p: TestPlatform;
  const { auth, key, player, balance } = playersOf(() => p.call, { prefix: "atom", ip: "198.51.100.131" });

  beforeAll(async () => {
    p = await createTestPlatform({ env: { SANDBOX_PAYMENTS: "1" } });
    // A switch for the tests: an audit insert of a listed action fails, as a full disk or a
    // dropped connection would make it fail.
    await p.handle.db.execute(sql`create table audit_poison (action text primary key)`);
    await p.handle.db.execute(
      sql.raw(`create function audit_poison_check() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from audit_poison where action = new.action) then raise exception 'injected audit failure'; end if;
          return new;
        end $$`),
    );
    await p.handle.db.execute(sql`create trigger audit_poison before insert on audit_events for each row execute function audit_poison_check()`);
  }, 240_000);
  afterAll(() => p.cleanup());

  const poisoned = async <T,>(action: string, fn: () => Promise<T>): Promise<T> => {
    await p.handle.db.execute(sql`insert into audit_poison (action) values (${action})`);
    try {
      return await fn();
    } finally {
      await p.handle.db.execute(sql`delete from audit_poison where action = ${action}`);
    }
  };

  /**
   * In one statement (one snapshot): the ledger movements of a reference (of the kinds given)
   * and the operator's successful audit rows of the action about it.
   */
  const facts = async (reference: string, action: string, kinds: string[]) => {
    const [row] = rowsOf<{ moved: number; audited: number }>(
      await p.handle.db.execute(sql`
        select
          (select count(*) from ledger_transfers where reference = ${reference} and kind in ${kinds})::int as moved,
          (select count(*) from audit_events
            where actor_kind = 'operator' and action = ${action} and details->>'outcome' = 'ok'
              and (details->'params'->>'reference' = ${reference} or details->'body'->>'reference' = ${reference}))::int as audited`),
    );
    return { moved: Number(row!.moved), audited: Number(row!.audited) };
  };
  const auditedWhere = async (action: string, where: ReturnType<typeof sql>) => {
    const [row] = rowsOf<{ n: number }>(await p.handle.db.execute(sql`select count(*)::int as n from audit_events where action = ${action} and ${where}`));
    return Number(row!.n);
  };
  const ledgerOk = async () => expect((await p.call("/operator/v1/ledger/check", { operator: true })).body.ok).toBe(true);

  const credit = (account: string, reference: string, amount: string, direction?: "debit") =>
    p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, {
      method: "POST",
      operator: true,
      json: direction ? { kind: "adjustment", direction, amount, reference } : { kind: "bonus", amount, reference },
    });
  async function bankDeposit(token: string, amount: string) {
    const channels = (await p.call("/wps/payment/channels?direction=DEPOSIT", { headers: auth(token) })).body.value as { id: number; code: string }[];
    const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(token), json: { channelId: channels.find((c) => c.code === "BANK")!.id, amount, requestKey: key() } });
    expect(dep.status).toBe(200);
    return dep.body.value.reference as string;
  }
  async function withdrawal(token: string, amount: string) {
    await p.call("/wps/member/payment-password", { method: "PUT", headers: auth(token), json: { password: "secret123", newPaymentPassword: "246810", confirmPaymentPassword: "246810" } });
    const bank = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(token), json: { bankName: "Test Bank", accountName: "Ana Perez", accountNumber: `${Date.now()}`.slice(-10) } });
    const w = await p.call("/wps/payment/withdraw", { method: "POST", headers: auth(token), json: { bankAccountId: bank.body.value.id, amount, paymentPassword: "246810", requestKey: key() } });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    return w.body.value.reference as string;
  }
  const decide = (kind: "deposits" | "withdrawals", reference: string, decision: string) =>
    p.call(`/operator/v1/merchants/DEMO/${kind}/${reference}/${decision}`, { method: "POST", operator: true });
  const paymentStatus = async (kind: "deposits" | "withdrawals", reference: string) =>
    ((await p.call(`/operator/v1/merchants/DEMO/${kind}`, { operator: true })).body.items as { reference: string; status: string }[]).find((i) => i.reference === reference)?.status;

  describe("(a) an audit insert that fails leaves the decision unmade and answers an error", () => {
    const expectAuditError = (r: { status: number; body: any }) => {
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ success: false, error: { code: "AUDIT_UNAVAILABLE", message: expect.stringContaining("nothing was changed") } });
    };

    it("a credit and a debit: no movement, no balance change; the same call later goes through once", async () => {
      const m = await player("50.00");
      const ref = key();
      expectAuditError(await poisoned("money.credit", () => credit(m.account, ref, "25.00")));
      expect(await balance(m.token)).toBe("50.00");
      expect(await facts(ref, "money.credit", ["bonus"])).toEqual({ moved: 0, audited: 0 });
      const debitRef = key();
      expectAuditError(await poisoned("money.debit", () => credit(m.account, debitRef, "20.00", "debit")));
      expect(await balance(m.token)).toBe("50.00");
      expect(await facts(debitRef, "money.debit", ["adjustment"])).toEqual({ moved: 0, audited: 0 });

      const again = await credit(m.account, ref, "25.00");
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ replayed: false, balance: "75.00" });
      expect(await facts(ref, "money.credit", ["bonus"])).toEqual({ moved: 1, audited: 1 });
      await ledgerOk();
    });

    it("a deposit confirmation and a withdrawal approval: still pending, nothing moved", async () => {
      const m = await player("200.00");
      const dep = await bankDeposit(m.token, "40.00");
      expectAuditError(await poisoned("money.deposit.confirm", () => decide("deposits", dep, "confirm")));
      expect(await paymentStatus("deposits", dep)).toBe("PENDING");
      expect(await facts(dep, "money.deposit.confirm", ["deposit"])).toEqual({ moved: 0, audited: 0 });
      expect(await balance(m.token)).toBe("200.00");

      const w = await withdrawal(m.token, "60.00");
      expect(await balance(m.token)).toBe("140.00");
      expectAuditError(await poisoned("money.withdrawal.approve", () => decide("withdrawals", w, "approve")));
      expectAuditError(await poisoned("money.withdrawal.reject", () => decide("withdrawals", w, "reject")));
      expect(await paymentStatus("withdrawals", w)).toBe("IN_PROCESS");
      expect(await facts(w, "money.withdrawal.approve", ["withdraw_payout", "withdraw_release"])).toEqual({ moved: 0, audited: 0 });
      expect(await balance(m.token)).toBe("140.00");

      expect((await decide("deposits", dep, "confirm")).body).toMatchObject({ status: "CREDITED", changed: true });
      expect((await decide("withdrawals", w, "approve")).body).toMatchObject({ status: "APPROVED", changed: true });
      // 200 - 60 held, + 40 deposited (+ the newbie match on a first deposit, paid in the same transaction).
      expect(Number(await balance(m.token))).toBeGreaterThanOrEqual(180);
      expect(await facts(dep, "money.deposit.confirm", ["deposit"])).toEqual({ moved: 1, audited: 1 });
      expect(await facts(w, "money.withdrawal.approve", ["withdraw_payout"])).toEqual({ moved: 1, audited: 1 });
      await ledgerOk();
    });

    it("a settings change is not applied either", async () => {
      const before = (await p.call("/operator/v1/merchants/DEMO/status", { operator: true })).body;
      expectAuditError(await poisoned("settings.maintenance", () => p.call("/operator/v1/merchants/DEMO/maintenance", { method: "PUT", operator: true, json: { enabled: !before.maintenance } })));
      expect((await p.call("/operator/v1/merchants/DEMO/status", { operator: true })).body).toEqual(before);
    });
  });

  describe("(b) every money decision commits with exactly one audit row", () => {
    it("credits, debits, deposits, withdrawals, promotion reviews and a settlement run", async () => {
      const m = await player("300.00");
      const c = key();
      expect((await credit(m.account, c, "10.00")).status).toBe(201);
      expect(await facts(c, "money.credit", ["bonus"])).toEqual({ moved: 1, audited: 1 });
      const d = key();
      expect((await credit(m.account, d, "4.00", "debit")).status).toBe(201);
      expect(await facts(d, "money.debit", ["adjustment"])).toEqual({ moved: 1, audited: 1 });

      const confirmed = await bankDeposit(m.token, "30.00");
      expect((await decide("deposits", confirmed, "confirm")).status).toBe(200);
      expect(await facts(confirmed, "money.deposit.confirm", ["deposit"])).toEqual({ moved: 1, audited: 1 });
      const rejected = await bankDeposit(m.token, "31.00");
      expect((await decide("deposits", rejected, "reject")).status).toBe(200);
      expect(await facts(rejected, "money.deposit.reject", ["deposit"])).toEqual({ moved: 0, audited: 1 });

      const paid = await withdrawal(m.token, "50.00");
      expect((await decide("withdrawals", paid, "approve")).status).toBe(200);
      expect(await facts(paid, "money.withdrawal.approve", ["withdraw_payout"])).toEqual({ moved: 1, audited: 1 });
      const released = await withdrawal(m.token, "51.00");
      expect((await decide("withdrawals", released, "reject")).status).toBe(200);
      expect(await facts(released, "money.withdrawal.reject", ["withdraw_release"])).toEqual({ moved: 1, audited: 1 });

      // A promotion application, approved (pays) and rejected (pays nothing): one row each.
      const [a1, a2] = [await player("0"), await player("0")];
      const story = ((await p.call("/wps/promotions", { headers: auth(a1.token) })).body.value.promotions as { id: number; code: string }[]).find((x) => x.code === "STORY")!.id;
      for (const a of [a1, a2]) expect((await p.call(`/wps/promotions/${story}/apply`, { method: "POST", headers: auth(a.token), json: { comment: "Seven reds in a row" } })).status).toBe(200);
      const entries = (await p.call("/operator/v1/merchants/DEMO/promotions/STORY/entries?status=applying", { operator: true })).body.entries as { id: number; account: string }[];
      const e1 = entries.find((e) => e.account === a1.account)!.id;
      const e2 = entries.find((e) => e.account === a2.account)!.id;
      expect((await p.call(`/operator/v1/merchants/DEMO/promotion-entries/${e1}/approve`, { method: "POST", operator: true })).body.changed).toBe(true);
      expect((await p.call(`/operator/v1/merchants/DEMO/promotion-entries/${e2}/reject`, { method: "POST", operator: true })).body.changed).toBe(true);
      expect(await auditedWhere("money.promotion_entry.approve", sql`details->'params'->>'id' = ${String(e1)}`)).toBe(1);
      expect(await auditedWhere("money.promotion_entry.reject", sql`details->'params'->>'id' = ${String(e2)}`)).toBe(1);

      // A contract settlement run that paid: one row; run again, it pays nothing and writes none.
      const agent = await player("0");
      await p.call(`/operator/v1/merchants/DEMO/agents/${agent.account}`, { method: "PUT", operator: true, json: { type: 1, limits: { DAILY_SALARY: "2.00" } } });
      const downline = `atomd${Date.now().toString(36).slice(-5)}`;
      expect((await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: downline, password: "secret123", type: 1, upline: agent.account } })).status).toBe(201);
      const offered = await p.call("/operator/v1/merchants/DEMO/contracts", { method: "POST", operator: true, json: { upline: agent.account, downline, scheme: "DAILY_SALARY", tiers: [{ validBet: "10.00", rate: "1.00" }] } });
      expect(offered.status, JSON.stringify(offered.body)).toBe(201);
      const login = await p.call("/wps/session/login", { method: "POST", headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.131" }, json: { username: downline, password: "secret123" } });
      expect((await p.call(`/wps/agent/contracts/${offered.body.id}/decision`, { method: "POST", headers: auth(login.body.value.token), json: { intent: "accept" } })).status).toBe(200);
      const player3 = `atomp${Date.now().toString(36).slice(-5)}`;
      await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: player3, password: "secret123", upline: downline } });
      await credit(player3, key(), "100.00");
      const t3 = (await p.call("/wps/session/login", { method: "POST", headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.131" }, json: { username: player3, password: "secret123" } })).body.value.token;
      expect((await p.call("/wps/house/rounds", { method: "POST", headers: auth(t3), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "50.00" }], requestKey: key() } })).status).toBe(200);
      const runs = () => auditedWhere("money.contract_settlement.run_now", sql`true`);
      const before = await runs();
      const run = await p.call("/operator/v1/merchants/DEMO/contract-settlements/DAILY_SALARY/run-now", { method: "POST", operator: true });
      expect(run.body.results).toContainEqual(expect.objectContaining({ contractId: offered.body.id, paid: true }));
      expect(await runs()).toBe(before + 1);
      const rerun = await p.call("/operator/v1/merchants/DEMO/contract-settlements/DAILY_SALARY/run-now", { method: "POST", operator: true });
      expect(rerun.body.results.every((r: { paid: boolean }) => !r.paid)).toBe(true);
      expect(await runs()).toBe(before + 1);
      await ledgerOk();
    });

    it("never shows a movement without its audit row, even to a reader between the two", async () => {
      const m = await player("0");
      const refs = Array.from({ length: 16 }, () => key());
      const [row] = rowsOf<{ n: number }>(await p.handle.db.execute(sql`select count(*)::int as n from audit_events where action = 'money.credit'`));
      const base = Number(row!.n);
      let done = false;
      let polls = 0;
      // One statement, one snapshot: the movements of these references and the audit rows.
      const reader = (async () => {
        while (!done) {
          const [r] = rowsOf<{ moved: number; audited: number }>(
            await p.handle.db.execute(sql`
              select (select count(*) from ledger_transfers where reference in ${refs})::int as moved,
                     (select count(*) from audit_events where action = 'money.credit')::int - ${base} as audited`),
          );
          expect(Number(r!.audited)).toBe(Number(r!.moved));
          polls++;
        }
      })();
      const answers = await Promise.all(refs.map((ref) => credit(m.account, ref, "1.00")));
      done = true;
      await reader;
      expect(answers.every((a) => a.status === 201)).toBe(true);
      expect(polls).toBeGreaterThan(0);
      expect(await balance(m.token)).toBe("16.00");
    });
  });

  describe("(c) a replay writes no second row", () => {
    it("a credit sent again, at once or later, and a refused debit kept as an attempt", async () => {
      const m = await player("0");
      const ref = key();
      const [x, y] = await Promise.all([credit(m.account, ref, "5.00"), credit(m.account, ref, "5.00")]);
      expect([x.body.replayed, y.body.replayed].sort()).toEqual([false, true]);
      const later = await credit(m.account, ref, "5.00");
      expect(later.body).toMatchObject({ replayed: true, transferId: x.body.transferId });
      expect(await facts(ref, "money.credit", ["bonus"])).toEqual({ moved: 1, audited: 1 });
      expect(await balance(m.token)).toBe("5.00");

      const big = key();
      expect((await credit(m.account, big, "500.00", "debit")).body.error.code).toBe("INSUFFICIENT_FUNDS");
      expect(await facts(big, "money.debit", ["adjustment"])).toEqual({ moved: 0, audited: 0 });
      expect(await auditedWhere("money.debit", sql`details->>'outcome' = 'refused' and details->'body'->>'reference' = ${big}`)).toBe(1);
    });

    it("a deposit confirmed five times at once, a withdrawal approved twice, a promotion entry approved three times at once", async () => {
      const m = await player("100.00");
      const dep = await bankDeposit(m.token, "20.00");
      const confirms = await Promise.all(Array.from({ length: 5 }, () => decide("deposits", dep, "confirm")));
      expect(confirms.filter((r) => r.body.changed === true)).toHaveLength(1);
      expect(await facts(dep, "money.deposit.confirm", ["deposit"])).toEqual({ moved: 1, audited: 1 });

      const w = await withdrawal(m.token, "50.00");
      expect((await decide("withdrawals", w, "approve")).body.changed).toBe(true);
      expect((await decide("withdrawals", w, "approve")).body.changed).toBe(false);
      expect(await facts(w, "money.withdrawal.approve", ["withdraw_payout"])).toEqual({ moved: 1, audited: 1 });

      const a = await player("0");
      const story = ((await p.call("/wps/promotions", { headers: auth(a.token) })).body.value.promotions as { id: number; code: string }[]).find((x) => x.code === "STORY")!.id;
      await p.call(`/wps/promotions/${story}/apply`, { method: "POST", headers: auth(a.token), json: { comment: "Seven reds in a row" } });
      const entry = ((await p.call("/operator/v1/merchants/DEMO/promotions/STORY/entries?status=applying", { operator: true })).body.entries as { id: number; account: string }[]).find((e) => e.account === a.account)!.id;
      const approvals = await Promise.all(Array.from({ length: 3 }, () => p.call(`/operator/v1/merchants/DEMO/promotion-entries/${entry}/approve`, { method: "POST", operator: true })));
      expect(approvals.filter((r) => r.body.changed === true)).toHaveLength(1);
      expect(await auditedWhere("money.promotion_entry.approve", sql`details->'params'->>'id' = ${String(entry)}`)).toBe(1);
      await ledgerOk();
    });
  });
});
