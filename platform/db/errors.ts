/** SQLSTATE of a driver error, looking through drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Serialization failure, deadlock, or a unique key taken by a concurrent twin: run it again. */
export const RETRYABLE_STATES: ReadonlySet<string> = new Set(["40001", "40P01", "23505"]);
