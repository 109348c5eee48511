import { createHash, randomBytes } from "node:crypto";
import { messageText, storedLanguage } from "./message-texts.js";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { KeptReads } from "../db/kept-reads.js";
import { DomainError } from "../http/envelope.js";
import type { Logger } from "../http/observability.js";
import { featureModules, registerFieldRules } from "../system/schema.js";
import { consumeCaptcha } from "./captcha.js";
import { phoneTarget, sendCode, verifyCode, type CodePurpose } from "./codes.js";
import type { MessageProvider } from "./messaging.js";
import { factorFor, rememberIp, startChallenge } from "./two-factor.js";
import { checkPassword, normalizePassword } from "./passwords.js";
import { checkField, passwordRule, type FieldRule, type RuleFailure } from "./patterns.js";
import { authThrottle, members, sessions, verificationCodes } from "./schema.js";
import { countFailure, refuseWhenLocked, spend } from "../security/limits.js";
import { originOf, writeAudit, type AuditEvent } from "../audit/service.js";

/** What a member locked out of codes is told: when it ends, and what else works (issue 14). */
export const LOCKED_MESSAGE = "Too many wrong codes: try again in 15 minutes, or reset your password by e-mail or contact customer service";

/** Spec §3: agent and trial member types. */
export const AGENT_TYPES = [1, 2, 41, 42];
export const TRIAL_TYPES = [4];
/** Spec §9: too many authentication attempts lock for 5 minutes. */
export const LOCKOUT_MS = 5 * 60 * 1000;
export const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** "Remember me" keeps the session 24 hours (spec §9); otherwise it lasts a working day. */
export const REMEMBER_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = 12 * 60 * 60 * 1000;
/** Passwords older than this count as expired where PWDEXPFORCECHANGE3 is on. */
const PASSWORD_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

type Merchant = { code: string; defaultLanguage?: string };

/** A member's own referral (invitation) code: 8 upper-case letters and digits. */
const newReferralCode = () => randomBytes(6).toString("base64url").replace(/[-_]/g, "A").toUpperCase();

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum), of the NFKC form. */
export const hashPassword = (password: string) => argonHash(normalizePassword(password));

// A real hash to verify against when the account does not exist, so both paths take as long.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= argonHash(randomBytes(16).toString("hex")));

export async function passwordMatches(hashValue: string, password: string): Promise<boolean> {
  const normal = normalizePassword(password);
  try {
    if (await argonVerify(hashValue, normal)) return true;
    // A password set before normalisation (an operator's default with such characters) was hashed as typed.
    return normal !== password && (await argonVerify(hashValue, password));
  } catch {
    return false;
  }
}

export async function enabledModules(db: Database, merchant: Merchant): Promise<string[]> {
  const rows = await db
    .select({ moduleId: featureModules.moduleId })
    .from(featureModules)
    .where(and(eq(featureModules.merchantCode, merchant.code), eq(featureModules.enabled, true)))
    .orderBy(asc(featureModules.sort));
  return rows.map((r) => r.moduleId);
}

export async function fieldRules(db: Database, merchant: Merchant): Promise<FieldRule[]> {
  return db
    .select({
      field: registerFieldRules.field,
      acceptedPattern: registerFieldRules.acceptedPattern,
      patternId: registerFieldRules.patternId,
      minLength: registerFieldRules.minLength,
      maxLength: registerFieldRules.maxLength,
      enabled: registerFieldRules.enabled,
      required: registerFieldRules.required,
    })
    .from(registerFieldRules)
    .where(eq(registerFieldRules.merchantCode, merchant.code));
}

// ---- throttling -------------------------------------------------------------------------

/**
 * Brute force without collateral damage (ASVS 2.2.1, NIST 800-63B 5.2.2; ADR 014): failures
 * count per account and per (account, IP) pair, and those two lock after MAX_FAILURES; per IP
 * alone they only turn the captcha on for that address, never lock other accounts out.
 *
 * Spec §4: "the captcha appears after a failed login": one failure of an account (from any
 * address, so also of that account from this address) asks for the captcha on its next login.
 */
export const ACCOUNT_CAPTCHA_AFTER = 1;
/**
 * Per address alone only a high ceiling: a carrier NAT or a café puts many players behind one
 * address, and a few typos (or one attacker's five tries at one name) must not put a captcha
 * in front of all of them. Twenty failures within the window is well past any one player's
 * typos and still stops a sprayer trying many names from one address, who then pays a captcha
 * per try.
 */
export const IP_CAPTCHA_AFTER = 20;
const throttleKeys = (merchant: Merchant, account: string, ip: string | null) => ({
  locking: [`login:acct:${merchant.code}:${account}`, ...(ip ? [`login:pair:${merchant.code}:${account}:${ip}`] : [])],
  ip: ip ? `login:ip:${ip}` : null,
});

