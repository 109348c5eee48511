import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { members } from "../accounts/schema.js";
import { houseRounds } from "../rounds/schema.js";
import { checkInvariants } from "../ledger/service.js";
import { downlineFigures, rawFiguresByHead, teamDepth, teamFigures, teamMemberIds, uplineIds, wholeDays } from "./team.js";
import { merchants } from "../system/schema.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("agents: the team tree and its figures", () => {
  let p: TestPlatform;
  const { host, auth, key } = playersOf(() => p.call, { prefix: "tm", ip: "198.51.100.111" });
  let n = 0;
  const uniq = () => `${Date.now().toString(36).slice(-4)}${n++}`;

  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const idOf = async (account: string) => {
    const [m] = await p.handle.db.select({ id: members.id }).from(members).where(and(eq(members.merchantCode, "DEMO"), eq(members.account, account)));
    return m!.id;
  };
  async function member(opts: { upline?: string; type?: number; rebate?: string } = {}) {
    const account = `tm${uniq()}`;
    const made = await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123", upline: opts.upline, type: opts.type } });
    expect(made.status).toBe(201);
    if (opts.rebate) {
      const set = await p.call(`/operator/v1/merchants/DEMO/members/${account}/agent`, { method: "PUT", operator: true, json: { rebate: opts.rebate } });
      expect(set.status).toBe(200);
    }
    const login = await p.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
    return { account, id: await idOf(account), token: login.body.value.token as string };
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

  it("keeps the tree for every way a member gets an upline, and moves whole subtrees", async () => {
    const a = await member({ type: 1 });
    const b = await member({ upline: a.account, type: 1 });
    const c = await member({ upline: b.account });
    const d = await member({ upline: a.account });
    // Registration with the agent's affiliate code (its referral code).
    const [aRow] = await p.handle.db.select().from(members).where(eq(members.id, a.id));
    const eAccount = `tm${uniq()}`;
    const reg = await p.call("/wps/member/register", {
      method: "PUT",
      headers: host,
      json: { user: { username: eAccount, password: "secret123", confirmPassword: "secret123", affiliateCode: aRow!.referralCode }, login: true },
    });
    expect(reg.status).toBe(200);
    const e = await idOf(eAccount);

    expect(sorted(await teamMemberIds(p.handle.db, a.id))).toEqual(sorted([b.id, c.id, d.id, e]));
    expect(sorted(await teamMemberIds(p.handle.db, a.id, { maxDepth: 1 }))).toEqual(sorted([b.id, d.id, e]));
    expect(await teamMemberIds(p.handle.db, b.id)).toEqual([c.id]);
    expect(await teamDepth(p.handle.db, a.id, c.id)).toBe(2);
    expect(await teamDepth(p.handle.db, b.id, d.id)).toBeNull();
    expect(await uplineIds(p.handle.db, c.id)).toEqual([b.id, a.id]);

    // Moving b (with c) under d: both now hang below d, still in a's team.
    await p.handle.db.update(members).set({ uplineId: d.id }).where(eq(members.id, b.id));
    expect(await uplineIds(p.handle.db, c.id)).toEqual([b.id, d.id, a.id]);
    expect(sorted(await teamMemberIds(p.handle.db, d.id))).toEqual(sorted([b.id, c.id]));
    expect(await teamDepth(p.handle.db, a.id, c.id)).toBe(3);
    // A member can never be placed under its own team.
    await expect(p.handle.db.update(members).set({ uplineId: c.id }).where(eq(members.id, a.id))).rejects.toThrow();
    expect(await uplineIds(p.handle.db, a.id)).toEqual([]);
  });

  it("backfills the tree from upline_id exactly as the triggers keep it (the migration's statement)", async () => {
    const top = await member({ type: 1 });
    const mid = await member({ type: 1, upline: top.account });
    await member({ upline: mid.account });
    const before = await p.handle.db.execute(sql`select ancestor_id, descendant_id, depth from member_tree order by 1, 2, 3`);
    const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows);
    expect(rows(before).length).toBeGreaterThan(5);
    const migration = readFileSync(path.join(import.meta.dirname, "../db/migrations/0011_agents_team.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((s) => s.includes('INSERT INTO "member_tree"') && s.includes("WITH RECURSIVE"))!;
    await p.handle.db.execute(sql`delete from member_tree`);
    await p.handle.db.execute(sql.raw(backfill));
    const after = await p.handle.db.execute(sql`select ancestor_id, descendant_id, depth from member_tree order by 1, 2, 3`);
    expect(rows(after)).toEqual(rows(before));
  });

  it("computes the team's figures exactly from the deposits, withdrawals, rounds and ledger", async () => {
    const agent = await member({ type: 1 });
    const sub = await member({ upline: agent.account, type: 1 });
    const players = [await member({ upline: agent.account }), await member({ upline: sub.account }), await member({ upline: sub.account })];
    const idle = await member({ upline: sub.account });
    const from = new Date(Date.now() - 60_000);

    // Deposits through the bank channel, confirmed by the operator.
    const channels = await p.call("/wps/payment/channels?direction=DEPOSIT", { headers: auth(players[0]!.token) });
    const bank = channels.body.value.find((c: { code: string }) => c.code === "BANK");
    const amounts = ["150.25", "80.00", "40.50"];
    for (const [i, pl] of players.entries()) {
      const dep = await p.call("/wps/payment/deposits", { method: "POST", headers: auth(pl.token), json: { channelId: bank.id, amount: amounts[i], requestKey: key() } });
      const ok = await p.call(`/operator/v1/merchants/DEMO/deposits/${dep.body.value.reference}/confirm`, { method: "POST", operator: true });
      expect(ok.status).toBe(200);
    }
    // A withdrawal paid out (and one rejected, which counts for nothing).
    const w = players[0]!;
    await p.call("/wps/member/payment-password", { method: "PUT", headers: auth(w.token), json: { password: "secret123", newPaymentPassword: "246810", confirmPaymentPassword: "246810" } });
    const ba = await p.call("/wps/member/bank-accounts", { method: "POST", headers: auth(w.token), json: { bankName: "Test Bank", accountName: "Al Bo", accountNumber: "11112222" } });
    const ask = (amount: string) =>
      p.call("/wps/payment/withdraw", { method: "POST", headers: auth(w.token), json: { bankAccountId: ba.body.value.id, amount, paymentPassword: "246810", requestKey: key() } });
    const paid = await ask("60.00");
    expect(paid.body).toMatchObject({ success: true });
    const approved = await p.call(`/operator/v1/merchants/DEMO/withdrawals/${paid.body.value.reference}/approve`, { method: "POST", operator: true });
    expect(approved.body).toMatchObject({ status: "APPROVED" });
    const rejected = await ask("55.00");
    await p.call(`/operator/v1/merchants/DEMO/withdrawals/${rejected.body.value.reference}/reject`, { method: "POST", operator: true });

    // Rounds: each player plays a few roulette rounds.
    for (const pl of players) {
      for (let i = 0; i < 3; i++) {
        const r = await p.call("/wps/house/rounds", { method: "POST", headers: auth(pl.token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: `${i + 1}.25` }], requestKey: key() } });
        expect(r.status).toBe(200);
      }
    }
    // The agent's own play counts only with includeSelf.
    await p.call(`/operator/v1/merchants/DEMO/members/${agent.account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: "20.00", reference: key() } });
    await p.call("/wps/house/rounds", { method: "POST", headers: auth(agent.token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "5.00" }], requestKey: key() } });
    const to = new Date(Date.now() + 60_000);

    const ids = players.map((x) => x.id);
    const rounds = await p.handle.db.select().from(houseRounds).where(inArray(houseRounds.memberId, ids));
    expect(rounds).toHaveLength(9);
    const stake = rounds.reduce((s, r) => s + r.stake, 0n);
    const win = rounds.reduce((s, r) => s + r.win, 0n);

    const f = await teamFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from, to });
    expect(f).toEqual({
      members: 5,
      newMembers: 5,
      activeMembers: 3,
      deposits: 15_025n + 8_000n + 4_050n,
      withdrawals: 6_000n,
      betAmount: stake,
      validBet: stake,
      wins: win,
      profitLoss: win - stake,
    });
    const withSelf = await teamFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from, to, includeSelf: true });
    expect(withSelf.members).toBe(6);
    expect(withSelf.betAmount).toBe(stake + 500n);
    // Only direct downlines.
    const direct = await teamFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from, to, maxDepth: 1 });
    expect(direct.members).toBe(2);
    // A period before any of it is all zero but the members who existed.
    const before = await teamFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from: new Date(from.getTime() - 86_400_000), to: from });
    expect(before).toMatchObject({ members: 0, newMembers: 0, activeMembers: 0, betAmount: 0n, deposits: 0n });

    // Per member: each one's own figures add up to the team's.
    const perMember = await downlineFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from, to, pageSize: 50 });
    expect(perMember.total).toBe(5);
    expect(perMember.rows.reduce((s, r) => s + r.betAmount, 0n)).toBe(stake);
    expect(perMember.rows.find((r) => r.memberId === idle.id)).toMatchObject({ depth: 2, betAmount: 0n, activeMembers: 0, members: 1 });
    // Per direct downline with its whole team: sub carries its three players.
    const perTeam = await downlineFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from, to, per: "team" });
    expect(perTeam.rows.map((r) => [r.memberId, r.members])).toEqual(
      expect.arrayContaining([
        [sub.id, 4],
        [players[0]!.id, 1],
      ]),
    );
    expect(perTeam.rows.reduce((s, r) => s + r.betAmount, 0n)).toBe(stake);
    // Paging and account search.
    const page2 = await downlineFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from, to, pageSize: 2, pageNo: 2 });
    expect(page2.rows).toHaveLength(2);
    expect(page2.totalPages).toBe(3);
    const found = await downlineFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from, to, account: players[2]!.account.toUpperCase() });
    expect(found.rows.map((r) => r.memberId)).toEqual([players[2]!.id]);

    // The same through the agent's overview call (decimal strings).
    const overview = await p.call(`/wps/agent/team/overview?from=${from.toISOString()}&to=${to.toISOString()}`, { headers: auth(agent.token) });
    expect(overview.status).toBe(200);
    expect(overview.body.value).toMatchObject({ members: 5, activeMembers: 3, deposits: "270.75", withdrawals: "60.00", income: "0.00" });

    // Whole days of the brand's time zone (DEMO: UTC) are read from the day totals (ADR 022): the
    // same figures as the rows give, for the team, per member and per direct downline's team.
    const midnight = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    const tomorrow = new Date(midnight.getTime() + 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(await wholeDays(p.handle.db, "DEMO", midnight, tomorrow)).toEqual({ fromDay: day(midnight), toDay: day(tomorrow) });
    expect(await wholeDays(p.handle.db, "DEMO", midnight, to)).toEqual({ fromDay: day(midnight), toDay: day(tomorrow) });
    expect(await wholeDays(p.handle.db, "DEMO", from, tomorrow)).toBeNull();
    const team = sql`select ${agent.id}::int as head, descendant_id as member_id from member_tree where ancestor_id = ${agent.id} and depth >= 1`;
    const raw = (await rawFiguresByHead(p.handle.db, "DEMO", team, midnight, tomorrow)).get(agent.id);
    expect(raw).toEqual(f);
    expect(await teamFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from: midnight, to: tomorrow })).toEqual(raw);
    const perMemberDays = await downlineFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from: midnight, to: tomorrow, pageSize: 50 });
    expect(perMemberDays.rows).toEqual(perMember.rows);
    const perTeamDays = await downlineFigures(p.handle.db, { merchantCode: "DEMO", agentId: agent.id, from: midnight, to: tomorrow, per: "team" });
    expect(perTeamDays.rows).toEqual(perTeam.rows);
    expect(await checkInvariants(p.handle.db)).toMatchObject({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });

  it("keeps the day totals in the brand's time zone, and rebuilds them when it changes", async () => {
    const agent = await member({ type: 1 });
    const pl = await member({ upline: agent.account });
    await p.call(`/operator/v1/merchants/DEMO/members/${pl.account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: "10.00", reference: key() } });
    const r = await p.call("/wps/house/rounds", { method: "POST", headers: auth(pl.token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "2.00" }], requestKey: key() } });
    expect(r.status).toBe(200);
    const [demo] = await p.handle.db.select().from(merchants).where(eq(merchants.code, "DEMO"));
    const zone = "Pacific/Kiritimati"; // UTC+14: its day differs from the UTC day half of the time
    const settings = (json: Record<string, unknown>) => p.call("/operator/v1/merchants/DEMO/settings", { method: "PUT", operator: true, json });
    try {
      expect((await settings({ timeZone: "Mars/Olympus" })).status).toBe(400);
      const set = await settings({ timeZone: zone });
      expect(set.status).toBe(200);
      expect(set.body.settings.timeZone).toBe(zone);
      const local = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
      const rowsOf = (x: unknown) => (Array.isArray(x) ? x : (x as { rows: unknown[] }).rows);
      expect(rowsOf(await p.handle.db.execute(sql`select day::text as day, bet_count from member_day_totals where member_id = ${pl.id}`))).toEqual([{ day: local, bet_count: 1 }]);
      // A new movement lands on the zone's day, and a local midnight is a whole-day boundary.
      await p.call("/wps/house/rounds", { method: "POST", headers: auth(pl.token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: "black", amount: "1.00" }], requestKey: key() } });
      expect(rowsOf(await p.handle.db.execute(sql`select day::text as day, bet_count from member_day_totals where member_id = ${pl.id}`))).toEqual([{ day: local, bet_count: 2 }]);
      const utcMidnight = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
      expect(await wholeDays(p.handle.db, "DEMO", utcMidnight, new Date(utcMidnight.getTime() + 86_400_000))).toBeNull();
      const localMidnight = new Date(utcMidnight.getTime() - 14 * 3_600_000);
      expect(await wholeDays(p.handle.db, "DEMO", localMidnight, new Date(localMidnight.getTime() + 86_400_000))).not.toBeNull();
      expect(await checkInvariants(p.handle.db)).toMatchObject({ driftingDayTotals: [] });
    } finally {
      expect((await settings({ timeZone: demo!.settings.timeZone ?? "UTC" })).status).toBe(200);
    }
    expect(await checkInvariants(p.handle.db)).toMatchObject({ driftingDayTotals: [] });
  });

  it("refuses the agent calls to players and to visitors, and keeps agents inside their own team", async () => {
    const player = await member();
    const overview = await p.call("/wps/agent/team/overview", { headers: auth(player.token) });
    expect(overview.status).toBe(403);
    expect(overview.body.error.code).toBe("NOT_AGENT");
    expect((await p.call("/wps/agent/team/members", { headers: auth(player.token) })).status).toBe(403);
    expect((await p.call("/wps/agent/team/members", { method: "POST", headers: auth(player.token), json: { username: "zzz", password: "x", kind: "player" } })).status).toBe(403);
    expect((await p.call("/wps/agent/team/overview", { headers: host })).status).toBe(401);

    const a = await member({ type: 1, rebate: "1.2" });
    const other = await member({ type: 1 });
    const stranger = await member({ upline: other.account });
    const detail = await p.call(`/wps/agent/team/members/${stranger.account}`, { headers: auth(a.token) });
    expect(detail.status).toBe(404);
    expect(detail.body.error.code).toBe("NOT_YOUR_DOWNLINE");
    const rebate = await p.call(`/wps/agent/team/members/${stranger.account}/rebate`, { method: "PUT", headers: auth(a.token), json: { rebate: "0.5" } });
    expect(rebate.status).toBe(404);
    const bets = await p.call(`/wps/agent/team/bets?account=${stranger.account}`, { headers: auth(a.token) });
    expect(bets.body.value.total).toBe(0);
  });

  it("creates downlines in the register centre with a rebate never above the agent's own", async () => {
    const a = await member({ type: 1, rebate: "1.2" });
    const create = (json: Record<string, string>) => p.call("/wps/agent/team/members", { method: "POST", headers: auth(a.token), json });
    const over = await create({ username: `rc${uniq()}x`, password: "secret123", kind: "agent", rebate: "1.3" });
    expect(over.status).toBe(400);
    expect(over.body.error.fields).toMatchObject({ rebate: { kind: "rebate_above", max: "1.20" } });
    const bad = await create({ username: "1", password: "x", kind: "boss", rebate: "abc" });
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["kind", "password", "rebate", "username"]);

    const account = `rc${uniq()}y`;
    const made = await create({ username: account, password: "secret123", kind: "agent", rebate: "1.2" });
    expect(made.status).toBe(200);
    expect(made.body.value).toMatchObject({ account, type: 1, rebate: "1.20" });
    const taken = await create({ username: account, password: "secret123", kind: "player", rebate: "0" });
    expect(taken.body.error.fields.username.kind).toBe("taken");
    const id = await idOf(account);
    expect(await teamMemberIds(p.handle.db, a.id)).toEqual([id]);

    // The new agent's own downline holds 0.8; its rebate may then not go below 0.8 nor above 1.2.
    const login = await p.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
    const sub = await p.call("/wps/agent/team/members", { method: "POST", headers: auth(login.body.value.token), json: { username: `rc${uniq()}z`, password: "secret123", kind: "player", rebate: "0.8" } });
    expect(sub.status).toBe(200);
    const low = await p.call(`/wps/agent/team/members/${account}/rebate`, { method: "PUT", headers: auth(a.token), json: { rebate: "0.5" } });
    expect(low.body.error.fields.rebate).toMatchObject({ kind: "rebate_below", min: "0.80" });
    const fine = await p.call(`/wps/agent/team/members/${account}/rebate`, { method: "PUT", headers: auth(a.token), json: { rebate: "1.0" } });
    expect(fine.body.value).toMatchObject({ rebate: "1.00" });
    // Two levels down: visible, but only its own upline sets its rebate.
    const deep = await p.call(`/wps/agent/team/members/${sub.body.value.account}`, { headers: auth(a.token) });
    expect(deep.body.value).toMatchObject({ member: { depth: 2 }, rebateEditable: false });
    expect((await p.call(`/wps/agent/team/members?depth=2`, { headers: auth(a.token) })).body.value.total).toBe(1);
  });

  it("looks up affiliate codes publicly", async () => {
    const a = await member({ type: 1 });
    const [row] = await p.handle.db.select().from(members).where(eq(members.id, a.id));
    const found = await p.call(`/wps/agent/affiliate?code=${row!.referralCode}`, { headers: host });
    expect(found.body.value).toEqual({ code: row!.referralCode, valid: true, agent: true });
    const missing = await p.call("/wps/agent/affiliate?code=NOPE0000", { headers: host });
    expect(missing.body.value).toMatchObject({ valid: false });
  });

  it("shows the operator's agent announcements to agents only", async () => {
    const made = await p.call("/operator/v1/merchants/DEMO/agent-announcements", { method: "POST", operator: true, json: { title: { en: "New tiers", fr: "Nouveaux paliers" }, content: { en: "Read me" } } });
    expect(made.status).toBe(201);
    const a = await member({ type: 2 });
    const list = await p.call("/wps/agent/announcements?language=fr", { headers: auth(a.token) });
    expect(list.body.value.content[0]).toMatchObject({ title: "Nouveaux paliers", content: "Read me" });
    const pl = await member();
    expect((await p.call("/wps/agent/announcements", { headers: auth(pl.token) })).status).toBe(403);
  });
});
