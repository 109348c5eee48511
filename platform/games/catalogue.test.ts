import { createTestPlatform } from "../testing/db.js";
import { BULK_RNG_VENDORS, FULL_SLOT_COUNT } from "./demo-slots.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
type Item = { nodeId: number; gameName: string; vassalage: string; gameType: string; subType: string | null; minBet: string; lines: number; supportPlay: number; maintenance: boolean };

describe("the game list over the full 10,000-slot catalogue", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform({ catalogue: "full" });
  }, 120_000);
  afterAll(() => p.cleanup());
  const get = async (path: string) => {
    const r = await p.call(path, { headers: { "x-site-host": "localhost" } });
    return r;
  };
  const list = async (query: string) => {
    const r = await get(`/lgw/games/list?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.value as { games: Item[]; pageNo: number; pageSize: number; total: number; totalPages: number };
  };

  it("holds 10,000 slots over the demo studios, and pages them with no overlap", async () => {
    const first = await list("gameType=RNG&pageNo=1&pageSize=42&clientType=WEB&platform=html5-desktop&merchant=DEMO&language=en");
    expect(first.total).toBe(FULL_SLOT_COUNT);
    expect(first.totalPages).toBe(Math.ceil(FULL_SLOT_COUNT / 42));
    expect(first.games).toHaveLength(42);
    const second = await list("gameType=RNG&pageNo=2&pageSize=42");
    const ids = new Set(first.games.map((g) => g.nodeId));
    expect(second.games.some((g) => ids.has(g.nodeId))).toBe(false);
    const last = await list(`gameType=RNG&pageNo=${first.totalPages}&pageSize=42`);
    expect(last.games).toHaveLength(FULL_SLOT_COUNT - (first.totalPages - 1) * 42);
    expect((await list(`gameType=RNG&pageNo=${first.totalPages + 1}&pageSize=42`)).games).toEqual([]);
    const lanes = (await get("/lgw/games/vendors?gameType=RNG&merchantCode=DEMO")).body.value.data.lanes as Array<{ vassalage: string; gameCount: number }>;
    expect(lanes.length).toBe(4 + BULK_RNG_VENDORS.length);
    expect(lanes.reduce((n, l) => n + l.gameCount, 0)).toBe(FULL_SLOT_COUNT);
  });

  it("has every slot sub-type of the spec", async () => {
    for (const tab of ["JP", "TG", "AC", "BG", "SC", "VP"]) {
      const r = await list(`gameType=RNG&gameClassify=${tab}&pageSize=100`);
      expect(r.total, tab).toBeGreaterThan(100);
      expect(r.games.every((g) => g.subType === tab)).toBe(true);
    }
  });

  it("searches names in the member's language and in English, ignoring case and accents", async () => {
    const en = await list("gameType=RNG&gameName=GOLDEN&pageSize=100&language=en");
    expect(en.total).toBeGreaterThan(100);
    expect(en.games.every((g) => /golden/i.test(g.gameName))).toBe(true);
    // Spanish names are searched for a Spanish reader only; English ones for everyone.
    const es = await list("gameType=RNG&gameName=dorado&pageSize=100&language=es");
    expect(es.total).toBeGreaterThan(50);
    expect(es.games.every((g) => /dorado/i.test(g.gameName))).toBe(true);
    expect((await list("gameType=RNG&gameName=dorado&language=en")).total).toBe(0);
    const bilingual = await list("gameType=RNG&gameName=golden&pageSize=100&language=es");
    expect(bilingual.total).toBe(en.total);
    const accent = await list("gameType=RNG&gameName=dragon&pageSize=100&language=es");
    expect(accent.games.some((g) => g.gameName.includes("Dragón"))).toBe(true);
    const chinese = await list("gameType=RNG&gameName=%E9%BB%84%E9%87%91&language=zh-CN");
    expect(chinese.total).toBeGreaterThan(10);
    // Traditional Chinese readers see the Simplified name before the English one.
    const tw = await list(`gameType=RNG&gameName=${encodeURIComponent(chinese.games[0]!.gameName)}&language=zh-TW`);
    expect(tw.games.map((g) => g.nodeId)).toContain(chinese.games[0]!.nodeId);
    const fr = await list(`gameType=RNG&pageSize=5&language=fr&pageNo=3`);
    const enSame = await list(`gameType=RNG&pageSize=5&language=en&pageNo=3`);
    expect(fr.games.map((g) => g.gameName)).toEqual(enSame.games.map((g) => g.gameName));
    expect((await list("gameType=RNG&gameName=%25%25")).total).toBe(0);
  });

  it("filters by minimum bet (decimal, at least) and lines (at least), alone and with the other filters", async () => {
    const all = await list("gameType=RNG&pageSize=1");
    const bet = await list("gameType=RNG&minBet=1&pageSize=100");
    expect(bet.total).toBeGreaterThan(1000);
    expect(bet.total).toBeLessThan(all.total);
    expect(bet.games.every((g) => Number(g.minBet) >= 1)).toBe(true);
    expect((await list("gameType=RNG&minBet=1.00&pageSize=1")).total).toBe(bet.total);
    const lines = await list("gameType=RNG&minLineNum=25&pageSize=100");
    expect(lines.total).toBeGreaterThan(1000);
    expect(lines.games.every((g) => g.lines >= 25)).toBe(true);
    const both = await list("gameType=RNG&minBet=1&minLineNum=25&vassalage=AMBR&gameClassify=JP&gameName=a&pageSize=100");
    expect(both.total).toBeGreaterThan(0);
    expect(both.games.every((g) => g.vassalage === "AMBR" && g.subType === "JP" && Number(g.minBet) >= 1 && g.lines >= 25 && /a/i.test(g.gameName))).toBe(true);
    expect((await get("/lgw/games/list?minBet=abc")).status).toBe(400);
    expect((await get("/lgw/games/list?minBet=-1")).status).toBe(400);
    expect((await get("/lgw/games/list?minLineNum=x")).status).toBe(400);
  });

  it("answers one game item by nodeId, and free play only for supportPlay 0", async () => {
    const page = await list("gameType=RNG&pageSize=100&pageNo=7");
    const fun = page.games.find((g) => g.supportPlay === 0 && !g.maintenance)!;
    const real = page.games.find((g) => g.supportPlay === 1 && !g.maintenance)!;
    const item = await get(`/lgw/games/item/${fun.nodeId}?language=en`);
    expect(item.body.value).toMatchObject({ nodeId: fun.nodeId, gameName: fun.gameName, iconUrl: expect.stringMatching(/^\/images\/games\//) });
    expect((await get("/lgw/games/item/99999999")).status).toBe(404);
    const others = (await get(`/lgw/games/suggestions?nodeId=${fun.nodeId}&limitNum=6`)).body.value.list as Item[];
    expect(others).toHaveLength(6);
    expect(others.every((o) => o.gameType === "RNG" && o.nodeId !== fun.nodeId && !o.maintenance)).toBe(true);
    expect((await get("/lgw/games/item/abc")).status).toBe(404);
    const launched = await p.call("/wps/game/launchFun", { method: "POST", headers: { "x-site-host": "localhost" }, json: { nodeId: fun.nodeId } });
    expect(launched.status).toBe(200);
    const url = new URL(launched.body.value.url, "http://x");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ vendor: fun.vassalage, mode: "fun" });
    expect(url.searchParams.has("token")).toBe(false);
    const refused = await p.call("/wps/game/launchFun", { method: "POST", headers: { "x-site-host": "localhost" }, json: { nodeId: real.nodeId } });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "FUN_NOT_SUPPORTED" } } });
  });
});
