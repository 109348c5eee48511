import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { merchants, type LocalizedText } from "../system/schema.js";

/** Help centre sections (`/help#{tag}`), per brand, with a title and a text per language. */
export const helpSections = pgTable(
  "help_sections",
  {
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    content: jsonb("content").$type<LocalizedText>().notNull().default({}),
    sort: integer("sort").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.tag] })],
);