/**
 * Whether every login from this address must carry a captcha (past IP_CAPTCHA_AFTER): the
 * platform decides, the page asks up front. An account's own captcha is asked by the login's
 * answer (`captchaRequired`), as the page does not know the account before the post.
 */
export async function captchaRequiredFor(db: Database, ip: string | null): Promise<boolean> {
  if (!ip) return false;
  return (await throttleState(db, [`login:ip:${ip}`])).failures >= IP_CAPTCHA_AFTER;
}

/**
 * Throttle rows, kept between writes on a sole-writer database (kept-reads.ts): the login-state
 * call reads the visitor's address row on every page a visitor opens, and nearly always finds none.
 * recordFailure and clearFailures, the only writers of auth_throttle, forget what they change.
 */
const throttleReads = new KeptReads<typeof authThrottle.$inferSelect | undefined>(10_000);
const readThrottle = (db: Database, key: string) =>
  throttleReads.read(db, key, async () => (await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1))[0]);

export async function throttleState(db: Database, keys: string[]) {
  const rows = await Promise.all(keys.map((key) => readThrottle(db, key)));
  const now = Date.now();
  let locked = false;
  let failures = 0;
  for (const row of rows) {
    if (!row) continue;
    if (row.lockedUntil && row.lockedUntil.getTime() > now) locked = true;
    if (now - row.windowStart.getTime() < FAILURE_WINDOW_MS) failures = Math.max(failures, row.failures);
  }
  return { locked, failures };
}

/**
 * Counts a failure for each key atomically; the `lockAfter`-th within the window locks for
 * `lockMs` (by default the fifth, for 5 minutes). `lockAfter` null only counts.
 */
export async function recordFailure(db: Database, keys: string[], lockAfter: number | null = MAX_FAILURES, lockMs = LOCKOUT_MS, windowMs = FAILURE_WINDOW_MS) {
  const limit = lockAfter ?? 2_147_483_647;
  for (const key of keys) {
    await db.execute(sql`
      insert into auth_throttle (key, failures, window_start, locked_until)
      values (${key}, 1, now(), case when ${limit} <= 1 then now() + (${lockMs} * interval '1 millisecond') else null end)
      on conflict (key) do update set
        failures = case when auth_throttle.window_start < now() - (${windowMs} * interval '1 millisecond') then 1 else auth_throttle.failures + 1 end,
        window_start = case when auth_throttle.window_start < now() - (${windowMs} * interval '1 millisecond') then now() else auth_throttle.window_start end,
        locked_until = case
          when auth_throttle.window_start >= now() - (${windowMs} * interval '1 millisecond') and auth_throttle.failures + 1 >= ${limit}
          then now() + (${lockMs} * interval '1 millisecond') else auth_throttle.locked_until end
    `);
    throttleReads.forget(db, key);
  }
}

export async function clearFailures(db: Database, ...keys: string[]) {
  for (const key of keys) {
    await db.delete(authThrottle).where(eq(authThrottle.key, key));
    throttleReads.forget(db, key);
  }
}

// ---- audit ------------------------------------------------------------------------------

type AuthEvent = Omit<AuditEvent, "actor"> & { memberId?: number | null; actor?: AuditEvent["actor"] };

/** An authentication decision for the audit trail (issue 14 item 9): by the member, or by a rule of the system. */
export async function auditAuth(db: Database, log: Logger, ip: string | null, event: AuthEvent) {
  const { memberId, actor, ...rest } = event;
  await writeAudit(db, { ...rest, actor: actor ?? { kind: "member", id: memberId ?? null } }, originOf(log, ip));
}

/** After a counted failure: a lock that has just started is an event of its own (actor: the system). */
async function auditLockout(db: Database, log: Logger, ip: string | null, keys: string[], event: { merchantCode?: string | null; account?: string | null; limit: string }) {
  if (!(await throttleState(db, keys)).locked) return;
  await auditAuth(db, log, ip, { merchantCode: event.merchantCode, account: event.account, actor: { kind: "system" }, action: "auth.lockout", details: { limit: event.limit } });
}

/** A phone number as the trail keeps it: the country code and the last four digits. */
export const maskPhone = (target: string) => target.replace(/\d(?=\d{4})/g, "*");

// ---- sessions ---------------------------------------------------------------------------

export async function createSession(db: Database, memberId: number, ip: string | null, remember: boolean, mustChangePassword = false) {
  const token = randomBytes(32).toString("base64url");
  await rememberIp(db, memberId, ip);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId,
    ip,
    remember,
    mustChangePassword,
    expiresAt: new Date(Date.now() + (remember ? REMEMBER_MS : SESSION_MS)),
  });
  return token;
}

