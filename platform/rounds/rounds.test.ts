import { and, eq, sql } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { checkInvariants } from "../ledger/service.js";
import { createRng, hashSeed, newServerSeed } from "../house/fair.js";
import { HOUSE_GAMES } from "../house/games/index.js";
import { members } from "../accounts/schema.js";
import { fairSeeds } from "./schema.js";
import { jackpotPool, rebuildJackpotTotals } from "../games/jackpot-pool.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("in-house rounds", () => {
  let p: TestPlatform;
  const { host, auth, key, player, balance, cents } = playersOf(() => p.call, { prefix: "house", ip: "198.51.100.88" });

  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const play = (token: string, game: string, bets: unknown[], requestKey = key()) =>
    p.call("/wps/house/rounds", { method: "POST", headers: auth(token), json: { game, bets, requestKey } });

  it("plays a roulette round that changes the balance by exactly stake and win, once per request", async () => {
    const m = await player();
    const requestKey = key();
    const bets = [{ kind: "red", amount: "10.00" }, { kind: "straight", numbers: [17], amount: "1.00" }];
    const round = await play(m.token, "HOUSE_ROULETTE", bets, requestKey);
    expect(round.status).toBe(200);
    const r = round.body.value;
    expect(r).toMatchObject({ status: "SETTLED", stake: "11.00", balanceBefore: "100.00", serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(cents(r.balanceAfter)).toBe(10_000 - 1_100 + cents(r.win));
    expect(await balance(m.token)).toBe(r.balanceAfter);
    // Every amount of the view is a decimal string, the bets and the round record's too (stored in minor units).
    expect(r.bets).toEqual(bets);
    expect(r.outcome).toMatchObject({ bets, totalStake: "11.00", totalPayout: r.win, settlement: { totalStake: "11.00", totalPayout: r.win } });
    expect(r.outcome.settlement.results.map((x: { bet: unknown }) => x.bet)).toEqual(bets);
    expect(r.outcome.settlement.results.map((x: { payout: string }) => x.payout)).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+\.\d{2}$/)]));
    const again = await play(m.token, "HOUSE_ROULETTE", bets, requestKey);
    expect(again.body.value).toMatchObject({ id: r.id, balanceAfter: r.balanceAfter });
    expect(await balance(m.token)).toBe(r.balanceAfter);
  });

  it("plays baccarat, a slot spin and dice, and lists them in the betting record", async () => {
    const m = await player();
    let expected = 10_000;
    for (const [game, bets] of [
      ["HOUSE_BACCARAT", [{ kind: "banker", amount: "5.00" }, { kind: "tie", amount: "1.00" }]],
      ["HOUSE_SLOT_1", [{ kind: "spin", amount: "2.00" }]],
      ["HOUSE_DICE", [{ kind: "over", target: 5000, amount: "3.00" }]],
    ] as const) {
      const res = await play(m.token, game, bets as unknown as unknown[]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expected += cents(res.body.value.win) - cents(res.body.value.stake);
      expect(cents(res.body.value.balanceAfter)).toBe(expected);
    }
    expect(cents(await balance(m.token))).toBe(expected);
    const record = await p.call("/wps/house/rounds?pageSize=2", { headers: auth(m.token) });
    expect(record.body.value).toMatchObject({ total: 3, totalPages: 2 });
    expect(record.body.value.content[0].game).toBe("HOUSE_DICE");
    expect(record.body.value.content[0].bets).toEqual([{ kind: "over", target: 5000, amount: "3.00" }]);
    expect(record.body.value.content[1].outcome.bets).toEqual([{ kind: "spin", amount: "2.00" }]);
    const live = await p.call("/wps/house/rounds?category=LIVE", { headers: auth(m.token) });
    expect(live.body.value.total).toBe(1);
  });

  it("refuses bets outside the table limits, unknown games, too little money and trial members, moving nothing", async () => {
    const m = await player("5.00");
    expect((await play(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "0.10" }])).body.error.code).toBe("BET_BELOW_MIN");
    expect((await play(m.token, "HOUSE_NOPE", [{ kind: "red", amount: "1.00" }])).status).toBe(404);
    expect((await play(m.token, "HOUSE_ROULETTE", [{ kind: "nonsense", amount: "1.00" }])).status).toBe(400);
    const broke = await play(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "6.00" }]);
    expect(broke.body.error.code).toBe("INSUFFICIENT_FUNDS");
    expect(await balance(m.token)).toBe("5.00");
    expect((await p.call("/wps/house/rounds", { headers: auth(m.token) })).body.value.total).toBe(0);
    const trial = await p.call("/wps/session/freeplay", { method: "POST", headers: host });
    expect((await play(trial.body.value.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "1.00" }])).status).toBe(403);
  });

  it("plays a blackjack hand with a split, kept in the database between moves", async () => {
    const m = await player();
    const [member] = await p.handle.db.select().from(members).where(eq(members.account, m.account));
    // Find a server seed whose first hand is a pair that stays in play after the split, and make it the member's committed seed.
    await p.call("/wps/house/seeds", { headers: auth(m.token) });
    const [seed] = await p.handle.db.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, member!.id), eq(fairSeeds.active, true)));
    const bj = HOUSE_GAMES.HOUSE_BLACKJACK.engine;
    let serverSeed = "";
    for (let i = 0; i < 5000 && !serverSeed; i++) {
      const candidate = newServerSeed();
      const seeds = { serverSeed: candidate, clientSeed: seed!.clientSeed, nonce: 0 };
      const state = bj.start(createRng(seeds), [{ kind: "main", amount: 500n }] as never);
      if (!bj.legalActions(state).includes("split")) continue;
      // The hand must still be open after the split (split aces, or two 21s, settle at once), so the test can stand on it.
      if (bj.legalActions(bj.act(createRng(seeds), state, "split")).length > 0) serverSeed = candidate;
    }
    expect(serverSeed).not.toBe("");
    await p.handle.db.update(fairSeeds).set({ serverSeed, serverSeedHash: hashSeed(serverSeed), nonce: 0 }).where(eq(fairSeeds.id, seed!.id));

    const start = await play(m.token, "HOUSE_BLACKJACK", [{ kind: "main", amount: "5.00" }]);
    expect(start.body.value).toMatchObject({ status: "OPEN", stake: "5.00", bets: [{ kind: "main", amount: "5.00" }], outcome: null });
    expect(start.body.value.legalActions).toContain("split");
    expect(await balance(m.token)).toBe("95.00");
    const id = start.body.value.id;
    // A reload finds the hand in play.
    const open = await p.call("/wps/house/rounds/open?game=HOUSE_BLACKJACK", { headers: auth(m.token) });
    expect(open.body.value.id).toBe(id);
    const another = await play(m.token, "HOUSE_BLACKJACK", [{ kind: "main", amount: "5.00" }]);
    expect(another.body.error.code).toBe("ROUND_IN_PLAY");

    let round = (await p.call(`/wps/house/rounds/${id}/actions`, { method: "POST", headers: auth(m.token), json: { action: "split" } })).body.value;
    expect(round.stake).toBe("10.00");
    expect(await balance(m.token)).toBe("90.00");
    for (let i = 0; i < 10 && round.status === "OPEN"; i++) {
      const res = await p.call(`/wps/house/rounds/${id}/actions`, { method: "POST", headers: auth(m.token), json: { action: "stand" } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      round = res.body.value;
    }
    expect(round.status).toBe("SETTLED");
    expect(round.actions[0]).toBe("split");
    expect(cents(round.balanceAfter)).toBe(10_000 - cents(round.stake) + cents(round.win));
    expect(await balance(m.token)).toBe(round.balanceAfter);
    const late = await p.call(`/wps/house/rounds/${id}/actions`, { method: "POST", headers: auth(m.token), json: { action: "hit" } });
    expect(late.body.error.code).toBe("ROUND_FINISHED");
  });

  it("shows the seed hash before play and verifies a round after the seed is rotated", async () => {
    const m = await player();
    const seeds = await p.call("/wps/house/seeds", { headers: auth(m.token) });
    const hash = seeds.body.value.active.serverSeedHash;
    const round = (await play(m.token, "HOUSE_SICBO", [{ kind: "big", amount: "2.00" }])).body.value;
    const hidden = await p.call(`/lgw/house/verify/${round.id}`);
    expect(hidden.body.value).toMatchObject({ revealed: false, serverSeed: null, serverSeedHash: hash });
    const badSeed = await p.call("/wps/house/seeds/rotate", { method: "POST", headers: auth(m.token), json: { clientSeed: "has space" } });
    expect(badSeed.status).toBe(400);
    const rotated = await p.call("/wps/house/seeds/rotate", { method: "POST", headers: auth(m.token), json: { clientSeed: "my-lucky-seed" } });
    expect(rotated.body.value.revealed.serverSeedHash).toBe(hash);
    expect(hashSeed(rotated.body.value.revealed.serverSeed)).toBe(hash);
    expect(rotated.body.value.active).toMatchObject({ clientSeed: "my-lucky-seed", nonce: 0, serverSeedHash: seeds.body.value.active.nextServerSeedHash });
    const verified = await p.call(`/lgw/house/verify/${round.id}`);
    expect(verified.body.value).toMatchObject({ revealed: true, hashMatches: true, result: { ok: true } });
    // Amounts in decimals, as the round view shows them.
    expect(verified.body.value).toMatchObject({ currency: "USD", bets: [{ kind: "big", amount: "2.00" }], totalStake: "2.00", totalPayout: round.win });
    expect(verified.body.value.result.settlement).toMatchObject({ totalStake: "2.00", totalPayout: round.win, results: [{ bet: { kind: "big", amount: "2.00" } }] });
    // The calculator takes the bets as the check shows them (decimals of the site's currency) and answers the same way.
    const replay = { game: "HOUSE_SICBO", serverSeed: rotated.body.value.revealed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
    const manual = await p.call("/lgw/house/verify", { method: "POST", headers: host, json: { ...replay, bets: verified.body.value.bets } });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(manual.body.value).toMatchObject({ currency: "USD", totalStake: "2.00", totalPayout: round.win });
    expect(manual.body.value.outcome).toEqual(verified.body.value.outcome);
    // Another currency's scale when asked; amounts that are no decimals of it are refused.
    const yen = await p.call("/lgw/house/verify", { method: "POST", json: { ...replay, currency: "JPY", bets: [{ kind: "big", amount: "200" }] } });
    expect(yen.body.value).toMatchObject({ currency: "JPY", totalStake: "200", outcome: verified.body.value.outcome });
    const bad = await p.call("/lgw/house/verify", { method: "POST", json: { ...replay, currency: "JPY", bets: [{ kind: "big", amount: "2.00" }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_REQUEST");
  });

  it("feeds 1% of every settled stake into the public jackpot pool", async () => {
    const demo = { code: "DEMO", currency: "USD" };
    const hundredths = (s: string) => BigInt(s.replace(".", ""));
    // One moment for both reads, so only the settled round can change the pool, not the clock.
    const at = Date.now();
    const before = await jackpotPool(p.handle.db, demo, at, { cacheMs: 0 });
    const m = await player();
    const round = await play(m.token, "HOUSE_ROULETTE", [{ kind: "red", amount: "10.00" }]);
    expect(round.body.value.status).toBe("SETTLED");
    const after = await jackpotPool(p.handle.db, demo, at, { cacheMs: 0 });
    expect(hundredths(after.settledStake) - hundredths(before.settledStake)).toBe(1000n);
    expect(after.settledRounds).toBe(before.settledRounds + 1);
    expect(hundredths(after.amount) - hundredths(before.amount)).toBe(10n);
    expect(Number(after.amount)).toBeGreaterThanOrEqual(11e9);
    expect(Number(after.amount)).toBeLessThan(12e9);

    const open = await p.call("/lgw/games/jackpot", { headers: host });
    expect(open.status).toBe(200);
    expect(open.body.value).toMatchObject({ amount: expect.stringMatching(/^1[12]\d{9}\.\d{2}$/), currency: "USD", contributionPercent: 1, settledStake: after.settledStake });
  });

  it("keeps the pool's running totals in step with the rounds, jackpot-sized wins included", async () => {
    const demo = { code: "DEMO", currency: "USD" };
    const at = Date.now();
    const before = await jackpotPool(p.handle.db, demo, at, { cacheMs: 0 });
    // A round of 1.00 that pays 600.00 (600x: jackpot-sized), settled by an UPDATE as finish() does.
    const inserted = await p.handle.db.execute(sql`
      insert into house_rounds (member_id, merchant_code, game_code, category, currency, seed_id, nonce, client_seed, request_key, bets, stake, balance_before)
      select member_id, merchant_code, game_code, category, currency, seed_id, nonce, client_seed, 'jackpot-totals-test', bets, 100, 0
      from house_rounds where merchant_code = 'DEMO' limit 1 returning id`);
    const id = (inserted as unknown as { rows?: { id: number }[] }).rows?.[0]?.id ?? (inserted as unknown as { id: number }[])[0]!.id;
    const mid = await jackpotPool(p.handle.db, demo, at, { cacheMs: 0 });
    expect(mid.settledRounds).toBe(before.settledRounds); // still open: not counted
    await p.handle.db.execute(sql`update house_rounds set status = 'SETTLED', win = 60000, settled_at = now() where id = ${id}`);
    await p.handle.db.execute(sql`update house_rounds set status = 'SETTLED' where id = ${id}`); // no second count
    const after = await jackpotPool(p.handle.db, demo, at, { cacheMs: 0 });
    expect(after.settledRounds).toBe(before.settledRounds + 1);
    expect(Number(after.settledStake) - Number(before.settledStake)).toBeCloseTo(1, 6);
    expect(Number(after.jackpotWins) - Number(before.jackpotWins)).toBeCloseTo(600, 6);
    // Recomputed from the rounds themselves, the totals are the same.
    await rebuildJackpotTotals(p.handle.db);
    expect(await jackpotPool(p.handle.db, demo, at, { cacheMs: 0 })).toEqual(after);
  });

  it("keeps every ledger invariant", async () => {
    expect(await checkInvariants(p.handle.db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });
});
