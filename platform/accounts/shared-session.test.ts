import { createTestPlatform } from "../testing/db.js";
import { requestCounts, type RequestCounts } from "../http/request-counts.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/**
 * Issue 15: a member's page makes several platform calls at once with one session token and the web
 * request's id (routes.ts, sessionOf). The GET calls of one request id read the session once; a call
 * of another method forgets it, so what an action changed is seen by the calls after it.
 */
describe("the session read shared by one web request's calls", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const PASSWORD = "Secret12345678";
  const visitor = { "x-site-host": "localhost", "x-client-ip": "198.51.100.40", "x-client-user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile" };
  const as = (token: string, requestId: string) => ({ ...visitor, authorization: `Bearer ${token}`, "x-request-id": requestId });

  async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
    const counts: RequestCounts = { calls: 0, statements: 0 };
    const value = await requestCounts.run(counts, fn);
    return { value, statements: counts.statements };
  }

  async function newMember(): Promise<string> {
    const account = `shs${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 100)}`;
    const reg = await p.call("/wps/member/register", { method: "PUT", headers: visitor, json: { user: { username: account, password: PASSWORD, confirmPassword: PASSWORD } } });
    expect(reg.status).toBe(200);
    return reg.body.value.token as string;
  }

  it("reads the session once for the GET calls of one request id, once per call otherwise", async () => {
    const token = await newMember();
    const info = (requestId: string) => p.call("/wps/member/info", { headers: as(token, requestId) });
    // Warm: the session's first use writes its address and browser once.
    expect((await info("warm-up")).status).toBe(200);

    const shared = await counted(() => Promise.all([info("page-1"), info("page-1"), info("page-1")]));
    expect(shared.value.map((r) => r.status)).toEqual([200, 200, 200]);
    const apart = await counted(() => Promise.all([info("page-2"), info("page-3"), info("page-4")]));
    expect(apart.value.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(shared.statements).toBe(1);
    expect(apart.statements).toBe(3);
    // A call after the others of its request, not at the same moment, shares the read too.
    expect((await counted(() => info("page-1"))).statements).toBe(0);
  });

  it("forgets the read on a call of another method: a logout is seen by the same request's next call", async () => {
    const token = await newMember();
    expect((await p.call("/wps/member/info", { headers: as(token, "action-1") })).status).toBe(200);
    expect((await p.call("/wps/session/logout", { method: "DELETE", headers: as(token, "action-1") })).status).toBe(200);
    expect((await p.call("/wps/member/info", { headers: as(token, "action-1") })).status).toBe(401);
  });

  it("shares nothing between tokens that carry the same request id", async () => {
    const [a, b] = [await newMember(), await newMember()];
    const [ra, rb] = await Promise.all([p.call("/wps/member/info", { headers: as(a, "same-id") }), p.call("/wps/member/info", { headers: as(b, "same-id") })]);
    expect(ra.body.value.account).not.toBe(rb.body.value.account);
    expect((await p.call("/wps/member/info", { headers: as("not-a-token", "same-id") })).status).toBe(401);
  });
});
