import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { asksLocally, carryText } from "./local-answer.js";

/** Every /wps, /lgw and /lotto answer: `{ success: true, value }` or `{ success: false, error }`. */
export function ok<T>(c: Context, value: T, status: ContentfulStatusCode = 200) {
  return envelope(c, { success: true as const, value }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, code: string, message: string, details?: Record<string, unknown>) {
  return envelope(c, { success: false as const, error: { code, message, ...(details ?? {}) } }, status);
}

/** The envelope as a JSON body, or as the same text on a bodiless answer to the web app in this process (local-answer.ts). */
function envelope(c: Context, body: object, status: ContentfulStatusCode) {
  if (!asksLocally(c.req.raw)) return c.json(body, status);
  carryText(c.req.raw, JSON.stringify(body));
  return c.body(null, status, { "Content-Type": "application/json" });
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
