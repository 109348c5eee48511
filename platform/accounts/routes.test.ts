import { eq } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { createKnownCaptcha } from "./captcha.js";
import { members } from "./schema.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("accounts", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  let n = 0;
  const ipHeaders = (ip: string) => ({ "x-site-host": "localhost", "x-client-ip": ip });
  const fresh = () => `player${Date.now().toString(36).slice(-4)}${n++}`;
  const registerUser = (user: Record<string, string>, ip = "198.51.100.10") =>
    p.call("/wps/member/register", { method: "PUT", headers: ipHeaders(ip), json: { user, login: true } });
  const loginAs = (body: Record<string, unknown>, ip: string) =>
    p.call("/wps/session/login", { method: "POST", headers: ipHeaders(ip), json: body });

  it("registers, logs in, reads member info and logs out", async () => {
    const username = fresh();
    const reg = await registerUser({ username, password: "secret123", confirmPassword: "secret123" });
    expect(reg.status).toBe(200);
    expect(reg.body.value).toEqual({ token: expect.any(String), firstTimeLogin: true, passwordExpired: false });

    const login = await loginAs({ username: `  ${username.toUpperCase()} `, password: "secret123", remember: true }, "198.51.100.11");
    expect(login.status).toBe(200);
    const token = login.body.value.token as string;
    const info = await p.call("/wps/member/info", { headers: { authorization: `Bearer ${token}` } });
    expect(info.body.value).toMatchObject({ account: username, isAgent: false, isTrial: false, type: 0 });

    await p.call("/wps/session/logout", { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    const after = await p.call("/wps/member/info", { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("NOT_LOGGED_IN");
  });

  it("stores only an argon2id hash of the password and a hash of the token", async () => {
    const username = fresh();
    await registerUser({ username, password: "secret123", confirmPassword: "secret123" });
    const [m] = await p.handle.db.select().from(members).where(eq(members.account, username));
    expect(m?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(m?.passwordHash).not.toContain("secret123");
  });

  it("asks for a captcha after a wrong password, and locks for 5 minutes after five failures", async () => {
    const username = fresh();
    const ip = `203.0.113.${10 + n}`;
    await registerUser({ username, password: "secret123", confirmPassword: "secret123" });
    const wrong = await loginAs({ username, password: "nope12345" }, ip);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: "INVALID_CREDENTIALS", captchaRequired: true });

    const noCaptcha = await loginAs({ username, password: "secret123" }, ip);
    expect(noCaptcha.body.error.code).toBe("CAPTCHA_REQUIRED");

    const captchaId = await createKnownCaptcha(p.handle.db, "4321");
    const badCaptcha = await loginAs({ username, password: "secret123", captcha: "0000", captchaId }, ip);
    expect(badCaptcha.body.error.code).toBe("CAPTCHA_INVALID");
    // A captcha works once only.
    expect((await loginAs({ username, password: "secret123", captcha: "4321", captchaId }, ip)).body.error.code).toBe("CAPTCHA_INVALID");

    for (let i = 0; i < 3; i++) {
      const id = await createKnownCaptcha(p.handle.db, "1111");
      await loginAs({ username, password: "wrong", captcha: "1111", captchaId: id }, ip);
    }
    const id = await createKnownCaptcha(p.handle.db, "2222");
    const locked = await loginAs({ username, password: "secret123", captcha: "2222", captchaId: id }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe("TOO_MANY_REQUESTS");
  });

  it("a right captcha and password after a failure logs in", async () => {
    const username = fresh();
    const ip = "203.0.113.200";
    await registerUser({ username, password: "secret123", confirmPassword: "secret123" });
    await loginAs({ username, password: "bad" }, ip);
    const captchaId = await createKnownCaptcha(p.handle.db, "5555");
    const ok = await loginAs({ username, password: "secret123", captcha: "5555", captchaId }, ip);
    expect(ok.status).toBe(200);
  });

  it("refuses registrations field by field", async () => {
    const taken = fresh();
    await registerUser({ username: taken, password: "secret123", confirmPassword: "secret123" });
    const r = await registerUser({ username: "1bad", password: "short", confirmPassword: "x" });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("VALIDATION");
    expect(r.body.error.fields.username).toEqual({ kind: "pattern", patternId: "LETTER_FIRST_ALNUM", min: 6, max: 16 });
    expect(r.body.error.fields.password).toMatchObject({ kind: "pattern", patternId: "ALNUM_COMBINED" });
    const mismatch = await registerUser({ username: fresh(), password: "secret123", confirmPassword: "secret124" });
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: { kind: "mismatch" } });
    const dup = await registerUser({ username: taken.toUpperCase(), password: "secret123", confirmPassword: "secret123" });
    expect(dup.body.error.fields).toEqual({ username: { kind: "taken" } });
    const invite = await registerUser({ username: fresh(), password: "secret123", confirmPassword: "secret123", affiliateCode: "NOPE99" });
    expect(invite.body.error.fields).toEqual({ affiliateCode: { kind: "invitation" } });
  });

  it("links a registration to the upline whose code was used", async () => {
    const upline = fresh();
    const reg = await registerUser({ username: upline, password: "secret123", confirmPassword: "secret123" });
    const info = await p.call("/wps/member/info", { headers: { authorization: `Bearer ${reg.body.value.token}` } });
    const code = info.body.value.referralCode as string;
    expect((await p.call(`/wps/agent/affiliate?code=${code}`, { headers: ipHeaders("1.1.1.1") })).body.value.valid).toBe(true);
    const down = await registerUser({ username: fresh(), password: "secret123", confirmPassword: "secret123", referralCode: code });
    expect(down.status).toBe(200);
  });

  it("only one of two simultaneous registrations of a name succeeds", async () => {
    const username = fresh();
    const [a, b] = await Promise.all([
      registerUser({ username, password: "secret123", confirmPassword: "secret123" }),
      registerUser({ username, password: "secret123", confirmPassword: "secret123" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it("refuses trial accounts and non-agents on the agent page", async () => {
    const username = fresh();
    await registerUser({ username, password: "secret123", confirmPassword: "secret123" });
    const agentPage = await loginAs({ username, password: "secret123", agent: true }, "198.51.100.40");
    expect(agentPage.body.error.code).toBe("NOT_AGENT");
    await p.handle.db.update(members).set({ type: 4 }).where(eq(members.account, username));
    const trial = await loginAs({ username, password: "secret123" }, "198.51.100.41");
    expect(trial.body.error.code).toBe("NOT_MEMBER");
  });

  it("answers garbage with 400, never 500", async () => {
    for (const body of ["{", "[]", '{"username": 5}', JSON.stringify({ username: "x".repeat(500), password: "y" })]) {
      const r = await p.call("/wps/session/login", { method: "POST", headers: { ...ipHeaders("9.9.9.9"), "content-type": "application/json" }, body });
      expect(r.status, body).toBe(400);
    }
    const reg = await p.call("/wps/member/register", { method: "PUT", headers: { ...ipHeaders("9.9.9.9"), "content-type": "application/json" }, body: '{"user": {"username": 1}}' });
    expect(reg.status).toBe(400);
  });

  it("serves a captcha image and the registration settings", async () => {
    const c = await p.call("/wps/captcha");
    expect(c.body.value.value).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.body.value.value.split(",")[1], "base64").toString()).not.toMatch(/>\d</);
    const s = await p.call("/wps/system/setting/register", { headers: ipHeaders("1.1.1.1") });
    expect(s.body.value.modules).toContain("USERNAMEREG3");
    expect(s.body.value.fields.find((f: { field: string }) => f.field === "username")).toMatchObject({ patternId: "LETTER_FIRST_ALNUM", minLength: 6 });
  });
});
