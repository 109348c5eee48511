import { and, eq, sql } from "drizzle-orm";
import { countingDb, createTestPlatform, genericPlan, playersOf } from "../testing/db.js";
import { checkInvariants, memberBalance, transfer } from "../ledger/service.js";
import { createRng, hashSeed, newServerSeed } from "../house/fair.js";
import { HOUSE_GAMES } from "../house/games/index.js";
import type { Bet } from "../house/bets.js";
import { members } from "../accounts/schema.js";
import { winners } from "../games/schema.js";
import { rowsOf } from "../db/client.js";
import { formatAmount } from "../ledger/money.js";
import { fairSeeds, houseRounds } from "./schema.js";
import { actInRound, playRound, rotateSeeds, roundBatchCounts, roundBatchStatementSql, verifyStoredRound, WINNER_BOARD_MIN } from "./service.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
const formatUsd = (minor: bigint) => formatAmount(minor, "USD");

/**
 * A round is one database transaction (issue 15, ADR 023): few statements, idempotent under
 * concurrent twins, nothing left behind by a refusal or a failure half way.
 */
describe("in-house round as one transaction", () => {
  let p: TestPlatform;
  const { key, player } = playersOf(() => p.call, { prefix: "onetx", ip: "198.51.100.89" });

  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const memberOf = async (account: string) => (await p.handle.db.select().from(members).where(eq(members.account, account)))[0]!;
  const balanceOf = (m: { id: number }) => memberBalance(p.handle.db, "DEMO", "USD", m.id);
  const activeSeed = async (memberId: number) => (await p.handle.db.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, memberId), eq(fairSeeds.active, true))))[0]!;
  const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: string | number }>(await p.handle.db.execute(query))[0]!.n);
  /** Every row a round could leave, for one member. */
  const footprint = async (memberId: number) => ({
    rounds: await count(sql`select count(*) as n from house_rounds where member_id = ${memberId}`),
    transfers: await count(sql`select count(*) as n from ledger_transfers t join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id) where a.kind = 'member' and a.member_id = ${memberId}`),
    walletRows: await count(sql`select (select count(*) from wallet_transactions where member_id = ${memberId}) + (select count(*) from wallet_rounds where member_id = ${memberId}) + (select count(*) from launch_tokens where member_id = ${memberId}) as n`),
    nonce: (await activeSeed(memberId)).nonce,
    dayBets: await count(sql`select coalesce(sum(bet_count), 0) as n from member_day_totals where member_id = ${memberId}`),
  });

  /**
   * Makes the member's active server seed one whose next round of `game` with `bets` pays out
   * (and `atLeast` minor units when given), so a test knows a payout will be posted.
   */
  async function seedThatPays(memberId: number, game: "HOUSE_ROULETTE" | "HOUSE_DICE", bets: Bet[], atLeast = 1n) {
    const seed = await activeSeed(memberId);
    const engine = HOUSE_GAMES[game].engine;
    for (let i = 0; i < 20_000; i++) {
      const serverSeed = newServerSeed();
      const played = engine.play(createRng({ serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce }), bets as never);
      if (played.settlement.totalPayout >= atLeast) {
        await p.handle.db.update(fairSeeds).set({ serverSeed, serverSeedHash: hashSeed(serverSeed) }).where(eq(fairSeeds.id, seed.id));
        return { nonce: seed.nonce, payout: played.settlement.totalPayout };
      }
    }
    throw new Error("no paying seed found");
  }

  it("settles an instant round in one statement once the member played on this node (no read, no BEGIN or COMMIT), won or lost, board-sized wins too", async () => {
    const m = await player("1000.00");
    const member = await memberOf(m.account);
    const counted = countingDb(p.handle);
    // The first round makes the seed pair and fills the caches (account ids, merchant terms).
    await playRound(counted.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    const per: number[] = [];
    for (const [game, bets] of [
      ["HOUSE_ROULETTE", [{ kind: "red", amount: "2.00" }, { kind: "straight", numbers: [17], amount: "1.00" }]],
      ["HOUSE_BACCARAT", [{ kind: "banker", amount: "3.00" }]],
      ["HOUSE_DICE", [{ kind: "under", target: 5000, amount: "1.50" }]],
      ["HOUSE_SICBO", [{ kind: "big", amount: "2.00" }]],
      ["HOUSE_ROULETTE", [{ kind: "black", amount: "1.00" }]],
    ] as const) {
      const before = counted.statements();
      const r = await playRound(counted.db, member, { game, bets: bets as never, requestKey: key() });
      expect(r.status).toBe("SETTLED");
      per.push(counted.statements() - before);
    }
    // The nonce, the stake, the payout and the record in one statement, from the claim the last
    // round's write left (ADR 036): the same for a loss.
    expect(per, `statements per round: ${per.join(", ")}`).toEqual([1, 1, 1, 1, 1]);

    // A straight-up win of 36 x 5.00 = 180.00 goes on the winners board within the same statement.
    // The test swaps the server seed in place, which nothing else does: the kept claim's seed hash
    // no longer matches, so its write changes nothing and the round is read (a read and a write).
    const straight = [{ kind: "straight", numbers: [17], amount: 500n }] as unknown as Bet[];
    const { payout } = await seedThatPays(member.id, "HOUSE_ROULETTE", straight, WINNER_BOARD_MIN);
    const boardBefore = await count(sql`select count(*) as n from winners where merchant_code = 'DEMO'`);
    let before = counted.statements();
    const big = await playRound(counted.db, member, { game: "HOUSE_ROULETTE", bets: [{ kind: "straight", numbers: [17], amount: "5.00" }], requestKey: key() });
    expect(counted.statements() - before).toBe(3);
    expect(big.win).toBe("180.00");
    expect(payout).toBe(18_000n);
    expect(await count(sql`select count(*) as n from winners where merchant_code = 'DEMO'`)).toBe(boardBefore + 1);
    const [latest] = await p.handle.db.select().from(winners).orderBy(sql`${winners.id} desc`).limit(1);
    expect(latest).toMatchObject({ winAmount: 18_000n, currency: "USD" });
    before = counted.statements();
    await playRound(counted.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    expect(counted.statements() - before).toBe(1);
  });

  /**
   * Rounds of different members played at the same moment share one statement (ADR 038). Each
   * must come out as if written alone: its nonce taken once, its stake and payout posted with the
   * balances they left, its record and balances stored, a board-sized win on the board, a stake
   * above the balance refused with nothing written, a member's two rounds at once both played,
   * one after the other, and every round verifiable once its seed is revealed.
   */
  it("settles rounds of members played at the same moment in one statement, each as if alone", async () => {
    const db = p.handle.db;
    const ms = [];
    for (let i = 0; i < 8; i++) ms.push(await memberOf((await player("100.00")).account));
    const dice = (amount: string) => ({ game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount }] });
    // A first round each makes the seed pair and fills the caches and claims.
    for (const m of ms) await playRound(db, m, { ...dice("1.00"), requestKey: key() });
    const straight = [{ kind: "straight", numbers: [17], amount: 500n }] as unknown as Bet[];
    await seedThatPays(ms[0]!.id, "HOUSE_ROULETTE", straight, WINNER_BOARD_MIN);
    const balances = await Promise.all(ms.map((m) => balanceOf(m)));
    const nonces = await Promise.all(ms.map(async (m) => (await activeSeed(m.id)).nonce));
    const boardBefore = await count(sql`select count(*) as n from winners where merchant_code = 'DEMO'`);
    const counts = roundBatchCounts(db);

    const settled = await Promise.allSettled(
      ms.map((m, i) =>
        i === 0
          ? playRound(db, m, { game: "HOUSE_ROULETTE", bets: [{ kind: "straight", numbers: [17], amount: "5.00" }], requestKey: key() })
          : i === 1
            ? playRound(db, m, { ...dice("500.00"), requestKey: key() })
            : playRound(db, m, { ...dice(`${i}.00`), requestKey: key() }),
      ),
    );
    // Member 7 plays twice more at once: one round per batch, so one after the other.
    const twice = await Promise.all([playRound(db, ms[7]!, { ...dice("1.00"), requestKey: key() }), playRound(db, ms[7]!, { ...dice("1.00"), requestKey: key() })]);
    const after = roundBatchCounts(db);
    expect(after.statements).toBeGreaterThan(counts.statements);
    expect(after.rounds - counts.rounds).toBeGreaterThanOrEqual(4);
    // Written by the batches, not by the fallback a failed batch takes.
    expect(after.failed).toBe(counts.failed);

    expect(settled[1]).toMatchObject({ status: "rejected", reason: { code: "INSUFFICIENT_FUNDS" } });
    expect(await balanceOf(ms[1]!)).toBe(balances[1]);
    expect((await activeSeed(ms[1]!.id)).nonce).toBe(nonces[1]);
    for (const i of [0, 2, 3, 4, 5, 6, 7]) {
      const r = (settled[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof playRound>>>).value;
      const cents = (v: string) => BigInt(v.replace(".", ""));
      const extra = i === 7 ? twice.reduce((s, t) => s - cents(t.stake) + cents(t.win), 0n) : 0n;
      expect(r).toMatchObject({ status: "SETTLED", nonce: nonces[i], balanceBefore: formatUsd(balances[i]!) });
      expect(r.balanceAfter).toBe(formatUsd(balances[i]! - cents(r.stake) + cents(r.win)));
      expect(await balanceOf(ms[i]!)).toBe(balances[i]! - cents(r.stake) + cents(r.win) + extra);
      expect((await activeSeed(ms[i]!.id)).nonce).toBe(nonces[i]! + (i === 7 ? 3 : 1));
      const [stored] = await db.select().from(houseRounds).where(eq(houseRounds.id, r.id));
      expect(stored).toMatchObject({ balanceBefore: balances[i], balanceAfter: balances[i]! - cents(r.stake) + cents(r.win) });
      expect(await count(sql`select count(*) as n from ledger_transfers where reference = ${`R${r.id}`}`)).toBe(cents(r.win) > 0n ? 2 : 1);
    }
    expect((settled[0] as PromiseFulfilledResult<{ win: string }>).value.win).toBe("180.00");
    expect(await count(sql`select count(*) as n from winners where merchant_code = 'DEMO'`)).toBe(boardBefore + 1);
    expect(twice.map((t) => t.nonce).sort()).toEqual([nonces[7]! + 1, nonces[7]! + 2]);
    // Provably fair as ever: the revealed seed replays the stored round.
    const played = (settled[3] as PromiseFulfilledResult<{ id: number }>).value;
    await rotateSeeds(db, ms[3]!);
    expect(await verifyStoredRound(db, played.id)).toMatchObject({ revealed: true, hashMatches: true, result: { ok: true } });
    expect(await checkInvariants(db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });

  it("plans the round batch statement through the indexes", async () => {
    const plan = await genericPlan(p.handle.db, roundBatchStatementSql());
    // The ledger's rows and the rounds by key; the accounts' locks one key at a time.
    expect(plan).toContain("ledger_transfers_key_uq");
    expect(plan).not.toMatch(/Seq Scan on (ledger_transfers|house_rounds)/);
    expect(plan).toMatch(/LockRows[^\n]*\n\s*->\s*Index Scan using ledger_accounts_pkey/);
  });

  describe("the next round's claim kept from the last write (ADR 036)", () => {
    const dice = (amount = "1.00") => ({ game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount }] });
    /** What the member's seed draws for a 1.00 dice bet over 50.00 at `nonce`, in minor units. */
    const diceWin = (seed: { serverSeed: string; clientSeed: string }, nonce: number) =>
      HOUSE_GAMES.HOUSE_DICE.engine.play(createRng({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }), [{ kind: "over", target: 5000, amount: 100n }] as never).settlement.totalPayout;

    it("gives a requestKey already used its round back: no second round, stake or nonce", async () => {
      const member = await memberOf((await player("100.00")).account);
      const counted = countingDb(p.handle);
      const requestKey = key();
      const first = await playRound(counted.db, member, { ...dice(), requestKey });
      const before = await footprint(member.id);
      const balance = await balanceOf(member);
      const again = await playRound(counted.db, member, { ...dice("3.00"), requestKey });
      expect(again).toMatchObject({ id: first.id, nonce: first.nonce, stake: "1.00", win: first.win });
      expect(await footprint(member.id)).toEqual(before);
      expect(await balanceOf(member)).toBe(balance);
      // The replay's write changed nothing: the next round is on the next nonce.
      const next = await playRound(counted.db, member, { ...dice(), requestKey: key() });
      expect(next.nonce).toBe(first.nonce + 1);
      expect(next.id).toBeGreaterThan(first.id);
    });

    it("reads again when another node played in between, on the next nonce, with the outcome that nonce draws", async () => {
      const member = await memberOf((await player("100.00")).account);
      const nodeA = countingDb(p.handle);
      const nodeB = countingDb(p.handle);
      const a1 = await playRound(nodeA.db, member, { ...dice(), requestKey: key() });
      const b1 = await playRound(nodeB.db, member, { ...dice(), requestKey: key() });
      const before = nodeA.statements();
      // Node A's claim names the nonce node B took: its write changes nothing, then a read and a write.
      const a2 = await playRound(nodeA.db, member, { ...dice(), requestKey: key() });
      expect(nodeA.statements() - before).toBe(3);
      expect([a1.nonce, b1.nonce, a2.nonce]).toEqual([a1.nonce, a1.nonce + 1, a1.nonce + 2]);
      const seed = await activeSeed(member.id);
      for (const r of [a1, b1, a2]) expect(BigInt(r.win.replace(".", ""))).toBe(diceWin(seed, r.nonce));
      expect(new Set([a1.id, b1.id, a2.id]).size).toBe(3);
    });

    it("stops using a member's claims on a node while the member plays on another too, and uses them again once the member stays", async () => {
      const member = await memberOf((await player("100.00")).account);
      const nodeA = countingDb(p.handle);
      const nodeB = countingDb(p.handle);
      const statements = async (node: typeof nodeA) => {
        const before = node.statements();
        await playRound(node.db, member, { ...dice(), requestKey: key() });
        return node.statements() - before;
      };
      await statements(nodeA);
      await statements(nodeB);
      // Alternating (a balancer without affinity): two stale claims on each node (a write that
      // changes nothing, a read, a write), then reads as before ADR 036 (a read, a write).
      const alternating: number[] = [];
      for (let i = 0; i < 4; i++) for (const node of [nodeA, nodeB]) alternating.push(await statements(node));
      expect(alternating).toEqual([3, 3, 3, 3, 2, 2, 2, 2]);
      // Staying on node A: its reads find the claim would have held, and the claims are used again.
      const staying: number[] = [];
      for (let i = 0; i < 4; i++) staying.push(await statements(nodeA));
      expect(staying).toEqual([2, 2, 1, 1]);
      const rounds = await count(sql`select count(*) as n from house_rounds where member_id = ${member.id}`);
      expect(rounds).toBe(14);
      expect((await activeSeed(member.id)).nonce).toBe(14);
    });

    /** Moves a member's whole balance in `wallet` out, as spending it on other games would. */
    const spend = async (memberId: number, wallet: string) => {
      const balance = await memberBalance(p.handle.db, "DEMO", "USD", memberId, wallet);
      if (balance > 0n) {
        await transfer(p.handle.db, { from: { merchantCode: "DEMO", currency: "USD", kind: "member", memberId, wallet }, to: { merchantCode: "DEMO", currency: "USD", kind: "house", memberId }, amount: balance, kind: "bet", key: key() });
      }
    };

    it("gives a retried requestKey its round back after the balance was spent, though the claim's stake is refused first", async () => {
      const member = await memberOf((await player("10.00")).account);
      const counted = countingDb(p.handle);
      const requestKey = key();
      const first = await playRound(counted.db, member, { ...dice(), requestKey });
      await spend(member.id, "MAIN");
      const before = await footprint(member.id);
      const again = await playRound(counted.db, member, { ...dice(), requestKey });
      expect(again).toMatchObject({ id: first.id, nonce: first.nonce, win: first.win });
      expect(await footprint(member.id)).toEqual(before);
      // A new request is refused, with the balance, and nothing is taken.
      await expect(playRound(counted.db, member, { ...dice(), requestKey: key() })).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS", details: { balance: "0.00" } });
      expect(await footprint(member.id)).toEqual(before);
    });

    it("sees a change of the wallet mode made on another node when the old wallet is empty: the round plays from the new one", async () => {
      const member = await memberOf((await player("10.00")).account);
      const counted = countingDb(p.handle);
      await playRound(counted.db, member, { ...dice(), requestKey: key() });
      await p.handle.db.execute(sql`update merchants set is_single_wallet = false where code = 'DEMO'`);
      try {
        await spend(member.id, "MAIN");
        await transfer(p.handle.db, {
          from: { merchantCode: "DEMO", currency: "USD", kind: "payment_clearing", memberId: member.id },
          to: { merchantCode: "DEMO", currency: "USD", kind: "member", memberId: member.id, wallet: "HOUSE" },
          amount: 5_000n, kind: "deposit", key: key(),
        });
        const r = await playRound(counted.db, member, { ...dice(), requestKey: key() });
        expect(r).toMatchObject({ status: "SETTLED", balanceBefore: "50.00" });
        expect(await memberBalance(p.handle.db, "DEMO", "USD", member.id, "HOUSE")).toBe(5_000n - 100n + BigInt(r.win.replace(".", "")));
      } finally {
        await p.handle.db.execute(sql`update merchants set is_single_wallet = true where code = 'DEMO'`);
      }
    });

    it("reads again when the client seed of the claim's pair changed in place: the round is drawn and recorded with the new one", async () => {
      const member = await memberOf((await player("100.00")).account);
      const counted = countingDb(p.handle);
      await playRound(counted.db, member, { ...dice(), requestKey: key() });
      const seed = await activeSeed(member.id);
      await p.handle.db.update(fairSeeds).set({ clientSeed: "changed-in-place" }).where(eq(fairSeeds.id, seed.id));
      const before = counted.statements();
      const r = await playRound(counted.db, member, { ...dice(), requestKey: key() });
      expect(counted.statements() - before).toBe(3);
      expect(r.clientSeed).toBe("changed-in-place");
      expect(BigInt(r.win.replace(".", ""))).toBe(diceWin({ serverSeed: seed.serverSeed, clientSeed: "changed-in-place" }, r.nonce));
    });

    it("drops the claim when the member rotates the seed pair: the next round is the new pair's first", async () => {
      const member = await memberOf((await player("100.00")).account);
      const counted = countingDb(p.handle);
      await playRound(counted.db, member, { ...dice(), requestKey: key() });
      await rotateSeeds(counted.db, member);
      // A read and a write: the claim named the retired pair (its write would have changed nothing).
      const before = counted.statements();
      const r = await playRound(counted.db, member, { ...dice(), requestKey: key() });
      expect(counted.statements() - before).toBe(2);
      const seed = await activeSeed(member.id);
      expect(r).toMatchObject({ nonce: 0, serverSeedHash: seed.serverSeedHash });
      expect(BigInt(r.win.replace(".", ""))).toBe(diceWin(seed, 0));
    });

    it("keeps the claim through a refused stake: the nonce is neither taken nor skipped", async () => {
      const member = await memberOf((await player("5.00")).account);
      const counted = countingDb(p.handle);
      const first = await playRound(counted.db, member, { ...dice(), requestKey: key() });
      await expect(playRound(counted.db, member, { ...dice("50.00"), requestKey: key() })).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
      const before = counted.statements();
      const next = await playRound(counted.db, member, { ...dice(), requestKey: key() });
      expect(counted.statements() - before).toBe(1);
      expect(next.nonce).toBe(first.nonce + 1);
    });

    it("refuses a second round of a stateful game in play, from a kept claim as from a read", async () => {
      const member = await memberOf((await player("100.00")).account);
      const counted = countingDb(p.handle);
      let open = await playRound(counted.db, member, { game: "HOUSE_BLACKJACK", bets: [{ kind: "main", amount: "1.00" }], requestKey: key() });
      for (let i = 0; open.status !== "OPEN" && i < 20; i++) open = await playRound(counted.db, member, { game: "HOUSE_BLACKJACK", bets: [{ kind: "main", amount: "1.00" }], requestKey: key() });
      expect(open.status).toBe("OPEN");
      const nonce = (await activeSeed(member.id)).nonce;
      await expect(playRound(counted.db, member, { game: "HOUSE_BLACKJACK", bets: [{ kind: "main", amount: "1.00" }], requestKey: key() })).rejects.toMatchObject({ code: "ROUND_IN_PLAY" });
      expect((await activeSeed(member.id)).nonce).toBe(nonce);
    });
  });

  it("posts the stake and the payout as two transfers in order, each with the balances it left, as if posted one after the other", async () => {
    const m = await player("100.00");
    const member = await memberOf(m.account);
    await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    const { payout } = await seedThatPays(member.id, "HOUSE_ROULETTE", [{ kind: "red", amount: 700n }] as Bet[]);
    const balance = await balanceOf(member);
    const r = await playRound(p.handle.db, member, { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "7.00" }], requestKey: key() });
    expect(payout).toBe(1_400n);
    const usd = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;
    expect(r).toMatchObject({ stake: "7.00", win: "14.00", balanceBefore: usd(balance), balanceAfter: usd(balance + 700n) });
    const moves = rowsOf<{ id: string; kind: string; debit: string; credit: string; amount: string; debit_after: string; credit_after: string; created_at: string }>(
      await p.handle.db.execute(sql`select id::text, kind, debit_account_id::text as debit, credit_account_id::text as credit, amount::text,
        debit_balance_after::text as debit_after, credit_balance_after::text as credit_after, created_at::text
        from ledger_transfers where reference = ${`R${r.id}`} order by ledger_transfers.id`),
    );
    expect(moves.map((t) => [t.kind, t.amount])).toEqual([["bet", "700"], ["win", "1400"]]);
    const [stake, win] = moves as [(typeof moves)[0], (typeof moves)[0]];
    // The stake: member → house; the payout: house → member, the house's balance carried over.
    expect([win.debit, win.credit]).toEqual([stake.credit, stake.debit]);
    expect(BigInt(stake.debit_after)).toBe(balance - 700n);
    expect(BigInt(win.credit_after)).toBe(balance - 700n + 1_400n);
    expect(BigInt(win.debit_after)).toBe(BigInt(stake.credit_after) - 1_400n);
    expect(win.created_at).toBe(stake.created_at);
    expect(await balanceOf(member)).toBe(balance + 700n);
    const report = await checkInvariants(p.handle.db);
    expect(report).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });

  it("starts, moves and ends a blackjack hand in at most 6 statements each", async () => {
    const m = await player("100.00");
    const member = await memberOf(m.account);
    const counted = countingDb(p.handle);
    await playRound(counted.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    for (let hand = 0; hand < 3; hand++) {
      let before = counted.statements();
      let r = await playRound(counted.db, member, { game: "HOUSE_BLACKJACK", bets: [{ kind: "main", amount: "2.00" }], requestKey: key() });
      expect(counted.statements() - before).toBeLessThanOrEqual(6);
      for (let i = 0; i < 10 && r.status === "OPEN"; i++) {
        before = counted.statements();
        r = await actInRound(counted.db, member, r.id, r.legalActions.includes("stand") ? "stand" : r.legalActions[0]!);
        expect(counted.statements() - before).toBeLessThanOrEqual(6);
      }
      expect(r.status).toBe("SETTLED");
    }
  });

  it("pays concurrent twins of one requestKey once: one round, one nonce, one stake", async () => {
    const m = await player("100.00");
    const member = await memberOf(m.account);
    await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    const before = await footprint(member.id);
    const balance = await balanceOf(member);
    const requestKey = key();
    const twins = await Promise.all(
      Array.from({ length: 8 }, () => playRound(p.handle.db, member, { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "4.00" }], requestKey })),
    );
    expect(new Set(twins.map((r) => r.id)).size).toBe(1);
    const r = twins[0]!;
    expect(r.status).toBe("SETTLED");
    for (const t of twins) expect(t).toMatchObject({ balanceBefore: r.balanceBefore, balanceAfter: r.balanceAfter, win: r.win, nonce: before.nonce });
    const after = await footprint(member.id);
    expect(after.rounds).toBe(before.rounds + 1);
    expect(after.nonce).toBe(before.nonce + 1);
    expect(after.transfers).toBe(before.transfers + (r.win === "0.00" ? 1 : 2));
    expect(after.dayBets).toBe(before.dayBets + 1);
    const won = BigInt(r.win.replace(".", ""));
    expect(await balanceOf(member)).toBe(balance - 400n + won);
    expect(r.balanceBefore.replace(".", "")).toBe(balance.toString());
  });

  it("plays concurrent rounds of one member on consecutive nonces, each outcome the one its nonce draws", async () => {
    const m = await player("100.00");
    const member = await memberOf(m.account);
    await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    const before = await footprint(member.id);
    const balance = await balanceOf(member);
    // Each write finds the nonce its read saw taken by another round, but one: the rest draw again.
    const rounds = await Promise.all(
      Array.from({ length: 8 }, () => playRound(p.handle.db, member, { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "1.00" }], requestKey: key() })),
    );
    expect(rounds.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => before.nonce + i));
    const seed = await activeSeed(member.id);
    let won = 0n;
    for (const r of rounds) {
      const played = HOUSE_GAMES.HOUSE_ROULETTE.engine.play(createRng({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: r.nonce }), [{ kind: "red", amount: 100n }] as never);
      expect(BigInt(r.win.replace(".", ""))).toBe(played.settlement.totalPayout);
      won += played.settlement.totalPayout;
    }
    expect(await balanceOf(member)).toBe(balance - 800n + won);
    expect(await footprint(member.id)).toMatchObject({ rounds: before.rounds + 8, nonce: before.nonce + 8, dayBets: before.dayBets + 8 });
    expect(await checkInvariants(p.handle.db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });

  it("leaves nothing behind when the balance is short: no round, no nonce, no movement, no wallet rows", async () => {
    const m = await player("5.00");
    const member = await memberOf(m.account);
    await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    const before = await footprint(member.id);
    const balance = await balanceOf(member);
    const refused = playRound(p.handle.db, member, { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "50.00" }], requestKey: key() });
    await expect(refused).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 400, details: { field: "bets", balance: `${balance / 100n}.${String(balance % 100n).padStart(2, "0")}` } });
    expect(await footprint(member.id)).toEqual(before);
    expect(await balanceOf(member)).toBe(balance);
    // The in-house vendor keeps no wallet bookkeeping (ADR 023).
    expect(before.walletRows).toBe(0);
  });

  describe("a failure half way rolls the whole round back", () => {
    const failOn = async (table: "ledger_transfers" | "house_rounds", when: string) => {
      await p.handle.db.execute(sql.raw(`create or replace function onetx_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`));
      await p.handle.db.execute(sql.raw(`create trigger onetx_fail before insert on ${table} for each row when (${when}) execute function onetx_fail()`));
      return async () => {
        await p.handle.db.execute(sql.raw(`drop trigger if exists onetx_fail on ${table}`));
      };
    };

    // Before, the stake and the payout were transactions of their own: a round cut between them
    // stayed OPEN, its stake taken, until the client retried. Now there is no such window.
    for (const [where, table, when] of [
      ["between the stake and the payout", "ledger_transfers", "new.kind = 'win' and new.reference like 'R%'"],
      ["between the payout and the round record", "house_rounds", "true"],
    ] as const) {
      it(`${where}: no OPEN round waits for a retry, the retry plays it whole on the same nonce`, async () => {
        const m = await player("100.00");
        const member = await memberOf(m.account);
        await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
        const bets = [{ kind: "red", amount: "10.00" }];
        const { nonce, payout } = await seedThatPays(member.id, "HOUSE_ROULETTE", [{ kind: "red", amount: 1000n }] as Bet[]);
        const before = await footprint(member.id);
        const balance = await balanceOf(member);
        const requestKey = key();
        const restore = await failOn(table, when);
        try {
          const failed = await playRound(p.handle.db, member, { game: "HOUSE_ROULETTE", bets, requestKey }).catch((e: Error) => e);
          // drizzle wraps the driver's error as the cause of its own
          expect(String((failed as Error & { cause?: Error }).cause?.message ?? failed)).toMatch(/injected failure/);
        } finally {
          await restore();
        }
        expect(await footprint(member.id)).toEqual(before);
        expect(await balanceOf(member)).toBe(balance);
        expect(await p.handle.db.select().from(houseRounds).where(eq(houseRounds.requestKey, requestKey))).toEqual([]);

        const retried = await playRound(p.handle.db, member, { game: "HOUSE_ROULETTE", bets, requestKey });
        expect(retried).toMatchObject({ status: "SETTLED", nonce, stake: "10.00", win: "20.00" });
        expect(payout).toBe(2_000n);
        expect(await balanceOf(member)).toBe(balance - 1_000n + payout);
        expect((await footprint(member.id)).nonce).toBe(before.nonce + 1);
      });
    }
  });

  it("finishes a round an earlier version left open after its stake, without taking the stake again", async () => {
    const m = await player("100.00");
    const member = await memberOf(m.account);
    await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    const seed = await activeSeed(member.id);
    await p.handle.db.update(fairSeeds).set({ nonce: seed.nonce + 1 }).where(eq(fairSeeds.id, seed.id));
    const balance = await balanceOf(member);
    const requestKey = key();
    // What the old code left when cut after its wallet debit: an OPEN round and the stake posted.
    const [open] = await p.handle.db
      .insert(houseRounds)
      .values({
        memberId: member.id,
        merchantCode: "DEMO",
        gameCode: "HOUSE_ROULETTE",
        category: "LIVE",
        currency: "USD",
        seedId: seed.id,
        nonce: seed.nonce,
        clientSeed: seed.clientSeed,
        requestKey,
        bets: [{ kind: "red", amount: "300" }],
        stake: 300n,
        balanceBefore: balance,
      })
      .returning();
    await transfer(p.handle.db, {
      from: { merchantCode: "DEMO", currency: "USD", kind: "member", memberId: member.id, wallet: "MAIN" },
      to: { merchantCode: "DEMO", currency: "USD", kind: "house", memberId: member.id },
      amount: 300n,
      kind: "bet",
      key: `wallet:HOUSE:house:${open!.id}:stake`,
      reference: `R${open!.id}`,
      category: "LIVE",
    });
    const r = await playRound(p.handle.db, member, { game: "HOUSE_ROULETTE", bets: [{ kind: "red", amount: "3.00" }], requestKey });
    expect(r).toMatchObject({ id: open!.id, status: "SETTLED", stake: "3.00", nonce: seed.nonce });
    expect(await balanceOf(member)).toBe(balance - 300n + BigInt(r.win.replace(".", "")));
    expect(await count(sql`select count(*) as n from ledger_transfers where reference = ${`R${open!.id}`} and kind = 'bet'`)).toBe(1);
  });

  it("sees a change of the merchant's wallet mode made elsewhere, on the next round", async () => {
    const m = await player("100.00");
    const member = await memberOf(m.account);
    await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    // Another node switches DEMO to separate wallets: the HOUSE wallet is empty, so the stake is refused.
    await p.handle.db.execute(sql`update merchants set is_single_wallet = false where code = 'DEMO'`);
    try {
      await expect(playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() })).rejects.toMatchObject({
        code: "INSUFFICIENT_FUNDS",
        details: { balance: "0.00" },
      });
    } finally {
      await p.handle.db.execute(sql`update merchants set is_single_wallet = true where code = 'DEMO'`);
    }
    const r = await playRound(p.handle.db, member, { game: "HOUSE_DICE", bets: [{ kind: "over", target: 5000, amount: "1.00" }], requestKey: key() });
    expect(r.status).toBe("SETTLED");
  });

  it("keeps every ledger invariant, the team day totals included", async () => {
    expect(await checkInvariants(p.handle.db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });
});
