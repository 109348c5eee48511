import { boolean, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { merchants, type LocalizedText } from "../system/schema.js";

/** Game vendors (spec §3 Vendor); `code` is the vassalage. */
export const vendors = pgTable("vendors", {
  code: text("code").primaryKey(),
  displayName: text("display_name").notNull(),
  /** The category the vendor's games belong to: LIVE, RNG, SPORTS, FISH, PVP, LOTT, ... */
  gameType: text("game_type").notNull(),
  maintenance: boolean("maintenance").notNull().default(false),
  isDemo: boolean("is_demo").notNull().default(false),
});

/** The white-label menu: which categories a merchant shows, in which order, with which label. */
export const gameCategories = pgTable(
  "game_categories",
  {
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    gameCategory: text("game_category").notNull(),
    label: jsonb("label").$type<LocalizedText>().notNull().default({}),
    sort: integer("sort").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameCategory] })],
);

/** Vendors a merchant offers, with their order inside the category. */
export const merchantVendors = pgTable(
  "merchant_vendors",
  {
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    vendorCode: text("vendor_code")
      .notNull()
      .references(() => vendors.code, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.vendorCode] })],
);
