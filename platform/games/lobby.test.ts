import { and, eq } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { merchants } from "../system/schema.js";
import { forgetCatalogue, getCatalogue } from "./catalogue.js";
import { RECENT_LIMIT } from "./lobby.js";
import { games, merchantVendors, vendors } from "./schema.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
type Item = { nodeId: number; gameName: string; vassalage: string; gameType: string; gameCode: string; maintenance: boolean };

describe("favourites, recent games and launch rules", () => {
  let p: TestPlatform;
  let n = 0;
  const web = { "x-site-host": "localhost", "x-client-ip": "198.51.100.91" };
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  async function member() {
    const username = `fv${Date.now().toString(36).slice(-5)}${n++}`;
    const reg = await p.call("/wps/member/register", {
      method: "PUT",
      headers: web,
      json: { user: { username, password: "secret123", confirmPassword: "secret123" }, login: true },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    return { ...web, authorization: `Bearer ${reg.body.value.token}` };
  }
  async function trial() {
    const t = await p.call("/wps/session/freeplay", { method: "POST", headers: web });
    expect(t.status).toBe(200);
    return { ...web, authorization: `Bearer ${t.body.value.token}` };
  }
  const slots = async (pageSize = 10) => (await p.call(`/lgw/games/list?gameType=RNG&pageSize=${pageSize}`, { headers: web })).body.value.games as Item[];
  const launch = (headers: Record<string, string>, json: unknown) => p.call("/wps/game/launchGame?language=en", { method: "POST", headers, json });

  describe("favourites", () => {
    it("adds (once), lists as nodeIds and as pages, and removes", async () => {
      const auth = await member();
      const [a, b, c] = await slots(3);
      for (const g of [a!, b!, c!]) {
        const r = await p.call("/wps/game/favourites", { method: "POST", headers: auth, json: { nodeId: g.nodeId, vendor: g.vassalage, gameType: g.gameType } });
        expect(r.body.value).toEqual({ nodeId: g.nodeId, favourite: true, added: true });
      }
      const again = await p.call("/wps/game/favourites", { method: "POST", headers: auth, json: { nodeId: a!.nodeId } });
      expect(again.body.value.added).toBe(false);
      const ids = await p.call("/wps/game/favourites/ids", { headers: auth });
      expect(ids.body.value).toEqual([c!.nodeId, b!.nodeId, a!.nodeId]);

      const page1 = await p.call("/wps/game/favourites?pageNo=1&pageSize=2&language=en", { headers: auth });
      expect(page1.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
      expect(page1.body.value.content).toHaveLength(2);
      expect(page1.body.value.content[0]).toEqual(expect.objectContaining({ nodeId: expect.any(Number), gameName: expect.any(String), iconUrl: expect.any(String) }));
      const page2 = await p.call("/wps/game/favourites?pageNo=2&pageSize=2", { headers: auth });
      expect(page2.body.value.content).toHaveLength(1);
      const seen = [...page1.body.value.content, ...page2.body.value.content].map((g: Item) => g.nodeId);
      expect(new Set(seen)).toEqual(new Set([a!.nodeId, b!.nodeId, c!.nodeId]));

      const removed = await p.call(`/wps/game/favourites/${b!.nodeId}`, { method: "DELETE", headers: auth });
      expect(removed.body.value).toEqual({ nodeId: b!.nodeId, favourite: false, removed: true });
      expect((await p.call(`/wps/game/favourites/${b!.nodeId}`, { method: "DELETE", headers: auth })).body.value.removed).toBe(false);
      expect(new Set((await p.call("/wps/game/favourites/ids", { headers: auth })).body.value)).toEqual(new Set([a!.nodeId, c!.nodeId]));
      // Another member's list is their own.
      expect((await p.call("/wps/game/favourites/ids", { headers: await member() })).body.value).toEqual([]);
    });

    it("refuses visitors (401, the spec's message), trial members and unknown games", async () => {
      const [g] = await slots(1);
      const anon = await p.call("/wps/game/favourites", { method: "POST", headers: web, json: { nodeId: g!.nodeId } });
      expect(anon).toMatchObject({ status: 401, body: { error: { code: "NOT_LOGGED_IN", message: "You are not logged in, please login" } } });
      expect((await p.call("/wps/game/favourites/ids", { headers: web })).status).toBe(401);
      expect((await p.call(`/wps/game/favourites/${g!.nodeId}`, { method: "DELETE", headers: web })).status).toBe(401);
      const t = await trial();
      for (const r of [
        await p.call("/wps/game/favourites", { method: "POST", headers: t, json: { nodeId: g!.nodeId } }),
        await p.call("/wps/game/favourites?pageNo=1", { headers: t }),
        await p.call("/wps/game/recent", { headers: t }),
      ]) {
        expect(r).toMatchObject({ status: 403, body: { error: { code: "in_need_true_account" } } });
      }
      const auth = await member();
      expect((await p.call("/wps/game/favourites", { method: "POST", headers: auth, json: { nodeId: 99_999_999 } })).status).toBe(404);
      expect((await p.call("/wps/game/favourites", { method: "POST", headers: auth, json: { nodeId: "x" } })).status).toBe(400);
    });
  });

  it("notices a maintenance flag set in the database at the next check, without a full reload otherwise", async () => {
    const db = p.handle.db;
    const [g] = await slots(1);
    const before = await getCatalogue(db);
    before.checkedAt = 0; // due for a check
    const same = await (async () => {
      await getCatalogue(db);
      for (let i = 0; i < 50; i++) {
        const s = await getCatalogue(db);
        if (s.checkedAt > 0) return s;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error("no check");
    })();
    expect(same).toBe(before); // nothing changed: the same snapshot, checked again
    await db.update(games).set({ maintenance: true }).where(eq(games.nodeId, g!.nodeId));
    same.checkedAt = 0;
    await getCatalogue(db);
    let seen = false;
    for (let i = 0; i < 100 && !seen; i++) {
      seen = (await getCatalogue(db)).byNode.get(g!.nodeId)!.maintenance;
      if (!seen) await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe(true);
    await db.update(games).set({ maintenance: false }).where(eq(games.nodeId, g!.nodeId));
    forgetCatalogue(db);
  });

  describe("launch", () => {
    it("records recent games, newest first, one row per game, at most RECENT_LIMIT", async () => {
      const auth = await member();
      const list = await slots(RECENT_LIMIT + 2);
      const [a, b] = list;
      expect((await launch(auth, { nodeId: a!.nodeId })).status).toBe(200);
      expect((await launch(auth, { vassalage: b!.vassalage, gameCode: b!.gameCode })).status).toBe(200);
      expect((await launch(auth, { nodeId: a!.nodeId })).status).toBe(200);
      const recent = await p.call("/wps/game/recent?language=en", { headers: auth });
      expect(recent.body.value.list.map((g: Item) => g.nodeId)).toEqual([a!.nodeId, b!.nodeId]);
      for (const g of list) await launch(auth, { nodeId: g.nodeId });
      const full = await p.call("/wps/game/recent?limitNum=30", { headers: auth });
      expect(full.body.value.list).toHaveLength(RECENT_LIMIT);
      expect(full.body.value.list[0].nodeId).toBe(list[list.length - 1]!.nodeId);
      expect((await p.call("/wps/game/recent", { headers: web })).status).toBe(401);
    });

    it("sends in-house games to our own page and others to a random launch host of the operator", async () => {
      const auth = await member();
      const house = await p.call("/lgw/games/list?vassalage=HSLOT&pageSize=1", { headers: web });
      const hslot = house.body.value.games[0] as Item;
      const r = await launch(auth, { nodeId: hslot.nodeId });
      expect(r.body.value.url).toBe(`/house/${hslot.gameCode}`);
      expect(r.body.value.token).toEqual(expect.any(String));

      await p.handle.db
        .update(merchants)
        .set({ settings: { launchGameCDNs: ["https://a.games.example/play", "https://b.games.example/play?x=1"] } })
        .where(eq(merchants.code, "DEMO"));
      const aurl = (await p.call("/lgw/games/list?vassalage=AURL&pageSize=1", { headers: web })).body.value.games[0] as Item;
      const hosts = new Set<string>();
      for (let i = 0; i < 16; i++) {
        const u = new URL((await launch(auth, { nodeId: aurl.nodeId })).body.value.url);
        hosts.add(u.host);
        expect(u.searchParams.get("gameCode")).toBe(aurl.gameCode);
      }
      expect(hosts).toEqual(new Set(["a.games.example", "b.games.example"]));
      await p.handle.db.update(merchants).set({ settings: {} }).where(eq(merchants.code, "DEMO"));
      expect((await launch(auth, { nodeId: aurl.nodeId })).body.value.url).toMatch(/^\/play\?vendor=AURL&/);
    });

    it("refuses games under maintenance (or of a vendor under maintenance) with six others of the category", async () => {
      const auth = await member();
      const [g] = await slots(1);
      await p.handle.db.update(games).set({ maintenance: true }).where(eq(games.nodeId, g!.nodeId));
      forgetCatalogue(p.handle.db);
      const r = await launch(auth, { nodeId: g!.nodeId });
      expect(r).toMatchObject({ status: 409, body: { error: { code: "GAME_MAINTENANCE" } } });
      const suggestions = r.body.error.suggestions as Item[];
      expect(suggestions).toHaveLength(6);
      expect(suggestions.every((s) => s.gameType === "RNG" && s.nodeId !== g!.nodeId && !s.maintenance)).toBe(true);
      const item = await p.call(`/lgw/games/item/${g!.nodeId}`, { headers: web });
      expect(item.body.value.maintenance).toBe(true);
      await p.handle.db.update(games).set({ maintenance: false }).where(eq(games.nodeId, g!.nodeId));

      await p.handle.db.update(vendors).set({ maintenance: true }).where(eq(vendors.code, "OCEAN"));
      forgetCatalogue(p.handle.db);
      const fish = (await p.call("/lgw/games/list?vassalage=OCEAN&pageSize=1", { headers: web })).body.value.games[0] as Item;
      expect(fish.maintenance).toBe(true);
      const refused = await launch(auth, { nodeId: fish.nodeId });
      expect(refused.body.error.code).toBe("GAME_MAINTENANCE");
      expect((refused.body.error.suggestions as Item[]).every((s) => s.gameType === "FISH" && s.vassalage !== "OCEAN")).toBe(true);
      await p.handle.db.update(vendors).set({ maintenance: false }).where(eq(vendors.code, "OCEAN"));
      forgetCatalogue(p.handle.db);
    });

    it("refuses vendors the merchant does not offer, and hides their games", async () => {
      const auth = await member();
      const neon = (await p.call("/lgw/games/list?vassalage=NEONP&pageSize=1", { headers: web })).body.value.games[0] as Item;
      await p.handle.db.update(merchantVendors).set({ enabled: false }).where(and(eq(merchantVendors.merchantCode, "DEMO"), eq(merchantVendors.vendorCode, "NEONP")));
      forgetCatalogue(p.handle.db);
      try {
        expect(await launch(auth, { nodeId: neon.nodeId })).toMatchObject({ status: 403, body: { error: { code: "VENDOR_NOT_OFFERED" } } });
        expect((await p.call("/lgw/games/list?vassalage=NEONP", { headers: web })).body.value.total).toBe(0);
        expect((await p.call(`/lgw/games/item/${neon.nodeId}`, { headers: web })).status).toBe(404);
        expect((await p.call("/wps/game/favourites", { method: "POST", headers: auth, json: { nodeId: neon.nodeId } })).status).toBe(404);
      } finally {
        await p.handle.db.update(merchantVendors).set({ enabled: true }).where(and(eq(merchantVendors.merchantCode, "DEMO"), eq(merchantVendors.vendorCode, "NEONP")));
        forgetCatalogue(p.handle.db);
      }
    });

    it("refuses visitors and trial members before anything else", async () => {
      const [g] = await slots(1);
      expect((await launch(web, { nodeId: g!.nodeId })).status).toBe(401);
      expect(await launch(await trial(), { nodeId: g!.nodeId })).toMatchObject({ status: 403, body: { error: { code: "in_need_true_account" } } });
      expect((await launch(await member(), { nodeId: 99_999_999 })).status).toBe(404);
      expect((await launch(await member(), {})).status).toBe(400);
    });
  });
});
