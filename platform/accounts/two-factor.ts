import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, not, like, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { merchants } from "../system/schema.js";
import { phoneTarget, sendCode, verifyCode } from "./codes.js";
import type { MessageProvider } from "./messaging.js";
import { storedLanguage } from "./message-texts.js";
import { memberIps, members, verificationCodes } from "./schema.js";
import { bankAccounts } from "../payments/schema.js";
import { clearFailures, countFailure, refuseWhenLocked } from "../security/limits.js";
import { isSealed, openSecret, sealSecret } from "../security/secrets.js";
import { LOCKED_MESSAGE } from "./service.js";
import { writeAudit, type AuditOrigin } from "../audit/service.js";
import { throttleState } from "./service.js";

type Member = typeof members.$inferSelect;
/** The extra factors of spec §4, in the order they are preferred. */
export const FACTORS = ["TOTP", "MOBILE", "EMAIL", "BANK_NAME"] as const;
export type Factor = (typeof FACTORS)[number];

const CHALLENGE_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const hash = (value: string) => createHash("sha256").update(value).digest("hex");

function totpFor(secret: string, account: string) {
  return new TOTP({ issuer: "Casino", label: account, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** Remembers an address a member logged in from. */
export async function rememberIp(db: Database, memberId: number, ip: string | null) {
  if (!ip) return;
  await db.insert(memberIps).values({ memberId, ip }).onConflictDoNothing();
}

/**
 * Spec §4: a login from an address the member has not used before asks for one extra factor
 * the operator enabled (settings.unknownIpFactors, default TOTP then MOBILE), in the order
 * TOTP, mobile code, bound-email code, bank account name: the first the member can answer. A
 * member with no address on record yet (the first login) or no usable factor is let through.
 */
export async function factorFor(db: Database, member: Member, ip: string | null): Promise<Factor | null> {
  if (!ip) return null;
  const known = await db.select({ ip: memberIps.ip }).from(memberIps).where(eq(memberIps.memberId, member.id));
  if (!known.length || known.some((k) => k.ip === ip)) return null;
  const [m] = await db.select({ settings: merchants.settings }).from(merchants).where(eq(merchants.code, member.merchantCode)).limit(1);
  const enabled = ((m?.settings as { unknownIpFactors?: string[] } | undefined)?.unknownIpFactors ?? ["TOTP", "MOBILE"]) as string[];
  if (enabled.includes("TOTP") && member.totpEnabled && member.totpSecret) return "TOTP";
  if (enabled.includes("MOBILE") && member.mobileNum) return "MOBILE";
  if (enabled.includes("EMAIL") && member.email) return "EMAIL";
  if (enabled.includes("BANK_NAME")) {
    const [bank] = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.memberId, member.id)).limit(1);
    if (bank) return "BANK_NAME";
  }
  return null;
}

/** Starts the extra step: a challenge token for the browser, and for MOBILE a code by SMS (EMAIL by e-mail), in the member's language. */
export async function startChallenge(db: Database, provider: MessageProvider, member: Member, factor: Factor, requestLanguage?: string) {
  const languages = [storedLanguage(member), requestLanguage];
  const challenge = randomBytes(24).toString("base64url");
  await db.insert(verificationCodes).values({
    merchantCode: member.merchantCode,
    purpose: "login-2fa",
    target: `${member.id}:${factor}`,
    codeHash: hash(challenge),
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  if (factor === "MOBILE") {
    const target = phoneTarget(member.countryDialingCode ?? "", member.mobileNum ?? "");
    await sendCode(db, provider, { merchantCode: member.merchantCode, purpose: "verify", target, deliver: true, languages }).catch((e) => {
      // A code sent moments ago is still valid: the countdown just keeps us from sending twice.
      if (!(e instanceof DomainError && e.code === "TOO_MANY_REQUESTS")) throw e;
    });
  }
  if (factor === "EMAIL") {
    await sendCode(db, provider, { merchantCode: member.merchantCode, purpose: "verify", target: emailTarget(member.email ?? ""), deliver: true, channel: "email", languages }).catch((e) => {
      if (!(e instanceof DomainError && e.code === "TOO_MANY_REQUESTS")) throw e;
    });
  }
  return { challenge, factor };
}

const emailTarget = (email: string) => email.trim().toLowerCase();
const squash = (s: string) => s.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

/** Checks the extra factor for a challenge; on success the challenge is spent and the member returned. */
export async function completeChallenge(db: Database, challenge: string, code: string, origin: AuditOrigin = { ip: null, requestId: null }) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, "login-2fa"),
        eq(verificationCodes.codeHash, hash(challenge)),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) throw new DomainError("CODE_EXPIRED", "Verification code expired, send again", 400);
  const [memberId, factor] = row.target.split(":") as [string, Factor];
  const [member] = await db.select().from(members).where(eq(members.id, Number(memberId))).limit(1);
  if (!member) throw new DomainError("CODE_EXPIRED", "Verification code expired, send again", 400);
  // Issue 14: wrong codes count per member across challenges; 10 within 15 minutes lock.
  const limitKey = `member:${member.id}`;
  const audit = (action: string, details: Record<string, unknown>, kind: "member" | "system" = "member") =>
    writeAudit(db, { merchantCode: member.merchantCode, account: member.account, actor: { kind, id: kind === "member" ? member.id : null }, action, details }, origin);
  try {
    await refuseWhenLocked(db, "secondFactor", limitKey, "CODE_LOCKED", LOCKED_MESSAGE);
  } catch (e) {
    await audit("auth.second_factor.failure", { factor, reason: "locked" });
    throw e;
  }

  let ok = false;
  if (factor === "TOTP" && member.totpSecret) {
    ok = await spendTotpCode(db, member, code);
  } else if (factor === "MOBILE" || factor === "EMAIL") {
    const target = factor === "MOBILE" ? phoneTarget(member.countryDialingCode ?? "", member.mobileNum ?? "") : emailTarget(member.email ?? "");
    try {
      await verifyCode(db, { merchantCode: member.merchantCode, purpose: "verify", target, code });
      ok = true;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
    }
  } else if (factor === "BANK_NAME") {
    // The name on any bank account the member bound (the attempts on the challenge limit guessing).
    const banks = await db.select({ accountName: bankAccounts.accountName }).from(bankAccounts).where(eq(bankAccounts.memberId, member.id));
    ok = code.trim().length > 0 && banks.some((b) => squash(b.accountName) === squash(code));
  }
  if (!ok) {
    await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(eq(verificationCodes.id, row.id));
    await countFailure(db, "secondFactor", limitKey);
    await audit("auth.second_factor.failure", { factor, reason: "wrong_code" });
    if ((await throttleState(db, [`secondFactor:${limitKey}`])).locked) await audit("auth.lockout", { limit: "secondFactor" }, "system");
    throw new DomainError("CODE_INVALID", "Invalid verification code", 400);
  }
  await clearFailures(db, `secondFactor:${limitKey}`);
  await audit("auth.second_factor.success", { factor });
  const spent = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (spent.length !== 1) throw new DomainError("CODE_EXPIRED", "Verification code expired, send again", 400);
  return member;
}

