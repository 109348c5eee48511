import { eq } from "drizzle-orm";
import { createTestPlatform } from "../testing/db.js";
import { members } from "./schema.js";
import { currentTotp } from "./two-factor.js";

describe("unknown-address login with an authenticator app (TOTP)", () => {
  let p: Awaited<ReturnType<typeof createTestPlatform>>;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const from = (ip: string) => ({ "x-site-host": "localhost", "x-client-ip": ip });
  const login = (ip: string) => p.call("/wps/session/login", { method: "POST", headers: from(ip), json: { username: "totpuser", password: "secret123" } });

  it("enrols TOTP, then asks a new address for a single-use code", async () => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account: "totpuser", password: "secret123" } });
    const first = await login("198.51.100.1");
    expect(first.status).toBe(200);
    const auth = { authorization: `Bearer ${first.body.value.token}` };

    const setup = await p.call("/wps/member/totp/setup", { method: "POST", headers: { ...from("198.51.100.1"), ...auth } });
    expect(setup.body.value.uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = setup.body.value.secret as string;
    expect((await p.call("/wps/member/totp/enable", { method: "POST", headers: auth, json: { code: "000000" === currentTotp(secret) ? "111111" : "000000" } })).status).toBe(400);
    expect((await p.call("/wps/member/totp/enable", { method: "POST", headers: auth, json: { code: currentTotp(secret) } })).status).toBe(200);

    // The same address is known: straight in.
    expect((await login("198.51.100.1")).status).toBe(200);
    // A new address: the second step.
    const challenged = await login("203.0.113.99");
    expect(challenged.status).toBe(401);
    expect(challenged.body.error).toMatchObject({ code: "VERIFICATION_REQUIRED", factor: "TOTP" });
    const wrong = await p.call("/wps/session/verify", { method: "POST", headers: from("203.0.113.99"), json: { challenge: challenged.body.error.challenge, code: "12345x" } });
    expect(wrong.body.error.code).toBe("CODE_INVALID");
    // The code used at enrolment was spent, so this step needs the app's next code.
    await p.handle.db.update(members).set({ totpLastStep: null }).where(eq(members.account, "totpuser"));
    const code = currentTotp(secret);
    const ok = await p.call("/wps/session/verify", { method: "POST", headers: from("203.0.113.99"), json: { challenge: challenged.body.error.challenge, code } });
    expect(ok.status).toBe(200);
    // A code works once, and a spent challenge cannot be replayed.
    const replay = await p.call("/wps/session/verify", { method: "POST", headers: from("203.0.113.99"), json: { challenge: challenged.body.error.challenge, code } });
    expect(replay.body.error.code).toBe("CODE_EXPIRED");
    const another = await login("203.0.113.100");
    const reused = await p.call("/wps/session/verify", { method: "POST", headers: from("203.0.113.100"), json: { challenge: another.body.error.challenge, code } });
    expect(reused.body.error.code).toBe("CODE_INVALID");
  });
});
