import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { createTestPlatform, playersOf } from "#platform/testing/db.js";
import { games } from "#platform/games/schema.js";
import { members } from "#platform/accounts/schema.js";
import { walletRounds, walletTransactions } from "#platform/wallet/schema.js";
import { memberBettingRecord } from "#platform/rounds/record.js";
import { createDemoVendorApp } from "../../demo-vendor/app";
import { IN_HOUSE_VENDORS } from "#platform/games/launch.js";
import { LOTTERY_VENDORS } from "#platform/lottery/games.js";
import { DEMO_STUDIO_VENDORS, vendorSecret } from "../../demo-vendor/vendors";
import { createWalletClient, type FetchLike } from "../../demo-vendor/wallet-client";

/**
 * The demo studio plays through the real vendor wallet API over HTTP: the platform listens on a
 * port, the studio signs its calls with the key the operator set, as a third-party studio does.
 */
describe("demo studio through the vendor wallet API", () => {
  let p: Awaited<ReturnType<typeof createTestPlatform>>;
  let server: ServerType;
  let walletUrl: string;
  let gameCode: string;
  const master = "demo-studio-master-secret-for-tests-0123456789";
  const players = playersOf(() => p.call, { prefix: "ds", ip: "198.51.100.40" });

  beforeAll(async () => {
    p = await createTestPlatform();
    server = serve({ fetch: p.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    walletUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallet/v1`;
    const put = await p.call("/operator/v1/vendors/LUCKY/wallet-key", { method: "PUT", operator: true, json: { secret: vendorSecret(master, "LUCKY") } });
    expect(put.status).toBe(200);
    const [g] = await p.handle.db.select().from(games).where(eq(games.vendorCode, "LUCKY")).limit(1);
    gameCode = g!.gameCode;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await p.cleanup();
  });

  /** The studio, with a transport that can lose answers (the call still reaches the wallet). */
  function studio(lose: { path: string; times: number } | null = null) {
    const calls: string[] = [];
    const transport: FetchLike = async (input, init) => {
      const res = await fetch(input, init);
      calls.push(input.split("/").pop()!);
      if (lose && input.endsWith(`/${lose.path}`) && lose.times > 0) {
        lose.times--;
        throw new TypeError("socket hang up");
      }
      return res;
    };
    const app = createDemoVendorApp({
      vendors: new Set(["LUCKY"]),
      wallet: createWalletClient({ baseUrl: walletUrl, secretFor: (v) => vendorSecret(master, v), fetch: transport, attempts: 3 }),
    });
    return { app, calls };
  }

  async function launch(account: string) {
    const res = await p.call(`/operator/v1/merchants/DEMO/members/${account}/launch-tokens`, { method: "POST", operator: true, json: { vendorCode: "LUCKY", gameCode } });
    expect(res.status).toBe(201);
    return `/play?${new URLSearchParams({ vendor: "LUCKY", gameCode, token: res.body.token, language: "en" })}`;
  }

  const spinForm = (url: string, stake: string) => {
    const q = new URL(url, "http://studio.test").searchParams;
    return new URLSearchParams({ vendor: "LUCKY", gameCode, token: q.get("token")!, language: "en", stake });
  };

  async function spinOnce(app: ReturnType<typeof studio>["app"], url: string, stake: string) {
    const res = await app.fetch(new Request(`http://studio.test${url}`, { method: "POST", body: spinForm(url, stake), headers: { "content-type": "application/x-www-form-urlencoded" } }));
    return res;
  }

  const attr = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

  it("plays a spin: the balance moves by exactly stake and win, the round is closed and in the betting record", async () => {
    const { account, token } = await players.player("50.00");
    const url = await launch(account);
    const { app } = studio();
    const first = await app.fetch(new Request(`http://studio.test${url}`));
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(attr(page, 'data-testid="studio-balance" data-amount')).toBe("50.00");
    expect(page).toContain('data-testid="studio-paytable"');

    const res = await spinOnce(app, url, "2.50");
    expect(res.status).toBe(303);
    const result = await (await app.fetch(new Request(new URL(res.headers.get("location")!, `http://studio.test${url}`)))).text();
    const roundId = attr(result, "data-round-id")!;
    const win = attr(result, "data-win")!;
    expect(attr(result, "data-stake")).toBe("2.50");
    const expected = (5000 - 250 + Math.round(Number(win) * 100)) / 100;
    expect(Number(await players.balance(token))).toBeCloseTo(expected, 2);
    expect(Number(attr(result, 'data-testid="studio-balance" data-amount'))).toBeCloseTo(expected, 2);
    // The seed is revealed with the result and recomputes the same reels.
    expect(result).toMatch(/data-testid="studio-server-seed">[0-9a-f]{64}</);

    const [round] = await p.handle.db.select().from(walletRounds).where(and(eq(walletRounds.vendorCode, "LUCKY"), eq(walletRounds.roundId, roundId)));
    expect(round).toMatchObject({ status: "CLOSED", gameCode, category: "RNG" });
    const [member] = await p.handle.db.select().from(members).where(eq(members.account, account));
    const record = await memberBettingRecord(p.handle.db, member!, { pageNo: 1, pageSize: 10 });
    expect(record.content).toHaveLength(1);
    expect(record.content[0]).toMatchObject({ kind: "VENDOR_ROUND", roundId, game: gameCode, stake: "2.50", win: Number(win).toFixed(2), status: "SETTLED" });
    const rng = await memberBettingRecord(p.handle.db, member!, { category: "RNG", pageNo: 1, pageSize: 10 });
    expect(rng.total).toBe(1);
    const lott = await memberBettingRecord(p.handle.db, member!, { category: "LOTT", pageNo: 1, pageSize: 10 });
    expect(lott.total).toBe(0);
  });

  it("repeats a debit whose answer was lost with the same transactionId: the stake is taken once", async () => {
    const { account, token } = await players.player("20.00");
    const url = await launch(account);
    const { app, calls } = studio({ path: "debit", times: 1 });
    const res = await spinOnce(app, url, "1.00");
    expect(res.status).toBe(303);
    expect(calls.filter((c) => c === "debit")).toHaveLength(2);
    const result = await (await app.fetch(new Request(new URL(res.headers.get("location")!, `http://studio.test${url}`)))).text();
    const roundId = attr(result, "data-round-id")!;
    const win = Number(attr(result, "data-win"));
    expect(Number(await players.balance(token))).toBeCloseTo(20 - 1 + win, 2);
    const debits = await p.handle.db.select().from(walletTransactions).where(and(eq(walletTransactions.roundId, roundId), eq(walletTransactions.type, "debit")));
    expect(debits).toHaveLength(1);
  });

  it("pays a credit whose answers were all lost on the next visit, once", async () => {
    const { account, token } = await players.player("20.00");
    const url = await launch(account);
    const lose = { path: "credit", times: 3 };
    const { app } = studio(lose);
    const res = await spinOnce(app, url, "1.00");
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, `http://studio.test${url}`);
    // The page retries the credit (same transactionId) before reading the balance.
    const result = await (await app.fetch(new Request(location))).text();
    const roundId = attr(result, "data-round-id")!;
    const win = Number(attr(result, "data-win"));
    const [round] = await p.handle.db.select().from(walletRounds).where(and(eq(walletRounds.vendorCode, "LUCKY"), eq(walletRounds.roundId, roundId)));
    expect(round!.status).toBe("CLOSED");
    expect(Number(await players.balance(token))).toBeCloseTo(20 - 1 + win, 2);
    const credits = await p.handle.db.select().from(walletTransactions).where(and(eq(walletTransactions.roundId, roundId), eq(walletTransactions.type, "credit")));
    expect(credits).toHaveLength(1);
  });

  it("refuses a stake above the balance beside the field, with the input kept and nothing recorded", async () => {
    const { account, token } = await players.player("1.00");
    const url = await launch(account);
    const { app } = studio();
    const res = await spinOnce(app, url, "5.00");
    expect(res.status).toBe(402);
    const html = await res.text();
    expect(html).toContain('data-testid="studio-stake-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(attr(html, 'data-testid="studio-stake" value') ?? /name="stake"[^>]*value="([^"]*)"/.exec(html)?.[1]).toBe("5.00");
    expect(await players.balance(token)).toBe("1.00");
    const [member] = await p.handle.db.select().from(members).where(eq(members.account, account));
    expect(await p.handle.db.select().from(walletRounds).where(eq(walletRounds.memberId, member!.id))).toHaveLength(0);
  });

  it("refuses a bad stake and an unknown token without calling debit", async () => {
    const { account } = await players.player("10.00");
    const url = await launch(account);
    const { app, calls } = studio();
    const bad = await spinOnce(app, url, "abc");
    expect(bad.status).toBe(422);
    expect(calls).not.toContain("debit");
    const stranger = await app.fetch(new Request(`http://studio.test/play?vendor=LUCKY&gameCode=${gameCode}&token=not-a-token&language=en`));
    expect(stranger.status).toBe(401);
    const otherVendor = await app.fetch(new Request(`http://studio.test/play?vendor=VIVO&gameCode=VIVO_X&token=x`));
    expect(otherVendor.status).toBe(404);
  });

  it("opens one game of every outside vendor of the catalogue as a playable studio page (none gets the neutral box)", async () => {
    const app = createDemoVendorApp({
      vendors: DEMO_STUDIO_VENDORS,
      wallet: createWalletClient({ baseUrl: walletUrl, secretFor: (v) => vendorSecret(master, v) }),
    });
    const { account } = await players.player("50.00");
    const rows = await p.handle.db.selectDistinctOn([games.vendorCode], { vendorCode: games.vendorCode, gameCode: games.gameCode }).from(games).orderBy(games.vendorCode, games.gameCode);
    const outside = rows.filter((r) => !IN_HOUSE_VENDORS.includes(r.vendorCode) && !(LOTTERY_VENDORS as string[]).includes(r.vendorCode));
    // The live tables and the sports lobbies, once the neutral box, are among them.
    expect(outside.map((r) => r.vendorCode)).toEqual(expect.arrayContaining(["AURL", "VIVO", "BTI", "SABA", "FB", "ESPX", "CKF", "TABLEM", "OCEAN", "LUCKY"]));
    for (const { vendorCode, gameCode: code } of outside) {
      expect(DEMO_STUDIO_VENDORS.has(vendorCode), `${vendorCode} is played by the demo studio`).toBe(true);
      const put = await p.call(`/operator/v1/vendors/${vendorCode}/wallet-key`, { method: "PUT", operator: true, json: { secret: vendorSecret(master, vendorCode) } });
      expect(put.status, vendorCode).toBe(200);
      const launched = await p.call(`/operator/v1/merchants/DEMO/members/${account}/launch-tokens`, { method: "POST", operator: true, json: { vendorCode, gameCode: code } });
      expect(launched.status, vendorCode).toBe(201);
      const q = { vendor: vendorCode, gameCode: code, token: launched.body.token as string, language: "en" };
      const res = await app.fetch(new Request(`http://studio.test/play?${new URLSearchParams(q)}`));
      const html = await res.text();
      expect(res.status, `${vendorCode} ${code}`).toBe(200);
      expect(html, vendorCode).toContain('data-testid="studio-spin"');
      expect(attr(html, 'data-testid="studio-balance" data-amount'), vendorCode).toMatch(/^\d+\.\d{2}$/);
      if (vendorCode === "VIVO" || vendorCode === "BTI") {
        const spin = await app.fetch(
          new Request("http://studio.test/play", { method: "POST", body: new URLSearchParams({ ...q, stake: "1.00" }), headers: { "content-type": "application/x-www-form-urlencoded" } }),
        );
        expect(spin.status, vendorCode).toBe(303);
        const [round] = await p.handle.db.select().from(walletRounds).where(and(eq(walletRounds.vendorCode, vendorCode), eq(walletRounds.gameCode, code)));
        expect(round, vendorCode).toMatchObject({ status: "CLOSED" });
      }
    }
  });
});