/** Where a session was last used from, for the list of devices: written at most once a minute unless it changed. */
const TOUCH_MS = 60 * 1000;
export type SessionVisitor = { ip: string | null; userAgent?: string | null };

async function touchSession(db: Database, session: typeof sessions.$inferSelect, visitor: SessionVisitor) {
  const userAgent = visitor.userAgent || null;
  const fresh = Date.now() - session.lastSeenAt.getTime() < TOUCH_MS;
  const sameIp = !visitor.ip || visitor.ip === (session.lastIp ?? session.ip);
  const sameAgent = !userAgent || userAgent === session.userAgent;
  if (fresh && sameIp && sameAgent) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(), lastIp: visitor.ip ?? session.lastIp, userAgent: userAgent ?? session.userAgent })
    .where(eq(sessions.id, session.id));
}

/**
 * The session behind a token with its member, or null when it is unknown, expired or revoked.
 * With the visitor, the session's last use (address, browser, time) is kept for the device list.
 */
export async function authenticateSession(db: Database, token: string | null | undefined, visitor?: SessionVisitor) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ member: members, session: sessions })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (row && visitor) await touchSession(db, row.session, visitor);
  return row ?? null;
}

export async function authenticate(db: Database, token: string | null | undefined) {
  return (await authenticateSession(db, token))?.member ?? null;
}

export async function revokeSession(db: Database, token: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
}

export function memberInfo(m: typeof members.$inferSelect, session?: { mustChangePassword: boolean }) {
  return {
    passwordExpired: session?.mustChangePassword ?? false,
    id: m.id,
    account: m.account,
    nickname: m.nickname,
    type: m.type,
    isAgent: AGENT_TYPES.includes(m.type),
    isTrial: TRIAL_TYPES.includes(m.type),
    mobileNum: m.mobileNum,
    countryDialingCode: m.countryDialingCode,
    email: m.email,
    referralCode: m.referralCode,
    totpEnabled: m.totpEnabled,
    hasUpline: m.uplineId !== null,
    paymentPasswordSet: m.paymentPasswordHash !== null,
  };
}

// ---- login ------------------------------------------------------------------------------

export interface LoginInput {
  username: string;
  password: string;
  captcha?: string;
  captchaId?: string;
  remember?: boolean;
  /** Logging in from the agent page: only agents may. */
  agent?: boolean;
  /** The request's language, for the second factor's code when the member stored none. */
  language?: string;
}

export async function login(
  db: Database,
  merchant: Merchant,
  input: LoginInput,
  ip: string | null,
  log: Logger,
  provider?: MessageProvider,
) {
  const account = input.username.trim().toLowerCase();
  const keys = throttleKeys(merchant, account, ip);
  const state = await throttleState(db, keys.locking);
  const decision = async (result: string, extra: Record<string, unknown> = {}, memberId: number | null = null) => {
    log.info({ event: "auth.login", merchant: merchant.code, account, ip, result, ...extra }, "login decision");
    const action = result === "locked" ? "auth.login.locked" : result === "second_factor" ? "auth.login.second_factor_required" : "auth.login.failure";
    await auditAuth(db, log, ip, { merchantCode: merchant.code, account: account.slice(0, 100), memberId, action, details: { reason: result, ...extra, ...(input.agent ? { agent: true } : {}) } });
  };
  const fail = async () => {
    await Promise.all([recordFailure(db, keys.locking), keys.ip ? recordFailure(db, [keys.ip], null) : null]);
    await auditLockout(db, log, ip, keys.locking, { merchantCode: merchant.code, account: account.slice(0, 100), limit: "login" });
  };

  if (state.locked) {
    await decision("locked");
    throw new DomainError("TOO_MANY_REQUESTS", "Too many requests, try again after 5 minutes", 429, { captchaRequired: true });
  }
  if (state.failures >= ACCOUNT_CAPTCHA_AFTER || (await captchaRequiredFor(db, ip))) {
    if (!input.captcha) {
      await decision("captcha_missing");
      throw new DomainError("CAPTCHA_REQUIRED", "Please enter the captcha", 400, { captchaRequired: true });
    }
    if (!(await consumeCaptcha(db, input.captchaId, input.captcha))) {
      await decision("captcha_wrong");
      await fail();
      throw new DomainError("CAPTCHA_INVALID", "Please enter the captcha", 400, { captchaRequired: true });
    }
  }

  const [member] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchant.code), eq(members.account, account)))
    .limit(1);
  const ok = await passwordMatches(member?.passwordHash ?? (await getDummyHash()), input.password);
  if (!member || !ok) {
    await decision("bad_credentials", {}, member?.id ?? null);
    await fail();
    throw new DomainError("INVALID_CREDENTIALS", "Incorrect username or password", 401, { captchaRequired: true });
  }
  if (TRIAL_TYPES.includes(member.type)) {
    await decision("not_member", {}, member.id);
    throw new DomainError("NOT_MEMBER", "Non-member account unable to login", 403);
  }
  if (input.agent && !AGENT_TYPES.includes(member.type)) {
    await decision("not_agent", {}, member.id);
    throw new DomainError("NOT_AGENT", "Non-agents cannot log in", 403);
  }

  // A success clears this account's and this pair's counters (the address keeps its captcha).
  await clearFailures(db, ...keys.locking);
  const factor = await factorFor(db, member, ip);
  if (factor && provider) {
    const started = await startChallenge(db, provider, member, factor, input.language);
    await decision("second_factor", { factor }, member.id);
    throw new DomainError("VERIFICATION_REQUIRED", "Please complete verification first", 401, started);
  }
  return finishLogin(db, merchant, member, ip, !!input.remember, log);
}

