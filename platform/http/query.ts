import type { Context } from "hono";
import { z } from "zod";
import { DomainError, refuseNul } from "./envelope.js";

/** Parses a request's query with zod; bad input is a 400 naming the parameter. */
export function parseQuery<O>(c: Context, schema: z.ZodType<O, z.ZodTypeDef, unknown>): O {
  const query = c.req.query();
  refuseNul(query);
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw new DomainError(
      "INVALID_REQUEST",
      parsed.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; "),
      400,
    );
  }
  return parsed.data;
}

export const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageSize = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
/** A comma-separated list parameter ("B,PL,PU"). */
export const csv = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : []));
