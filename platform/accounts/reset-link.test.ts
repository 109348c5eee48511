import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("reset link status and message language", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const headers = { "x-site-host": "localhost", "x-client-ip": "198.51.100.91" };

  it("tells a valid, a used and an unknown link apart before any form, and mails in the reader's language", async () => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "linkstate", password: "secret123", email: "state@example.com" } });
    const sent = await p.call("/wps/member/forgot", {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded", "x-site-origin": "https://casino.example", "accept-language": "ar" },
      body: "username=linkstate&email=state%40example.com",
    });
    expect(sent.status).toBe(200);
    const mail = await p.call("/operator/v1/merchants/DEMO/outbox?recipient=state%40example.com", { operator: true });
    const body = mail.body.messages[0].body as string;
    expect(body).toMatch(/كلمة المرور/);
    const token = body.match(/resetPassword\?token=([\w-]+)/)![1];
    const status = async (t: string) => (await p.call("/wps/member/password/reset/status", { method: "POST", headers, json: { token: t } })).body.value.status;
    expect(await status(token!)).toBe("valid");
    expect(await status("no-such-token")).toBe("unknown");
    const done = await p.call("/wps/member/password/reset", { method: "PUT", headers, json: { token, newPassword: "newmail123" } });
    expect(done.status).toBe(200);
    expect(await status(token!)).toBe("used");
  });

  it("sends SMS codes in the reader's language, else the site's default (Spanish on the demo brand)", async () => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "smslang", password: "secret123", mobileNum: "0911111222" } });
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "smslang2", password: "secret123", mobileNum: "0911111333" } });
    await p.call("/wps/sms/login", { method: "POST", headers: { ...headers, "accept-language": "vi" }, json: { mobileNum: "0911111222", countryDialingCode: "63" } });
    await p.call("/wps/sms/login", { method: "POST", headers, json: { mobileNum: "0911111333", countryDialingCode: "63" } });
    const last = async (r: string) => (await p.call(`/operator/v1/merchants/DEMO/outbox?recipient=${encodeURIComponent(r)}`, { operator: true })).body.messages[0].body as string;
    expect(await last("+63-0911111222")).toMatch(/^Mã xác minh của bạn là \d{6}/);
    expect(await last("+63-0911111333")).toMatch(/^Tu código de verificación es \d{6}/);
  });

  const outboxOf = async (merchant: string, recipient: string) =>
    (await p.call(`/operator/v1/merchants/${merchant}/outbox?recipient=${encodeURIComponent(recipient)}`, { operator: true })).body.messages[0] as { channel: string; subject: string | null; body: string };
  const chooseLanguage = async (account: string, language: string, from = headers) => {
    const login = await p.call("/wps/session/login", { method: "POST", headers: from, json: { username: account, password: "secret123" } });
    const auth = { ...from, authorization: `Bearer ${login.body.value.token}` };
    expect((await p.call("/wps/member/language", { method: "PUT", headers: auth, json: { language } })).status).toBe(200);
  };

  it("writes to a member in the language they chose, whatever language the request names", async () => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "thaimember", password: "secret123", email: "thai@example.com", mobileNum: "0911111444" } });
    await chooseLanguage("thaimember", "TH");
    await p.call("/wps/member/forgot", {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded", "x-site-origin": "https://casino.example", "accept-language": "en" },
      body: "username=thaimember&email=thai%40example.com",
    });
    const mail = await outboxOf("DEMO", "thai@example.com");
    expect(mail.subject).toBe("รีเซ็ตรหัสผ่านของคุณ");
    expect(mail.body).toMatch(/^รีเซ็ตรหัสผ่านของคุณ: https?:\/\/[^ ]+\/resetPassword\?token=[\w-]+ \(ใช้ได้ 30 นาที\)/);

    await p.call("/wps/sms/login", { method: "POST", headers: { ...headers, "accept-language": "vi" }, json: { mobileNum: "0911111444", countryDialingCode: "63" } });
    const sms = await outboxOf("DEMO", "+63-0911111444");
    expect(sms.channel).toBe("sms");
    expect(sms.subject).toBeNull();
    expect(sms.body).toMatch(/^รหัสยืนยันของคุณคือ \d{6}/);
  });

  it("sends a login's second-factor code in the member's language, else the request's, else the site's default", async () => {
    const from = (ip: string) => ({ "x-site-host": "langs.test", "x-client-ip": ip });
    await p.call("/operator/v1/merchants/LANGS", { method: "PUT", operator: true, json: { name: "Langs", currency: "USD", domains: ["langs.test"] } });
    await p.call("/operator/v1/merchants/LANGS/settings", { method: "PUT", operator: true, json: { unknownIpFactors: ["EMAIL"] } });
    const login = (account: string, ip: string, language?: string) =>
      p.call("/wps/session/login", { method: "POST", headers: { ...from(ip), ...(language ? { "accept-language": language } : {}) }, json: { username: account, password: "secret123" } });
    for (const account of ["twofa1", "twofa2", "twofa3"]) {
      await p.call("/operator/v1/merchants/LANGS/members", { method: "POST", operator: true, json: { account, password: "secret123", email: `${account}@example.com` } });
      expect((await login(account, "198.51.100.50")).status).toBe(200);
    }
    await chooseLanguage("twofa1", "CN", from("198.51.100.50"));

    expect((await login("twofa1", "203.0.113.51", "fr")).body.error.code).toBe("VERIFICATION_REQUIRED");
    const chosen = await outboxOf("LANGS", "twofa1@example.com");
    expect(chosen.subject).toBe("您的验证码");
    expect(chosen.body).toMatch(/^您的验证码是 \d{6}/);

    expect((await login("twofa2", "203.0.113.52", "fr-CA")).body.error.code).toBe("VERIFICATION_REQUIRED");
    expect((await outboxOf("LANGS", "twofa2@example.com")).body).toMatch(/^Votre code de vérification est \d{6}/);

    // No stored language and none in the request: the site's default (Spanish unless set), not English.
    expect((await login("twofa3", "203.0.113.53")).body.error.code).toBe("VERIFICATION_REQUIRED");
    const fallback = await outboxOf("LANGS", "twofa3@example.com");
    expect(fallback.subject).toBe("Tu código de verificación");
    expect(fallback.body).toMatch(/^Tu código de verificación es \d{6}/);
  });
});