/** The part of a login after every check passed: first-login mark, expiry, session. */
export async function finishLogin(db: Database, merchant: Merchant, member: typeof members.$inferSelect, ip: string | null, remember: boolean, log: Logger) {
  const modules = await enabledModules(db, merchant);
  const firstTimeLogin = member.firstLoginAt === null;
  if (firstTimeLogin) await db.update(members).set({ firstLoginAt: new Date() }).where(eq(members.id, member.id));
  const passwordExpired =
    member.mustChangePassword ||
    (modules.includes("PWDEXPFORCECHANGE3") && Date.now() - member.passwordChangedAt.getTime() > PASSWORD_MAX_AGE_MS);
  const token = await createSession(db, member.id, ip, remember, passwordExpired);
  log.info({ event: "auth.login", merchant: merchant.code, account: member.account, memberId: member.id, ip, result: "ok" }, "login decision");
  await auditAuth(db, log, ip, { merchantCode: merchant.code, account: member.account, memberId: member.id, action: "auth.login.success", details: { remember, firstTimeLogin, passwordExpired } });
  return { token, firstTimeLogin, passwordExpired };
}

// ---- registration -----------------------------------------------------------------------

/** Fields the registration form may carry beyond username and password (spec §3). */
export const PROFILE_FIELDS = ["qqNum", "line", "whatsapp", "facebook", "telegram", "zalo", "wechat", "idNumber", "birthday"] as const;

export interface RegisterInput {
  username: string;
  password: string;
  confirmPassword: string;
  nickname?: string;
  payeeName?: string;
  email?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  paymentPassword?: string;
  affiliateCode?: string;
  referralCode?: string;
  [field: string]: string | undefined;
}

export type FieldFailures = Record<
  string,
  RuleFailure | { kind: "mismatch" } | { kind: "taken" } | { kind: "invitation" } | { kind: "wrong" } | { kind: "same" }
>;

const USERNAME_DEFAULT: FieldRule = { field: "username", acceptedPattern: "*", patternId: "LETTER_FIRST_ALNUM", minLength: 6, maxLength: 16, enabled: true, required: true };

export async function register(db: Database, merchant: Merchant, input: RegisterInput, ip: string | null, log: Logger) {
  // Issue 14: registrations (tries included: "taken" answers are an enumeration oracle) per IP.
  await spend(db, "registerPerIp", ip);
  const rules = await fieldRules(db, merchant);
  const byField = new Map(rules.map((r) => [r.field, r]));
  // Username and password are always required, whatever the configuration says.
  byField.set("username", { ...(byField.get("username") ?? USERNAME_DEFAULT), enabled: true, required: true });
  byField.set("password", passwordRule(rules));

  const failures: FieldFailures = {};
  for (const rule of byField.values()) {
    const failure = rule.field === "password" ? checkPassword(rule, input.password) : checkField(rule, input[rule.field]);
    if (failure) failures[rule.field] = failure;
  }
  if (!failures.password && input.confirmPassword !== input.password) failures.confirmPassword = { kind: "mismatch" };

  const account = (input.username ?? "").trim().toLowerCase();
  let uplineId: number | null = null;
  const affiliate = input.affiliateCode?.trim() || input.referralCode?.trim();
  if (affiliate) {
    const [upline] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, merchant.code), eq(members.referralCode, affiliate)))
      .limit(1);
    if (upline) uplineId = upline.id;
    else failures[input.affiliateCode?.trim() ? "affiliateCode" : "referralCode"] = { kind: "invitation" };
  }
  if (!failures.username) {
    const [taken] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, merchant.code), eq(members.account, account)))
      .limit(1);
    if (taken) failures.username = { kind: "taken" };
  }
  if (Object.keys(failures).length) {
    log.info({ event: "auth.register", merchant: merchant.code, account, ip, result: "refused", fields: Object.keys(failures) }, "registration refused");
    await auditAuth(db, log, ip, { merchantCode: merchant.code, account: account.slice(0, 100), action: "auth.register.refused", details: { fields: Object.keys(failures) } });
    throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: failures });
  }

  const profile: Record<string, string> = {};
  for (const f of PROFILE_FIELDS) {
    const v = input[f]?.trim();
    if (v) profile[f] = v;
  }
  const [created] = await db
    .insert(members)
    .values({
      merchantCode: merchant.code,
      account,
      nickname: input.nickname?.trim() || account,
      passwordHash: await hashPassword(input.password),
      paymentPasswordHash: input.paymentPassword ? await hashPassword(input.paymentPassword) : null,
      mobileNum: input.mobileNum?.trim() || null,
      countryDialingCode: input.countryDialingCode?.trim() || null,
      email: input.email?.trim() || null,
      payeeName: input.payeeName?.trim() || null,
      profile,
      uplineId,
      referralCode: newReferralCode(),
      affiliateCode: affiliate || null,
      firstLoginAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { username: { kind: "taken" } } });
  log.info({ event: "auth.register", merchant: merchant.code, account, ip, result: "ok", memberId: created.id }, "registered");
  await auditAuth(db, log, ip, { merchantCode: merchant.code, account, memberId: created.id, action: "auth.register.success", details: { upline: uplineId !== null, mobile: !!created.mobileNum } });
  const token = await createSession(db, created.id, ip, false);
  return { token, firstTimeLogin: true, passwordExpired: false };
}


