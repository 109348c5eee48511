import { eq } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { forgetCatalogue } from "./catalogue.js";
import { MIN_ENTRY_BASE_BETS, OCCUPANCY_WINDOW_MS, ROOM_TIERS, seatedAt, seatsFor } from "./rooms.js";
import { games } from "./schema.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
type Room = { roomId: string; tableNo: number; nodeId: number; gameCode: string; gameName: string; vassalage: string; vendorName: string; baseBet: string; minEntry: string; currency: string; maxSeats: number; players: number; status: string };

describe("PVP rooms (GLS2_roomList)", () => {
  let p: TestPlatform;
  let token = "";
  const host = { "x-site-host": "localhost", "x-client-ip": "198.51.100.61" };
  const auth = () => ({ ...host, authorization: `Bearer ${token}` });
  const rooms = async (query = "") => {
    const r = await p.call(`/wps/relay/GLS2_roomList${query}`, { headers: auth() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.value as { list: Room[]; total: number; games: Array<{ gameCode: string; nodeId: number }>; occupancySimulated: boolean };
  };

  beforeAll(async () => {
    p = await createTestPlatform();
    const account = `pvp${Date.now().toString(36).slice(-6)}`;
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123" } });
    const login = await p.call("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
    token = login.body.value.token;
  });
  afterAll(() => p.cleanup());

  it("needs a session token (GET and POST)", async () => {
    const get = await p.call("/wps/relay/GLS2_roomList", { headers: host });
    expect(get.status).toBe(401);
    expect(get.body).toMatchObject({ success: false, error: { code: "NOT_LOGGED_IN" } });
    const post = await p.call("/wps/relay/GLS2_roomList", { method: "POST", headers: { ...host, authorization: "Bearer not-a-token" }, json: {} });
    expect(post.status).toBe(401);
  });

  it("lists a room per stake tier for every PVP game of the catalogue, in the spec's envelope", async () => {
    const value = await rooms();
    const catalogue = await p.call("/lgw/games/list?gameType=PVP&pageSize=100", { headers: host });
    const pvpGames = catalogue.body.value.games as Array<{ nodeId: number; gameCode: string; vassalage: string; minBet: string }>;
    expect(pvpGames.length).toBeGreaterThan(0);
    expect(value.total).toBe(pvpGames.length * ROOM_TIERS.length);
    expect(value.list).toHaveLength(value.total);
    expect(new Set(value.list.map((r) => r.nodeId))).toEqual(new Set(pvpGames.map((g) => g.nodeId)));
    expect(value.games.map((g) => g.nodeId).sort()).toEqual(pvpGames.map((g) => g.nodeId).sort());
    expect(value.occupancySimulated).toBe(true);
    for (const room of value.list) {
      const game = pvpGames.find((g) => g.nodeId === room.nodeId)!;
      expect(room).toMatchObject({ gameCode: game.gameCode, vassalage: game.vassalage, currency: "USD", maxSeats: seatsFor(game.gameCode) });
      expect(room.roomId).toMatch(new RegExp(`^${game.gameCode}-0[1-3]$`));
      expect(room.roomId.endsWith(`-0${room.tableNo}`)).toBe(true);
      expect(room.baseBet).toMatch(/^\d+\.\d{2}$/);
      expect(Number(room.minEntry)).toBeCloseTo(Number(room.baseBet) * Number(MIN_ENTRY_BASE_BETS), 2);
      expect(room.players).toBeGreaterThanOrEqual(0);
      expect(room.players).toBeLessThanOrEqual(room.maxSeats);
      expect(room.status).toBe(room.players === room.maxSeats ? "FULL" : "OPEN");
    }
    // The lowest tier's base bet is the game's minimum bet.
    const first = value.list[0]!;
    expect(first.baseBet).toBe(pvpGames.find((g) => g.nodeId === first.nodeId)!.minBet);
    expect(new Set(value.list.map((r) => r.roomId)).size).toBe(value.total);
  });

  it("filters by vendor and game, from the query or a JSON body", async () => {
    const all = await rooms();
    const vendor = all.list[0]!.vassalage;
    expect((await rooms(`?vassalage=${vendor}`)).total).toBe(all.list.filter((r) => r.vassalage === vendor).length);
    const slotsVendor = await rooms("?vassalage=LUCKY");
    expect(slotsVendor).toMatchObject({ total: 0, list: [], games: [] });
    expect((await rooms("?vassalage=NOSUCH")).total).toBe(0);

    const gameCode = all.list[4]!.gameCode;
    const one = await rooms(`?gameCode=${gameCode}`);
    expect(one.list.map((r) => r.gameCode)).toEqual(ROOM_TIERS.map(() => gameCode));
    // The game filter leaves the game choices of the vendor filter.
    expect(one.games.length).toBe(all.games.length);

    const post = await p.call("/wps/relay/GLS2_roomList", { method: "POST", headers: auth(), json: { vassalage: vendor, gameCode } });
    expect(post.status).toBe(200);
    expect(post.body.value.list.map((r: Room) => r.roomId)).toEqual(one.list.map((r) => r.roomId));
    const empty = await p.call("/wps/relay/GLS2_roomList", { method: "POST", headers: auth() });
    expect(empty.body.value.total).toBe(all.total);
  });

  it("refuses malformed filters with a 400 naming the parameter", async () => {
    const bad = await p.call("/wps/relay/GLS2_roomList?vassalage=x;drop", { headers: auth() });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("vassalage") });
    const body = await p.call("/wps/relay/GLS2_roomList", { method: "POST", headers: auth(), json: { gameCode: 42 } });
    expect(body.status).toBe(400);
    expect(body.body.error.message).toContain("gameCode");
    const notJson = await p.call("/wps/relay/GLS2_roomList", { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("shows a game under maintenance as such, with nobody seated", async () => {
    const all = await rooms();
    const target = all.list[0]!;
    await p.handle.db.update(games).set({ maintenance: true }).where(eq(games.nodeId, target.nodeId));
    forgetCatalogue(p.handle.db);
    try {
      const now = await rooms(`?gameCode=${target.gameCode}`);
      expect(now.list.every((r) => r.status === "MAINTENANCE" && r.players === 0)).toBe(true);
    } finally {
      await p.handle.db.update(games).set({ maintenance: false }).where(eq(games.nodeId, target.nodeId));
      forgetCatalogue(p.handle.db);
    }
  });
});

describe("simulated seating", () => {
  it("stays within the table, holds for a minute, and changes over time", () => {
    const t0 = Date.UTC(2026, 10, 22, 12, 0, 0);
    const seen = new Set<number>();
    for (let w = 0; w < 200; w++) {
      const at = t0 + w * OCCUPANCY_WINDOW_MS;
      const n = seatedAt("TABLEM_RUMMY-01", 6, 0, at);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThanOrEqual(6);
      expect(seatedAt("TABLEM_RUMMY-01", 6, 0, at + OCCUPANCY_WINDOW_MS - 1)).toBe(n);
      seen.add(n);
    }
    // Over 200 minutes a low-stakes room is seen empty, busy and full.
    expect(seen.has(0)).toBe(true);
    expect(seen.has(6)).toBe(true);
    expect(seen.size).toBeGreaterThan(4);
  });

  it("seats tables by the kind of card game", () => {
    expect(seatsFor("TABLEM_TEXAS_HOLD_EM")).toBe(9);
    expect(seatsFor("TABLEM_LANDLORD")).toBe(3);
    expect(seatsFor("TABLEM_BLACKJACK_DUEL")).toBe(2);
    expect(seatsFor("XYZ_SOMETHING_NEW")).toBe(6);
  });
});
