import { createTestPlatform } from "../testing/db.js";
import { eq } from "drizzle-orm";
import { createKnownCaptcha } from "./captcha.js";
import { members } from "./schema.js";
import { IP_CAPTCHA_AFTER } from "./service.js";
import { currentTotp } from "./two-factor.js";

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
  const loginState = async (ip: string) => {
    const state = (await p.call("/wps/session/login-state", { headers: ipHeaders(ip) })).body.value.captchaRequired as boolean;
    // The permission answer carries the same for the address: a visitor's page asks for it alone.
    expect((await p.call("/wps/system/permission", { headers: ipHeaders(ip) })).body.value.login).toEqual({ captchaRequired: state });
    return state;
  };

  it("NAT: five failures for one name lock that name only; another account logs in from the same address, no captcha", async () => {
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
    // Five failures are far below the address's ceiling: nobody else behind it is asked for anything.
    expect(await loginState(ip)).toBe(false);
    // The attacked account is locked, even with its right password.
    const id = await createKnownCaptcha(p.handle.db, "4321");
    expect((await loginAs({ username: victim, password: PASSWORD, captcha: "4321", captchaId: id }, ip)).status).toBe(429);
    // Another player behind the same NAT logs in as usual.
    const ok = await loginAs({ username: other, password: PASSWORD }, ip);
    expect(ok.status).toBe(200);
  });

  it(`per address only a ceiling: ${IP_CAPTCHA_AFTER} failures turn the captcha on for it, never a lockout of other accounts`, async () => {
    const other = fresh();
    await registerUser(other);
    const ip = "203.0.113.144";
    for (let i = 0; i < IP_CAPTCHA_AFTER - 1; i++) await loginAs({ username: `nobody${i}x${n}`, password: "wrong-password" }, ip);
    expect(await loginState(ip)).toBe(false);
    await loginAs({ username: `nobody-last${n}`, password: "wrong-password" }, ip);
    expect(await loginState(ip)).toBe(true);
    expect(await loginState("203.0.113.145")).toBe(false);
    const noCaptcha = await loginAs({ username: other, password: PASSWORD }, ip);
    expect(noCaptcha.body.error.code).toBe("CAPTCHA_REQUIRED");
    const id = await createKnownCaptcha(p.handle.db, "5678");
    expect((await loginAs({ username: other, password: PASSWORD, captcha: "5678", captchaId: id }, ip)).status).toBe(200);
  });

  it("one failure of an account asks for its captcha from any address (spec §4), without turning it on for the address", async () => {
    const name = fresh();
    await registerUser(name);
    expect((await loginAs({ username: name, password: "wrong-password" }, "203.0.113.146")).body.error).toMatchObject({ code: "INVALID_CREDENTIALS", captchaRequired: true });
    expect(await loginState("203.0.113.146")).toBe(false);
    const elsewhere = await loginAs({ username: name, password: PASSWORD }, "203.0.113.147");
    expect(elsewhere.body.error).toMatchObject({ code: "CAPTCHA_REQUIRED", captchaRequired: true });
    const id = await createKnownCaptcha(p.handle.db, "2468");
    expect((await loginAs({ username: name, password: PASSWORD, captcha: "2468", captchaId: id }, "203.0.113.147")).status).toBe(200);
    // The success cleared the account's count: a login from elsewhere needs no captcha; the
    // address of the failure keeps its pair's count (and so its captcha) until its window ends.
    expect((await loginAs({ username: name, password: PASSWORD }, "203.0.113.147")).status).toBe(200);
    expect((await loginAs({ username: name, password: PASSWORD }, "203.0.113.146")).body.error.code).toBe("CAPTCHA_REQUIRED");
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

  const forgot = (username: string, email: string, ip: string, origin = "http://evil.example") =>
    p.call("/wps/member/forgot", {
      method: "POST",
      headers: { ...ipHeaders(ip), host: "evil.example", "x-site-host": "evil.example", "x-site-origin": origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, email }).toString(),
    });
  const lastLink = async (email: string) => {
    const mail = await p.call(`/operator/v1/merchants/DEMO/outbox?recipient=${encodeURIComponent(email)}`, { operator: true });
    return mail.body.messages[0].body.match(/(\S+)\/resetPassword\?token=([\w-]+)/) as RegExpMatchArray;
  };
  const resetWith = (token: string, newPassword: string) =>
    p.call("/wps/member/password/reset", { method: "PUT", headers: ipHeaders("198.51.100.78"), json: { token, newPassword } });

  it("reset links: the operator's domain, never the Host; one live link; no login; other sessions end", async () => {
    const name = fresh();
    const email = `${name}@example.com`;
    await registerUser(name, { email });
    const session = (await loginAs({ username: name, password: PASSWORD }, "198.51.100.77")).body.value.token as string;
    expect((await forgot(name, email, "198.51.100.80")).status).toBe(200);
    const first = await lastLink(email);
    expect(first[1]).not.toContain("evil");
    expect(first[1]).toBe("http://localhost");
    expect((await forgot(name, email, "198.51.100.80", "http://localhost:3000")).status).toBe(200);
    const second = await lastLink(email);
    expect(second[1]).toBe("http://localhost:3000");
    // The older link died when the newer one was sent.
    expect((await resetWith(first[2]!, "Anotherpass2026")).body.error.code).toBe("RESET_LINK_INVALID");
    const done = await resetWith(second[2]!, "Anotherpass2026");
    expect(done.status).toBe(200);
    expect(done.body.value).toEqual({ reset: true, account: name });
    expect(done.body.value.token).toBeUndefined();
    const info = await p.call("/wps/member/info", { headers: { authorization: `Bearer ${session}` } });
    expect(info.status).toBe(401);
  });

  it("limits reset links per member and per address", async () => {
    const name = fresh();
    const email = `${name}@example.com`;
    await registerUser(name, { email });
    for (let i = 0; i < 5; i++) expect((await forgot(name, email, `198.51.101.${i}`)).status).toBe(200);
    const sixth = await forgot(name, email, "198.51.101.99");
    expect(sixth.status).toBe(429);
    // Per address: 20 asks for anyone, then refused.
    const ip = "198.51.102.1";
    for (let i = 0; i < 20; i++) await forgot(`nobody${i}`, "x@example.com", ip);
    expect((await forgot("nobody", "x@example.com", ip)).status).toBe(429);
  });

  it("second-factor codes: 10 wrong across challenges lock the member, even with the right code; the secret is encrypted at rest", async () => {
    const name = fresh();
    await registerUser(name);
    const first = await loginAs({ username: name, password: PASSWORD }, "198.51.100.90");
    const auth = { authorization: `Bearer ${first.body.value.token}` };
    const setup = await p.call("/wps/member/totp/setup", { method: "POST", headers: { ...ipHeaders("198.51.100.90"), ...auth } });
    const secret = setup.body.value.secret as string;
    const [row] = await p.handle.db.select().from(members).where(eq(members.account, name));
    expect(row!.totpSecret).toMatch(/^enc1:/);
    expect(row!.totpSecret).not.toContain(secret);
    expect((await p.call("/wps/member/totp/enable", { method: "POST", headers: auth, json: { code: currentTotp(secret) } })).status).toBe(200);
    await p.handle.db.update(members).set({ totpLastStep: null }).where(eq(members.account, name));
    const wrongCode = () => (currentTotp(secret) === "000000" ? "111111" : "000000");
    let wrong = 0;
    for (let c = 0; c < 3 && wrong < 10; c++) {
      const ip = `198.51.103.${c}`;
      const id = await createKnownCaptcha(p.handle.db, "9999");
      const challenged = await loginAs({ username: name, password: PASSWORD, captcha: "9999", captchaId: id }, ip);
      expect(challenged.body.error.code).toBe("VERIFICATION_REQUIRED");
      for (let i = 0; i < 4 && wrong < 10; i++, wrong++) {
        const r = await p.call("/wps/session/verify", { method: "POST", headers: ipHeaders(ip), json: { challenge: challenged.body.error.challenge, code: wrongCode() } });
        expect(r.body.error.code).toBe("CODE_INVALID");
      }
    }
    const challenged = await loginAs({ username: name, password: PASSWORD }, "198.51.103.50");
    const locked = await p.call("/wps/session/verify", { method: "POST", headers: ipHeaders("198.51.103.50"), json: { challenge: challenged.body.error.challenge, code: currentTotp(secret) } });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe("CODE_LOCKED");
    expect(locked.body.error.message).toMatch(/15 minutes/);
  });

  it("a TOTP seed still stored in clear works once more and is sealed at that first use", async () => {
    const name = fresh();
    await registerUser(name);
    const first = await loginAs({ username: name, password: PASSWORD }, "198.51.100.91");
    const auth = { authorization: `Bearer ${first.body.value.token}` };
    const secret = (await p.call("/wps/member/totp/setup", { method: "POST", headers: { ...ipHeaders("198.51.100.91"), ...auth } })).body.value.secret as string;
    expect((await p.call("/wps/member/totp/enable", { method: "POST", headers: auth, json: { code: currentTotp(secret) } })).status).toBe(200);
    // As an older version left it: in clear.
    await p.handle.db.update(members).set({ totpSecret: secret, totpLastStep: null }).where(eq(members.account, name));
    const challenged = await loginAs({ username: name, password: PASSWORD }, "198.51.100.92");
    expect(challenged.body.error).toMatchObject({ code: "VERIFICATION_REQUIRED", factor: "TOTP" });
    const ok = await p.call("/wps/session/verify", { method: "POST", headers: ipHeaders("198.51.100.92"), json: { challenge: challenged.body.error.challenge, code: currentTotp(secret) } });
    expect(ok.status).toBe(200);
    const [row] = await p.handle.db.select().from(members).where(eq(members.account, name));
    expect(row!.totpSecret).toMatch(/^enc1:/);
  });

  it("throttles the current-password check, registrations and trial accounts per address", async () => {
    const name = fresh();
    await registerUser(name);
    const token = (await loginAs({ username: name, password: PASSWORD }, "198.51.100.77")).body.value.token as string;
    const change = (oldPassword: string) =>
      p.call("/wps/member/password", { method: "PUT", headers: { authorization: `Bearer ${token}` }, json: { oldPassword, newPassword: "Brandnewpass1", confirmNewPassword: "Brandnewpass1" } });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    expect((await change(PASSWORD)).status).toBe(429);

    const ip = "198.51.104.1";
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await p.call("/wps/member/register", { method: "PUT", headers: ipHeaders(ip), json: { user: { username: "taken", password: "x", confirmPassword: "x" } } });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