// ---- passwords --------------------------------------------------------------------------

export interface PasswordChange {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Change password (spec §3): the old one is skipped only in a session that had to change it. */
export async function changePassword(db: Database, token: string, input: PasswordChange, log: Logger, ip: string | null = null) {
  const found = await authenticateSession(db, token);
  if (!found) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
  const { member, session } = found;
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
  const who = { merchantCode: member.merchantCode, account: member.account, memberId: member.id };
  const failures: FieldFailures = {};
  if (!session.mustChangePassword || input.oldPassword) {
    if (!input.oldPassword) failures.oldPassword = { kind: "required" };
    else {
      // Issue 14: the current-password check is throttled per member (5 wrong in 15 minutes lock).
      try {
        await refuseWhenLocked(db, "currentPassword", `member:${member.id}`, "TOO_MANY_REQUESTS", "Too many requests, try again after 15 minutes");
      } catch (e) {
        await auditAuth(db, log, ip, { ...who, action: "auth.password.change_refused", details: { reason: "locked" } });
        throw e;
      }
      if (!(await passwordMatches(member.passwordHash, input.oldPassword))) {
        failures.oldPassword = { kind: "wrong" };
        await countFailure(db, "currentPassword", `member:${member.id}`);
        await auditLockout(db, log, ip, [`currentPassword:member:${member.id}`], { merchantCode: member.merchantCode, account: member.account, limit: "currentPassword" });
      }
    }
  }
  const failure = checkPassword(passwordRule(await fieldRules(db, { code: member.merchantCode }), "newPassword"), input.newPassword);
  if (failure) failures.newPassword = failure;
  else if (await passwordMatches(member.passwordHash, input.newPassword)) failures.newPassword = { kind: "same" };
  if (!failures.newPassword && input.confirmNewPassword !== input.newPassword) failures.confirmNewPassword = { kind: "mismatch" };
  if (Object.keys(failures).length) {
    log.info({ event: "auth.password", memberId: member.id, result: "refused", fields: Object.keys(failures) }, "password change refused");
    await auditAuth(db, log, ip, { ...who, action: "auth.password.change_refused", details: { fields: Object.fromEntries(Object.entries(failures).map(([f, v]) => [f, v.kind])) } });
    throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: failures });
  }
  const newHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash: newHash, mustChangePassword: false, passwordChangedAt: new Date() }).where(eq(members.id, member.id));
    // Every other session ends; this one goes on without the forced-change mark.
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt), sql`${sessions.id} <> ${session.id}`))
      .returning({ id: sessions.id });
    await tx.update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, session.id));
    await writeAudit(tx, { merchantCode: member.merchantCode, account: member.account, actor: { kind: "member", id: member.id }, action: "auth.password.change", details: { forced: session.mustChangePassword, otherSessionsRevoked: revoked.length } }, originOf(log, ip));
  });
  log.info({ event: "auth.password", memberId: member.id, result: "ok" }, "password changed");
  return { changed: true };
}

// ---- members made by others -------------------------------------------------------------

export interface NewMember {
  account: string;
  password: string;
  type?: number;
  nickname?: string;
  mobileNum?: string;
  email?: string;
  mustChangePassword?: boolean;
  uplineId?: number | null;
}

