import { Hono, type Context } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { DomainError, ok, refuseNul } from "../http/envelope.js";
import { resolveMerchant } from "../system/service.js";
import { createCaptcha } from "./captcha.js";
import {
  auditAuth,
  authenticateSession,
  captchaRequiredFor,
  changePassword,
  enabledModules,
  fieldRules,
  freePlayLogin,
  login,
  memberInfo,
  forgotByEmail,
  register,
  registerMobile,
  requestCode,
  resetByPhone,
  resetByToken,
  resetLinkStatus,
  revokeSession,
  smsLogin,
} from "./service.js";
import { messageProvider } from "./messaging.js";
import { listSessions, revokeOtherSessions } from "./sessions.js";
import { changeContact, requestContactCode } from "./contact.js";
import { decryptBody, ENC_PATHS } from "../http/enc.js";
import { completeChallenge, enableTotp, setupTotp } from "./two-factor.js";
import { finishLogin, TRIAL_TYPES } from "./service.js";
import { eq, sql } from "drizzle-orm";
import { members } from "./schema.js";
import { linkOrigin } from "../security/origins.js";

type C = Context<{ Variables: PlatformVariables }>;

const text = (max: number) => z.string().max(max);

export async function jsonBody<O>(c: C, schema: z.ZodType<O, z.ZodTypeDef, unknown>): Promise<O> {
  let body: unknown;
  if (ENC_PATHS.includes(c.req.path)) {
    // ENC calls (spec §7): the body is a JWE to the platform's key, never plain JSON.
    body = await decryptBody(c.var.enc, await c.req.text());
  } else {
    try {
      body = await c.req.json();
    } catch {
      throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
    }
  }
  refuseNul(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
  }
  return parsed.data;
}

export function bearer(c: C): string | null {
  const h = c.req.header("authorization") ?? "";
  return h.startsWith("Bearer ") ? h.slice(7).trim() : null;
}

type FoundSession = Awaited<ReturnType<typeof authenticateSession>>;

/**
 * One page of the web makes several platform calls at once with the same session token and the same
 * request id (the member, the balance, the unread count, the badges, the page's own reads): each
 * read the session and its member, six times for a member's home page. The GET calls of one
 * request id share one read per token. A call of any other method with that request id forgets
 * them when it starts and when it ends (app.ts), so an action's writes (a logout, a password
 * change) are seen by the calls after it. The token is part of the key: a request id alone shares
 * nothing.
 */
const sharedSessions = new Map<string, { at: number; byToken: Map<string, Promise<FoundSession>> }>();
const SHARED_SESSION_MS = 10_000;
const SHARED_SESSION_MAX = 2_000;

export function forgetSharedSessions(requestId: string): void {
  sharedSessions.delete(requestId);
}

function sessionOf(c: C, token: string | null): Promise<FoundSession> {
  if (!token || (c.req.method !== "GET" && c.req.method !== "HEAD")) return authenticateSession(c.var.db, token, c.var.visitor);
  const now = Date.now();
  let entry = sharedSessions.get(c.var.requestId);
  if (entry && entry.at < now - SHARED_SESSION_MS) entry = undefined;
  if (!entry) {
    // Entries are in the order they were made: drop the oldest while they are past their time.
    for (const [k, v] of sharedSessions) {
      if (v.at >= now - SHARED_SESSION_MS && sharedSessions.size < SHARED_SESSION_MAX) break;
      sharedSessions.delete(k);
    }
    sharedSessions.set(c.var.requestId, (entry = { at: now, byToken: new Map() }));
  }
  let found = entry.byToken.get(token);
  if (!found) {
    const reading = authenticateSession(c.var.db, token, c.var.visitor);
    const byToken = entry.byToken;
    byToken.set(token, (found = reading));
    // A failed read is not shared: the next call reads again.
    reading.catch(() => {
      if (byToken.get(token) === reading) byToken.delete(token);
    });
  }
  return found;
}

/** The signed-in member, or null for a visitor (a call that answers both). */
export async function optionalMember(c: C) {
  return (await sessionOf(c, bearer(c)))?.member ?? null;
}

/** The signed-in member, or a 401 the web turns into the login popup. The session's last use is kept. */
export async function requireMember(c: C) {
  const member = (await sessionOf(c, bearer(c)))?.member;
  if (!member) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
  return member;
}

const loginBody = z.object({
  username: text(100).default(""),
  password: text(200).default(""),
  mobileNum: text(20).optional(),
  countryDialingCode: text(5).optional(),
  verificationCode: text(255).optional(),
  type: z.enum(["username", "sms"]).default("username"),
  captcha: text(20).optional(),
  captchaId: text(100).optional(),
  remember: z.boolean().optional(),
  agent: z.boolean().optional(),
});

