import { createHash, randomInt } from "node:crypto";
import { messageText } from "./message-texts.js";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { merchants } from "../system/schema.js";
import type { MessageProvider } from "./messaging.js";
import { verificationCodes } from "./schema.js";
import { spend } from "../security/limits.js";

/** Wrong guesses a code survives before it is spent. */
const MAX_ATTEMPTS = 5;

export type CodePurpose = "login" | "register" | "reset" | "verify" | "bind_old" | "bind_new";

const hashCode = (purpose: string, target: string, code: string) =>
  createHash("sha256").update(`${purpose}:${target}:${code}`).digest("hex");

/** "+cc-number" from a dialing code and a mobile number; refuses what is not a phone number. */
export function phoneTarget(countryDialingCode: string | undefined, mobileNum: string | undefined): string {
  const number = (mobileNum ?? "").replace(/[\s-]/g, "");
  if (!number) throw new DomainError("PHONE_MISSING", "Missing phone number", 400);
  if (!/^\d{6,15}$/.test(number)) throw new DomainError("PHONE_FORMAT", "Invalid phone number format", 400);
  const cc = (countryDialingCode ?? "").replace(/^\+/, "").trim();
  if (cc && !/^\d{1,4}$/.test(cc)) throw new DomainError("PHONE_FORMAT", "Invalid phone number format", 400);
  return `+${cc}-${number}`;
}

/** Spec §9: the resend countdown is expiredMinutes x 60 s, 1 minute by default; codes expire with it. */
export async function expiredMinutesFor(db: Database, merchantCode: string): Promise<number> {
  return (await codeSettings(db, merchantCode)).expiredMinutes;
}

async function codeSettings(db: Database, merchantCode: string) {
  const [m] = await db.select({ settings: merchants.settings, defaultLanguage: merchants.defaultLanguage }).from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  const value = (m?.settings as { smsExpiredMinutes?: number } | undefined)?.smsExpiredMinutes;
  return { expiredMinutes: Number.isInteger(value) && value! > 0 && value! <= 30 ? value! : 1, defaultLanguage: m?.defaultLanguage };
}

/**
 * Sends a 6-digit code, unless one was sent to this number for this purpose within the
 * countdown (which also keeps it to one send a second). `deliver` false answers the same
 * without sending, so a caller cannot learn which numbers have accounts. `languages` is the
 * reader's chain (the member's stored language, then the request's); the site's default
 * language and English follow here, so no caller can leave them out.
 */
export async function sendCode(
  db: Database,
  provider: MessageProvider,
  opts: { merchantCode: string; purpose: CodePurpose; target: string; deliver: boolean; channel?: "sms" | "email"; ip?: string | null; languages?: Array<string | null | undefined> },
) {
  const { expiredMinutes, defaultLanguage } = await codeSettings(db, opts.merchantCode);
  const windowMs = expiredMinutes * 60_000;
  const [last] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.merchantCode, opts.merchantCode), eq(verificationCodes.purpose, opts.purpose), eq(verificationCodes.target, opts.target)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (last && Date.now() - last.createdAt.getTime() < windowMs) {
    const resendAt = new Date(last.createdAt.getTime() + windowMs);
    throw new DomainError("TOO_MANY_REQUESTS", "Too many requests, try again later", 429, { resendAt: resendAt.toISOString(), expiredMinutes });
  }
  // Issue 14: every code sent counts against its number (or address) and the asking IP.
  await spend(db, "sendPerIp", opts.ip ?? null);
  await spend(db, "sendPerTarget", `${opts.merchantCode}:${opts.target}`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = Date.now();
  const [stored] = await db
    .insert(verificationCodes)
    .values({
      merchantCode: opts.merchantCode,
      purpose: opts.purpose,
      target: opts.target,
      // Undeliverable codes are stored too (unusable: their hash is of nothing), so the countdown is the same.
      codeHash: opts.deliver ? hashCode(opts.purpose, opts.target, code) : "-",
      expiresAt: new Date(now + windowMs),
    })
    .returning({ id: verificationCodes.id });
  if (opts.deliver) {
    // A code the gateway refused was never sent: forget it, so the member can try again at once.
    const forget = () => db.delete(verificationCodes).where(eq(verificationCodes.id, stored!.id));
    const channel = opts.channel ?? "sms";
    const languages = [...(opts.languages ?? []), defaultLanguage];
    const body = messageText("code", languages, { code, minutes: expiredMinutes });
    const subject = channel === "email" ? messageText("code_subject", languages) : undefined;
    await provider.send({ merchantCode: opts.merchantCode, channel, recipient: opts.target, body, ...(subject ? { subject } : {}) }).catch(async (err) => {
      await forget();
      throw err;
    });
  }
  return { expiredMinutes, resendAt: new Date(now + windowMs).toISOString() };
}

/** Uses up the latest code for this number and purpose: single use, within its time, five guesses. */
export async function verifyCode(db: Database, opts: { merchantCode: string; purpose: CodePurpose; target: string; code: string | undefined }) {
  const code = (opts.code ?? "").trim();
  if (!code) throw new DomainError("CODE_MISSING", "Missing verification code", 400);
  if (!/^\d{6}$/.test(code)) throw new DomainError("CODE_INVALID", "Invalid verification code", 400);
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.merchantCode, opts.merchantCode),
        eq(verificationCodes.purpose, opts.purpose),
        eq(verificationCodes.target, opts.target),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() <= Date.now() || latest.attempts >= MAX_ATTEMPTS) {
    throw new DomainError("CODE_EXPIRED", "Verification code expired, send again", 400);
  }
  if (latest.codeHash !== hashCode(opts.purpose, opts.target, code)) {
    await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(eq(verificationCodes.id, latest.id));
    throw new DomainError("CODE_INVALID", "Invalid verification code", 400);
  }
  const spent = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, new Date())))
    .returning({ id: verificationCodes.id });
  if (spent.length !== 1) throw new DomainError("CODE_EXPIRED", "Verification code expired, send again", 400);
}
