import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { recordFailure, throttleState } from "../accounts/service.js";

const HOUR = 60 * 60 * 1000;

/** How many of each thing a key may do within its window (issue 14, ADR 014). */
export const LIMITS = {
  /** Codes and reset links sent to one member (or one phone number / address). */
  sendPerTarget: { max: 5, windowMs: HOUR },
  /** Codes and reset links asked for from one IP address, for anyone. */
  sendPerIp: { max: 20, windowMs: HOUR },
  /** Registrations and trial accounts from one IP address. */
  registerPerIp: { max: 20, windowMs: 10 * 60 * 1000 },
  trialPerIp: { max: 20, windowMs: 10 * 60 * 1000 },
  /** Wrong current passwords in the security centre, per member. */
  currentPassword: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Feedback sent from one IP address (anonymous or not), and by one member. */
  feedbackPerIp: { max: 10, windowMs: HOUR },
  feedbackPerMember: { max: 10, windowMs: HOUR },
  /** Wrong second-factor and reset codes per member across challenges: 10 within 15 minutes lock. */
  secondFactor: { max: 10, windowMs: 15 * 60 * 1000 },
} as const;

export type LimitName = keyof typeof LIMITS;

/** Refuses (429) when the key is over its limit, then counts this use. */
export async function spend(db: Database, name: LimitName, key: string | null, code = "TOO_MANY_REQUESTS", message = "Too many requests, try again later") {
  if (!key) return;
  const k = `${name}:${key}`;
  if ((await throttleState(db, [k])).locked) throw new DomainError(code, message, 429, { limit: name });
  const { max, windowMs } = LIMITS[name];
  await recordFailure(db, [k], max, windowMs, windowMs);
}

/** Refuses (429) when the key is over its limit, without counting. */
export async function refuseWhenLocked(db: Database, name: LimitName, key: string, code = "TOO_MANY_REQUESTS", message = "Too many requests, try again later") {
  if ((await throttleState(db, [`${name}:${key}`])).locked) throw new DomainError(code, message, 429, { limit: name });
}

/** Counts a failure (a wrong code or password) against the key. */
export async function countFailure(db: Database, name: LimitName, key: string) {
  const { max, windowMs } = LIMITS[name];
  await recordFailure(db, [`${name}:${key}`], max, windowMs, windowMs);
}

export { clearFailures } from "../accounts/service.js";
