import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit trail (issue 14 item 9): who decided what, when and from where, for every
 * authentication decision, operator money decision and change of operator settings. Append-only:
 * the app only inserts, and a trigger (migration 0018) refuses UPDATE, DELETE and TRUNCATE. No
 * foreign keys: a row outlives the member or brand it names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    merchantCode: text("merchant_code"),
    /** operator (the API key's holder), member (or someone claiming to be one), system (a rule or job). */
    actorKind: text("actor_kind").notNull(),
    /** A member id, or the operator key's fingerprint (`key:<8 hex>`). */
    actorId: text("actor_id"),
    /** The member account the event is about (the one logging in, credited, locked). */
    account: text("account"),
    /** Dotted, most general first, so a prefix filters a family: `auth.login.failure`, `money.deposit.confirm`. */
    action: text("action").notNull(),
    /** Facts of the decision; secrets (passwords, keys, tokens) never reach it. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    requestId: text("request_id"),
  },
  (t) => [
    check("audit_events_actor_kind", sql`${t.actorKind} in ('operator', 'member', 'system')`),
    index("audit_events_action_idx").on(t.action.op("text_pattern_ops"), t.id),
    index("audit_events_account_idx").on(t.account, t.id),
    index("audit_events_at_idx").on(t.at),
  ],
);
