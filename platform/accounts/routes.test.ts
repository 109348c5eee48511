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
    expect(r.body.error.fields.password).toEqual({ kind: "pattern", patternId: "ANY", min: 8, max: 64 });
    const common = await registerUser({ username: fresh(), password: "Password123", confirmPassword: "Password123" });
    expect(common.body.error.fields).toEqual({ password: { kind: "common" } });
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

describe("passwords, members made by the operator, free play", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const headers = { "x-site-host": "localhost", "x-client-ip": "198.51.100.77" };
  const op = (body: unknown) => p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: body });
  const loginAs = (body: Record<string, unknown>) => p.call("/wps/session/login", { method: "POST", headers, json: body });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  it("forces a change of a default password; that session may skip the old one; other sessions end", async () => {
    expect((await op({ account: "defaultpw1", password: "changeme1", mustChangePassword: true })).status).toBe(201);
    const first = await loginAs({ username: "defaultpw1", password: "changeme1" });
    expect(first.body.value.passwordExpired).toBe(true);
    const second = await loginAs({ username: "defaultpw1", password: "changeme1" });
    const token = first.body.value.token as string;
    expect((await p.call("/wps/member/info", { headers: auth(token) })).body.value.passwordExpired).toBe(true);

    const weak = await p.call("/wps/member/password", { method: "PUT", headers: auth(token), json: { newPassword: "short", confirmNewPassword: "short" } });
    expect(weak.body.error.fields.newPassword).toMatchObject({ kind: "pattern" });
    const same = await p.call("/wps/member/password", { method: "PUT", headers: auth(token), json: { newPassword: "changeme1", confirmNewPassword: "changeme1" } });
    expect(same.body.error.fields.newPassword).toEqual({ kind: "same" });
    const ok = await p.call("/wps/member/password", { method: "PUT", headers: auth(token), json: { newPassword: "newpass123", confirmNewPassword: "newpass123" } });
    expect(ok.status).toBe(200);
    expect((await p.call("/wps/member/info", { headers: auth(token) })).body.value.passwordExpired).toBe(false);
    expect((await p.call("/wps/member/info", { headers: auth(second.body.value.token) })).status).toBe(401);
    expect((await loginAs({ username: "defaultpw1", password: "newpass123" })).body.value.passwordExpired).toBe(false);
  });

  it("needs the old password in an ordinary session, and it must be right", async () => {
    await op({ account: "ordinary1", password: "secret123" });
    const token = (await loginAs({ username: "ordinary1", password: "secret123" })).body.value.token as string;
    const missing = await p.call("/wps/member/password", { method: "PUT", headers: auth(token), json: { newPassword: "secret456", confirmNewPassword: "secret456" } });
    expect(missing.body.error.fields.oldPassword).toEqual({ kind: "required" });
    const wrong = await p.call("/wps/member/password", { method: "PUT", headers: auth(token), json: { oldPassword: "nope", newPassword: "secret456", confirmNewPassword: "secret456" } });
    expect(wrong.body.error.fields.oldPassword).toEqual({ kind: "wrong" });
    const ok = await p.call("/wps/member/password", { method: "PUT", headers: auth(token), json: { oldPassword: "secret123", newPassword: "secret456", confirmNewPassword: "secret456" } });
    expect(ok.status).toBe(200);
  });

  it("lets agents, and only agents, log in from the agent page", async () => {
    await op({ account: "agentone", password: "secret123", type: 1 });
    const agent = await loginAs({ username: "agentone", password: "secret123", agent: true });
    expect(agent.status).toBe(200);
    expect((await p.call("/wps/member/info", { headers: auth(agent.body.value.token) })).body.value.isAgent).toBe(true);
  });

  it("refuses duplicate and malformed operator-made members", async () => {
    expect((await op({ account: "agentone", password: "secret123" })).status).toBe(409);
    expect((await op({ account: "1x", password: "s" })).status).toBe(400);
  });

  it("free play makes a trial member who cannot change a password", async () => {
    const r = await p.call("/wps/session/freeplay", { method: "POST", headers, json: { os: "web", platform: "W" } });
    expect(r.status).toBe(200);
    const token = r.body.value.token as string;
    const info = await p.call("/wps/member/info", { headers: auth(token) });
    expect(info.body.value).toMatchObject({ isTrial: true, type: 4 });
    const change = await p.call("/wps/member/password", { method: "PUT", headers: auth(token), json: { newPassword: "secret456", confirmNewPassword: "secret456" } });
    expect(change.status).toBe(403);
    expect(change.body.error.code).toBe("in_need_true_account");
  });
});

describe("NUL characters", () => {
  it("are refused with 400 everywhere input reaches the database", async () => {
    const p = await createTestPlatform();
    try {
      const headers = { "x-site-host": "localhost", "x-client-ip": "198.51.100.200" };
      const login = await p.call("/wps/session/login", { method: "POST", headers, json: { username: "\u0000", password: "\u0000" } });
      expect(login.status).toBe(400);
      const reg = await p.call("/wps/member/register", { method: "PUT", headers, json: { user: { username: "ab\u0000cdef", password: "x", confirmPassword: "x" } } });
      expect(reg.status).toBe(400);
      const list = await p.call("/lgw/games/list?gameName=%00", { headers });
      expect(list.status).toBe(400);
      const sms = await p.call("/wps/sms/login", { method: "POST", headers, json: { mobileNum: "0912\u0000" } });
      expect(sms.status).toBe(400);
    } finally {
      await p.cleanup();
    }
  });
});

describe("language update", () => {
  it("stores a member's language and refuses nonsense", async () => {
    const p = await createTestPlatform();
    try {
      await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "langer", password: "secret123" } });
      const login = await p.call("/wps/session/login", { method: "POST", headers: { "x-site-host": "localhost", "x-client-ip": "1.2.3.4" }, json: { username: "langer", password: "secret123" } });
      const auth = { authorization: `Bearer ${login.body.value.token}` };
      expect((await p.call("/wps/member/language", { method: "PUT", headers: auth, json: { language: "CN" } })).status).toBe(200);
      expect((await p.call("/wps/member/language", { method: "PUT", headers: auth, json: { language: "<x>" } })).status).toBe(400);
      expect((await p.call("/wps/member/language", { method: "PUT", json: { language: "EN" } })).status).toBe(401);
    } finally {
      await p.cleanup();
    }
  });
});