/**
 * Seals the TOTP seeds still stored in clear (written before they were encrypted, issue 14).
 * Run at start-up; a row is only replaced if it still holds the clear value read.
 */
export async function sealClearTotpSecrets(db: Database): Promise<number> {
  const clear = await db
    .select({ id: members.id, totpSecret: members.totpSecret })
    .from(members)
    .where(and(isNotNull(members.totpSecret), not(like(members.totpSecret, "enc1:%"))));
  let sealed = 0;
  for (const row of clear) sealed += await sealOne(db, row.id, row.totpSecret!);
  return sealed;
}

async function sealOne(db: Database, id: number, plain: string): Promise<number> {
  const done = await db
    .update(members)
    .set({ totpSecret: sealSecret(plain) })
    .where(and(eq(members.id, id), eq(members.totpSecret, plain)))
    .returning({ id: members.id });
  return done.length;
}

/** A TOTP code, valid for this or the neighbouring 30-second step, and usable once. */
async function spendTotpCode(db: Database, member: Member, code: string): Promise<boolean> {
  const secret = member.totpSecret ? openSecret(member.totpSecret) : null;
  // A clear seed left by an older version (start-up sealing missed it): sealed on first read.
  if (member.totpSecret && !isSealed(member.totpSecret)) await sealOne(db, member.id, member.totpSecret);
  if (!/^\d{6}$/.test(code.trim()) || !secret) return false;
  const totp = totpFor(secret, member.account);
  const delta = totp.validate({ token: code.trim(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / 30) + delta;
  const used = await db
    .update(members)
    .set({ totpLastStep: step })
    .where(and(eq(members.id, member.id), sql`coalesce(${members.totpLastStep}, -1) < ${step}`))
    .returning({ id: members.id });
  return used.length === 1;
}

/** Enrolment, first half: a new secret, not yet in force. */
export async function setupTotp(db: Database, member: Member) {
  const secret = new Secret({ size: 20 }).base32;
  // Kept encrypted at rest (issue 14); only this answer carries it in clear, once.
  await db.update(members).set({ totpSecret: sealSecret(secret), totpEnabled: false, totpLastStep: null }).where(eq(members.id, member.id));
  return { secret, uri: totpFor(secret, member.account).toString() };
}

/** Enrolment, second half: a right code from the app turns it on. */
export async function enableTotp(db: Database, member: Member, code: string, origin: AuditOrigin = { ip: null, requestId: null }) {
  if (!member.totpSecret) throw new DomainError("TOTP_NOT_SET_UP", "Set up the authenticator app first", 400);
  const limitKey = `member:${member.id}`;
  const audit = (action: string, details: Record<string, unknown> = {}) =>
    writeAudit(db, { merchantCode: member.merchantCode, account: member.account, actor: { kind: "member", id: member.id }, action, details }, origin);
  await refuseWhenLocked(db, "secondFactor", limitKey, "CODE_LOCKED", LOCKED_MESSAGE);
  if (!(await spendTotpCode(db, member, code))) {
    await countFailure(db, "secondFactor", limitKey);
    await audit("auth.totp.enable_refused", { reason: "wrong_code" });
    throw new DomainError("CODE_INVALID", "Invalid verification code", 400);
  }
  await db.update(members).set({ totpEnabled: true }).where(eq(members.id, member.id));
  await audit("auth.totp.enabled");
  return { enabled: true };
}

/** Test support: the current code for a secret. */
export function currentTotp(secret: string): string {
  return totpFor(secret, "test").generate();
}
