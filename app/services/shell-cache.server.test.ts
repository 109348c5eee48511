import { randomUUID } from "node:crypto";

vi.hoisted(() => {
  delete process.env.UPSTREAM_URL;
});

// The web's shell and home reads against a real platform (PGlite in memory, small catalogue),
// in-process as on the embedded default, with operator changes made through the operator API.
const { createTestPlatform, playersOf } = await import("#platform/testing/db.js");
const { requestCounts } = await import("#platform/http/request-counts.js");
const { BRAND_CACHE_MS } = await import("#platform/system/service.js");
const { notices } = await import("#platform/db/schema.js");
const { eq } = await import("drizzle-orm");
const { loadShell } = await import("./shell.server");
const { loadHome } = await import("./home.server");
const { commitSession } = await import("./session.server");
const { clearSharedShell, forgetRequest, oncePerRequest, SHELL_CACHE_MS } = await import("./shell-cache.server");

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
let p: TestPlatform;
const g = globalThis as { __embeddedPlatform?: Promise<unknown> | null };

beforeAll(async () => {
  p = await createTestPlatform();
  g.__embeddedPlatform = Promise.resolve({ fetch: (r: Request) => p.app.fetch(r) });
});
afterAll(async () => {
  g.__embeddedPlatform = null;
  await p.cleanup();
});
afterEach(() => vi.restoreAllMocks());

/** A page request as the server hands it to the loaders: a fresh request id each time. */
const page = (cookie?: string, path = "/") =>
  new Request(`http://localhost${path}`, { headers: { "x-request-id": randomUUID(), "x-forwarded-for": "198.51.100.20", ...(cookie ? { cookie } : {}) } });
const memberCookie = async (token: string) => (await commitSession(token, false)).split(";")[0]!;
/** Platform calls made while `run` runs. */
async function callsDuring(run: () => Promise<unknown>): Promise<number> {
  const counts = { calls: 0, statements: 0 };
  await requestCounts.run(counts, run);
  return counts.calls;
}
const noticeTitles = (home: Awaited<ReturnType<typeof loadHome>>) => home.notices.map((n) => n.title);
const operator = (method: string, path: string, json?: unknown) => p.call(`/operator/v1/merchants/DEMO${path}`, { method, operator: true, json });

describe("the shell cache per brand and language", () => {
  beforeEach(() => clearSharedShell());

  it("reads the brand's shell once and serves the next visitors from memory", async () => {
    const first = await callsDuring(async () => {
      await loadShell(page(), "en");
      await loadHome(page(), "en", null);
    });
    const again = await callsDuring(async () => {
      await loadShell(page(), "en");
      await loadHome(page(), "en", null);
    });
    expect(again).toBeLessThan(first);
    // Per page only the status gate is read again (once per request: here two requests).
    expect(again).toBe(2);
    // Another language is another entry.
    expect(await callsDuring(() => loadShell(page(), "es"))).toBeGreaterThan(1);
  });

  it("shows a notice the operator adds, changes or removes on the very next page", async () => {
    await loadHome(page(), "en", null);
    const created = await operator("POST", "/notices", { type: "PL", execution: "B", title: { en: "Fresh notice 1" }, content: { en: "x" } });
    expect(created.status).toBe(201);
    expect(noticeTitles(await loadHome(page(), "en", null))).toContain("Fresh notice 1");

    expect((await operator("PUT", `/notices/${created.body.id}`, { title: { en: "Fresh notice 2" } })).status).toBe(200);
    const changed = noticeTitles(await loadHome(page(), "en", null));
    expect(changed).toContain("Fresh notice 2");
    expect(changed).not.toContain("Fresh notice 1");

    expect((await operator("DELETE", `/notices/${created.body.id}`)).status).toBe(200);
    expect(noticeTitles(await loadHome(page(), "en", null))).not.toContain("Fresh notice 2");
  });

  it("drops a vendor from the navigation as soon as the operator takes it off the brand", async () => {
    const before = await loadShell(page(), "en");
    const vendorsBefore = before.providers.map((v) => v.vassalage);
    expect(vendorsBefore.length).toBeGreaterThan(1);
    const permission = (await p.call("/wps/system/permission?language=en", { headers: { "x-site-host": "localhost" } })).body.value.info;
    const kept = vendorsBefore.slice(1);
    const put = await operator("PUT", "", { name: permission.merchantName, currency: permission.currency, domains: permission.domainRoute, vendors: kept });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const after = await loadShell(page(), "en");
      expect(after.providers.map((v) => v.vassalage)).not.toContain(vendorsBefore[0]);
      expect(JSON.stringify(after.navigation)).not.toContain(`"${vendorsBefore[0]}"`);
    } finally {
      await operator("PUT", "", { name: permission.merchantName, currency: permission.currency, domains: permission.domainRoute, vendors: vendorsBefore });
    }
    expect((await loadShell(page(), "en")).providers.map((v) => v.vassalage)).toEqual(vendorsBefore);
  });

  it("keeps a change made past this node's operator API (another node) at most for the short window", async () => {
    const created = await operator("POST", "/notices", { type: "PL", execution: "B", title: { en: "Other node 1" }, content: { en: "x" } });
    expect(noticeTitles(await loadHome(page(), "en", null))).toContain("Other node 1");
    await p.handle.db.update(notices).set({ title: { en: "Other node 2" } }).where(eq(notices.id, created.body.id));
    // Within the window the kept copy answers (this is the cache working)...
    expect(noticeTitles(await loadHome(page(), "en", null))).toContain("Other node 1");
    // ...and once the brand's window and the shell's have passed, the change shows.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + Math.max(SHELL_CACHE_MS, BRAND_CACHE_MS) + 1);
    expect(noticeTitles(await loadHome(page(), "en", null))).toContain("Other node 2");
    vi.restoreAllMocks();
    await operator("DELETE", `/notices/${created.body.id}`);
  });
});

