import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { merchants } from "../system/schema.js";
import { keptMerchant, localize } from "../system/service.js";
import { formatAmount } from "../ledger/money.js";
import type { Executor } from "../ledger/service.js";
import { memberMessages, type MessageParams, type MessageParamValue } from "./schema.js";

/**
 * Kinds the web has texts for (`msg_kind_<kind>_title` and `_body` in every locale). Other
 * modules may post other kinds: the web shows them with a generic title until texts are added.
 */
export const MESSAGE_KINDS = [
  "new_mail",
  "deposit_credited",
  "deposit_failed",
  "withdrawal_approved",
  "withdrawal_rejected",
  "promotion",
  "bonus_paid",
  "contract",
  "contract_paid",
  "feedback_answer",
  "rebate_paid",
  "mission_reward",
  "referral_reward",
  "points_approved",
  "points_rejected",
] as const;

const KIND = /^[a-z][a-z0-9_]{1,39}$/;
const MAX_PARAMS_JSON = 8_000;

export interface PostMessageInput {
  memberId: number;
  /** An i18n key suffix, e.g. "deposit_credited" (see MESSAGE_KINDS). */
  kind: string;
  /** Placeholder values of the kind's text; a `{lang: text}` object is read in the member's language. */
  params?: MessageParams;
  /** Same member + key posts once: a retried job or a replayed callback adds no second message. */
  dedupeKey: string;
  /** The message's currency (spec: each message carries a site and a currency); default params.currency, else the site's. */
  currency?: string | null;
}

/**
 * Posts a message to one member, inside the caller's transaction when given one, so the message
 * exists exactly when the change it tells about does. Idempotent on (member, dedupeKey).
 */
export async function postMessage(db: Executor, input: PostMessageInput): Promise<{ id: number; created: boolean }> {
  if (!KIND.test(input.kind)) throw new Error(`postMessage: bad kind ${JSON.stringify(input.kind)}`);
  if (!input.dedupeKey || input.dedupeKey.length > 200) throw new Error("postMessage: dedupeKey of 1-200 characters required");
  const params = input.params ?? {};
  const json = JSON.stringify(params);
  if (json.length > MAX_PARAMS_JSON || json.includes("\\u0000")) throw new DomainError("INVALID_REQUEST", "Message parameters too large", 400);
  const [owner] = await db
    .select({ merchantCode: members.merchantCode, currency: merchants.currency })
    .from(members)
    .innerJoin(merchants, eq(merchants.code, members.merchantCode))
    .where(eq(members.id, input.memberId))
    .limit(1);
  if (!owner) throw new DomainError("MEMBER_NOT_FOUND", "No such member", 404);
  const [inserted] = await db
    .insert(memberMessages)
    .values({
      memberId: input.memberId,
      merchantCode: owner.merchantCode,
      type: input.kind,
      params,
      currency: input.currency !== undefined ? input.currency : typeof params.currency === "string" ? params.currency.slice(0, 10) : owner.currency,
      reference: typeof params.reference === "string" ? params.reference.slice(0, 100) : null,
      dedupeKey: input.dedupeKey,
    })
    .onConflictDoNothing({ target: [memberMessages.memberId, memberMessages.dedupeKey] })
    .returning({ id: memberMessages.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: memberMessages.id })
    .from(memberMessages)
    .where(and(eq(memberMessages.memberId, input.memberId), eq(memberMessages.dedupeKey, input.dedupeKey)))
    .limit(1);
  return { id: existing!.id, created: false };
}

type Reader = { id: number; merchantCode: string };
type Row = typeof memberMessages.$inferSelect;

