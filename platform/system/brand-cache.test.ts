import { eq } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { merchants } from "./schema.js";
import { BRAND_CACHE_MS } from "./service.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("brand configuration cache", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  afterEach(() => vi.restoreAllMocks());

  const web = { headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.7" } };
  const permission = async () => (await p.call("/wps/system/permission?language=en", web)).body.value.info;
  const firstIcon = async () => (await p.call("/lgw/games/list?gameType=RNG&pageSize=1", web)).body.value.games[0].iconUrl as string;
  const settings = (json: unknown) => p.call("/operator/v1/merchants/DEMO/settings", { method: "PUT", operator: true, json });
  /** Database reads made while `run` runs. */
  const selectsDuring = async (run: () => Promise<unknown>) => {
    const spy = vi.spyOn(p.handle.db, "select");
    await run();
    const n = spy.mock.calls.length;
    spy.mockRestore();
    return n;
  };

  it("answers repeated reads within the window from memory: only the site status and the address's login failures are read again, and on PGlite not even those", async () => {
    await permission();
    await firstIcon();
    // The permission call reads the site status and the visitor's address's login failures (its
    // `login` part) and nothing else; on PGlite, where this process makes every write, both are kept
    // until the next write (kept-reads.ts, ADR 026).
    const statusReads = p.handle.kind === "pglite" ? 0 : 2;
    expect(await selectsDuring(permission)).toBe(statusReads);
    // The game list reads neither the brand nor the catalogue.
    expect(await selectsDuring(firstIcon)).toBe(0);
    expect(await selectsDuring(() => Promise.all([permission(), permission(), firstIcon()]))).toBe(2 * statusReads);
  });

  it("shows an operator's settings change on the next request of this node", async () => {
    expect((await permission()).imageCDNs).toEqual(["/images"]);
    expect(await firstIcon()).toMatch(/^\/images\/games\//);

    const put = await settings({ imageCDNs: ["https://img.example/cdn/"], launchGameCDNs: ["https://launch.example/play"] });
    expect(put.status).toBe(200);
    expect(put.body.settings).toMatchObject({ imageCDNs: ["https://img.example/cdn/"], launchGameCDNs: ["https://launch.example/play"] });

    const info = await permission();
    expect(info.imageCDNs).toEqual(["https://img.example/cdn/"]);
    expect(info.launchGameCDNs).toEqual(["https://launch.example/play"]);
    expect(await firstIcon()).toMatch(/^https:\/\/img\.example\/cdn\/games\//);

    await settings({ imageCDNs: ["/images"], launchGameCDNs: ["/play"] });
    expect(await firstIcon()).toMatch(/^\/images\/games\//);
  });

  it("shows a brand change through the merchant call at once", async () => {
    const before = await permission();
    const put = await p.call("/operator/v1/merchants/DEMO", {
      method: "PUT",
      operator: true,
      json: { name: "Renamed Casino", currency: before.currency, domains: before.domainRoute, customerService: [{ csType: "TELEGRAM", title: "Telegram", url: "https://t.me/demo" }] },
    });
    expect(put.status).toBe(200);
    const after = await permission();
    expect(after.merchantName).toBe("Renamed Casino");
    expect(after.customerService).toEqual([{ csType: "TELEGRAM", title: "Telegram", url: "https://t.me/demo" }]);
  });

  it("sees a change made elsewhere (another node) once the window has passed", async () => {
    await permission();
    const [row] = await p.handle.db.select().from(merchants).where(eq(merchants.code, "DEMO"));
    await p.handle.db
      .update(merchants)
      .set({ settings: { ...row!.settings, imageCDNs: ["https://other-node.example"] } })
      .where(eq(merchants.code, "DEMO"));
    expect((await permission()).imageCDNs).toEqual(["/images"]);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + BRAND_CACHE_MS + 1);
    expect((await permission()).imageCDNs).toEqual(["https://other-node.example"]);
    vi.restoreAllMocks();
    await p.handle.db.update(merchants).set({ settings: row!.settings }).where(eq(merchants.code, "DEMO"));
  });

  it("names each loaded configuration: the same version within the window, a new one after any operator change", async () => {
    const first = (await permission()).brandVersion as string;
    expect(first).toMatch(/\S/);
    expect((await permission()).brandVersion).toBe(first);
    // A notice is not part of the brand configuration, but the web's shell shows it: any accepted
    // operator write about the merchant gives a new version, which is what drops the web's copy.
    const created = await p.call("/operator/v1/merchants/DEMO/notices", {
      method: "POST",
      operator: true,
      json: { type: "PL", execution: "B", title: { en: "Version test" }, content: { en: "x" } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const second = (await permission()).brandVersion as string;
    expect(second).not.toBe(first);
    // A refused write changes nothing and keeps the version.
    expect((await settings({ imageCDNs: "bad" })).status).toBe(400);
    expect((await permission()).brandVersion).toBe(second);
    await p.call(`/operator/v1/merchants/DEMO/notices/${created.body.id}`, { method: "DELETE", operator: true });
    expect((await permission()).brandVersion).not.toBe(second);
    // Another node's copy changes version at the latest when the window has passed.
    const third = (await permission()).brandVersion;
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + BRAND_CACHE_MS + 1);
    expect((await permission()).brandVersion).not.toBe(third);
    vi.restoreAllMocks();
  });

  it.each([
    [{ imageCDNs: ["javascript:alert(1)"] }],
    [{ imageCDNs: ["//evil.example"] }],
    [{ launchGameCDNs: ["https://a.example/x y"] }],
    [{ imageCDNs: "https://img.example" }],
    [{ imageCDNs: Array.from({ length: 21 }, (_, i) => `/img${i}`) }],
  ])("refuses bad hosts %j with a 400", async (body) => {
    const r = await settings(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("INVALID_REQUEST");
  });
});
