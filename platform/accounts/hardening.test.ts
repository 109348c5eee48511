import { createTestPlatform } from "../testing/db.js";
import { createKnownCaptcha } from "./captcha.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/** Issue 14: brute-force limits that never lock other players out, recovery and second factors. */
describe("hardening: accounts", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  let n = 0;
  const PASSWORD = "Secret12345678";
  const ipHeaders = (ip: string) => ({ "x-site-host": "localhost", "x-client-ip": ip });
  const fresh = () => `hard${Date.now().toString(36).slice(-4)}${n++}`;
  const registerUser = async (username: string, extra: Record<string, string> = {}) => {
    const r = await p.call("/wps/member/register", {
      method: "PUT",
      headers: ipHeaders("198.51.100.77"),
      json: { user: { username, password: PASSWORD, confirmPassword: PASSWORD, ...extra } },
    });
    expect(r.status).toBe(200);
    return r;
  };
  const loginAs = (body: Record<string, unknown>, ip: string) => p.call("/wps/session/login", { method: "POST", headers: ipHeaders(ip), json: body });
  const loginState = async (ip: string) => (await p.call("/wps/session/login-state", { headers: ipHeaders(ip) })).body.value.captchaRequired as boolean;

  it("NAT: five failures for one name lock that name only; another account logs in from the same address with a captcha", async () => {
    const victim = fresh();
    const other = fresh();
    await registerUser(victim);
    await registerUser(other);
    const ip = "203.0.113.141";
    expect(await loginState(ip)).toBe(false);
    for (let i = 0; i < 5; i++) {
      const id = await createKnownCaptcha(p.handle.db, "1234");
      const r = await loginAs({ username: victim, password: `wrong-${i}`, captcha: "1234", captchaId: id }, ip);
      expect(r.body.error.code).toBe("INVALID_CREDENTIALS");
    }
    // The address now needs a captcha, and the platform says so before anyone posts.
    expect(await loginState(ip)).toBe(true);
    expect(await loginState("203.0.113.142")).toBe(false);
    // The attacked account is locked, even with its right password.
    const id = await createKnownCaptcha(p.handle.db, "4321");
    expect((await loginAs({ username: victim, password: PASSWORD, captcha: "4321", captchaId: id }, ip)).status).toBe(429);
    // Another player behind the same NAT: a captcha, no lockout.
    const noCaptcha = await loginAs({ username: other, password: PASSWORD }, ip);
    expect(noCaptcha.body.error.code).toBe("CAPTCHA_REQUIRED");
    const id2 = await createKnownCaptcha(p.handle.db, "5678");
    const ok = await loginAs({ username: other, password: PASSWORD, captcha: "5678", captchaId: id2 }, ip);
    expect(ok.status).toBe(200);
  });

  it("a success clears the account's and the pair's counters", async () => {
    const name = fresh();
    await registerUser(name);
    const ip = "203.0.113.143";
    for (let i = 0; i < 4; i++) {
      const id = await createKnownCaptcha(p.handle.db, "1111");
      await loginAs({ username: name, password: "nope", captcha: "1111", captchaId: id }, ip);
    }
    const id = await createKnownCaptcha(p.handle.db, "2222");
    expect((await loginAs({ username: name, password: PASSWORD, captcha: "2222", captchaId: id }, ip)).status).toBe(200);
    // Four more failures do not lock: the count started again at the success.
    for (let i = 0; i < 4; i++) {
      const id = await createKnownCaptcha(p.handle.db, "1111");
      await loginAs({ username: name, password: "nope", captcha: "1111", captchaId: id }, ip);
    }
    const id3 = await createKnownCaptcha(p.handle.db, "3333");
    expect((await loginAs({ username: name, password: PASSWORD, captcha: "3333", captchaId: id3 }, ip)).status).toBe(200);
  });
});