/** A member created by the operator or an agent (e.g. with a default password to change at first login). */
export async function createMember(db: Database, merchant: Merchant, input: NewMember) {
  const account = input.account.trim().toLowerCase();
  const [created] = await db
    .insert(members)
    .values({
      merchantCode: merchant.code,
      account,
      nickname: input.nickname?.trim() || account,
      type: input.type ?? 0,
      passwordHash: await hashPassword(input.password),
      mobileNum: input.mobileNum?.trim() || null,
      email: input.email?.trim() || null,
      mustChangePassword: !!input.mustChangePassword,
      uplineId: input.uplineId ?? null,
      referralCode: newReferralCode(),
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new DomainError("ACCOUNT_TAKEN", `Account ${account} already exists`, 409);
  return memberInfo(created);
}

/** Free play (FREEPLAY3): a trial member with play money only, logged in at once. */
export async function freePlayLogin(db: Database, merchant: Merchant, ip: string | null, log: Logger) {
  const modules = await enabledModules(db, merchant);
  if (!modules.includes("FREEPLAY3")) throw new DomainError("NOT_ENABLED", "Function not enabled, contact customer service", 403);
  await spend(db, "trialPerIp", ip);
  const account = `trial${randomBytes(5).toString("hex")}`;
  const [created] = await db
    .insert(members)
    .values({
      merchantCode: merchant.code,
      account,
      nickname: account,
      type: TRIAL_TYPES[0]!,
      passwordHash: await hashPassword(randomBytes(24).toString("base64url")),
      referralCode: newReferralCode(),
      firstLoginAt: new Date(),
    })
    .returning();
  const token = await createSession(db, created!.id, ip, false);
  log.info({ event: "auth.freeplay", merchant: merchant.code, account, ip, result: "ok" }, "free-play login");
  await auditAuth(db, log, ip, { merchantCode: merchant.code, account, memberId: created!.id, action: "auth.freeplay.success" });
  return { token, firstTimeLogin: true, passwordExpired: false };
}

// ---- phone and e-mail flows -------------------------------------------------------------

/** SMS login (MOBILEVERCODELOGIN3): the code sent to a member's number logs them in. */
export async function smsLogin(
  db: Database,
  merchant: Merchant,
  input: { mobileNum?: string; countryDialingCode?: string; verificationCode?: string; remember?: boolean },
  ip: string | null,
  log: Logger,
) {
  const modules = await enabledModules(db, merchant);
  if (!modules.includes("MOBILEVERCODELOGIN3")) throw new DomainError("NOT_ENABLED", "Function not enabled, contact customer service", 403);
  const target = phoneTarget(input.countryDialingCode, input.mobileNum);
  const keys = [`login:phone:${merchant.code}:${target}`, ...(ip ? [`login:pair:${merchant.code}:${target}:${ip}`] : [])];
  const phone = maskPhone(target);
  if ((await throttleState(db, keys)).locked) {
    await auditAuth(db, log, ip, { merchantCode: merchant.code, action: "auth.login.locked", details: { via: "sms", phone } });
    throw new DomainError("TOO_MANY_REQUESTS", "Too many requests, try again after 5 minutes", 429);
  }
  try {
    await verifyCode(db, { merchantCode: merchant.code, purpose: "login", target, code: input.verificationCode });
  } catch (e) {
    await recordFailure(db, keys);
    if (ip) await recordFailure(db, [`login:ip:${ip}`], null);
    log.info({ event: "auth.login", merchant: merchant.code, ip, result: "bad_code", via: "sms" }, "login decision");
    await auditAuth(db, log, ip, { merchantCode: merchant.code, action: "auth.login.failure", details: { via: "sms", phone, reason: e instanceof DomainError ? e.code : "error" } });
    await auditLockout(db, log, ip, keys, { merchantCode: merchant.code, limit: "smsLogin" });
    throw e;
  }
  const member = await memberByPhone(db, merchant, target);
  if (!member) throw new DomainError("CODE_EXPIRED", "Verification code expired, send again", 400);
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("NOT_MEMBER", "Non-member account unable to login", 403);
  await clearFailures(db, ...keys);
  const firstTimeLogin = member.firstLoginAt === null;
  if (firstTimeLogin) await db.update(members).set({ firstLoginAt: new Date() }).where(eq(members.id, member.id));
  log.info({ event: "auth.login", merchant: merchant.code, memberId: member.id, ip, result: "ok", via: "sms" }, "login decision");
  await auditAuth(db, log, ip, { merchantCode: merchant.code, account: member.account, memberId: member.id, action: "auth.login.success", details: { via: "sms", firstTimeLogin } });
  // Spec §4: the forced change does not apply to sms logins.
  return { token: await createSession(db, member.id, ip, !!input.remember), firstTimeLogin, passwordExpired: false };
}

async function memberByPhone(db: Database, merchant: Merchant, target: string) {
  const [, cc, number] = /^\+(\d*)-(\d+)$/.exec(target) ?? [];
  const rows = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchant.code), eq(members.mobileNum, number ?? "")))
    .limit(5);
  return rows.find((m) => (m.countryDialingCode ?? "") === (cc ?? "")) ?? rows.find((m) => !m.countryDialingCode) ?? null;
}

