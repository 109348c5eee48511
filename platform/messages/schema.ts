import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";

/**
 * A parameter of a message: a plain value, or a text per language (operator mail) that is
 * resolved to the reader's language at read time.
 */
export type MessageParamValue = string | number | boolean | null | Record<string, string>;
export type MessageParams = Record<string, MessageParamValue>;

/**
 * The message centre (spec §3 "Messages"): one row per message to one member. The text is not
 * stored: `type` is the kind (an i18n key suffix) and `params` fill its placeholders, so each
 * member reads it in their own language. `dedupe_key` makes posting idempotent per member.
 */
export const memberMessages = pgTable(
  "member_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The site the message belongs to. */
    merchantCode: text("merchant_code").notNull(),
    /** The kind: new_mail, deposit_credited, deposit_failed, withdrawal_approved, withdrawal_rejected, feedback_answer, ... */
    type: text("type").notNull(),
    params: jsonb("params").$type<MessageParams>().notNull().default({}),
    /** Rows written before `params` existed (money messages) keep their amount here. */
    amount: bigint("amount", { mode: "bigint" }),
    currency: text("currency"),
    reference: text("reference"),
    dedupeKey: text("dedupe_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Deleted by the member: hidden from the list and counts, kept for the record. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("member_messages_member_idx").on(t.memberId, t.id),
    uniqueIndex("member_messages_dedupe_uq").on(t.memberId, t.dedupeKey),
  ],
);
