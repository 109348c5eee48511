import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";
import { merchants } from "../system/schema.js";

/** One stored image of a feedback: re-encoded, kept under the feedback directory, never public. */
export interface FeedbackImage {
  /** File name inside the feedback directory (random, no user input). */
  file: string;
  mime: "image/png" | "image/jpeg";
  width: number;
  height: number;
  bytes: number;
}

/** Feedback and complaints (spec §2 popup "feedback", §5 rules), answered by the operator. */
export const feedbacks = pgTable(
  "feedbacks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    /** The member who wrote it; null for an anonymous visitor (then no answer can reach them). */
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    content: text("content").notNull(),
    images: jsonb("images").$type<FeedbackImage[]>().notNull().default([]),
    /** OPEN until the operator answers, then ANSWERED. */
    status: text("status").$type<"OPEN" | "ANSWERED">().notNull().default("OPEN"),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feedbacks_merchant_idx").on(t.merchantCode, t.status, t.id), index("feedbacks_member_idx").on(t.memberId, t.id)],
);