/** Sends a code for login, registration or reset by phone; delivered only where it makes sense. */
export async function requestCode(
  db: Database,
  provider: MessageProvider,
  merchant: Merchant,
  purpose: CodePurpose,
  input: { mobileNum?: string; countryDialingCode?: string; language?: string },
  ip: string | null = null,
) {
  const target = phoneTarget(input.countryDialingCode, input.mobileNum);
  const member = await memberByPhone(db, merchant, target);
  // Login and reset go to existing members only; registration only to numbers not yet used.
  const deliver = purpose === "register" ? !member : !!member;
  // The code goes to the member's phone: their stored language before the asker's.
  const languages = [storedLanguage(member), input.language];
  return sendCode(db, provider, { merchantCode: merchant.code, purpose, target, deliver, ip, languages });
}

/** Registration by mobile number (MOBILENUMREG3; REGMOBVERF3 asks for the SMS code). */
export async function registerMobile(db: Database, merchant: Merchant, input: RegisterInput, ip: string | null, log: Logger) {
  const modules = await enabledModules(db, merchant);
  if (!modules.includes("MOBILENUMREG3")) throw new DomainError("NOT_ENABLED", "Function not enabled, contact customer service", 403);
  const target = phoneTarget(input.countryDialingCode, input.mobileNum);
  if (await memberByPhone(db, merchant, target)) {
    throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { mobileNum: { kind: "taken" } } });
  }
  if (modules.includes("REGMOBVERF3")) {
    try {
      await verifyCode(db, { merchantCode: merchant.code, purpose: "register", target, code: input.verificationCode });
    } catch (e) {
      if (e instanceof DomainError) throw new DomainError("VALIDATION", e.message, 400, { fields: { verificationCode: { kind: e.code } } });
      throw e;
    }
  }
  const number = target.split("-")[1]!;
  return register(db, merchant, { ...input, username: `m${number}`, mobileNum: number, countryDialingCode: target.slice(1).split("-")[0] }, ip, log);
}

/** Password set by phone: the reset code, a new password, and the member is logged in (spec §4). */
export async function resetByPhone(
  db: Database,
  merchant: Merchant,
  input: { mobileNum?: string; countryDialingCode?: string; verificationCode?: string; newPassword?: string },
  ip: string | null,
  log: Logger,
) {
  const target = phoneTarget(input.countryDialingCode, input.mobileNum);
  // Wrong codes count per number across every code sent (issue 14): 10 within 15 minutes lock.
  const limitKey = `${merchant.code}:${target}`;
  const phone = maskPhone(target);
  const refused = (reason: string) => auditAuth(db, log, ip, { merchantCode: merchant.code, action: "auth.password.reset_refused", details: { via: "phone", phone, reason } });
  try {
    await refuseWhenLocked(db, "secondFactor", limitKey, "CODE_LOCKED", LOCKED_MESSAGE);
  } catch (e) {
    await refused("locked");
    throw e;
  }
  try {
    await verifyCode(db, { merchantCode: merchant.code, purpose: "reset", target, code: input.verificationCode });
  } catch (e) {
    if (e instanceof DomainError && e.code === "CODE_INVALID") await countFailure(db, "secondFactor", limitKey);
    await refused(e instanceof DomainError ? e.code : "error");
    if (e instanceof DomainError && e.code === "CODE_INVALID") await auditLockout(db, log, ip, [`secondFactor:${limitKey}`], { merchantCode: merchant.code, limit: "resetCode" });
    throw e;
  }
  const member = await memberByPhone(db, merchant, target);
  if (!member) throw new DomainError("CODE_EXPIRED", "Verification code expired, send again", 400);
  await setPassword(db, merchant, member, input.newPassword ?? "", { via: "phone", log, ip });
  await clearFailures(db, `secondFactor:${limitKey}`);
  log.info({ event: "auth.reset", memberId: member.id, ip, result: "ok", via: "phone" }, "password reset");
  return { token: await createSession(db, member.id, ip, false), firstTimeLogin: false, passwordExpired: false };
}

