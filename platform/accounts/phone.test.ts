import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("SMS codes, phone login and registration, password recovery", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const headers = { "x-site-host": "localhost", "x-client-ip": "198.51.100.90" };
  const post = (path: string, json: unknown) => p.call(path, { method: "POST", headers, json });
  const put = (path: string, json: unknown) => p.call(path, { method: "PUT", headers, json });
  const lastCode = async (recipient: string) => {
    const r = await p.call(`/operator/v1/merchants/DEMO/outbox?recipient=${encodeURIComponent(recipient)}`, { operator: true });
    const body = r.body.messages[0]?.body as string | undefined;
    return body?.match(/\b(\d{6})\b/)?.[1];
  };

  it("sends a 6-digit code once per countdown, and it logs the member in once", async () => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "phoneuser", password: "secret123", mobileNum: "0912345678" } });
    const sent = await post("/wps/sms/login", { mobileNum: "0912345678", countryDialingCode: "63" });
    expect(sent.status).toBe(200);
    expect(sent.body.value.expiredMinutes).toBe(1);
    const again = await post("/wps/sms/login", { mobileNum: "0912345678", countryDialingCode: "63" });
    expect(again.status).toBe(429);
    expect(again.body.error.resendAt).toBeDefined();
    const code = await lastCode("+63-0912345678");
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post("/wps/session/login", { type: "sms", mobileNum: "0912345678", countryDialingCode: "63", verificationCode: "000000" === code ? "111111" : "000000" });
    expect(wrong.body.error.code).toBe("CODE_INVALID");
    const ok = await post("/wps/session/login", { type: "sms", mobileNum: "0912345678", countryDialingCode: "63", verificationCode: code });
    expect(ok.status).toBe(200);
    expect(ok.body.value.passwordExpired).toBe(false);
    const reuse = await post("/wps/session/login", { type: "sms", mobileNum: "0912345678", countryDialingCode: "63", verificationCode: code });
    expect(reuse.body.error.code).toBe("CODE_EXPIRED");
  });

  it("answers the same for unknown numbers without sending anything", async () => {
    const r = await post("/wps/sms/login", { mobileNum: "0999000111", countryDialingCode: "63" });
    expect(r.status).toBe(200);
    expect(await lastCode("+63-0999000111")).toBeUndefined();
  });

  it.each([
    [{ countryDialingCode: "63" }, "PHONE_MISSING"],
    [{ mobileNum: "12ab", countryDialingCode: "63" }, "PHONE_FORMAT"],
    [{ mobileNum: "0912345678", countryDialingCode: "x1" }, "PHONE_FORMAT"],
  ])("refuses %j with %s", async (body, code) => {
    const r = await post("/wps/sms/login", body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
  });

  it("registers by mobile number with the registration code", async () => {
    await post("/wps/sms/register", { mobileNo: "0911111111", countryDialingCode: "63" });
    const code = await lastCode("+63-0911111111");
    const missing = await put("/wps/member/registerMobile", { user: { mobileNum: "0911111111", countryDialingCode: "63", password: "secret123", confirmPassword: "secret123" }, login: true });
    expect(missing.body.error.fields.verificationCode).toEqual({ kind: "CODE_MISSING" });
    const r = await put("/wps/member/registerMobile", {
      user: { mobileNum: "0911111111", countryDialingCode: "63", verificationCode: code, password: "secret123", confirmPassword: "secret123" },
      login: true,
    });
    expect(r.status).toBe(200);
    const info = await p.call("/wps/member/info", { headers: { authorization: `Bearer ${r.body.value.token}` } });
    expect(info.body.value.account).toBe("m0911111111");
    const dup = await put("/wps/member/registerMobile", { user: { mobileNum: "0911111111", countryDialingCode: "63", password: "secret123", confirmPassword: "secret123" }, login: true });
    expect(dup.body.error.fields.mobileNum).toEqual({ kind: "taken" });
  });

  it("resets a password by phone and logs in", async () => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "resetphone", password: "secret123", mobileNum: "0922222222" } });
    await post("/wps/sms/reset", { mobileNum: "0922222222", countryDialingCode: "63" });
    const code = await lastCode("+63-0922222222");
    const r = await put("/wps/member/password/phone", { mobileNum: "0922222222", countryDialingCode: "63", verificationCode: code, newPassword: "fresh1234" });
    expect(r.status).toBe(200);
    // From a new address: the member has a phone on file, so the login asks for a code sent to it.
    const login = await p.call("/wps/session/login", { method: "POST", headers: { ...headers, "x-client-ip": "198.51.100.91" }, json: { username: "resetphone", password: "fresh1234" } });
    expect(login.status).toBe(401);
    expect(login.body.error).toMatchObject({ code: "VERIFICATION_REQUIRED", factor: "MOBILE", challenge: expect.any(String) });
    const sms = await lastCode("+-0922222222");
    const verified = await p.call("/wps/session/verify", { method: "POST", headers: { ...headers, "x-client-ip": "198.51.100.91" }, json: { challenge: login.body.error.challenge, code: sms } });
    expect(verified.status).toBe(200);
    // That address is known now: no second step next time.
    const again = await p.call("/wps/session/login", { method: "POST", headers: { ...headers, "x-client-ip": "198.51.100.91" }, json: { username: "resetphone", password: "fresh1234" } });
    expect(again.status).toBe(200);
  });

  it("mails a one-time reset link when username and e-mail match", async () => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "resetmail", password: "secret123", email: "reset@example.com" } });
    const form = (body: string) => p.call("/wps/member/forgot", { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded", "x-site-origin": "https://casino.example" }, body });
    const wrong = await form("username=resetmail&email=other%40example.com");
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe("Username/Email does not exist");
    expect((await form("username=resetmail&email=RESET%40example.com")).status).toBe(200);
    const mail = await p.call("/operator/v1/merchants/DEMO/outbox?recipient=reset%40example.com", { operator: true });
    // The link is built from the operator's configured domains, never from what the request says (issue 14).
    const link = mail.body.messages[0].body.match(/http:\/\/localhost\/resetPassword\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const weak = await put("/wps/member/password/reset", { token: link[1], newPassword: "x" });
    expect(weak.body.error.fields.newPassword).toMatchObject({ kind: "pattern" });
    const ok = await put("/wps/member/password/reset", { token: link[1], newPassword: "newmail123" });
    expect(ok.status).toBe(200);
    const again = await put("/wps/member/password/reset", { token: link[1], newPassword: "newmail456" });
    expect(again.body.error.code).toBe("RESET_LINK_INVALID");
  });
});
