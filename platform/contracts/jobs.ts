import type { DbHandle } from "../db/client.js";
import { runSettlement } from "./settlement.js";

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
  { name: "contractRealtimeSalary", everyMs: 60_000, run: (h, now) => runSettlement(h.db, "REALTIME_SALARY", now) },
  { name: "contractHourlySalary", everyMs: 5 * 60_000, run: (h, now) => runSettlement(h.db, "HOURLY_SALARY", now) },
  { name: "contractDailyWage", everyMs: 10 * 60_000, run: (h, now) => runSettlement(h.db, "DAILY_SALARY", now) },
  { name: "contractDividends", everyMs: 10 * 60_000, run: (h, now) => runSettlement(h.db, "DIVIDEND", now) },
];