async function setPassword(
  db: Database,
  merchant: Merchant,
  member: typeof members.$inferSelect,
  newPassword: string,
  how: { via: "phone" | "email"; log: Logger; ip: string | null },
) {
  const failure = checkPassword(passwordRule(await fieldRules(db, merchant), "newPassword"), newPassword);
  const who = { merchantCode: member.merchantCode, account: member.account, memberId: member.id };
  if (failure) {
    await auditAuth(db, how.log, how.ip, { ...who, action: "auth.password.reset_refused", details: { via: how.via, reason: failure.kind } });
    throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { newPassword: failure } });
  }
  const newHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash: newHash, mustChangePassword: false, passwordChangedAt: new Date() }).where(eq(members.id, member.id));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await writeAudit(tx, { merchantCode: member.merchantCode, account: member.account, actor: { kind: "member", id: member.id }, action: "auth.password.reset", details: { via: how.via, sessionsRevoked: revoked.length } }, originOf(how.log, how.ip));
  });
}

const RESET_LINK_MS = 30 * 60 * 1000;

/** Forgot password by e-mail: username and e-mail must match; the member gets a one-time link. */
export async function forgotByEmail(
  db: Database,
  provider: MessageProvider,
  merchant: Merchant,
  input: { username: string; email: string; origin: string; language?: string },
  log: Logger,
  ip: string | null = null,
) {
  const account = input.username.trim().toLowerCase();
  await spend(db, "sendPerIp", ip);
  const [member] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchant.code), eq(members.account, account)))
    .limit(1);
  if (!member || !member.email || member.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    log.info({ event: "auth.forgot", merchant: merchant.code, account, result: "no_match" }, "forgot password");
    throw new DomainError("USER_EMAIL_NOT_FOUND", "Username/Email does not exist", 404);
  }
  await spend(db, "sendPerTarget", `${merchant.code}:member:${member.id}`);
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    // One live link per member: a new one voids every older unused one.
    await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.purpose, "reset-email"), eq(verificationCodes.target, String(member.id)), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
      merchantCode: merchant.code,
      purpose: "reset-email",
      target: String(member.id),
      codeHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_LINK_MS),
    });
  });
  const link = `${input.origin.replace(/\/$/, "")}/resetPassword?token=${token}`;
  const languages = [storedLanguage(member), input.language, merchant.defaultLanguage];
  await provider.send({
    merchantCode: merchant.code,
    channel: "email",
    recipient: member.email,
    subject: messageText("reset_subject", languages),
    body: messageText("reset", languages, { link, minutes: RESET_LINK_MS / 60_000 }),
  });
  await auditAuth(db, log, ip, { merchantCode: merchant.code, account: member.account, memberId: member.id, action: "auth.password.reset_link_sent" });
  log.info({ event: "auth.forgot", merchant: merchant.code, memberId: member.id, result: "sent" }, "forgot password");
  return { sent: true };
}

/**
 * The reset link's token sets a new password once; every session ends. No session starts: the
 * member logs in with the new password (spec §4; an e-mailed link must not be a stronger
 * credential than the password it resets).
 */
export async function resetByToken(db: Database, merchant: Merchant, input: { token: string; newPassword: string }, ip: string | null, log: Logger) {
  const [row] = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.merchantCode, merchant.code),
        eq(verificationCodes.purpose, "reset-email"),
        eq(verificationCodes.codeHash, hashToken(input.token)),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) {
    await auditAuth(db, log, ip, { merchantCode: merchant.code, action: "auth.password.reset_refused", details: { via: "email", reason: "RESET_LINK_INVALID" } });
    throw new DomainError("RESET_LINK_INVALID", "This link is invalid or has expired", 400);
  }
  const [member] = await db.select().from(members).where(eq(members.id, Number(row.target))).limit(1);
  if (!member) throw new DomainError("RESET_LINK_INVALID", "This link is invalid or has expired", 400);
  try {
    await setPassword(db, merchant, member, input.newPassword, { via: "email", log, ip });
  } catch (e) {
    // A refused password leaves the link usable.
    await db.update(verificationCodes).set({ usedAt: null }).where(eq(verificationCodes.id, row.id));
    throw e;
  }
  log.info({ event: "auth.reset", memberId: member.id, ip, result: "ok", via: "email" }, "password reset");
  return { reset: true as const, account: member.account };
}

/** What an e-mailed reset link is worth, so the page can say so before the form: valid, used, expired or unknown. */
export async function resetLinkStatus(db: Database, merchant: Merchant, token: string): Promise<{ status: "valid" | "used" | "expired" | "unknown" }> {
  if (!token) return { status: "unknown" };
  const [row] = await db
    .select({ usedAt: verificationCodes.usedAt, expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.merchantCode, merchant.code),
        eq(verificationCodes.purpose, "reset-email"),
        eq(verificationCodes.codeHash, hashToken(token)),
      ),
    )
    .limit(1);
  if (!row) return { status: "unknown" };
  if (row.usedAt) return { status: "used" };
  if (row.expiresAt.getTime() <= Date.now()) return { status: "expired" };
  return { status: "valid" };
}