describe("nothing of a member is shared", () => {
  const players = playersOf(() => p.call, { prefix: "shc", ip: "198.51.100.21" });

  it("gives each request its own member, and a visitor none, with the shell kept between them", async () => {
    const a = await players.player("12.34");
    const b = await players.player("56.78");
    const cookieA = await memberCookie(a.token);
    const cookieB = await memberCookie(b.token);

    const shellA = await loadShell(page(cookieA), "en");
    const homeA = await loadHome(page(cookieA), "en", shellA.user);
    expect(shellA.user).toMatchObject({ account: a.account, balance: "12.34" });

    const shellB = await loadShell(page(cookieB), "en");
    expect(shellB.user).toMatchObject({ account: b.account, balance: "56.78" });

    const visitorShell = await loadShell(page(), "en");
    const visitorHome = await loadHome(page(), "en", null);
    expect(visitorShell.user).toBeNull();
    const visitorJson = JSON.stringify([visitorShell, visitorHome]);
    expect(visitorJson).not.toContain(a.account);
    expect(visitorJson).not.toContain(b.account);
    expect(visitorJson).not.toContain("12.34");
    // A member's home has the member's own view (popups for members); a visitor's the visitor's.
    expect(homeA.favourites).toEqual([]);
    expect(JSON.stringify(shellB)).not.toContain(a.account);
  });

  it("shares a read only between the loaders of one GET request", async () => {
    let n = 0;
    const load = async () => ++n;
    const id = randomUUID();
    const get = (method = "GET") => new Request("http://localhost/", { method, headers: { "x-request-id": id } });
    expect(await oncePerRequest(get(), "x", load)).toBe(1);
    expect(await oncePerRequest(get(), "x", load)).toBe(1);
    // Another request (another id) reads again.
    expect(await oncePerRequest(page(), "x", load)).toBe(2);
    // A POST's action may change what its loaders read: nothing is shared there.
    expect(await oncePerRequest(get("POST"), "x", load)).toBe(3);
    expect(await oncePerRequest(get("POST"), "x", load)).toBe(4);
    // Ids that are not the server's own (a client's, a test's fixed one) share nothing.
    const fixed = () => new Request("http://localhost/", { headers: { "x-request-id": "req-123" } });
    expect(await oncePerRequest(fixed(), "x", load)).toBe(5);
    expect(await oncePerRequest(fixed(), "x", load)).toBe(6);
    // A request served from the visitor memo forgets its reads at once: asked again, they are read again.
    forgetRequest(get());
    expect(await oncePerRequest(get(), "x", load)).toBe(7);
    expect(await oncePerRequest(get(), "x", load)).toBe(7);
  });

  it("forgets a request's reads once it is long over, oldest first", async () => {
    let n = 0;
    const load = async () => ++n;
    const req = (id: string) => new Request("http://localhost/", { headers: { "x-request-id": id } });
    const first = randomUUID();
    const second = randomUUID();
    // An hour on: earlier tests' requests (some made under a clock they moved forward) are all over.
    const now = Date.now() + 3_600_000;
    vi.spyOn(Date, "now").mockReturnValue(now);
    expect(await oncePerRequest(req(first), "x", load)).toBe(1);
    vi.spyOn(Date, "now").mockReturnValue(now + 6_000);
    expect(await oncePerRequest(req(second), "x", load)).toBe(2);
    // 11 s after the first: a new request drops the first (past 10 s) and keeps the second.
    vi.spyOn(Date, "now").mockReturnValue(now + 11_000);
    expect(await oncePerRequest(req(randomUUID()), "x", load)).toBe(3);
    expect(await oncePerRequest(req(second), "x", load)).toBe(2);
    expect(await oncePerRequest(req(first), "x", load)).toBe(4);
    vi.restoreAllMocks();
  });
});
