import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "../system/schema.js";

/** Members (spec §3 Member info). `account` is stored lower-case; `type` 1, 2, 41, 42 are agents, 4 is trial. */
export const members = pgTable(
  "members",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    account: text("account").notNull(),
    nickname: text("nickname").notNull().default(""),
    type: integer("type").notNull().default(0),
    passwordHash: text("password_hash").notNull(),
    paymentPasswordHash: text("payment_password_hash"),
    mobileNum: text("mobile_num"),
    countryDialingCode: text("country_dialing_code"),
    email: text("email"),
    payeeName: text("payee_name"),
    /** Optional profile fields of spec §3 (qqNum, line, whatsapp, birthday, ...). */
    profile: jsonb("profile").$type<Record<string, string>>().notNull().default({}),
    uplineId: integer("upline_id"),
    /** The member's rebate in basis points (120 = 1.20%): an agent gives a downline at most its own. */
    rebateBp: integer("rebate_bp").notNull().default(0),
    referralCode: text("referral_code").notNull(),
    affiliateCode: text("affiliate_code"),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    firstLoginAt: timestamp("first_login_at", { withTimezone: true }),
    /** TOTP (authenticator app): the base32 secret, and whether enrolment was confirmed. */
    totpSecret: text("totp_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** The last TOTP time step used, so a code works once. */
    totpLastStep: integer("totp_last_step"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("members_account_uq").on(t.merchantCode, t.account),
    uniqueIndex("members_referral_uq").on(t.referralCode),
    index("members_mobile_idx").on(t.merchantCode, t.mobileNum),
    index("members_upline_idx").on(t.uplineId),
  ],
);

/** Sessions: only a hash of the token is stored; revoking sets `revoked_at`. */
export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    ip: text("ip"),
    remember: boolean("remember").notNull().default(false),
    /** Set when the password must be changed before anything else; such a session may skip the old password. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The security centre's list of devices (ASVS 3.3.4): the browser, and where and when it was last seen. */
    userAgent: text("user_agent"),
    lastIp: text("last_ip"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_member_idx").on(t.memberId)],
);

/** Failed-attempt counters for lockouts, by account and by IP; in the database so they hold across nodes. */
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** Captcha challenges: the answer is stored hashed and can be used once. */
export const captchas = pgTable("captchas", {
  id: text("id").primaryKey(),
  answerHash: text("answer_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Messages the default SMS and e-mail provider "sends": readable on a laptop and by tests. */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code").notNull(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    body: text("body").notNull(),
    /** An e-mail's subject line; null for SMS. */
    subject: text("subject"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_recipient_idx").on(t.recipient, t.createdAt)],
);

/** One-time codes (SMS) and reset tokens (e-mail), stored hashed, single use, short-lived. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code").notNull(),
    /** login, register, reset (by phone), reset-email (link token). */
    purpose: text("purpose").notNull(),
    /** The phone number (+cc-number) or, for reset links, the member id. */
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("verification_codes_lookup_idx").on(t.merchantCode, t.purpose, t.target, t.createdAt)],
);

/** Addresses a member has logged in from; a login from any other asks for an extra factor. */
export const memberIps = pgTable(
  "member_ips",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("member_ips_uq").on(t.memberId, t.ip)],
);
