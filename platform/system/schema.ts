import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** Text kept per language: `{ "en": "...", "es": "..." }`. */
export type LocalizedText = Record<string, string>;

/** One operator brand. A deployment serves one or more merchants, told apart by host. */
export const merchants = pgTable("merchants", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  currency: text("currency").notNull(),
  /** Single wallet (true) or a main wallet plus one per vendor (false). */
  isSingleWallet: boolean("is_single_wallet").notNull().default(true),
  defaultLanguage: text("default_language").notNull().default("es"),
  lotteryType: text("lottery_type").notNull().default("VN"),
  /** Operator settings that have no column of their own (CDN lists, analytics id). */
  settings: jsonb("settings").$type<MerchantSettings>().notNull().default({}),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export interface MerchantSettings {
  mainDomain?: string;
  gtagId?: string;
  imageCDNs?: string[];
  launchGameCDNs?: string[];
  /** Vendor codes of SPORTS that count as e-sports, cockfight or football (spec §4). */
  esportsVendors?: string[];
  cockfightVendors?: string[];
  footballVendors?: string[];
  /** IANA time zone of the site clock; UTC when unset. */
  timeZone?: string;
  /** Where the app is downloaded; the QR code on the site points here. */
  appDownloadUrl?: string;
}

export const merchantDomains = pgTable("merchant_domains", {
  domain: text("domain").primaryKey(),
  merchantCode: text("merchant_code")
    .notNull()
    .references(() => merchants.code, { onDelete: "cascade" }),
});

/**
 * Maintenance and region restriction, switched by the operator. Read on every request, so a
 * change shows on the next request of every web node.
 */
export const siteStatus = pgTable("site_status", {
  merchantCode: text("merchant_code")
    .primaryKey()
    .references(() => merchants.code, { onDelete: "cascade" }),
  maintenance: boolean("maintenance").notNull().default(false),
  maintenanceTitle: jsonb("maintenance_title").$type<LocalizedText>().notNull().default({}),
  maintenanceInfo: jsonb("maintenance_info").$type<LocalizedText>().notNull().default({}),
  /** ISO 3166-1 alpha-2 codes, upper case. */
  blockedCountries: text("blocked_countries").array().notNull().default([]),
  /** CIDR ranges or single addresses, IPv4 or IPv6. */
  blockedIpRanges: text("blocked_ip_ranges").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Operator resources (spec §3 Resource), e.g. LOGOLINK. */
export const resources = pgTable("resources", {
  id: serial("id").primaryKey(),
  merchantCode: text("merchant_code")
    .notNull()
    .references(() => merchants.code, { onDelete: "cascade" }),
  resourceType: text("resource_type").notNull(),
  labelNameEn: text("label_name_en").notNull().default(""),
  name: text("name").notNull(),
  url: text("url").notNull(),
  openInNewTab: boolean("open_in_new_tab").notNull().default(true),
  sort: integer("sort").notNull().default(0),
});

/** Customer-service and contact entries: LIVECHAT, TELEGRAM, WHATSAPP, LANDING, YOUTUBE, ... */
export const customerService = pgTable("customer_service", {
  id: serial("id").primaryKey(),
  merchantCode: text("merchant_code")
    .notNull()
    .references(() => merchants.code, { onDelete: "cascade" }),
  csType: text("cs_type").notNull(),
  title: text("title").notNull(),
  url: text("url").notNull(),
  sort: integer("sort").notNull().default(0),
});

/** Feature modules by spec module id (USERNAMEREG3, MOBILEVERCODELOGIN3, ...). */
export const featureModules = pgTable(
  "feature_modules",
  {
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    moduleId: text("module_id").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.moduleId] })],
);

/** Registration field rules (spec §3): acceptedPattern, patternId, min/max, enabled, required. */
export const registerFieldRules = pgTable(
  "register_field_rules",
  {
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    field: text("field").notNull(),
    acceptedPattern: text("accepted_pattern").notNull().default("*"),
    patternId: text("pattern_id").notNull().default("ANY"),
    minLength: integer("min_length").notNull().default(0),
    maxLength: integer("max_length").notNull().default(255),
    enabled: boolean("enabled").notNull().default(true),
    required: boolean("required").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.field] })],
);

/** Banners by group: w_home, w_login, w_register, w_forget. */
export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  merchantCode: text("merchant_code")
    .notNull()
    .references(() => merchants.code, { onDelete: "cascade" }),
  groupName: text("group_name").notNull(),
  url: text("url").notNull(),
  linkageType: text("linkage_type").notNull().default("NONE"),
  link: text("link"),
  title: jsonb("title").$type<LocalizedText>().notNull().default({}),
  sort: integer("sort").notNull().default(0),
});

/** Notices and announcements (types B, PL, PU, PR, H; execution A, B, F). */
export const notices = pgTable("notices", {
  id: serial("id").primaryKey(),
  merchantCode: text("merchant_code")
    .notNull()
    .references(() => merchants.code, { onDelete: "cascade" }),
  type: text("type").notNull(),
  execution: text("execution").notNull().default("B"),
  promotionType: text("promotion_type"),
  title: jsonb("title").$type<LocalizedText>().notNull(),
  content: jsonb("content").$type<LocalizedText>().notNull().default({}),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  sort: integer("sort").notNull().default(0),
});

/** The platform's key pair for ENC payloads (JWE). Made once, at the first start; shared by every node. */
export const platformKeys = pgTable("platform_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