/** What the web renders: the kind and its parameters, texts already in the reader's language. */
export function messageView(r: Row, language: string, fallbackLanguage: string) {
  const params: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(r.params ?? {}) as [string, MessageParamValue][]) {
    params[k] = v !== null && typeof v === "object" ? localize(v, language, fallbackLanguage) : v;
  }
  // Money messages written before params existed.
  if (r.amount !== null && r.currency && params.amount === undefined) params.amount = formatAmount(r.amount, r.currency);
  if (r.currency && params.currency === undefined) params.currency = r.currency;
  if (r.reference && params.reference === undefined) params.reference = r.reference;
  return {
    id: r.id,
    kind: r.type,
    /** Same as kind, for callers written before the message centre. */
    type: r.type,
    params,
    amount: typeof params.amount === "string" ? params.amount : null,
    currency: r.currency,
    reference: r.reference,
    read: !!r.readAt,
    createdAt: r.createdAt.toISOString(),
  };
}
export type MessageView = ReturnType<typeof messageView>;

const visible = (member: Reader) => and(eq(memberMessages.memberId, member.id), eq(memberMessages.merchantCode, member.merchantCode), isNull(memberMessages.deletedAt));

async function fallbackLanguageOf(db: Database, member: Reader) {
  return (await keptMerchant(db, member.merchantCode)).defaultLanguage;
}

/** The message centre's page: newest first, optionally one currency, with the unread count. */
export async function listMessagePage(db: Database, member: Reader, opts: { pageNo: number; pageSize: number; currency?: string; language: string }) {
  const where = and(visible(member), opts.currency ? eq(memberMessages.currency, opts.currency) : undefined);
  const [rows, [total], unread, fallback] = await Promise.all([
    db
      .select()
      .from(memberMessages)
      .where(where)
      .orderBy(desc(memberMessages.id))
      .limit(opts.pageSize)
      .offset((opts.pageNo - 1) * opts.pageSize),
    db.select({ n: count() }).from(memberMessages).where(where),
    unreadCount(db, member),
    fallbackLanguageOf(db, member),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    content: rows.map((r) => messageView(r, opts.language, fallback)),
    pageNum: opts.pageNo,
    totalPages: Math.max(1, Math.ceil(totalCount / opts.pageSize)),
    totalCount,
    unread,
  };
}

/** The newest messages (the money pages show the latest unread one). */
export async function listMessages(db: Database, member: Reader, limit = 20, language = "") {
  const [rows, fallback] = await Promise.all([
    db.select().from(memberMessages).where(visible(member)).orderBy(desc(memberMessages.id)).limit(limit),
    fallbackLanguageOf(db, member),
  ]);
  return rows.map((r) => messageView(r, language, fallback));
}

/** Opens one message: marks it read and returns it. */
export async function openMessage(db: Database, member: Reader, id: number, language: string) {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError("MESSAGE_NOT_FOUND", "No such message", 404);
  const [row] = await db
    .update(memberMessages)
    .set({ readAt: sql`coalesce(${memberMessages.readAt}, now())` })
    .where(and(visible(member), eq(memberMessages.id, id)))
    .returning();
  if (!row) throw new DomainError("MESSAGE_NOT_FOUND", "No such message", 404);
  return messageView(row, language, await fallbackLanguageOf(db, member));
}

/** Spec §7 CSP_unreadCount: the member's unread, undeleted messages. */
export async function unreadCount(db: Database, member: Reader): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberMessages)
    .where(and(visible(member), isNull(memberMessages.readAt)));
  return row?.n ?? 0;
}

/** Marks the member's messages read: all of them, or only those of the given kinds. */
export async function markMessagesRead(db: Database, member: Reader, kinds?: string[]) {
  await db
    .update(memberMessages)
    .set({ readAt: new Date() })
    .where(and(visible(member), isNull(memberMessages.readAt), kinds?.length ? inArray(memberMessages.type, kinds) : undefined));
}

/** Deletes one message for the member (hidden; the row stays as a record). */
export async function deleteMessage(db: Database, member: Reader, id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError("MESSAGE_NOT_FOUND", "No such message", 404);
  const rows = await db
    .update(memberMessages)
    .set({ deletedAt: new Date() })
    .where(and(visible(member), eq(memberMessages.id, id)))
    .returning({ id: memberMessages.id });
  if (!rows.length) throw new DomainError("MESSAGE_NOT_FOUND", "No such message", 404);
}
