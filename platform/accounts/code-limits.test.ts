import { count, eq, sql } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { phoneTarget } from "./codes.js";
import { members, verificationCodes } from "./schema.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

/** Issue 14: limits that existed without a test of their own (trial accounts, codes across challenges). */
describe("limits on trial accounts and on codes across challenges", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
    await p.call("/operator/v1/merchants/LIMITS", { method: "PUT", operator: true, json: { name: "Limits", currency: "USD", domains: ["limits.test"] } });
  });
  afterAll(() => p.cleanup());

  const from = (ip: string, host = "localhost") => ({ "x-site-host": host, "x-client-ip": ip });
  const outboxCode = async (merchant: string, recipient: string) => {
    const r = await p.call(`/operator/v1/merchants/${merchant}/outbox?recipient=${encodeURIComponent(recipient)}`, { operator: true });
    return /(\d{6})/.exec(r.body.messages[0].body)![1]!;
  };
  /** Lets the next code go out at once (the resend countdown is the code's lifetime). */
  const endCountdown = (target: string) =>
    p.handle.db.update(verificationCodes).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(verificationCodes.target, target));
  const other = (code: string) => (code === "000000" ? "111111" : "000000");

  it("refuses trial accounts from one address past 20 in 10 minutes, creating none, while other addresses go on", async () => {
    const trials = async () => (await p.handle.db.select({ n: count() }).from(members).where(eq(members.type, 4)))[0]!.n;
    const ip = "198.51.110.1";
    const before = await trials();
    for (let i = 0; i < 20; i++) expect((await p.call("/wps/session/freeplay", { method: "POST", headers: from(ip) })).status).toBe(200);
    const refused = await p.call("/wps/session/freeplay", { method: "POST", headers: from(ip) });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("TOO_MANY_REQUESTS");
    expect(await trials()).toBe(before + 20);
    expect((await p.call("/wps/session/freeplay", { method: "POST", headers: from("198.51.110.2") })).status).toBe(200);
  });

  it("e-mail second factor: 10 wrong codes across challenges lock the member, and a fresh right code is then refused", async () => {
    await p.call("/operator/v1/merchants/LIMITS/settings", { method: "PUT", operator: true, json: { unknownIpFactors: ["EMAIL"] } });
    const email = "locked.mailer@example.com";
    await p.call("/operator/v1/merchants/LIMITS/members", { method: "POST", operator: true, json: { account: "lockmail", password: "secret123", email } });
    const login = (ip: string) => p.call("/wps/session/login", { method: "POST", headers: from(ip, "limits.test"), json: { username: "lockmail", password: "secret123" } });
    const verify = (challenge: string, code: string) => p.call("/wps/session/verify", { method: "POST", headers: from("203.0.113.90", "limits.test"), json: { challenge, code } });
    expect((await login("198.51.110.10")).status).toBe(200);
    // Two challenges of five wrong guesses each: no single challenge reaches ten.
    for (let c = 0; c < 2; c++) {
      const challenged = await login(`203.0.113.${91 + c}`);
      expect(challenged.body.error).toMatchObject({ code: "VERIFICATION_REQUIRED", factor: "EMAIL" });
      const code = await outboxCode("LIMITS", email);
      for (let i = 0; i < 5; i++) expect((await verify(challenged.body.error.challenge, other(code))).body.error.code).toBe("CODE_INVALID");
      await endCountdown(email);
    }
    const third = await login("203.0.113.93");
    expect(third.body.error.code).toBe("VERIFICATION_REQUIRED");
    const locked = await verify(third.body.error.challenge, await outboxCode("LIMITS", email));
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe("CODE_LOCKED");
  });

  it("reset by phone: 10 wrong codes across two sent codes lock the number, even for the right code", async () => {
    const mobileNum = "5550107777";
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "lockphone", password: "secret123", mobileNum, countryDialingCode: "1" } });
    const target = phoneTarget("1", mobileNum);
    const send = () => p.call("/wps/sms/reset", { method: "POST", headers: from("198.51.110.20"), json: { mobileNum, countryDialingCode: "1" } });
    const reset = (code: string) =>
      p.call("/wps/member/password/phone", { method: "PUT", headers: from("198.51.110.20"), json: { mobileNum, countryDialingCode: "1", verificationCode: code, newPassword: "Newpassword2026" } });
    for (let c = 0; c < 2; c++) {
      expect((await send()).status).toBe(200);
      const code = await outboxCode("DEMO", target);
      for (let i = 0; i < 5; i++) expect((await reset(other(code))).body.error.code).toBe("CODE_INVALID");
      await endCountdown(target);
    }
    expect((await send()).status).toBe(200);
    const locked = await reset(await outboxCode("DEMO", target));
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe("CODE_LOCKED");
  });
});
