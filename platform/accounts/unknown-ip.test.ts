import { createTestPlatform } from "../testing/db.js";

describe("unknown-address login with the factors the operator chose", () => {
  let p: Awaited<ReturnType<typeof createTestPlatform>>;
  const from = (ip: string) => ({ "x-site-host": "factors.test", "x-client-ip": ip });
  const login = (account: string, ip: string) => p.call("/wps/session/login", { method: "POST", headers: from(ip), json: { username: account, password: "secret123" } });
  const verify = (challenge: string, code: string, ip: string) => p.call("/wps/session/verify", { method: "POST", headers: from(ip), json: { challenge, code } });
  const settings = (json: unknown) => p.call("/operator/v1/merchants/FACTORS/settings", { method: "PUT", operator: true, json });

  beforeAll(async () => {
    p = await createTestPlatform();
    await p.call("/operator/v1/merchants/FACTORS", { method: "PUT", operator: true, json: { name: "Factors", currency: "USD", domains: ["factors.test"] } });
  });
  afterAll(() => p.cleanup());

  it("asks for a code sent to the bound e-mail", async () => {
    expect((await settings({ unknownIpFactors: ["EMAIL"] })).body.settings.unknownIpFactors).toEqual(["EMAIL"]);
    await p.call("/operator/v1/merchants/FACTORS/members", { method: "POST", operator: true, json: { account: "mailer", password: "secret123", email: "Mailer@Example.com", mobileNum: "5550001111" } });
    expect((await login("mailer", "198.51.100.1")).status).toBe(200);
    const challenged = await login("mailer", "203.0.113.1");
    expect(challenged.body.error).toMatchObject({ code: "VERIFICATION_REQUIRED", factor: "EMAIL" });
    const outbox = await p.call("/operator/v1/merchants/FACTORS/outbox?recipient=mailer@example.com", { operator: true });
    const message = outbox.body.messages[0];
    expect(message.channel).toBe("email");
    const code = /(\d{6})/.exec(message.body)![1]!;
    expect((await verify(challenged.body.error.challenge, code === "000000" ? "111111" : "000000", "203.0.113.1")).body.error.code).toBe("CODE_INVALID");
    const ok = await verify(challenged.body.error.challenge, code, "203.0.113.1");
    expect(ok.status).toBe(200);
    expect(ok.body.value.token).toEqual(expect.any(String));
  });

  it("asks for the name on a bound bank account, and limits the guesses", async () => {
    await settings({ unknownIpFactors: ["BANK_NAME"] });
    await p.call("/operator/v1/merchants/FACTORS/members", { method: "POST", operator: true, json: { account: "banker", password: "secret123" } });
    const first = await login("banker", "198.51.100.2");
    const token = first.body.value.token;
    // No bank account yet: nothing to ask, so a new address is let in.
    expect((await login("banker", "203.0.113.2")).status).toBe(200);
    const bound = await p.call("/wps/member/bank-accounts", {
      method: "POST",
      headers: { ...from("198.51.100.2"), authorization: `Bearer ${token}` },
      json: { bankName: "Test Bank", accountName: "Maria  da Silva", accountNumber: "12345678" },
    });
    expect(bound.status).toBe(200);
    const challenged = await login("banker", "203.0.113.3");
    expect(challenged.body.error).toMatchObject({ code: "VERIFICATION_REQUIRED", factor: "BANK_NAME" });
    expect((await verify(challenged.body.error.challenge, "Someone Else", "203.0.113.3")).body.error.code).toBe("CODE_INVALID");
    const ok = await verify(challenged.body.error.challenge, " maria da silva ", "203.0.113.3");
    expect(ok.status).toBe(200);

    const again = await login("banker", "203.0.113.4");
    for (let i = 0; i < 5; i++) await verify(again.body.error.challenge, `wrong ${i}`, "203.0.113.4");
    expect((await verify(again.body.error.challenge, "Maria da Silva", "203.0.113.4")).body.error.code).toBe("CODE_EXPIRED");
  });

  it("validates the settings the operator sends", async () => {
    const bad = await settings({ unknownIpFactors: ["FINGERPRINT"] });
    expect(bad.status).toBe(400);
    const minutes = await settings({ smsExpiredMinutes: 3 });
    expect(minutes.body.settings).toMatchObject({ smsExpiredMinutes: 3, unknownIpFactors: ["BANK_NAME"] });
    const sms = await p.call("/wps/sms/login", { method: "POST", headers: from("198.51.100.9"), json: { mobileNum: "5550002222", countryDialingCode: "1" } });
    expect(sms.body.value.expiredMinutes).toBe(3);
  });
});
