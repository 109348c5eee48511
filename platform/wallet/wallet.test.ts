import { createHash, createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/client.js";
import { formatAmount } from "../ledger/money.js";
import { countingDb, createTestPlatform, genericPlan, TEST_PG_URL } from "../testing/db.js";
import { members } from "../accounts/schema.js";
import { games } from "../games/schema.js";
import { ledgerAccounts, ledgerTransfers } from "../ledger/schema.js";
import { checkInvariants, memberBalance, transfer, type AccountRef, type Tx } from "../ledger/service.js";
import { launchTokens, walletRounds, walletTransactions } from "./schema.js";
import { purgeLaunchTokens, walletCredit, walletDebit } from "./service.js";
import { callBatchSql, walletCounts } from "./statements.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

const SECRET = "aurora-live-wallet-secret-0123456789abcdef";
const HOUSE_SECRET = "house-games-wallet-secret-0123456789abcdef";

describe("vendor wallet", () => {
  let p: TestPlatform;
  let aurlGame: string;
  let houseGame: string;
  let n = 0;
  const uid = (prefix = "tx") => `${prefix}-${Date.now().toString(36)}-${n++}`;

  beforeAll(async () => {
    p = await createTestPlatform();
    const put = (vendor: string, secret: string) =>
      p.call(`/operator/v1/vendors/${vendor}/wallet-key`, { method: "PUT", operator: true, json: { secret } });
    expect((await put("AURL", SECRET)).status).toBe(200);
    expect((await put("HOUSE", HOUSE_SECRET)).status).toBe(200);
    const [g] = await p.handle.db.select().from(games).where(eq(games.vendorCode, "AURL")).limit(1);
    const [h] = await p.handle.db.select().from(games).where(eq(games.vendorCode, "HOUSE")).limit(1);
    aurlGame = g!.gameCode;
    houseGame = h!.gameCode;
  });
  afterAll(() => p.cleanup());

  /** A signed wallet call, the way a vendor makes it. */
  const wallet = (
    path: string,
    body: unknown,
    opts: { vendor?: string; secret?: string; signature?: string | null; raw?: string } = {},
  ) => {
    const raw = opts.raw ?? JSON.stringify(body);
    const headers: Record<string, string> = { "content-type": "application/json", "x-vendor": opts.vendor ?? "AURL" };
    const signature = opts.signature === undefined ? createHmac("sha256", opts.secret ?? SECRET).update(raw).digest("hex") : opts.signature;
    if (signature !== null) headers["x-signature"] = signature;
    return p.call(`/wallet/v1/${path}`, { method: "POST", headers, body: raw });
  };

  const memberRef = (memberId: number, merchantCode = "DEMO", currency = "USD", walletName = "MAIN"): AccountRef => ({
    merchantCode,
    currency,
    kind: "member",
    memberId,
    wallet: walletName,
  });
  const fund = (to: AccountRef, amount: bigint) =>
    transfer(p.handle.db, {
      from: { merchantCode: to.merchantCode, currency: to.currency, kind: "payment_clearing", memberId: to.memberId },
      to,
      amount,
      kind: "deposit",
      key: uid("fund"),
    });

  /** A DEMO member with `funds` minor units in MAIN and a launch token for `vendor`. */
  const player = async (funds = 10_000n, vendor = "AURL", merchant = "DEMO") => {
    const account = `w${Date.now().toString(36).slice(-5)}${n++}`;
    const made = await p.call(`/operator/v1/merchants/${merchant}/members`, {
      method: "POST",
      operator: true,
      json: { account, password: "secret123" },
    });
    expect(made.status).toBe(201);
    const [m] = await p.handle.db.select().from(members).where(and(eq(members.merchantCode, merchant), eq(members.account, account)));
    if (funds > 0n && merchant === "DEMO") await fund(memberRef(m!.id), funds);
    const launched = await p.call(`/operator/v1/merchants/${merchant}/members/${account}/launch-tokens`, {
      method: "POST",
      operator: true,
      json: { vendorCode: vendor, gameCode: vendor === "HOUSE" ? houseGame : aurlGame },
    });
    expect(launched.status).toBe(201);
    return { account, memberId: m!.id, token: launched.body.token as string };
  };

  const balanceOf = (memberId: number) => memberBalance(p.handle.db, "DEMO", "USD", memberId);
  const expire = (token: string) =>
    p.handle.db
      .update(launchTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(launchTokens.tokenHash, createHash("sha256").update(token).digest("hex")));

  describe("signature", () => {
    it("accepts a right HMAC of the raw body and refuses a missing, wrong or foreign one with 401 INVALID_SIGNATURE", async () => {
      const { token } = await player();
      const body = { token };
      expect(await wallet("balance", body)).toMatchObject({ status: 200, body: { balance: "100.00", currency: "USD" } });

      const missing = await wallet("balance", body, { signature: null });
      expect(missing.status).toBe(401);
      expect(missing.body.error.code).toBe("INVALID_SIGNATURE");
      const wrongKey = await wallet("balance", body, { secret: "x".repeat(40) });
      expect(wrongKey).toMatchObject({ status: 401, body: { error: { code: "INVALID_SIGNATURE" } } });
      const garbage = await wallet("balance", body, { signature: "zz" });
      expect(garbage).toMatchObject({ status: 401, body: { error: { code: "INVALID_SIGNATURE" } } });
      // The signature covers the exact bytes: the same JSON with other spacing is another body.
      const signed = createHmac("sha256", SECRET).update(JSON.stringify(body)).digest("hex");
      const respaced = await wallet("balance", body, { raw: JSON.stringify(body, null, 1), signature: signed });
      expect(respaced).toMatchObject({ status: 401, body: { error: { code: "INVALID_SIGNATURE" } } });
      const unknownVendor = await wallet("balance", body, { vendor: "NOPE" });
      expect(unknownVendor).toMatchObject({ status: 401, body: { error: { code: "INVALID_SIGNATURE" } } });
      // A vendor without a key (VIVO) cannot call at all.
      expect((await wallet("balance", body, { vendor: "VIVO" })).status).toBe(401);
    });

    it("refuses a token of another vendor or an unknown token with 401 INVALID_TOKEN", async () => {
      const { token } = await player();
      expect(await wallet("balance", { token }, { vendor: "HOUSE", secret: HOUSE_SECRET })).toMatchObject({
        status: 401,
        body: { error: { code: "INVALID_TOKEN" } },
      });
      expect(await wallet("balance", { token: "nope" })).toMatchObject({ status: 401, body: { error: { code: "INVALID_TOKEN" } } });
    });

    it("refuses bodies that are not JSON or carry bad amounts with 400 INVALID_REQUEST", async () => {
      const { token } = await player();
      const raw = "{not json";
      expect(await wallet("balance", null, { raw })).toMatchObject({ status: 400, body: { error: { code: "INVALID_REQUEST" } } });
      const base = { token, transactionId: uid(), roundId: uid("r"), gameCode: aurlGame };
      for (const amount of ["abc", "-1", "1.001", "1e3", ""]) {
        const res = await wallet("debit", { ...base, amount });
        expect(res.status, amount).toBe(400);
        expect(res.body.error.code).toBe("INVALID_REQUEST");
      }
      expect((await wallet("debit", { ...base, amount: 5 })).body.error.code).toBe("INVALID_REQUEST");
      expect((await wallet("debit", { token, amount: "1" })).body.error.code).toBe("INVALID_REQUEST");
    });

    it("lets the operator set a key only for a known vendor and with 32 characters or more", async () => {
      expect((await p.call("/operator/v1/vendors/NOPE/wallet-key", { method: "PUT", operator: true, json: { secret: SECRET } })).status).toBe(404);
      const short = await p.call("/operator/v1/vendors/AURL/wallet-key", { method: "PUT", operator: true, json: { secret: "short" } });
      expect(short).toMatchObject({ status: 400, body: { error: { code: "INVALID_REQUEST" } } });
      expect((await p.call("/operator/v1/vendors/AURL/wallet-key", { method: "PUT", json: { secret: SECRET } })).status).toBe(401);
      const unknownMember = await p.call("/operator/v1/merchants/DEMO/members/nobody999/launch-tokens", {
        method: "POST",
        operator: true,
        json: { vendorCode: "AURL", gameCode: aurlGame },
      });
      expect(unknownMember).toMatchObject({ status: 404, body: { error: { code: "MEMBER_NOT_FOUND" } } });
    });
  });

  describe("debit and credit", () => {
    it("debits the stake, pays the win and closes the round", async () => {
      const { token, memberId } = await player();
      const roundId = uid("r");
      const debitId = uid();
      const debit = await wallet("debit", { token, transactionId: debitId, roundId, gameCode: aurlGame, amount: "12.5" });
      expect(debit).toMatchObject({ status: 200, body: { balance: "87.50", transactionId: debitId } });
      expect(await balanceOf(memberId)).toBe(8_750n);
      const [bet] = await p.handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `wallet:AURL:${debitId}`));
      expect(bet).toMatchObject({ kind: "bet", reference: roundId, category: "LIVE", amount: 1_250n });
      const [other] = await p.handle.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, bet!.creditAccountId));
      expect(other).toMatchObject({ kind: "vendor_clearing", wallet: "AURL" });

      const creditId = uid();
      const credit = await wallet("credit", { token, transactionId: creditId, roundId, amount: "30.00" });
      expect(credit).toMatchObject({ status: 200, body: { balance: "117.50", transactionId: creditId } });
      const [round] = await p.handle.db.select().from(walletRounds).where(eq(walletRounds.roundId, roundId));
      expect(round?.status).toBe("CLOSED");
      const [win] = await p.handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `wallet:AURL:${creditId}`));
      expect(win).toMatchObject({ kind: "win", reference: roundId, category: "LIVE", amount: 3_000n });

      // The round is closed: no more stakes, no second credit.
      const late = await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" });
      expect(late).toMatchObject({ status: 409, body: { error: { code: "ROUND_CLOSED" } } });
      const again = await wallet("credit", { token, transactionId: uid(), roundId, amount: "1" });
      expect(again).toMatchObject({ status: 409, body: { error: { code: "ROUND_CLOSED" } } });
      expect(await balanceOf(memberId)).toBe(11_750n);
    });

    it("takes several debits in one round before the credit", async () => {
      const { token } = await player();
      const roundId = uid("r");
      await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "10" });
      const second = await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "5" });
      expect(second.body.balance).toBe("85.00");
      expect((await wallet("credit", { token, transactionId: uid(), roundId, amount: "0" })).body.balance).toBe("85.00");
    });

    it("refuses a stake above the balance with INSUFFICIENT_FUNDS and the balance, moving nothing", async () => {
      const { token, memberId } = await player(2_000n);
      const transactionId = uid();
      const res = await wallet("debit", { token, transactionId, roundId: uid("r"), gameCode: aurlGame, amount: "20.01" });
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ code: "INSUFFICIENT_FUNDS", balance: "20.00", message: expect.any(String) });
      expect(await balanceOf(memberId)).toBe(2_000n);
      const rows = await p.handle.db.select().from(walletTransactions).where(eq(walletTransactions.transactionId, transactionId));
      expect(rows).toEqual([]);
      // The whole balance may be staked.
      expect((await wallet("debit", { token, transactionId: uid(), roundId: uid("r"), gameCode: aurlGame, amount: "20" })).body.balance).toBe("0.00");
    });

    it("takes a credit of 0 as a loss that closes the round", async () => {
      const { token, memberId } = await player();
      const roundId = uid("r");
      await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "3" });
      const credit = await wallet("credit", { token, transactionId: uid(), roundId, amount: "0" });
      expect(credit).toMatchObject({ status: 200, body: { balance: "97.00" } });
      const [round] = await p.handle.db.select().from(walletRounds).where(eq(walletRounds.roundId, roundId));
      expect(round?.status).toBe("CLOSED");
      expect(await balanceOf(memberId)).toBe(9_700n);
    });

    it("refuses a credit without a debit in the round with ROUND_NOT_FOUND", async () => {
      const { token } = await player();
      const res = await wallet("credit", { token, transactionId: uid(), roundId: uid("r"), amount: "5" });
      expect(res).toMatchObject({ status: 404, body: { error: { code: "ROUND_NOT_FOUND" } } });
      // Another player's round is not this player's either.
      const other = await player();
      const roundId = uid("r");
      await wallet("debit", { token: other.token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" });
      expect((await wallet("credit", { token, transactionId: uid(), roundId, amount: "5" })).body.error.code).toBe("ROUND_NOT_FOUND");
      expect((await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" })).body.error.code).toBe("ROUND_CONFLICT");
    });
  });

  describe("idempotency", () => {
    it("answers a replay with the first response and refuses the id with another payload (409 TRANSACTION_CONFLICT)", async () => {
      const { token, memberId } = await player();
      const roundId = uid("r");
      const transactionId = uid();
      const body = { token, transactionId, roundId, gameCode: aurlGame, amount: "10" };
      const first = await wallet("debit", body);
      await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" });
      const replay = await wallet("debit", body);
      expect(replay.status).toBe(first.status);
      expect(replay.body).toEqual(first.body);
      expect(replay.body.balance).toBe("90.00");
      // The same amount written differently is the same request.
      expect((await wallet("debit", { ...body, amount: "10.00" })).body).toEqual(first.body);
      expect(await balanceOf(memberId)).toBe(8_900n);

      const other = await wallet("debit", { ...body, amount: "11" });
      expect(other).toMatchObject({ status: 409, body: { error: { code: "TRANSACTION_CONFLICT" } } });
      const asCredit = await wallet("credit", { token, transactionId, roundId, amount: "10" });
      expect(asCredit).toMatchObject({ status: 409, body: { error: { code: "TRANSACTION_CONFLICT" } } });

      const creditBody = { token, transactionId: uid(), roundId, amount: "4" };
      const credit = await wallet("credit", creditBody);
      expect((await wallet("credit", creditBody)).body).toEqual(credit.body);
      expect(await balanceOf(memberId)).toBe(9_300n);
    });

    it("makes one ledger movement from concurrent replays of one debit and of one credit", async () => {
      const { token, memberId } = await player();
      const roundId = uid("r");
      const transactionId = uid();
      const body = { token, transactionId, roundId, gameCode: aurlGame, amount: "7" };
      const results = await Promise.all(Array.from({ length: 6 }, () => wallet("debit", body)));
      for (const r of results) expect(r).toMatchObject({ status: 200, body: { balance: "93.00", transactionId } });
      const moves = await p.handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `wallet:AURL:${transactionId}`));
      expect(moves).toHaveLength(1);
      expect(await balanceOf(memberId)).toBe(9_300n);

      const creditBody = { token, transactionId: uid(), roundId, amount: "20" };
      const credits = await Promise.all(Array.from({ length: 6 }, () => wallet("credit", creditBody)));
      for (const r of credits) expect(r).toMatchObject({ status: 200, body: { balance: "113.00" } });
      expect(await balanceOf(memberId)).toBe(11_300n);
    });

    it("keeps one outcome when a debit and a rollback of its id race", async () => {
      const { token, memberId } = await player();
      const transactionId = uid();
      const [debit, rollback] = await Promise.all([
        wallet("debit", { token, transactionId, roundId: uid("r"), gameCode: aurlGame, amount: "5" }),
        wallet("rollback", { token, transactionId: uid(), refTransactionId: transactionId }),
      ]);
      expect(rollback.status).toBe(200);
      expect([200, 409]).toContain(debit.status);
      // Either the debit went through and was reversed, or it was refused: the balance is whole.
      expect(await balanceOf(memberId)).toBe(10_000n);
    });

    it("can be called directly by in-house code with the same rules", async () => {
      const { token, memberId } = await player(1_000n, "HOUSE");
      const req = { token, transactionId: uid(), roundId: uid("r"), gameCode: houseGame, amount: "2.50" };
      const first = await walletDebit(p.handle.db, "HOUSE", req);
      expect(first).toEqual({ status: 200, body: { balance: "7.50", transactionId: req.transactionId } });
      expect(await walletDebit(p.handle.db, "HOUSE", req)).toEqual(first);
      const [bet] = await p.handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `wallet:HOUSE:${req.transactionId}`));
      const [house] = await p.handle.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, bet!.creditAccountId));
      expect(house?.kind).toBe("house");
      expect(await balanceOf(memberId)).toBe(750n);
      // And over HTTP with the HOUSE key.
      const credit = await wallet("credit", { token, transactionId: uid(), roundId: req.roundId, amount: "5" }, { vendor: "HOUSE", secret: HOUSE_SECRET });
      expect(credit.body.balance).toBe("12.50");
    });
  });

  describe("one statement per call (ADR 040)", () => {
    const counts = () => walletCounts(p.handle.db);
    const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

    it("writes a new debit, a win and a loss by one statement each, a token it knows in one round trip, and stores the answer it gives", async () => {
      const { token, memberId } = await player();
      const counted = countingDb(p.handle);
      const r1 = uid("r");
      const r2 = uid("r");
      const calls = [
        ["debit", { token, transactionId: uid(), roundId: r1, gameCode: aurlGame, amount: "12.34" }],
        ["credit", { token, transactionId: uid(), roundId: r1, amount: "20" }],
        ["debit", { token, transactionId: uid(), roundId: r2, gameCode: aurlGame, amount: "0.01" }],
        ["credit", { token, transactionId: uid(), roundId: r2, amount: "0" }],
      ] as const;
      const answers = [];
      let before = counted.statements();
      const made = walletCounts(counted.db);
      for (const [type, req] of calls) {
        answers.push(type === "debit" ? await walletDebit(counted.db, "AURL", req) : await walletCredit(counted.db, "AURL", req as never));
        // The first call reads the token (and makes the accounts' ids known); the others are one round trip each.
        if (answers.length > 1) expect(counted.statements() - before).toBe(1);
        before = counted.statements();
      }
      expect(answers.map((a) => a.body.balance)).toEqual(["87.66", "107.66", "107.65", "107.65"]);
      expect(walletCounts(counted.db)).toMatchObject({ oneStatement: made.oneStatement + 4, fallbacks: made.fallbacks });
      // What each stored is what it answered: a replay (through the transaction path) answers the same.
      for (const [i, [type, req]] of calls.entries()) {
        const replay = type === "debit" ? await walletDebit(p.handle.db, "AURL", req) : await walletCredit(p.handle.db, "AURL", req as never);
        expect(replay).toEqual(answers[i]);
      }
      const rounds = await p.handle.db.select().from(walletRounds).where(sql`${walletRounds.roundId} in (${r1}, ${r2})`).orderBy(walletRounds.id);
      expect(rounds).toMatchObject([
        { roundId: r1, memberId, status: "CLOSED", gameCode: aurlGame, category: "LIVE" },
        { roundId: r2, memberId, status: "CLOSED", gameCode: aurlGame, category: "LIVE" },
      ]);
      const rows = await p.handle.db.select().from(walletTransactions).where(sql`${walletTransactions.roundId} in (${r1}, ${r2})`).orderBy(walletTransactions.id);
      expect(rows.map((r) => [r.type, r.amount, r.status, r.httpStatus, r.transferId === null])).toEqual([
        ["debit", 1_234n, "OK", 200, false],
        ["credit", 2_000n, "OK", 200, false],
        ["debit", 1n, "OK", 200, false],
        ["credit", 0n, "OK", 200, true],
      ]);
      expect(await balanceOf(memberId)).toBe(10_765n);
    });

    it("stores the balance in the currency's decimals (0 and 3), alone and in a batch", async () => {
      const cases = [
        ["WJPY", "JPY", 123_457n, "1", "25", ["123456", "123481"]],
        ["WKWD", "KWD", 5_000_001n, "0.5", "0.009", ["4999.501", "4999.510"]],
      ] as const;
      const players = [];
      for (const [code, currency, funds] of cases) {
        const made = await p.call(`/operator/v1/merchants/${code}`, { method: "PUT", operator: true, json: { name: code, currency, domains: [`${code.toLowerCase()}.test`] } });
        expect(made.status).toBe(200);
        // Two players per currency: one plays alone, one beside the other currency's.
        for (let k = 0; k < 2; k++) {
          const pl = await player(0n, "AURL", code);
          await fund(memberRef(pl.memberId, code, currency), funds);
          players.push(pl);
        }
      }
      const play = async (pl: { token: string }, [, , , stake, win]: (typeof cases)[number]) => {
        const roundId = uid("r");
        const debit = { token: pl.token, transactionId: uid(), roundId, gameCode: aurlGame, amount: stake };
        const credit = { token: pl.token, transactionId: uid(), roundId, amount: win };
        const answers = [await walletDebit(p.handle.db, "AURL", debit), await walletCredit(p.handle.db, "AURL", credit)];
        // A replay (the transaction path) answers what the statement stored.
        expect([await walletDebit(p.handle.db, "AURL", debit), await walletCredit(p.handle.db, "AURL", credit)]).toEqual(answers);
        return answers.map((a) => a.body.balance);
      };
      // The two who play side by side open a round without a stake first: their tokens and accounts
      // are then in the process's memory, so both debits reach the batch in the same turn. Read from
      // the database, they arrive as their reads return, which on PostgreSQL was not always together.
      for (const pl of [players[1]!, players[3]!]) {
        const opened = await walletDebit(p.handle.db, "AURL", { token: pl.token, transactionId: uid(), roundId: uid("r"), gameCode: aurlGame, amount: "0" });
        expect(opened.status).toBe(200);
      }
      const before = counts();
      expect(await play(players[0]!, cases[0])).toEqual(cases[0][5]);
      expect(await play(players[2]!, cases[1])).toEqual(cases[1][5]);
      expect(await Promise.all([play(players[1]!, cases[0]), play(players[3]!, cases[1])])).toEqual([cases[0][5], cases[1][5]]);
      const after = counts();
      expect(after.oneStatement).toBe(before.oneStatement + 8);
      expect(after.batches).toBeGreaterThan(before.batches);
      expect(after.failed).toBe(before.failed);
    });

    it("leaves a call whose token or merchant changed since it was read to the transaction path, which reads them again", async () => {
      const made = await p.call("/operator/v1/merchants/WSW", { method: "PUT", operator: true, json: { name: "Switch", currency: "USD", domains: ["wsw.test"] } });
      expect(made.status).toBe(200);
      const { token, memberId } = await player(0n, "AURL", "WSW");
      await fund(memberRef(memberId, "WSW", "USD"), 1_000n);
      const roundId = uid("r");
      expect((await walletDebit(p.handle.db, "AURL", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" })).body.balance).toBe("9.00");
      // The merchant moves to a wallet per vendor: the remembered token's MAIN wallet is not the one to pay from now.
      const changed = await p.call("/operator/v1/merchants/WSW", { method: "PUT", operator: true, json: { name: "Switch", currency: "USD", domains: ["wsw.test"], isSingleWallet: false } });
      expect(changed.status).toBe(200);
      const fallbacks = counts().fallbacks;
      await expect(walletDebit(p.handle.db, "AURL", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" })).rejects.toMatchObject({
        code: "INSUFFICIENT_FUNDS",
        details: { balance: "0.00" },
      });
      expect(counts().fallbacks).toBe(fallbacks + 1);
      // The token expires, then is purged: a debit is refused at once, a credit once the row is gone.
      await expire(token);
      await expect(walletDebit(p.handle.db, "AURL", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" })).rejects.toMatchObject({ code: "INVALID_TOKEN" });
      await p.handle.db.delete(launchTokens).where(eq(launchTokens.tokenHash, hashOf(token)));
      await expect(walletCredit(p.handle.db, "AURL", { token, transactionId: uid(), roundId, amount: "0" })).rejects.toMatchObject({ code: "INVALID_TOKEN" });
      expect(await memberBalance(p.handle.db, "WSW", "USD", memberId)).toBe(900n);
    });

    it("opens a round once when its first debits race, and moves each stake once", async () => {
      const { token, memberId } = await player();
      const roundId = uid("r");
      const ids = Array.from({ length: 6 }, () => uid());
      const answers = await Promise.all(ids.map((transactionId) => walletDebit(p.handle.db, "AURL", { token, transactionId, roundId, gameCode: aurlGame, amount: "1" })));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((a) => a.body.balance)).size).toBe(6);
      // The round the race opened is the player's, open, for the debits' game, and it holds the
      // six debits once each (a unique index already keeps its row single).
      const [round] = await p.handle.db.select().from(walletRounds).where(eq(walletRounds.roundId, roundId));
      expect(round).toMatchObject({ memberId, status: "OPEN", gameCode: aurlGame });
      const debits = await p.handle.db.select().from(walletTransactions).where(eq(walletTransactions.roundId, roundId));
      expect(debits.map((d) => [d.type, d.status, d.amount, d.memberId])).toEqual(Array(6).fill(["debit", "OK", 100n, memberId]));
      expect(debits.map((d) => d.transactionId).sort()).toEqual([...ids].sort());
      expect(await balanceOf(memberId)).toBe(9_400n);
      expect((await walletCredit(p.handle.db, "AURL", { token, transactionId: uid(), roundId, amount: "0" })).body.balance).toBe("94.00");
    });

    it("writes calls made at the same moment by one statement, each as it would be alone, and leaves the others to their own path", async () => {
      const players = await Promise.all(Array.from({ length: 8 }, () => player()));
      const poor = await player(50n);
      const rounds = players.map(() => uid("r"));
      const before = counts();
      // A stake each, one of them above its player's balance, and one in a round of another player.
      const stakes = players.map((pl, i) => walletDebit(p.handle.db, "AURL", { token: pl.token, transactionId: uid(), roundId: rounds[i]!, gameCode: aurlGame, amount: `${i + 1}.25` }));
      const refused = walletDebit(p.handle.db, "AURL", { token: poor.token, transactionId: uid(), roundId: uid("r"), gameCode: aurlGame, amount: "0.51" }).catch((e) => e);
      const debits = await Promise.all(stakes);
      expect(debits.map((d) => d.body.balance)).toEqual(players.map((_, i) => (10_000 - (i + 1) * 100 - 25) / 100).map((v) => v.toFixed(2)));
      expect(await refused).toMatchObject({ code: "INSUFFICIENT_FUNDS", details: { balance: "0.50" } });
      const foreign = walletDebit(p.handle.db, "AURL", { token: poor.token, transactionId: uid(), roundId: rounds[0]!, gameCode: aurlGame, amount: "0.10" }).catch((e) => e);
      // Wins and losses together.
      const creditReqs = players.map((pl, i) => ({ token: pl.token, transactionId: uid(), roundId: rounds[i]!, amount: i % 2 ? "0" : "3.50" }));
      const credits = await Promise.all(creditReqs.map((req) => walletCredit(p.handle.db, "AURL", req)));
      expect((await foreign).code).toBe("ROUND_CONFLICT");
      expect(credits.map((c) => c.body.balance)).toEqual(debits.map((d, i) => (Number(d.body.balance) + (i % 2 ? 0 : 3.5)).toFixed(2)));
      const after = counts();
      expect(after.batches).toBeGreaterThan(before.batches);
      expect(after.batched - before.batched).toBeGreaterThanOrEqual(8);
      expect(after.failed).toBe(before.failed);
      // Each stored what it answered, and each round is closed once, with one movement per call of money.
      for (const [i, req] of creditReqs.entries()) expect(await walletCredit(p.handle.db, "AURL", req)).toEqual(credits[i]);
      for (const [i, pl] of players.entries()) {
        expect(await balanceOf(pl.memberId)).toBe(10_000n - BigInt((i + 1) * 100 + 25) + (i % 2 ? 0n : 350n));
        const [round] = await p.handle.db.select().from(walletRounds).where(eq(walletRounds.roundId, rounds[i]!));
        expect(round).toMatchObject({ memberId: pl.memberId, status: "CLOSED", gameCode: aurlGame });
      }
      expect(await balanceOf(poor.memberId)).toBe(50n);
    });

    // PostgreSQL only: the other call must wait for a lock this test holds open in a transaction,
    // and PGlite serves one connection, which that transaction would hold, so the call could not run.
    it.runIf(TEST_PG_URL)("answers a loss with the balance a rollback that held the round committed meanwhile, alone and in a batch", async () => {
      const players = await Promise.all(Array.from({ length: 3 }, () => player()));
      const rounds = players.map(() => uid("r"));
      const stakes = await Promise.all(players.map((pl, i) => walletDebit(p.handle.db, "AURL", { token: pl.token, transactionId: uid(), roundId: rounds[i]!, gameCode: aurlGame, amount: "4" })));
      expect(stakes.map((s) => s.body.balance)).toEqual(["96.00", "96.00", "96.00"]);
      for (const together of [1, 3]) {
        const [first, ...others] = players.slice(0, together);
        let losses: Promise<Awaited<ReturnType<typeof walletCredit>>[]> | undefined;
        const roundIds = rounds.slice(0, together).map(() => uid("r"));
        // Each player's round is open again, with a stake of 4.00.
        await Promise.all(players.slice(0, together).map((pl, i) => walletDebit(p.handle.db, "AURL", { token: pl.token, transactionId: uid(), roundId: roundIds[i]!, gameCode: aurlGame, amount: "4" })));
        await p.handle.db.transaction(async (tx) => {
          // As a rollback does: the round locked, then money back to the player; the losses wait for the round.
          await tx.execute(sql`select id from wallet_rounds where vendor_code = 'AURL' and round_id = ${roundIds[0]!} for update`);
          await transfer(tx as never, { from: { merchantCode: "DEMO", currency: "USD", kind: "vendor_clearing", wallet: "AURL", memberId: first!.memberId }, to: memberRef(first!.memberId), amount: 250n, kind: "rollback", key: uid("refund") });
          losses = Promise.all([first!, ...others].map((pl, i) => walletCredit(p.handle.db, "AURL", { token: pl.token, transactionId: uid(), roundId: roundIds[i]!, amount: "0" })));
          await new Promise((r) => setTimeout(r, 300));
        });
        const answered = await losses!;
        expect(answered[0]!.body.balance).toBe(formatAmount(await balanceOf(first!.memberId), "USD"));
        for (const [i, pl] of others.entries()) expect(answered[i + 1]!.body.balance).toBe(formatAmount(await balanceOf(pl.memberId), "USD"));
      }
    });

    it("keeps every balance exact when many clients play a few hot members' rounds at once, with rollbacks", async () => {
      const hot = await Promise.all(Array.from({ length: 4 }, () => player(1_000_000n)));
      const made = counts();
      let seq = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let k = 0; k < 12; k++) {
            const pl = hot[Math.floor(Math.random() * hot.length)]!;
            const roundId = uid("hot");
            const debitId = `${roundId}:d${seq++}`;
            const stake = `${1 + Math.floor(Math.random() * 50)}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
            await walletDebit(p.handle.db, "AURL", { token: pl.token, transactionId: debitId, roundId, gameCode: aurlGame, amount: stake });
            if (Math.random() < 0.2) {
              await wallet("rollback", { token: pl.token, transactionId: `${roundId}:rb`, refTransactionId: debitId });
            } else {
              const win = Math.random() < 0.5 ? "0" : `${Math.floor(Math.random() * 80)}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
              await walletCredit(p.handle.db, "AURL", { token: pl.token, transactionId: `${roundId}:c`, roundId, amount: win });
            }
          }
        }),
      );
      expect(counts().failed).toBe(made.failed);
      // Each member: the funds, less the stakes not rolled back, plus the wins, as the calls' rows record them.
      for (const pl of hot) {
        const [row] = rowsOf<{ net: string }>(
          await p.handle.db.execute(sql`
            select coalesce(sum(case when type = 'credit' then amount when type = 'debit' and status = 'OK' then -amount else 0 end), 0)::text as net
            from wallet_transactions where member_id = ${pl.memberId} and vendor_code = 'AURL'`),
        );
        expect(await balanceOf(pl.memberId)).toBe(1_000_000n + BigInt(row!.net));
      }
      expect(await checkInvariants(p.handle.db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
    });

    /** Planned while the tables were near empty, as a new connection may plan it: every lookup by its key. */
    it("plans the batch statement through the indexes", async () => {
      const text = (v: string) => `'{${v}}'::text[]`;
      const plan = await genericPlan(p.handle.db, callBatchSql(), [
        text("debit"), text("AURL"), text("t1"), text("r1"), text("h"), text("USD"), text("true"), "'{1}'::int[]", "'{1}'::bigint[]", "'{2}'::bigint[]",
        text("DEMO"), "'{100}'::bigint[]", text("h"), text("ph"), text("g"), text("LIVE"), "'{2}'::int[]", "'{100}'::bigint[]",
      ]);
      expect(plan).not.toMatch(/Seq Scan on (wallet_rounds|wallet_transactions|ledger_transfers|launch_tokens)/);
      expect(plan).toContain("wallet_rounds_uq");
    });

    it("writes in a request's transaction by the transaction path, and the request's rollback takes it back", async () => {
      const { token, memberId } = await player();
      const counted = counts();
      const req = { token, transactionId: uid(), roundId: uid("r"), gameCode: aurlGame, amount: "5" };
      await expect(
        p.handle.db.transaction(async (tx: Tx) => {
          expect((await walletDebit(tx as never, "AURL", req)).body.balance).toBe("95.00");
          throw new Error("the request failed");
        }),
      ).rejects.toThrow("the request failed");
      expect(counts().oneStatement).toBe(counted.oneStatement);
      expect(await balanceOf(memberId)).toBe(10_000n);
      expect(await p.handle.db.select().from(walletTransactions).where(eq(walletTransactions.transactionId, req.transactionId))).toEqual([]);
    });
  });

  describe("rollback", () => {
    it("reverses an uncredited debit once; the round stays open", async () => {
      const { token, memberId } = await player();
      const roundId = uid("r");
      const debitId = uid();
      await wallet("debit", { token, transactionId: debitId, roundId, gameCode: aurlGame, amount: "40" });
      const rollbackBody = { token, transactionId: uid(), refTransactionId: debitId };
      const rollback = await wallet("rollback", rollbackBody);
      expect(rollback).toMatchObject({ status: 200, body: { balance: "100.00", transactionId: rollbackBody.transactionId } });
      const [reversal] = await p.handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, "rollback")).orderBy(sql`id desc`).limit(1);
      expect(reversal).toMatchObject({ reference: roundId, amount: 4_000n });

      // Twice: the replay answers the same, another rollback of the same debit moves nothing.
      expect((await wallet("rollback", rollbackBody)).body).toEqual(rollback.body);
      const second = await wallet("rollback", { token, transactionId: uid(), refTransactionId: debitId });
      expect(second).toMatchObject({ status: 200, body: { balance: "100.00" } });
      expect(await balanceOf(memberId)).toBe(10_000n);

      // The rolled-back debit cannot come back, even as a replay.
      const replay = await wallet("debit", { token, transactionId: debitId, roundId, gameCode: aurlGame, amount: "40" });
      expect(replay).toMatchObject({ status: 409, body: { error: { code: "TRANSACTION_ROLLED_BACK" } } });
      // The round is still open: a new stake and a credit may follow.
      expect((await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "1" })).body.balance).toBe("99.00");
      expect((await wallet("credit", { token, transactionId: uid(), roundId, amount: "2" })).body.balance).toBe("101.00");
    });

    it("refuses to roll back after the round was credited with ROUND_CLOSED", async () => {
      const { token, memberId } = await player();
      const roundId = uid("r");
      const debitId = uid();
      const creditId = uid();
      await wallet("debit", { token, transactionId: debitId, roundId, gameCode: aurlGame, amount: "10" });
      await wallet("credit", { token, transactionId: creditId, roundId, amount: "0" });
      const res = await wallet("rollback", { token, transactionId: uid(), refTransactionId: debitId });
      expect(res).toMatchObject({ status: 409, body: { error: { code: "ROUND_CLOSED" } } });
      const ofCredit = await wallet("rollback", { token, transactionId: uid(), refTransactionId: creditId });
      expect(ofCredit).toMatchObject({ status: 409, body: { error: { code: "ROUND_CLOSED" } } });
      expect(await balanceOf(memberId)).toBe(9_000n);
    });

    it("records a rollback of an unknown id, and refuses a debit that arrives later with it", async () => {
      const { token, memberId } = await player();
      const lateId = uid();
      const rollbackId = uid();
      const res = await wallet("rollback", { token, transactionId: rollbackId, refTransactionId: lateId });
      expect(res).toMatchObject({ status: 200, body: { balance: "100.00", transactionId: rollbackId } });
      const [row] = await p.handle.db.select().from(walletTransactions).where(eq(walletTransactions.transactionId, rollbackId));
      expect(row).toMatchObject({ type: "rollback", status: "RECORDED", refTransactionId: lateId });
      const late = await wallet("debit", { token, transactionId: lateId, roundId: uid("r"), gameCode: aurlGame, amount: "10" });
      expect(late).toMatchObject({ status: 409, body: { error: { code: "TRANSACTION_ROLLED_BACK" } } });
      expect(await balanceOf(memberId)).toBe(10_000n);
      // Rolling the unknown id back again is fine too.
      expect((await wallet("rollback", { token, transactionId: uid(), refTransactionId: lateId })).status).toBe(200);
    });
  });

  describe("token expiry", () => {
    it("refuses an expired token for balance and debit, and accepts it for credit and rollback", async () => {
      const { token, memberId } = await player();
      const roundA = uid("r");
      const roundB = uid("r");
      const debitA = { token, transactionId: uid(), roundId: roundA, gameCode: aurlGame, amount: "10" };
      const firstA = await wallet("debit", debitA);
      const debitB = uid();
      await wallet("debit", { token, transactionId: debitB, roundId: roundB, gameCode: aurlGame, amount: "5" });
      await expire(token);

      expect(await wallet("balance", { token })).toMatchObject({ status: 401, body: { error: { code: "INVALID_TOKEN" } } });
      const debit = await wallet("debit", { token, transactionId: uid(), roundId: uid("r"), gameCode: aurlGame, amount: "1" });
      expect(debit).toMatchObject({ status: 401, body: { error: { code: "INVALID_TOKEN" } } });
      // A replay of a debit made before expiry still gets its first answer.
      expect((await wallet("debit", debitA)).body).toEqual(firstA.body);

      const credit = await wallet("credit", { token, transactionId: uid(), roundId: roundA, amount: "25" });
      expect(credit).toMatchObject({ status: 200, body: { balance: "110.00" } });
      const rollback = await wallet("rollback", { token, transactionId: uid(), refTransactionId: debitB });
      expect(rollback).toMatchObject({ status: 200, body: { balance: "115.00" } });
      expect(await balanceOf(memberId)).toBe(11_500n);
    });
  });

  describe("launchGame", () => {
    const web = { "x-site-host": "localhost", "x-client-ip": "198.51.100.77" };

    it("gives a logged-in member a launch URL whose token the wallet accepts", async () => {
      const username = `lg${Date.now().toString(36).slice(-5)}${n++}`;
      const reg = await p.call("/wps/member/register", {
        method: "PUT",
        headers: web,
        json: { user: { username, password: "secret123", confirmPassword: "secret123" }, login: true },
      });
      expect(reg.status).toBe(200);
      const auth = { ...web, authorization: `Bearer ${reg.body.value.token}` };
      const res = await p.call("/wps/game/launchGame?language=en", { method: "POST", headers: auth, json: { vassalage: "AURL", gameCode: aurlGame } });
      expect(res.status).toBe(200);
      const { url, token } = res.body.value;
      expect(url.startsWith("/play?")).toBe(true);
      const q = new URLSearchParams(url.slice("/play?".length));
      expect(Object.fromEntries(q)).toEqual({ vendor: "AURL", gameCode: aurlGame, token, language: "en" });
      expect(await wallet("balance", { token })).toMatchObject({ status: 200, body: { balance: "0.00", currency: "USD" } });
      const [row] = await p.handle.db.select().from(launchTokens).where(eq(launchTokens.tokenHash, createHash("sha256").update(token).digest("hex")));
      expect(row).toMatchObject({ vendorCode: "AURL", gameCode: aurlGame, category: "LIVE" });
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * 60 * 60 * 1000);

      const unknown = await p.call("/wps/game/launchGame", { method: "POST", headers: auth, json: { vendorCode: "AURL", gameCode: "NOPE" } });
      expect(unknown).toMatchObject({ status: 404, body: { success: false, error: { code: "GAME_NOT_FOUND" } } });
      const noBody = await p.call("/wps/game/launchGame", { method: "POST", headers: auth, json: { gameCode: aurlGame } });
      expect(noBody.status).toBe(400);
    });

    it("refuses anonymous visitors (401) and trial members (403 in_need_true_account)", async () => {
      const anon = await p.call("/wps/game/launchGame", { method: "POST", headers: web, json: { vendorCode: "AURL", gameCode: aurlGame } });
      expect(anon).toMatchObject({ status: 401, body: { error: { code: "NOT_LOGGED_IN" } } });
      const trial = await p.call("/wps/session/freeplay", { method: "POST", headers: web });
      expect(trial.status).toBe(200);
      const res = await p.call("/wps/game/launchGame", {
        method: "POST",
        headers: { ...web, authorization: `Bearer ${trial.body.value.token}` },
        json: { vendorCode: "AURL", gameCode: aurlGame },
      });
      expect(res).toMatchObject({ status: 403, body: { success: false, error: { code: "in_need_true_account" } } });
      expect(await p.handle.db.select().from(launchTokens).where(eq(launchTokens.gameCode, "never"))).toEqual([]);
    });
  });

  describe("multi-wallet merchant", () => {
    it("debits and credits the vendor's wallet, not the main one", async () => {
      const made = await p.call("/operator/v1/merchants/MW", {
        method: "PUT",
        operator: true,
        json: { name: "Multi Wallet", currency: "EUR", domains: ["mw.test"], isSingleWallet: false },
      });
      expect(made.status).toBe(200);
      const { memberId, token } = await player(0n, "AURL", "MW");
      await fund(memberRef(memberId, "MW", "EUR", "MAIN"), 5_000n);
      const poor = await wallet("debit", { token, transactionId: uid(), roundId: uid("r"), gameCode: aurlGame, amount: "1" });
      expect(poor).toMatchObject({ status: 402, body: { error: { code: "INSUFFICIENT_FUNDS", balance: "0.00" } } });

      await fund(memberRef(memberId, "MW", "EUR", "AURL"), 2_000n);
      expect(await wallet("balance", { token })).toMatchObject({ status: 200, body: { balance: "20.00", currency: "EUR" } });
      const roundId = uid("r");
      const debit = await wallet("debit", { token, transactionId: uid(), roundId, gameCode: aurlGame, amount: "15" });
      expect(debit.body.balance).toBe("5.00");
      expect((await wallet("credit", { token, transactionId: uid(), roundId, amount: "1.25" })).body.balance).toBe("6.25");
      expect(await memberBalance(p.handle.db, "MW", "EUR", memberId, "AURL")).toBe(625n);
      expect(await memberBalance(p.handle.db, "MW", "EUR", memberId, "MAIN")).toBe(5_000n);
    });
  });

  it("leaves the ledger balanced after everything above", async () => {
    expect(await checkInvariants(p.handle.db)).toEqual({ unbalancedCurrencies: [], negativeAccounts: [], driftingAccounts: [], driftingDayTotals: [] });
  });
  it("purges launch tokens 30 days after they expired, and keeps younger ones", async () => {
    const [m] = await p.handle.db.select().from(members).limit(1);
    const now = new Date();
    const day = 86_400_000;
    const made = (hash: string, expiredDaysAgo: number) => ({
      tokenHash: hash,
      memberId: m!.id,
      merchantCode: m!.merchantCode,
      vendorCode: "HOUSE",
      gameCode: "HOUSE_DICE",
      createdAt: new Date(now.getTime() - expiredDaysAgo * day - 12 * 3_600_000),
      expiresAt: new Date(now.getTime() - expiredDaysAgo * day),
    });
    await p.handle.db.insert(launchTokens).values([made("purge-old", 31), made("purge-young", 29)]);
    expect(await purgeLaunchTokens(p.handle.db, now)).toBeGreaterThanOrEqual(1);
    const left = await p.handle.db.select({ h: launchTokens.tokenHash }).from(launchTokens).where(sql`token_hash like 'purge-%'`);
    expect(left.map((r) => r.h)).toEqual(["purge-young"]);
  });
});
