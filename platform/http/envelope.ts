import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every /wps, /lgw and /lotto answer: `{ success: true, value }` or `{ success: false, error }`. */
export function ok<T>(c: Context, value: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, value }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, code: string, message: string, details?: Record<string, unknown>) {
  return c.json({ success: false as const, error: { code, message, ...(details ?? {}) } }, status);
}

/** A rule the platform refuses, with a code from the spec's error catalogue. */
export class DomainError extends Error {
  override name = "DomainError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: ContentfulStatusCode = 400,
    /** Extra facts for the caller, e.g. `captchaRequired` or per-field failures. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** PostgreSQL text cannot hold NUL; input carrying one is refused before it reaches a query. */
export function refuseNul(value: unknown): void {
  if (JSON.stringify(value ?? null).includes("\\u0000")) {
    throw new DomainError("INVALID_REQUEST", "Input contains a NUL character", 400);
  }
}
