import { eq, sql } from "drizzle-orm";
import { createTestPlatform, TEST_OPERATOR_KEY } from "../testing/db.js";
import { members } from "../accounts/schema.js";
import { createKnownCaptcha } from "../accounts/captcha.js";
import { currentTotp } from "../accounts/two-factor.js";
import { operatorRoutes } from "../operator/routes.js";
import { OPERATOR_ACTIONS, operatorKeyId, routeKey } from "./operator.js";
import { redact } from "./service.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
type Event = { id: number; at: string; actor: { kind: string; id: string | null }; account: string | null; action: string; details: Record<string, any>; ip: string | null; requestId: string | null; merchantCode: string | null };

/** Issue 14 item 9: the audit trail of authentication, operator money decisions and settings. */
describe("audit trail", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  let n = 0;
  const PASSWORD = "Secret12345678";
  const fresh = () => `aud${Date.now().toString(36).slice(-4)}${n++}`;
  const from = (ip: string, requestId?: string) => ({ "x-site-host": "localhost", "x-client-ip": ip, ...(requestId ? { "x-request-id": requestId } : {}) });
  const register = async (username: string) => {
    const r = await p.call("/wps/member/register", { method: "PUT", headers: from("198.51.100.10"), json: { user: { username, password: PASSWORD, confirmPassword: PASSWORD } } });
    expect(r.status).toBe(200);
    return r.body.value.token as string;
  };
  const login = (username: string, password: string, ip: string, requestId?: string, extra: Record<string, unknown> = {}) =>
    p.call("/wps/session/login", { method: "POST", headers: from(ip, requestId), json: { username, password, ...extra } });
  const audit = async (query: string) => {
    const r = await p.call(`/operator/v1/audit?${query}`, { operator: true });
    expect(r.status).toBe(200);
    return r.body as { events: Event[]; nextBefore: number | null };
  };

  it("refuses UPDATE, DELETE and TRUNCATE on the table, whoever asks", async () => {
    await p.handle.db.execute(sql`insert into audit_events (actor_kind, action) values ('system', 'test.append_only')`);
    await expect(p.handle.db.execute(sql`update audit_events set action = 'x' where action = 'test.append_only'`)).rejects.toThrow();
    await expect(p.handle.db.execute(sql`delete from audit_events where action = 'test.append_only'`)).rejects.toThrow();
    await expect(p.handle.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    await expect(p.handle.db.execute(sql`insert into audit_events (actor_kind, action) values ('hacker', 'x')`)).rejects.toThrow();
    const left = await p.handle.db.execute(sql`select count(*)::int as n from audit_events where action = 'test.append_only'`);
    const rows = (Array.isArray(left) ? left : (left as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]!.n).toBe(1);
  });

  it("keeps every login decision with who, what, when and from where, and the lockout", async () => {
    const name = fresh();
    await register(name);
    expect((await login(name, PASSWORD, "198.51.100.10", "req-login-ok-1")).status).toBe(200);
    const ip = "203.0.113.50";
    for (let i = 0; i < 5; i++) {
      const id = await createKnownCaptcha(p.handle.db, "1234");
      await login(name, `Wrong-${i}-password`, ip, `req-bad-${i}`, { captcha: "1234", captchaId: id });
    }
    const id = await createKnownCaptcha(p.handle.db, "1234");
    expect((await login(name, PASSWORD, ip, "req-locked", { captcha: "1234", captchaId: id })).status).toBe(429);

    const { events } = await audit(`account=${name}&action=auth`);
    const actions = events.map((e) => e.action);
    // Newest first.
    expect(actions.slice(0, 3)).toEqual(["auth.login.locked", "auth.lockout", "auth.login.failure"]);
    expect(actions.filter((a) => a === "auth.login.failure")).toHaveLength(5);
    expect(actions).toContain("auth.login.success");
    expect(actions).toContain("auth.register.success");
    const success = events.find((e) => e.action === "auth.login.success")!;
    expect(success).toMatchObject({ account: name, ip: "198.51.100.10", requestId: "req-login-ok-1", merchantCode: "DEMO", actor: { kind: "member" } });
    expect(success.actor.id).toMatch(/^\d+$/);
    const failure = events.find((e) => e.requestId === "req-bad-0")!;
    expect(failure).toMatchObject({ action: "auth.login.failure", ip, details: { reason: "bad_credentials" } });
    expect(events.find((e) => e.action === "auth.lockout")).toMatchObject({ actor: { kind: "system" }, details: { limit: "login" } });
    // No password, of either kind, anywhere in the trail.
    expect(JSON.stringify(events)).not.toMatch(/Wrong-\d-password|Secret12345678/);
    expect(Date.now() - new Date(success.at).getTime()).toBeLessThan(120_000);
  });

  it("keeps second-factor successes and failures, password changes and logging out the other devices", async () => {
    const name = fresh();
    const token = await register(name);
    const auth = { ...from("198.51.100.10"), authorization: `Bearer ${token}` };
    const secret = (await p.call("/wps/member/totp/setup", { method: "POST", headers: auth })).body.value.secret as string;
    expect((await p.call("/wps/member/totp/enable", { method: "POST", headers: auth, json: { code: currentTotp(secret) } })).status).toBe(200);
    await p.handle.db.update(members).set({ totpLastStep: null }).where(eq(members.account, name));
    const ip = "198.51.104.7";
    const challenged = await login(name, PASSWORD, ip);
    expect(challenged.body.error.code).toBe("VERIFICATION_REQUIRED");
    const wrong = currentTotp(secret) === "000000" ? "111111" : "000000";
    await p.call("/wps/session/verify", { method: "POST", headers: from(ip), json: { challenge: challenged.body.error.challenge, code: wrong } });
    const verified = await p.call("/wps/session/verify", { method: "POST", headers: from(ip), json: { challenge: challenged.body.error.challenge, code: currentTotp(secret) } });
    expect(verified.status).toBe(200);
    const second = verified.body.value.token as string;

    const changed = await p.call("/wps/member/password", {
      method: "PUT",
      headers: { ...from(ip), authorization: `Bearer ${second}` },
      json: { oldPassword: PASSWORD, newPassword: "Another passphrase 9", confirmNewPassword: "Another passphrase 9" },
    });
    expect(changed.status).toBe(200);
    const third = (await login(name, "Another passphrase 9", ip)).body.value.token as string;
    const revoked = await p.call("/wps/member/sessions/revoke-others", { method: "POST", headers: { ...from(ip), authorization: `Bearer ${third}` } });
    expect(revoked.body.value).toEqual({ revoked: 1 });

    const { events } = await audit(`account=${name}`);
    const actions = events.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["auth.second_factor.failure", "auth.second_factor.success", "auth.login.second_factor_required", "auth.password.change", "auth.logout_others", "auth.totp.enabled"]),
    );
    expect(events.find((e) => e.action === "auth.second_factor.failure")).toMatchObject({ ip, details: { factor: "TOTP", reason: "wrong_code" } });
    expect(events.find((e) => e.action === "auth.password.change")).toMatchObject({ details: { otherSessionsRevoked: 1 } });
    expect(events.find((e) => e.action === "auth.logout_others")).toMatchObject({ details: { revoked: 1 } });
    expect(JSON.stringify(events)).not.toContain("Another passphrase 9");
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it("keeps operator money decisions and settings changes, with the key's fingerprint and never a secret", async () => {
    const account = fresh();
    expect((await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "OperatorPass123" } })).status).toBe(201);
    const reference = `aud-${account}`;
    await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, headers: { "x-request-id": "op-credit-1" }, json: { kind: "bonus", amount: "25.00", reference } });
    await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: "25.00", reference } });
    await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "adjustment", direction: "debit", amount: "5.00", reference: `${reference}-d` } });
    await p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "adjustment", direction: "debit", amount: "500.00", reference: `${reference}-big` } });
    await p.call("/operator/v1/vendors/HOUSE/wallet-key", { method: "PUT", operator: true, json: { secret: "s".repeat(40) } });
    await p.call("/operator/v1/merchants/DEMO/maintenance", { method: "PUT", operator: true, json: { enabled: false } });

    const money = await audit(`account=${account}&action=money`);
    // The replayed credit decided nothing new: the first call's row stands alone (ADR 020).
    expect(money.events.map((e) => e.action)).toEqual(["money.debit", "money.debit", "money.credit"]);
    const [refused, debit, first] = money.events;
    expect(first).toMatchObject({ actor: { kind: "operator", id: operatorKeyId(TEST_OPERATOR_KEY) }, requestId: "op-credit-1", merchantCode: "DEMO", details: { status: 201, outcome: "ok", body: { kind: "bonus", amount: "25.00", reference }, result: { replayed: false } } });
    expect(debit!.details).toMatchObject({ outcome: "ok", body: { direction: "debit", amount: "5.00" } });
    expect(refused!.details).toMatchObject({ outcome: "refused", error: "INSUFFICIENT_FUNDS" });
    const created = await audit(`account=${account}&action=operator.member`);
    expect(created.events[0]!.details.body.password).toBe("[redacted]");

    const settings = await audit("action=settings&pageSize=5");
    expect(settings.events.map((e) => e.action).slice(0, 2)).toEqual(["settings.maintenance", "settings.vendor_wallet_key"]);
    expect(settings.events[1]!.details.body.secret).toBe("[redacted]");
    expect(JSON.stringify(settings.events)).not.toContain("s".repeat(40));
  });

  it("keeps a refused operator key, and names every changing operator route", async () => {
    const bad = await p.call("/operator/v1/merchants/DEMO/maintenance", { method: "PUT", headers: { authorization: "Bearer not-the-key", "x-client-ip": "192.0.2.66" }, json: { enabled: true } });
    expect(bad.status).toBe(401);
    const { events } = await audit("action=operator.auth.failure&pageSize=1");
    expect(events[0]).toMatchObject({ ip: "192.0.2.66", details: { method: "PUT", keyGiven: true } });
    expect(JSON.stringify(events[0])).not.toContain("not-the-key");

    const unnamed = operatorRoutes()
      .routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method))
      .map((r) => routeKey(r.method, r.path))
      .filter((k) => !OPERATOR_ACTIONS[k]);
    expect(unnamed).toEqual([]);
  });

  it("filters by time and pages newest first without gaps or repeats", async () => {
    const name = fresh();
    await register(name);
    for (let i = 0; i < 4; i++) await login(name, PASSWORD, "198.51.100.10");
    const all = await audit(`account=${name}`);
    expect(all.events.length).toBe(5);
    const ids: number[] = [];
    let before: number | null = null;
    do {
      const page: { events: Event[]; nextBefore: number | null } = await audit(`account=${name}&pageSize=2${before ? `&before=${before}` : ""}`);
      expect(page.events.length).toBeLessThanOrEqual(2);
      ids.push(...page.events.map((e) => e.id));
      before = page.nextBefore;
    } while (before);
    expect(ids).toEqual(all.events.map((e) => e.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await audit(`account=${name}&from=${encodeURIComponent(future)}`)).events).toEqual([]);
    expect((await audit(`account=${name}&to=2000-01-01`)).events).toEqual([]);
    expect((await audit(`account=${name}&from=2000-01-01&to=${encodeURIComponent(future)}`)).events.length).toBe(5);
  });

  it("answers bad filters with a 400 that says which, never a 500", async () => {
    for (const q of ["from=yesterday", "to=2026-13-45", "from=2026-02-30", "to=2026-04-31T10:00:00Z", "from=2026-01-01T25:00:00Z", "pageSize=0", "pageSize=1000", "before=-1", "action=AUTH%20OR%201=1", "from=2026-02-01&to=2026-01-01", "merchant=%00", `account=${"x".repeat(101)}`]) {
      const r = await p.call(`/operator/v1/audit?${q}`, { operator: true });
      expect(r.status, q).toBe(400);
      expect(r.body.error.code).toBe("INVALID_REQUEST");
    }
    expect((await p.call("/operator/v1/audit")).status).toBe(401);
  });

  it("redacts secret fields at any depth and cuts long input", () => {
    const out = redact({ password: "x", config: { secret: "y", bankName: "B" }, token: "t", verificationCode: "1", merchantCode: "DEMO", list: Array.from({ length: 60 }, (_, i) => i), long: "z".repeat(600) }) as Record<string, any>;
    expect(out).toMatchObject({ password: "[redacted]", config: { secret: "[redacted]", bankName: "B" }, token: "[redacted]", verificationCode: "[redacted]", merchantCode: "DEMO" });
    expect(out.list).toHaveLength(50);
    expect(out.list[49]).toBe("…(60 items)");
    expect(out.long.length).toBeLessThanOrEqual(500);
    expect(redact(out)).toEqual(out);
  });
});
