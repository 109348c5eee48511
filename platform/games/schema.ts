import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants, type LocalizedText } from "../system/schema.js";
import { members } from "../accounts/schema.js";

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

/** Game items (spec §3 Game item). `nodeId` is the catalogue id favourites and launches use. */
export const games = pgTable(
  "games",
  {
    nodeId: integer("node_id").primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: text("vendor_code")
      .notNull()
      .references(() => vendors.code, { onDelete: "cascade" }),
    gameType: text("game_type").notNull(),
    gameCode: text("game_code").notNull(),
    /** GAME starts a game; VASSALAGE opens the vendor's own game list. */
    isGame: text("is_game").notNull().default("GAME"),
    names: jsonb("names").$type<LocalizedText>().notNull(),
    iconUrl: text("icon_url").notNull(),
    /** 0 means a free trial is available (spec). */
    supportPlay: integer("support_play").notNull().default(1),
    /** Slot sub-type tab: JP jackpot, TG table, AC arcade, BG bingo, SC scratch, VP video poker. */
    subType: text("sub_type"),
    /** Minimum bet in minor units. */
    minBet: bigint("min_bet", { mode: "bigint" }).notNull().default(sql`100`),
    lines: integer("lines").notNull().default(0),
    /** Position on the hot list; null when not hot. */
    hotRank: integer("hot_rank"),
    maintenance: boolean("maintenance").notNull().default(false),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [
    uniqueIndex("games_vendor_code_uq").on(t.vendorCode, t.gameCode),
    index("games_type_vendor_idx").on(t.gameType, t.vendorCode),
    index("games_hot_idx").on(t.hotRank),
  ],
);

/** Big wins shown on the winners board (spec §3 Winner board entry). */
export const winners = pgTable(
  "winners",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    /** Already masked for display, e.g. "jo***88". */
    account: text("account").notNull(),
    nodeId: integer("node_id")
      .notNull()
      .references(() => games.nodeId, { onDelete: "cascade" }),
    /** Minor units. */
    winAmount: bigint("win_amount", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    wonAt: timestamp("won_at", { withTimezone: true }).notNull().defaultNow(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [index("winners_merchant_time_idx").on(t.merchantCode, t.wonAt)],
);

/** A member's favourite games (spec §3 Favourite games: a list of nodeId). */
export const favourites = pgTable(
  "favourites",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    nodeId: integer("node_id")
      .notNull()
      .references(() => games.nodeId, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] }), index("favourites_member_idx").on(t.memberId, t.createdAt)],
);

/** Games a member launched, newest first (the lobby's recent games). */
export const recentGames = pgTable(
  "recent_games",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    nodeId: integer("node_id")
      .notNull()
      .references(() => games.nodeId, { onDelete: "cascade" }),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] }), index("recent_games_member_idx").on(t.memberId, t.playedAt)],
);
