import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import type { Logger } from "../http/observability.js";
import { phoneTarget, sendCode, verifyCode } from "./codes.js";
import type { MessageProvider } from "./messaging.js";
import { storedLanguage } from "./message-texts.js";
import { members } from "./schema.js";
import { auditAuth, TRIAL_TYPES } from "./service.js";

/**
 * Binding or changing a member's e-mail address or mobile number (issue 13, item 8): a code goes
 * to the address the member has now (when it has one) and another to the new address, and the
 * change needs both, so neither a stolen session alone nor a mistyped address can move the
 * account's recovery channel. A bound e-mail is what forgot-password by e-mail then uses.
 */
export type ContactKind = "email" | "mobile";
type Member = typeof members.$inferSelect;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;

function emailTarget(value: string | undefined): string {
  const email = (value ?? "").trim().toLowerCase();
  if (!email) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { value: { kind: "required" } } });
  if (email.length > 200 || !EMAIL.test(email)) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { value: { kind: "format" } } });
  return email;
}

function currentTarget(m: Member, kind: ContactKind): string | null {
  if (kind === "email") return m.email ? m.email.toLowerCase() : null;
  return m.mobileNum ? phoneTarget(m.countryDialingCode ?? undefined, m.mobileNum) : null;
}

function newTarget(kind: ContactKind, value: string | undefined, countryDialingCode: string | undefined): string {
  if (kind === "email") return emailTarget(value);
  try {
    return phoneTarget(countryDialingCode, value);
  } catch (e) {
    if (e instanceof DomainError) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { value: { kind: e.code === "PHONE_MISSING" ? "required" : "format" } } });
    throw e;
  }
}

function requireReal(m: Member) {
  if (TRIAL_TYPES.includes(m.type)) throw new DomainError("IN_NEED_TRUE_ACCOUNT", "This needs a real account", 403);
}

/** Another member of the site already uses this address: it cannot be bound twice. */
async function takenByOther(db: Database, m: Member, kind: ContactKind, target: string): Promise<boolean> {
  if (kind === "email") {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, m.merchantCode), ne(members.id, m.id), sql`lower(${members.email}) = ${target}`))
      .limit(1);
    return !!row;
  }
  const [, cc, number] = /^\+(\d*)-(\d+)$/.exec(target) ?? [];
  const rows = await db
    .select({ id: members.id, cc: members.countryDialingCode })
    .from(members)
    .where(and(eq(members.merchantCode, m.merchantCode), ne(members.id, m.id), eq(members.mobileNum, number ?? "")))
    .limit(5);
  return rows.some((r) => !r.cc || r.cc === cc);
}

/** Sends the code of one step: `old` to the address the member has, `new` to the one it wants. */
export async function requestContactCode(
  db: Database,
  provider: MessageProvider,
  m: Member,
  input: { kind: ContactKind; step: "old" | "new"; value?: string; countryDialingCode?: string; language?: string },
  ip: string | null,
) {
  requireReal(m);
  const channel = input.kind === "email" ? "email" : "sms";
  const languages = [storedLanguage(m), input.language];
  if (input.step === "old") {
    const target = currentTarget(m, input.kind);
    if (!target) throw new DomainError("CONTACT_NONE", "Nothing bound yet", 400, { fields: { oldCode: { kind: "none" } } });
    return sendCode(db, provider, { merchantCode: m.merchantCode, purpose: "bind_old", target, deliver: true, channel, ip, languages });
  }
  const target = newTarget(input.kind, input.value, input.countryDialingCode);
  if (target === currentTarget(m, input.kind)) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { value: { kind: "same" } } });
  if (await takenByOther(db, m, input.kind, target)) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { value: { kind: "taken" } } });
  return sendCode(db, provider, { merchantCode: m.merchantCode, purpose: "bind_new", target, deliver: true, channel, ip, languages });
}

/** The change itself: both codes right (only the new one when nothing was bound), then one update. */
export async function changeContact(
  db: Database,
  m: Member,
  input: { kind: ContactKind; value?: string; countryDialingCode?: string; oldCode?: string; newCode?: string },
  ip: string | null,
  log: Logger,
) {
  requireReal(m);
  const target = newTarget(input.kind, input.value, input.countryDialingCode);
  const old = currentTarget(m, input.kind);
  if (target === old) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { value: { kind: "same" } } });
  const check = async (purpose: "bind_old" | "bind_new", to: string, code: string | undefined, field: "oldCode" | "newCode") => {
    try {
      await verifyCode(db, { merchantCode: m.merchantCode, purpose, target: to, code });
    } catch (e) {
      if (e instanceof DomainError) throw new DomainError(e.code, e.message, e.status, { fields: { [field]: { kind: e.code } } });
      throw e;
    }
  };
  if (old) await check("bind_old", old, input.oldCode, "oldCode");
  await check("bind_new", target, input.newCode, "newCode");
  if (await takenByOther(db, m, input.kind, target)) throw new DomainError("VALIDATION", "Please enter correct information", 400, { fields: { value: { kind: "taken" } } });
  if (input.kind === "email") {
    await db.update(members).set({ email: target }).where(eq(members.id, m.id));
  } else {
    const [, cc, number] = /^\+(\d*)-(\d+)$/.exec(target) ?? [];
    await db.update(members).set({ mobileNum: number!, countryDialingCode: cc || null }).where(eq(members.id, m.id));
  }
  log.info({ event: "auth.contact_changed", merchant: m.merchantCode, memberId: m.id, kind: input.kind, bound: !old, ip }, "contact changed");
  // A recovery channel changed: a decision the audit trail keeps (issue 14 item 9), without the address itself.
  await auditAuth(db, log, ip, { merchantCode: m.merchantCode, account: m.account, memberId: m.id, action: "auth.contact.change", details: { kind: input.kind, bound: !old } });
  const [after] = await db.select({ email: members.email, mobileNum: members.mobileNum, countryDialingCode: members.countryDialingCode }).from(members).where(eq(members.id, m.id));
  return { kind: input.kind, email: after!.email, mobileNum: after!.mobileNum, countryDialingCode: after!.countryDialingCode };
}
