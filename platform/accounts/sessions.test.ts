import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/** Issue 14 (ASVS 3.3.4): the member sees its live sessions and can end every other one. */
describe("sessions: list and log out the other devices", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const PASSWORD = "Secret12345678";
  const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
  const DESK = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";
  const visitor = (ip: string, ua: string) => ({ "x-site-host": "localhost", "x-client-ip": ip, "x-client-user-agent": ua });
  const as = (token: string, ip: string, ua: string) => ({ ...visitor(ip, ua), authorization: `Bearer ${token}` });

  it("lists each live session with its browser, address and last use, marks the asking one, and ends the others", async () => {
    const account = `sess${Date.now().toString(36).slice(-6)}`;
    const reg = await p.call("/wps/member/register", { method: "PUT", headers: visitor("198.51.100.20", PHONE), json: { user: { username: account, password: PASSWORD, confirmPassword: PASSWORD } } });
    const phone = reg.body.value.token as string;
    const desk = (await p.call("/wps/session/login", { method: "POST", headers: visitor("198.51.100.20", DESK), json: { username: account, password: PASSWORD } })).body.value.token as string;
    // The phone is used again from another network: its row follows.
    expect((await p.call("/wps/member/info", { headers: as(phone, "203.0.113.30", PHONE) })).status).toBe(200);

    const listed = await p.call("/wps/member/sessions", { headers: as(desk, "198.51.100.20", DESK) });
    expect(listed.status).toBe(200);
    const sessions = listed.body.value.sessions as { id: number; current: boolean; ip: string; userAgent: string; lastSeenAt: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ userAgent: DESK, ip: "198.51.100.20" });
    expect(sessions.find((s) => !s.current)).toMatchObject({ userAgent: PHONE, ip: "203.0.113.30" });
    expect(JSON.stringify(listed.body)).not.toMatch(/token/i);

    const revoked = await p.call("/wps/member/sessions/revoke-others", { method: "POST", headers: as(desk, "198.51.100.20", DESK) });
    expect(revoked.body.value).toEqual({ revoked: 1 });
    expect((await p.call("/wps/member/info", { headers: as(phone, "203.0.113.30", PHONE) })).status).toBe(401);
    expect((await p.call("/wps/member/info", { headers: as(desk, "198.51.100.20", DESK) })).status).toBe(200);
    const after = await p.call("/wps/member/sessions", { headers: as(desk, "198.51.100.20", DESK) });
    expect(after.body.value.sessions).toHaveLength(1);
    // Again: nothing left to end.
    expect((await p.call("/wps/member/sessions/revoke-others", { method: "POST", headers: as(desk, "198.51.100.20", DESK) })).body.value).toEqual({ revoked: 0 });
  });

  it("answers without a session with 401, never a 500", async () => {
    expect((await p.call("/wps/member/sessions")).status).toBe(401);
    expect((await p.call("/wps/member/sessions", { headers: { authorization: "Bearer nope" } })).status).toBe(401);
    expect((await p.call("/wps/member/sessions/revoke-others", { method: "POST", headers: { authorization: `Bearer ${"x".repeat(500)}` } })).status).toBe(401);
  });
});
