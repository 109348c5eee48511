import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "../accounts/schema.js";
import { merchants } from "../system/schema.js";

/** Tier as stored: money thresholds as minor-unit strings (JSON has no bigint), rate in hundredths of a percent. */
export interface StoredTier {
  validBet?: string;
  profitLoss?: string;
  activeMembers?: number;
  betAmount?: string;
  rate: number;
}

/**
 * Contracts an upline offers a direct downline (spec §3, §4). Status: PENDING (offered),
 * ACTIVE (accepted), REJECTED, TERMINATED (ended by a party's request), ENDED (ended by the
 * platform: superseded, or ended automatically under a new lower contract of the upline).
 */
export const agentContracts = pgTable(
  "agent_contracts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text("merchant_code")
      .notNull()
      .references(() => merchants.code, { onDelete: "cascade" }),
    uplineId: integer("upline_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    downlineId: integer("downline_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    scheme: text("scheme").notNull(),
    /** Dividends: daily, weekly, semimonthly, monthly; salaries: null (their scheme fixes it). */
    period: text("period"),
    tiers: jsonb("tiers").$type<StoredTier[]>().notNull(),
    /** The highest tier rate: compared with the upline's own rate and the downline's contracts. */
    topRate: integer("top_rate").notNull(),
    status: text("status").notNull().default("PENDING"),
    /** Contracts of the downline's own downlines that end when this one is accepted (confirmed by the offerer). */
    endsContractIds: jsonb("ends_contract_ids").$type<number[]>().notNull().default([]),
    offeredBy: text("offered_by").notNull().default("upline"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("agent_contracts_downline_idx").on(t.downlineId, t.status),
    index("agent_contracts_upline_idx").on(t.uplineId, t.status),
    index("agent_contracts_active_idx").on(t.scheme, t.status),
  ],
);

/** Every offer, decision and automatic end, with who, when and the terms at that moment. */
export const agentContractEvents = pgTable(
  "agent_contract_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => agentContracts.id, { onDelete: "cascade" }),
    /** OFFER, ACCEPT, REJECT, TERMINATE, AUTO_END, SUPERSEDED */
    action: text("action").notNull(),
    /** The member who acted; null for the platform (automatic ends) and the operator. */
    actorId: integer("actor_id"),
    actorAccount: text("actor_account").notNull().default(""),
    terms: jsonb("terms").$type<{ scheme: string; period: string | null; tiers: StoredTier[] }>().notNull(),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agent_contract_events_contract_idx").on(t.contractId, t.id)],
);

/** One row per (contract, period): the key that makes settlement pay each contract once. */
export const agentContractPayments = pgTable(
  "agent_contract_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => agentContracts.id, { onDelete: "cascade" }),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id").notNull(),
    scheme: text("scheme").notNull(),
    periodKey: text("period_key").notNull(),
    periodFrom: timestamp("period_from", { withTimezone: true }).notNull(),
    periodTo: timestamp("period_to", { withTimezone: true }).notNull(),
    validBet: bigint("valid_bet", { mode: "bigint" }).notNull(),
    profitLoss: bigint("profit_loss", { mode: "bigint" }).notNull(),
    activeMembers: integer("active_members").notNull(),
    betAmount: bigint("bet_amount", { mode: "bigint" }).notNull(),
    tier: integer("tier").notNull(),
    rate: integer("rate").notNull(),
    base: bigint("base", { mode: "bigint" }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    carryIn: bigint("carry_in", { mode: "bigint" }).notNull().default(sql`0`),
    carryOut: bigint("carry_out", { mode: "bigint" }).notNull().default(sql`0`),
    transferId: bigint("transfer_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agent_contract_payments_period_uq").on(t.contractId, t.periodKey),
    index("agent_contract_payments_member_idx").on(t.memberId, t.periodFrom),
  ],
);

/** Agent modules the operator enables per merchant (spec §2 flagged agent pages, §3 consolidated flags). */
export const agentModules = pgTable("agent_modules", {
  merchantCode: text("merchant_code")
    .primaryKey()
    .references(() => merchants.code, { onDelete: "cascade" }),
  enableCt: boolean("enable_ct").notNull().default(false),
  salary: boolean("salary").notNull().default(false),
  hourSalary: boolean("hour_salary").notNull().default(false),
  agentRealtimeSalary: boolean("agent_realtime_salary").notNull().default(false),
  enableSalary: boolean("enable_salary").notNull().default(false),
  enableContract: boolean("enable_contract").notNull().default(false),
});

/** The operator's top-level limit: the highest rate an agent without a contract of its own may give, per scheme. */
export const agentContractLimits = pgTable(
  "agent_contract_limits",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    scheme: text("scheme").notNull(),
    maxRate: integer("max_rate").notNull(),
  },
  (t) => [uniqueIndex("agent_contract_limits_uq").on(t.memberId, t.scheme)],
);
