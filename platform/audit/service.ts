import { and, desc, eq, gte, like, lt, lte, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import type { Logger } from "../http/observability.js";
import type { Executor } from "../ledger/service.js";
import { auditEvents } from "./schema.js";

export type ActorKind = "operator" | "member" | "system";

export interface AuditEvent {
  merchantCode?: string | null;
  actor: { kind: ActorKind; id?: string | number | null };
  /** The member account the event is about. */
  account?: string | null;
  action: string;
  details?: Record<string, unknown>;
}

/** Where a request came from: the visitor's address and the request id of the log lines. */
export interface AuditOrigin {
  ip: string | null;
  requestId: string | null;
}

/** The origin of a request from its child logger (it carries the request id) and the visitor's address. */
export function originOf(log: Logger, ip: string | null): AuditOrigin {
  const bound = typeof log.bindings === "function" ? log.bindings() : {};
  return { ip, requestId: typeof bound.requestId === "string" ? bound.requestId : null };
}

/** Field names whose values never reach the trail: passwords, keys, tokens, codes. */
const SECRET_KEY = /pass(word)?|secret|token|signature|api.?key|^key$|captcha|code$|otp|pin$|jwk|challenge|cookie|authorization/i;
/** Keys that end in "code" but are identifiers, not secrets. */
const NOT_SECRET = new Set(["merchantCode", "vendorCode", "gameCode", "countryDialingCode", "currencyCode", "code"]);
const MAX_STRING = 500;
const MAX_ITEMS = 50;
const MAX_DEPTH = 5;

/**
 * A copy safe to keep: secret fields replaced by "[redacted]", long strings and lists cut (with
 * the count kept), bigints as strings. The trail says what was decided, not every byte posted.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === "bigint") return value.toString();
  // Cut so the result stays within MAX_STRING: redacting twice changes nothing.
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING - 24)}…(${value.length} chars)` : value;
  if (typeof value !== "object") return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return "[nested]";
  if (Array.isArray(value)) {
    if (value.length <= MAX_ITEMS) return value.map((v) => redact(v, depth + 1));
    return [...value.slice(0, MAX_ITEMS - 1).map((v) => redact(v, depth + 1)), `…(${value.length} items)`];
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS)) {
    out[k] = SECRET_KEY.test(k) && !NOT_SECRET.has(k) ? "[redacted]" : redact(v, depth + 1);
  }
  return out;
}

/** Appends one event. Runs on the caller's executor, so inside a transaction it commits or rolls back with it. */
export async function writeAudit(db: Executor, event: AuditEvent, origin: AuditOrigin): Promise<void> {
  await db.insert(auditEvents).values({
    merchantCode: event.merchantCode ?? null,
    actorKind: event.actor.kind,
    actorId: event.actor.id === null || event.actor.id === undefined ? null : String(event.actor.id),
    account: event.account ?? null,
    action: event.action,
    details: (redact(event.details ?? {}) as Record<string, unknown>) ?? {},
    ip: origin.ip?.slice(0, 100) ?? null,
    requestId: origin.requestId?.slice(0, 100) ?? null,
  });
}

export interface AuditQuery {
  /** `auth` matches `auth` and `auth.login.failure`; `auth.login` does not match `auth.loginx`. */
  action?: string;
  account?: string;
  merchantCode?: string;
  from?: Date;
  to?: Date;
  /** Keyset paging: only events older than this id (the previous page's `nextBefore`). */
  before?: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Events newest first, filtered; `nextBefore` fetches the page after, null at the end. */
export async function listAudit(db: Database, q: AuditQuery) {
  const where: (SQL | undefined)[] = [];
  if (q.action) where.push(or(eq(auditEvents.action, q.action), like(auditEvents.action, `${escapeLike(q.action)}.%`)));
  if (q.account) where.push(eq(auditEvents.account, q.account.trim().toLowerCase()));
  if (q.merchantCode) where.push(eq(auditEvents.merchantCode, q.merchantCode));
  if (q.from) where.push(gte(auditEvents.at, q.from));
  if (q.to) where.push(lte(auditEvents.at, q.to));
  if (q.before !== undefined) where.push(lt(auditEvents.id, q.before));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.id))
    .limit(q.pageSize + 1);
  const page = rows.slice(0, q.pageSize);
  return {
    events: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      merchantCode: r.merchantCode,
      actor: { kind: r.actorKind, id: r.actorId },
      account: r.account,
      action: r.action,
      details: r.details,
      ip: r.ip,
      requestId: r.requestId,
    })),
    nextBefore: rows.length > q.pageSize ? page[page.length - 1]!.id : null,
  };
}

/** Parses the query string of `GET /operator/v1/audit`; bad input is a 400 that says which. */
export function parseAuditQuery(query: Record<string, string | undefined>): AuditQuery {
  const bad = (message: string): never => {
    throw new DomainError("INVALID_REQUEST", message, 400);
  };
  const date = (name: "from" | "to") => {
    const raw = query[name];
    if (raw === undefined || raw === "") return undefined;
    // A day (2026-11-24) or an ISO 8601 time with its zone.
    if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(raw)) {
      return bad(`${name}: a date (2026-11-24) or an ISO 8601 time with its zone (2026-11-24T17:00:00Z)`);
    }
    // JavaScript rolls 2026-02-30 over to March: check the calendar day first.
    const [y, m, day] = raw.slice(0, 10).split("-").map(Number) as [number, number, number];
    const calendar = new Date(Date.UTC(y, m - 1, day));
    if (calendar.getUTCFullYear() !== y || calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== day) return bad(`${name}: not a real date`);
    const d = new Date(raw.length === 10 ? `${raw}T00:00:00Z` : raw.replace(" ", "T"));
    if (Number.isNaN(d.getTime())) return bad(`${name}: not a real date`);
    // A bare day as "to" means up to the end of that day.
    return name === "to" && raw.length === 10 ? new Date(d.getTime() + 86_400_000 - 1) : d;
  };
  const int = (name: string, min: number, max: number, fallback?: number) => {
    const raw = query[name];
    if (raw === undefined || raw === "") return fallback;
    if (!/^\d{1,19}$/.test(raw) || Number(raw) < min || Number(raw) > max) return bad(`${name}: a whole number from ${min} to ${max}`);
    return Number(raw);
  };
  const action = query.action?.trim();
  if (action !== undefined && action !== "" && !/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/.test(action)) bad("action: dotted lower-case words, e.g. auth.login");
  const account = query.account?.trim();
  if (account !== undefined && account !== "" && (account.length > 100 || account.includes("\u0000"))) bad("account: at most 100 characters");
  const merchant = query.merchant?.trim();
  if (merchant !== undefined && merchant !== "" && !/^[A-Za-z0-9_-]{1,40}$/.test(merchant)) bad("merchant: letters, digits, _ and - only");
  const from = date("from");
  const to = date("to");
  if (from && to && from > to) bad("from: must not be after to");
  return {
    action: action || undefined,
    account: account || undefined,
    merchantCode: merchant || undefined,
    from,
    to,
    before: int("before", 1, Number.MAX_SAFE_INTEGER),
    pageSize: int("pageSize", 1, 200, 50)!,
  };
}
