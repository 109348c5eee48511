import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("binding and changing the e-mail address and the mobile number", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const headers = { "x-site-host": "localhost", "x-client-ip": "198.51.100.92" };
  const lastCode = async (recipient: string) => {
    const r = await p.call(`/operator/v1/merchants/DEMO/outbox?recipient=${encodeURIComponent(recipient)}`, { operator: true });
    return (r.body.messages[0]?.body as string | undefined)?.match(/\b(\d{6})\b/)?.[1];
  };
  const member = async (account: string, extra: Record<string, string> = {}) => {
    await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123", ...extra } });
    const r = await p.call("/wps/session/login", { method: "POST", headers, json: { username: account, password: "secret123" } });
    return { ...headers, authorization: `Bearer ${r.body.value.token}` };
  };
  const sendCode = (auth: Record<string, string>, json: unknown) => p.call("/wps/member/contact/code", { method: "POST", headers: auth, json });
  const change = (auth: Record<string, string>, json: unknown) => p.call("/wps/member/contact", { method: "PUT", headers: auth, json });

  it("binds an e-mail to a member registered by username with a code to it; forgot-password then works", async () => {
    const auth = await member("bindmail");
    const none = await sendCode(auth, { kind: "email", step: "old" });
    expect(none.body.error.code).toBe("CONTACT_NONE");
    expect((await sendCode(auth, { kind: "email", step: "new", value: "Bind.Mail@Example.com" })).status).toBe(200);
    const code = await lastCode("bind.mail@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await change(auth, { kind: "email", value: "bind.mail@example.com", newCode: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.newCode).toEqual({ kind: "CODE_INVALID" });
    const done = await change(auth, { kind: "email", value: "bind.mail@example.com", newCode: code });
    expect(done.status).toBe(200);
    expect(done.body.value.email).toBe("bind.mail@example.com");
    const forgot = await p.call("/wps/member/forgot", {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: "username=bindmail&email=bind.mail%40example.com",
    });
    expect(forgot.status).toBe(200);
    const mail = await p.call("/operator/v1/merchants/DEMO/outbox?recipient=bind.mail%40example.com", { operator: true });
    expect(mail.body.messages[0].body).toMatch(/resetPassword\?token=/);
    // The audit trail keeps the change of a recovery channel and the link sent, not the address.
    const trail = await p.call("/operator/v1/audit?account=bindmail&action=auth", { operator: true });
    const actions = trail.body.events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.contact.change", "auth.password.reset_link_sent"]));
    expect(JSON.stringify(trail.body)).not.toContain("bind.mail@example.com");
  });

  it("changes a mobile number only with the codes sent to the old and the new number", async () => {
    const auth = await member("bindphone", { mobileNum: "0922000111" });
    const first = await sendCode(auth, { kind: "mobile", step: "old" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await sendCode(auth, { kind: "mobile", step: "new", value: "0922000222", countryDialingCode: "63" })).status).toBe(200);
    // The back office stored the number without a dialing code: the code goes to it as stored.
    const oldCode = await lastCode("+-0922000111");
    const newCode = await lastCode("+63-0922000222");
    const onlyNew = await change(auth, { kind: "mobile", value: "0922000222", countryDialingCode: "63", newCode });
    expect(onlyNew.body.error.fields.oldCode).toEqual({ kind: "CODE_MISSING" });
    const done = await change(auth, { kind: "mobile", value: "0922000222", countryDialingCode: "63", oldCode, newCode });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value).toMatchObject({ mobileNum: "0922000222", countryDialingCode: "63" });
    const info = await p.call("/wps/member/info", { headers: auth });
    expect(info.body.value.mobileNum).toBe("0922000222");
  });

  it("refuses an address another member has, the same address, a malformed one and trial accounts", async () => {
    await member("holder", { email: "taken@example.com" });
    const auth = await member("wantsit", { email: "mine@example.com" });
    expect((await sendCode(auth, { kind: "email", step: "new", value: "TAKEN@example.com" })).body.error.fields.value).toEqual({ kind: "taken" });
    expect((await sendCode(auth, { kind: "email", step: "new", value: "mine@example.com" })).body.error.fields.value).toEqual({ kind: "same" });
    expect((await sendCode(auth, { kind: "email", step: "new", value: "not-an-address" })).body.error.fields.value).toEqual({ kind: "format" });
    expect((await sendCode(auth, { kind: "mobile", step: "new", value: "12ab" })).body.error.fields.value).toEqual({ kind: "format" });
    expect((await sendCode(auth, { kind: "fax", step: "new", value: "1" })).status).toBe(400);
    expect((await change({ ...headers }, { kind: "email", value: "x@example.com", newCode: "123456" })).status).toBe(401);
  });
});