const registerBody = z.object({
  user: z.record(z.string(), z.string().max(255)).refine((u) => Object.keys(u).length <= 40, "too many fields"),
  login: z.boolean().optional(),
});

export function accountRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  const merchantOf = (c: C) => resolveMerchant(c.var.db, c.var.visitor.host, c.var.env.DEFAULT_MERCHANT);

  app.get("/wps/system/setting/register", async (c) => {
    const merchant = await merchantOf(c);
    const [modules, fields] = await Promise.all([enabledModules(c.var.db, merchant), fieldRules(c.var.db, merchant)]);
    return ok(c, { modules, fields });
  });

  app.get("/wps/captcha", async (c) => ok(c, await createCaptcha(c.var.db)));

  // Whether a login from the visitor's address must carry a captcha: the page shows it up front.
  app.get("/wps/session/login-state", async (c) => ok(c, { captchaRequired: await captchaRequiredFor(c.var.db, c.var.visitor.ip) }));

  app.post("/wps/session/login", async (c) => {
    const body = await jsonBody(c, loginBody);
    const merchant = await merchantOf(c);
    if (body.type === "sms") return ok(c, await smsLogin(c.var.db, merchant, body, c.var.visitor.ip, c.var.log));
    return ok(c, await login(c.var.db, merchant, { ...body, language: c.var.language }, c.var.visitor.ip, c.var.log, messageProvider(c.var.db, c.var.env, c.var.log)));
  });

  // The extra step of a login from a new address (spec §4): the challenge and the factor's code.
  app.post("/wps/session/verify", async (c) => {
    const body = await jsonBody(c, z.object({ challenge: text(100), code: text(100), remember: z.boolean().optional() }));
    const member = await completeChallenge(c.var.db, body.challenge, body.code, { ip: c.var.visitor.ip, requestId: c.var.requestId });
    return ok(c, await finishLogin(c.var.db, { code: member.merchantCode }, member, c.var.visitor.ip, !!body.remember, c.var.log));
  });

  // Language update (spec §7): the member's language, for messages the platform sends them.
  app.put("/wps/member/language", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ language: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2,4})?$/) }));
    await c.var.db
      .update(members)
      .set({ profile: sql`${members.profile} || ${JSON.stringify({ language: body.language })}::jsonb` })
      .where(eq(members.id, member.id));
    return ok(c, { language: body.language });
  });

  app.post("/wps/member/totp/setup", async (c) => {
    const member = await requireMember(c);
    if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
    return ok(c, await setupTotp(c.var.db, member));
  });

  app.post("/wps/member/totp/enable", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ code: text(20) }));
    return ok(c, await enableTotp(c.var.db, member, body.code, { ip: c.var.visitor.ip, requestId: c.var.requestId }));
  });

  app.delete("/wps/session/logout", async (c) => {
    const token = bearer(c);
    const found = token ? await authenticateSession(c.var.db, token) : null;
    if (token) await revokeSession(c.var.db, token);
    c.var.log.info({ event: "auth.logout", ip: c.var.visitor.ip }, "logout");
    if (found) await auditAuth(c.var.db, c.var.log, c.var.visitor.ip, { merchantCode: found.member.merchantCode, account: found.member.account, memberId: found.member.id, action: "auth.logout" });
    return ok(c, null);
  });

  // The security centre's devices: the member's live sessions, and "log out the other devices".
  app.get("/wps/member/sessions", async (c) => {
    const token = bearer(c);
    if (!token) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
    return ok(c, await listSessions(c.var.db, token, c.var.visitor));
  });
  app.post("/wps/member/sessions/revoke-others", async (c) => {
    const token = bearer(c);
    if (!token) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
    return ok(c, await revokeOtherSessions(c.var.db, token, c.var.log, c.var.visitor.ip));
  });

  app.get("/wps/member/info", async (c) => {
    const found = await sessionOf(c, bearer(c));
    if (!found) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
    return ok(c, memberInfo(found.member, found.session));
  });

  // Bind or change the e-mail address or mobile number: a code to the old address and one to the new.
  const contactKind = z.enum(["email", "mobile"]);
  app.post("/wps/member/contact/code", async (c) => {
    const body = await jsonBody(c, z.object({ kind: contactKind, step: z.enum(["old", "new"]), value: text(200).optional(), countryDialingCode: text(5).optional() }));
    const member = await requireMember(c);
    return ok(c, await requestContactCode(c.var.db, messageProvider(c.var.db, c.var.env, c.var.log), member, { ...body, language: c.var.language }, c.var.visitor.ip));
  });
  app.put("/wps/member/contact", async (c) => {
    const body = await jsonBody(c, z.object({ kind: contactKind, value: text(200).optional(), countryDialingCode: text(5).optional(), oldCode: text(20).optional(), newCode: text(20).optional() }));
    const member = await requireMember(c);
    return ok(c, await changeContact(c.var.db, member, body, c.var.visitor.ip, c.var.log));
  });

  app.put("/wps/member/password", async (c) => {
    const body = await jsonBody(c, z.object({ oldPassword: text(200).optional(), newPassword: text(200), confirmNewPassword: text(200) }));
    const token = bearer(c);
    if (!token) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
    return ok(c, await changePassword(c.var.db, token, body, c.var.log, c.var.visitor.ip));
  });

  // Free play (spec §7): os, platform W; a trial member, logged in.
  app.post("/wps/session/freeplay", async (c) => ok(c, await freePlayLogin(c.var.db, await merchantOf(c), c.var.visitor.ip, c.var.log)));

  app.put("/wps/member/register", async (c) => {
    const body = await jsonBody(c, registerBody);
    const merchant = await merchantOf(c);
    const user = body.user as Parameters<typeof register>[2];
    return ok(c, await register(c.var.db, merchant, { ...user, username: user.username ?? "", password: user.password ?? "", confirmPassword: user.confirmPassword ?? "" }, c.var.visitor.ip, c.var.log));
  });

  // SMS codes (spec §7): the value carries expiredMinutes; the resend countdown is that many minutes.
  const phoneBody = z.object({ mobileNum: text(20).optional(), mobileNo: text(20).optional(), countryDialingCode: text(5).optional() });
  for (const purpose of ["login", "register", "reset"] as const) {
    app.post(`/wps/sms/${purpose}`, async (c) => {
      const body = await jsonBody(c, phoneBody);
      const merchant = await merchantOf(c);
      const provider = messageProvider(c.var.db, c.var.env, c.var.log);
      return ok(c, await requestCode(c.var.db, provider, merchant, purpose, { mobileNum: body.mobileNum ?? body.mobileNo, countryDialingCode: body.countryDialingCode, language: c.var.language }));
    });
  }

  app.put("/wps/member/registerMobile", async (c) => {
    const body = await jsonBody(c, registerBody);
    const merchant = await merchantOf(c);
    const user = body.user as Parameters<typeof registerMobile>[2];
    return ok(c, await registerMobile(c.var.db, merchant, { ...user, username: "", password: user.password ?? "", confirmPassword: user.confirmPassword ?? "" }, c.var.visitor.ip, c.var.log));
  });

  // Forgot password by e-mail: form-urlencoded username and email (spec §7).
  app.post("/wps/member/forgot", async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new DomainError("INVALID_REQUEST", "Expected a form body", 400);
    }
    refuseNul(form);
    const parsed = z.object({ username: text(100).min(1), email: text(200).min(1) }).safeParse(form);
    if (!parsed.success) throw new DomainError("INVALID_REQUEST", "username and email are required", 400);
    const merchant = await merchantOf(c);
    const origin = await linkOrigin(c.var.db, merchant.code, c.req.header("x-site-origin") ?? null);
    const provider = messageProvider(c.var.db, c.var.env, c.var.log);
    return ok(c, await forgotByEmail(c.var.db, provider, merchant, { ...parsed.data, origin, language: c.var.language }, c.var.log, c.var.visitor.ip));
  });

  app.put("/wps/member/password/phone", async (c) => {
    const body = await jsonBody(c, z.object({ newPassword: text(200), mobileNum: text(20), verificationCode: text(255), countryDialingCode: text(5).optional() }));
    return ok(c, await resetByPhone(c.var.db, await merchantOf(c), body, c.var.visitor.ip, c.var.log));
  });

  app.put("/wps/member/password/reset", async (c) => {
    const body = await jsonBody(c, z.object({ token: text(200), newPassword: text(200) }));
    return ok(c, await resetByToken(c.var.db, await merchantOf(c), body, c.var.visitor.ip, c.var.log));
  });

  app.post("/wps/member/password/reset/status", async (c) => {
    const body = await jsonBody(c, z.object({ token: text(200) }));
    return ok(c, await resetLinkStatus(c.var.db, await merchantOf(c), body.token));
  });

  // Affiliate check (`/wps/agent/affiliate`): see platform/agents/routes.ts.

  return app;
}
