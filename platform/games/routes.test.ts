import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("catalogue, winners and notices", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const get = (path: string) => p.call(path, { headers: { "x-site-host": "localhost" } });

  it("lists hot games in hot order (value.list)", async () => {
    const r = await get("/lgw/games/hot?limitNum=6&language=en");
    expect(r.status).toBe(200);
    expect(r.body.value.list).toHaveLength(6);
    expect(r.body.value.list[0]).toEqual(
      expect.objectContaining({ nodeId: expect.any(Number), gameName: expect.any(String), iconUrl: expect.stringMatching(/^\/images\/games\//), minBet: expect.stringMatching(/^\d+\.\d{2}$/) }),
    );
  });

  it("pages and filters the game list (reads games)", async () => {
    const fish = await get("/lgw/games/list?gameType=FISH&pageNo=1&pageSize=6");
    expect(fish.body.value.games).toHaveLength(6);
    expect(fish.body.value.games.every((g: { gameType: string }) => g.gameType === "FISH")).toBe(true);
    expect(fish.body.value.total).toBe(16);
    expect(fish.body.value.totalPages).toBe(3);
    const page3 = await get("/lgw/games/list?gameType=FISH&pageNo=3&pageSize=6");
    expect(page3.body.value.games).toHaveLength(4);

    const vendor = await get("/lgw/games/list?vassalage=OCEAN&pageSize=50");
    expect(vendor.body.value.games.every((g: { vassalage: string }) => g.vassalage === "OCEAN")).toBe(true);
    const tab = await get("/lgw/games/list?gameType=RNG&gameClassify=JP&pageSize=100");
    expect(tab.body.value.games.length).toBeGreaterThan(0);
    expect(tab.body.value.games.every((g: { subType: string }) => g.subType === "JP")).toBe(true);
    const named = await get("/lgw/games/list?gameName=ocean%20king&pageSize=50");
    expect(named.body.value.games.map((g: { gameName: string }) => g.gameName)).toContain("Ocean King");
    const wild = await get("/lgw/games/list?gameName=%25&pageSize=50");
    expect(wild.body.value.total).toBe(0);
  });

  it("refuses bad list queries with a 400 naming the parameter", async () => {
    const r = await get("/lgw/games/list?pageSize=1000");
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("pageSize");
    expect((await get("/lgw/games/list?vassalage=x;drop")).status).toBe(400);
  });

  it("answers the winner board with nested vo, newest first", async () => {
    const r = await get("/lgw/games/winners?gameCategory=ALL&pageNo=1&pageSize=42");
    const list = r.body.value.list;
    expect(list).toHaveLength(42);
    expect(list[0].vo).toEqual(expect.objectContaining({ account: expect.stringContaining("***"), winAmount: expect.stringMatching(/^\d+\.\d{2}$/), gameName: expect.any(String) }));
    expect(new Date(list[0].vo.wonAt).getTime()).toBeGreaterThanOrEqual(new Date(list[1].vo.wonAt).getTime());
    expect((await get("/lgw/games/winners?limitNum=20")).body.value.list).toHaveLength(20);
  });

  it("answers announcements with banners, player notices, popups by execution and promotions", async () => {
    const visitor = await get("/wps/system/announcements?types=B,PL,PU,PR&execution=B&groupName=w_home&language=en");
    const v = visitor.body.value;
    expect(v.banners.map((b: { groupName: string }) => b.groupName)).toEqual(["w_home", "w_home", "w_home"]);
    expect(v.player).toHaveLength(12);
    expect(v.popup.map((x: { execution: string }) => x.execution)).toEqual(["B"]);
    expect(v.popup[0].content).toContain("<p>");
    expect(v.promotion).toHaveLength(1);
    const member = await get("/wps/system/announcements?execution=A,F&language=en");
    expect(member.body.value.popup.map((x: { execution: string }) => x.execution).sort()).toEqual(["A", "F"]);
    const all = await get("/wps/system/announcements");
    expect(new Set(all.body.value.banners.map((b: { groupName: string }) => b.groupName))).toEqual(new Set(["w_home", "w_login", "w_register", "w_forget"]));
  });

  it("pages the notice list 9 at a time and opens one notice", async () => {
    const first = await get("/wps/system/notices?pageNo=1&pageSize=9&language=en");
    expect(first.body.value).toMatchObject({ pageNum: 1, totalPages: 2 });
    expect(first.body.value.content).toHaveLength(9);
    const second = await get("/wps/system/notices?pageNo=2&pageSize=9&language=en");
    expect(second.body.value.content).toHaveLength(3);
    const id = first.body.value.content[0].id;
    const one = await get(`/wps/system/notices/${id}?language=es`);
    expect(one.body.value.title).toMatch(/^Aviso/);
    expect((await get("/wps/system/notices/999999")).status).toBe(404);
  });

  it("gives each vendor its images on the image host, built from vendor code and game type", async () => {
    const lanes = (await get("/lgw/games/vendors?gameType=RNG")).body.value.data.lanes;
    expect(lanes.length).toBeGreaterThan(0);
    for (const lane of lanes) {
      expect(lane.images).toEqual({
        small: `/images/vendors/RNG/${lane.vassalage}/small.svg`,
        smallActive: `/images/vendors/RNG/${lane.vassalage}/small-active.svg`,
        listWhite: `/images/vendors/RNG/${lane.vassalage}/list-white.svg`,
        listColour: `/images/vendors/RNG/${lane.vassalage}/list-colour.svg`,
        listPurple: `/images/vendors/RNG/${lane.vassalage}/list-purple.svg`,
        submenu: `/images/vendors/RNG/${lane.vassalage}/submenu.svg`,
      });
    }
    const menus = (await get("/lgw/games/game_menus")).body.value;
    const live = menus.find((m: { gameCategory: string }) => m.gameCategory === "LIVE").vendors[0];
    expect(live.images.submenu).toBe(`/images/vendors/${live.gameType}/${live.vassalage}/submenu.svg`);
  });

  it("labels categories only in the language the operator wrote", async () => {
    const es = await get("/lgw/games/game_menus?language=es");
    // The demo seed writes ES, EN, AR, VI and TH; German it lacks (the web then shows its own name).
    const de = await get("/lgw/games/game_menus?language=de");
    expect(es.body.value.find((m: { gameCategory: string }) => m.gameCategory === "LIVE").label).toBe("Casino en vivo");
    expect(de.body.value.find((m: { gameCategory: string }) => m.gameCategory === "LIVE").label).toBe("");
  });
});
