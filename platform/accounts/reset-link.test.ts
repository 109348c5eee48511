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
});
