import { and, eq, inArray, sql } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { rowsOf } from "../db/client.js";
import { members } from "../accounts/schema.js";
import { houseRounds } from "../rounds/schema.js";
import { lotteryTickets } from "../lottery/schema.js";
import { encodeCursor } from "./cursor.js";
import { teamBets, teamTransactions, type ListStrategy, type TeamListQuery } from "./team-lists.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/**
 * Team bets and team transactions by keyset (ADR 024): walking "next" and back with "previous"
 * gives every row of the team exactly once, in order, ties on time included (rounds, a ticket
 * and the two sides of one transfer at the same instant), both ways of reading the team (member
 * by member, and walking the brand's rows), with the filters; a cursor never reaches outside the
 * agent's team; a bad cursor is a 400.
 */
describe("agents: team bets and team transactions, newest first by keyset", () => {
  let p: TestPlatform;
  const { host, auth, key } = playersOf(() => p.call, { prefix: "kl", ip: "198.51.100.121" });
  let n = 0;
  const uniq = () => `${Date.now().toString(36).slice(-4)}${n++}`;
  const from = new Date(Date.now() - 3_600_000);
  const to = new Date(Date.now() + 3_600_000);
  const period = { from, to };
  const qs = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;

  let agentRow: typeof members.$inferSelect;
  let a: { account: string; id: number; token: string };
  let s: { account: string; id: number; token: string };
  let team: Array<{ account: string; id: number; token: string }>;
  let outsider: { account: string; id: number; token: string };
  let outsiderRoundId = 0;

  async function member(opts: { upline?: string; type?: number; funds?: string } = {}) {
    const account = `kl${uniq()}`;
    const made = await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123", upline: opts.upline, type: opts.type } });
    expect(made.status).toBe(201);
    if (opts.funds) await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: opts.funds, reference: key() } });
    const login = await p.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
    const [m] = await p.handle.db.select({ id: members.id }).from(members).where(and(eq(members.merchantCode, "DEMO"), eq(members.account, account)));
    return { account, id: m!.id, token: login.body.value.token as string };
  }
  const play = async (token: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const r = await p.call("/wps/house/rounds", { method: "POST", headers: auth(token), json: { game: "HOUSE_ROULETTE", bets: [{ kind: i % 2 ? "red" : "black", amount: "1.00" }], requestKey: key() } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  };

  beforeAll(async () => {
    p = await createTestPlatform();
    a = await member({ type: 1 });
    s = await member({ type: 1, upline: a.account, funds: "50.00" });
    const p1 = await member({ upline: a.account, funds: "100.00" });
    const p2 = await member({ upline: a.account, funds: "100.00" });
    const p3 = await member({ upline: s.account, funds: "100.00" });
    team = [s, p1, p2, p3];
    const other = await member({ type: 1 });
    outsider = await member({ upline: other.account, funds: "100.00" });
    [agentRow] = await p.handle.db.select().from(members).where(eq(members.id, a.id)) as [typeof members.$inferSelect];

    await play(p1.token, 5);
    await play(p2.token, 4);
    await play(p3.token, 3);
    await play(s.token, 1);
    await play(outsider.token, 3);
    // A lottery ticket in the team.
    const game = (await p.call("/lotto/lgw/games/ELOTT_FAST5")).body.value;
    const bought = await p.call("/lotto/lgw/tickets", {
      method: "POST",
      headers: auth(p2.token),
      json: { requestKey: key(), gameCode: "ELOTT_FAST5", issue: game.current.issue, lines: [{ type: "BIG_SMALL", selection: "SUM-B", amount: "2.00" }] },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    // One transfer inside the team (p3 to its upline s): two rows of one transfer id, at one instant.
    await p.call("/wps/member/payment-password", { method: "PUT", headers: auth(p3.token), json: { password: "secret123", newPaymentPassword: "246810", confirmPaymentPassword: "246810" } });
    const moved = await p.call("/wps/member/transfer/upline", { method: "POST", headers: auth(p3.token), json: { amount: "3.00", reference: key(), paymentPassword: "246810" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    // Ties on time across members and sources: three rounds of three members, the ticket and the
    // outsider's round, all at one instant.
    const teamRounds = await p.handle.db.select({ id: houseRounds.id, memberId: houseRounds.memberId }).from(houseRounds).where(inArray(houseRounds.memberId, [p1.id, p2.id, p3.id, outsider.id]));
    const tieIds = [p1.id, p2.id, p3.id, outsider.id].map((mid) => teamRounds.find((r) => r.memberId === mid)!.id);
    outsiderRoundId = tieIds[3]!;
    const instant = new Date(Date.now() - 600_000).toISOString();
    await p.handle.db.update(houseRounds).set({ createdAt: new Date(instant) }).where(inArray(houseRounds.id, tieIds));
    await p.handle.db.update(lotteryTickets).set({ createdAt: new Date(instant) }).where(eq(lotteryTickets.memberId, p2.id));
  });
  afterAll(() => p.cleanup());

  /** Every row of the team (or of one member) straight from the tables, in the list's order. */
  async function expectedBets(memberIds: number[], f = from, t = to) {
    const rows = rowsOf<{ k: string; id: string | number; ts: string }>(
      await p.handle.db.execute(sql`
        select * from (
          select 'R' as k, id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts from house_rounds where member_id in ${memberIds} and created_at >= ${f.toISOString()} and created_at < ${t.toISOString()}
          union all
          select 'T', id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') from lottery_tickets where member_id in ${memberIds} and status <> 'PLACING' and created_at >= ${f.toISOString()} and created_at < ${t.toISOString()}
        ) x order by ts desc, k desc, id desc`),
    );
    return rows.map((r) => `${r.k === "R" ? "" : "L"}${r.id}`);
  }
  async function expectedTransactions(memberIds: number[], kinds?: string[]) {
    const kindSql = kinds ? sql` and tr.kind in ${kinds}` : sql` and tr.kind <> 'wallet_transfer'`;
    const rows = rowsOf<{ k: string; id: string | number }>(
      await p.handle.db.execute(sql`
        select * from (
          select 'C' as k, tr.id, to_char(tr.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts from ledger_transfers tr join ledger_accounts la on la.id = tr.credit_account_id and la.kind = 'member'
          where la.member_id in ${memberIds} and tr.created_at >= ${from.toISOString()} and tr.created_at < ${to.toISOString()}${kindSql}
          union all
          select 'D', tr.id, to_char(tr.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') from ledger_transfers tr join ledger_accounts la on la.id = tr.debit_account_id and la.kind = 'member'
          where la.member_id in ${memberIds} and tr.created_at >= ${from.toISOString()} and tr.created_at < ${to.toISOString()}${kindSql}
        ) x order by ts desc, k desc, id desc`),
    );
    return rows.map((r) => `${r.k}${r.id}`);
  }

  type Page = { content: Array<Record<string, unknown>>; next: string | null; prev: string | null };
  /** Walks forward with `next` to the end, then back with `prev` to the start: both walks must read the same rows. */
  async function walk(read: (q: Partial<TeamListQuery>) => Promise<Page>, idOf: (r: Record<string, unknown>) => string) {
    const pages: string[][] = [];
    let page = await read({});
    expect(page.prev).toBeNull();
    pages.push(page.content.map(idOf));
    while (page.next) {
      page = await read({ after: page.next });
      pages.push(page.content.map(idOf));
      expect(pages.length).toBeLessThan(100);
    }
    const back: string[][] = [page.content.map(idOf)];
    while (page.prev) {
      page = await read({ before: page.prev });
      back.unshift(page.content.map(idOf));
      expect(back.length).toBeLessThan(100);
    }
    expect(back).toEqual(pages);
    return pages.flat();
  }

  const ids = () => team.map((m) => m.id);
  const bets = (strategy: ListStrategy, extra: Partial<TeamListQuery> = {}) => (q: Partial<TeamListQuery>) =>
    teamBets(p.handle.db, agentRow, { period, pageNo: 1, pageSize: 3, strategy, ...extra, ...q });
  const txs = (strategy: ListStrategy, extra: Partial<TeamListQuery> & { type?: string } = {}) => (q: Partial<TeamListQuery>) =>
    teamTransactions(p.handle.db, agentRow, { period, pageNo: 1, pageSize: 4, strategy, ...extra, ...q });
  const txId = (r: Record<string, unknown>) => `${r.side}${r.id}`;

  it.each(["members", "walk"] as const)("pages the team's bets forward and back, every row once in order, ties included (%s)", async (strategy) => {
    const expected = await expectedBets(ids());
    expect(expected.length).toBe(14);
    // Page sizes 1 and 2 put a page boundary between every two tied rows.
    for (const pageSize of [1, 2, 3]) expect(await walk(bets(strategy, { pageSize }), (r) => String(r.id))).toEqual(expected);
    // One member, and a shorter period.
    const p2 = team[2]!;
    expect(await walk(bets(strategy, { account: p2.account }), (r) => String(r.id))).toEqual(await expectedBets([p2.id]));
    const recent = { from: new Date(Date.now() - 300_000), to };
    expect(await walk(bets(strategy, { period: recent }), (r) => String(r.id))).toEqual(await expectedBets(ids(), recent.from, recent.to));
    // The pageNo entry reads the same rows as the cursor.
    const second = await bets(strategy)({ pageNo: 2 });
    expect(second.content.map((r) => r.id)).toEqual(expected.slice(3, 6));
    expect(second.prev).not.toBeNull();
  });

  it.each(["members", "walk"] as const)("pages the team's transactions, both sides of a transfer inside the team, and filters by kind (%s)", async (strategy) => {
    const expected = await expectedTransactions(ids());
    for (const pageSize of [1, 2, 4]) expect(await walk(txs(strategy, { pageSize }), txId)).toEqual(expected);
    const both = expected.filter((x) => expected.includes(`C${x.slice(1)}`) && expected.includes(`D${x.slice(1)}`));
    expect(both.length).toBeGreaterThanOrEqual(2);
    expect(await walk(txs(strategy, { type: "transfer" }), txId)).toEqual(await expectedTransactions(ids(), ["upline_transfer", "downline_transfer"]));
    expect(await walk(txs(strategy, { type: "bet" }), txId)).toEqual(await expectedTransactions(ids(), ["bet"]));
  });

  it("counts up to the cap and says when there are more", async () => {
    const exact = await teamBets(p.handle.db, agentRow, { period, pageNo: 1, pageSize: 20 });
    expect(exact).toMatchObject({ total: 14, totalCapped: false, totalPages: 1, next: null, prev: null });
    const capped = await teamBets(p.handle.db, agentRow, { period, pageNo: 1, pageSize: 5, countCap: 10 });
    expect(capped).toMatchObject({ total: 10, totalCapped: true, totalPages: 2 });
    expect(capped.next).not.toBeNull();
    const none = await teamTransactions(p.handle.db, agentRow, { period, pageNo: 1, pageSize: 5, count: false });
    expect(none).toMatchObject({ total: null, totalCapped: false });
  });

  it("never shows rows outside the agent's team, whatever the cursor says", async () => {
    // A cursor made up to sit just above the outsider's round (same instant, higher id) and one at the newest end.
    const [tie] = rowsOf<{ ts: string }>(await p.handle.db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts from house_rounds where id = ${outsiderRoundId}`));
    const forged = [
      encodeCursor({ time: tie!.ts, source: "R", id: outsiderRoundId + 1 }),
      encodeCursor({ time: "2999-01-01T00:00:00.000000Z", source: "T", id: 9_000_000_000 }),
    ];
    const teamIds = new Set(await expectedBets(ids()));
    for (const c of forged) {
      for (const dir of ["after", "before"]) {
        const res = await p.call(`/wps/agent/team/bets?${qs}&pageSize=50&${dir}=${c}`, { headers: auth(a.token) });
        expect(res.status).toBe(200);
        const got = res.body.value.content.map((r: { id: string }) => r.id) as string[];
        expect(got.length).toBeGreaterThan(0);
        for (const id of got) expect(teamIds.has(id), id).toBe(true);
        expect(got).not.toContain(String(outsiderRoundId));
      }
    }
    // Asking for the outsider by account: nothing; and the outsider's own agent sees none of a's team.
    const byAccount = await p.call(`/wps/agent/team/bets?${qs}&account=${outsider.account}`, { headers: auth(a.token) });
    expect(byAccount.body.value).toMatchObject({ content: [], total: 0 });
    const theirs = await p.call(`/wps/agent/team/transactions?${qs}&account=${team[1]!.account}&after=${encodeCursor({ time: "2999-01-01T00:00:00.000000Z", source: "D", id: 1 })}`, { headers: auth(s.token) });
    expect(theirs.body.value.content).toEqual([]);
    // A player cannot use a cursor to read anything.
    expect((await p.call(`/wps/agent/team/bets?${qs}&after=${forged[0]}`, { headers: auth(outsider.token) })).status).toBe(403);
  });

  it("answers a bad cursor with a 400 that names the field, never a 500", async () => {
    const bad = [
      "not-a-cursor!",
      Buffer.from("yesterday|R|1").toString("base64url"),
      Buffer.from("2026-01-01T00:00:00.000000Z|X|1").toString("base64url"),
      Buffer.from("2026-01-01T00:00:00.000000Z|R|-5").toString("base64url"),
      Buffer.from("2026-02-31T00:00:00.000000Z|R|1").toString("base64url"),
      Buffer.from("2026-01-01T00:00:00.000000Z|R|99999999999999999999").toString("base64url"),
      "x".repeat(400),
    ];
    for (const c of bad) {
      for (const path of ["bets", "transactions"]) {
        const res = await p.call(`/wps/agent/team/${path}?${qs}&after=${encodeURIComponent(c)}`, { headers: auth(a.token) });
        expect(res.status, `${path} ${c}`).toBe(400);
        expect(res.body.error).toMatchObject({ code: "INVALID_CURSOR", field: "cursor" });
      }
    }
    const good = (await p.call(`/wps/agent/team/bets?${qs}&pageSize=2`, { headers: auth(a.token) })).body.value.next as string;
    // A transactions cursor is not a bets cursor (its sources differ), and both directions at once are refused.
    expect((await p.call(`/wps/agent/team/transactions?${qs}&after=${good}`, { headers: auth(a.token) })).status).toBe(400);
    expect((await p.call(`/wps/agent/team/bets?${qs}&after=${good}&before=${good}`, { headers: auth(a.token) })).status).toBe(400);
  });
});
