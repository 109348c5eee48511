import type { DbHandle } from "../db/client.js";
import { runSettlement, SETTLEMENT_CONCURRENCY } from "./settlement.js";

/** PostgreSQL settles a few contracts at once; PGlite, with its one connection, one. */
const settle = (h: DbHandle, scheme: Parameters<typeof runSettlement>[1], now: Date) =>
  runSettlement(h.db, scheme, now, { concurrency: h.kind === "postgres" ? SETTLEMENT_CONCURRENCY : 1 });

/** Advisory-lock keys of the contract settlement jobs (one node at a time runs each). */
export const CONTRACT_JOB_LOCKS = {
  contractRealtimeSalary: 7_310_121,
  contractHourlySalary: 7_310_122,
  contractDailyWage: 7_310_123,
  contractDividends: 7_310_124,
} as const;

/**
 * Spec §9: real-time salary every 5 minutes, hourly salary every hour, the daily wage the next
 * day, dividends after each period. Each job looks for ended periods more often than they end,
 * so a period is paid soon after its end; the (contract, period) key makes the extra runs pay nothing.
 */
export const CONTRACT_JOBS: { name: keyof typeof CONTRACT_JOB_LOCKS; everyMs: number; run(handle: DbHandle, now: Date): Promise<number> }[] = [
  { name: "contractRealtimeSalary", everyMs: 60_000, run: (h, now) => settle(h, "REALTIME_SALARY", now) },
  { name: "contractHourlySalary", everyMs: 5 * 60_000, run: (h, now) => settle(h, "HOURLY_SALARY", now) },
  { name: "contractDailyWage", everyMs: 10 * 60_000, run: (h, now) => settle(h, "DAILY_SALARY", now) },
  { name: "contractDividends", everyMs: 10 * 60_000, run: (h, now) => settle(h, "DIVIDEND", now) },
];
