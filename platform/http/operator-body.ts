import type { z } from "zod";
import { DomainError, refuseNul } from "./envelope.js";

/**
 * An operator call's JSON body checked against its schema: not JSON, a NUL character or a
 * failed check is a 400 INVALID_REQUEST naming the fields. An empty body reads as `{}`.
 */
export async function operatorBody<O>(raw: Request, schema: z.ZodType<O, z.ZodTypeDef, unknown>): Promise<O> {
  let json: unknown;
  try {
    const text = await raw.text();
    json = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
  }
  refuseNul(json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
  return parsed.data;
}

/** A positive id in a path; anything else is the given 404. */
export function idParam(v: string | undefined, code: string, message: string): number {
  const n = Number.parseInt(v ?? "", 10);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647 || String(n) !== v) throw new DomainError(code, message, 404);
  return n;
}
