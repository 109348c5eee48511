import { index, integer, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";

/**
 * The team tree as a closure table (ADR 011): one row per (ancestor, descendant) pair, the
 * member itself included at depth 0. "All of my team" is one range scan of the primary key;
 * "my uplines" one of the descendant index. Rows are written by triggers on `members` (insert,
 * and a change of `upline_id`), so every way a member is created keeps the tree exact.
 */
export const memberTree = pgTable(
  "member_tree",
  {
    ancestorId: integer("ancestor_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    descendantId: integer("descendant_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** 0 for the member itself, 1 for a direct downline, and so on. */
    depth: smallint("depth").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.depth, t.descendantId] }), index("member_tree_descendant_idx").on(t.descendantId, t.ancestorId)],
);
