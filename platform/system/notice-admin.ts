import { and, asc, desc, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { EXECUTIONS, NOTICE_TYPES } from "./notices.js";
import { merchants, notices } from "./schema.js";

type App = Hono<{ Variables: PlatformVariables }>;

/** Notice types the operator manages: the spec's (§7) and the agents' announcements ("AG"). */
const TYPES = [...NOTICE_TYPES, "AG"] as const;
const localized = z
  .record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, "language code such as es or zh-CN"), z.string().max(20_000))
  .refine((v) => Object.keys(v).length <= 40, "at most 40 languages");
const fields = {
  type: z.enum(TYPES),
  execution: z.enum(EXECUTIONS),
  promotionType: z.string().max(40).nullable(),
  title: localized.refine((v) => Object.keys(v).length > 0, "at least one language"),
  content: localized,
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }).nullable(),
  sort: z.number().int().min(0).max(10_000),
};
const createBody = z.object({ ...fields, execution: fields.execution.default("B"), promotionType: fields.promotionType.optional(), content: fields.content.default({}), startsAt: fields.startsAt.optional(), endsAt: fields.endsAt.optional(), sort: fields.sort.default(0) }).strict();
const updateBody = z.object(fields).partial().strict();

type Row = typeof notices.$inferSelect;
const view = (n: Row) => ({
  id: n.id,
  type: n.type,
  execution: n.execution,
  promotionType: n.promotionType,
  title: n.title,
  content: n.content,
  startsAt: n.startsAt.toISOString(),
  endsAt: n.endsAt?.toISOString() ?? null,
  sort: n.sort,
});

async function parse<T extends z.ZodTypeAny>(req: { json(): Promise<unknown> }, schema: T): Promise<z.infer<T>> {
  let json: unknown;
  try {
    json = await req.json();
  } catch {
    throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
  }
  if (JSON.stringify(json ?? null).includes("\\u0000")) throw new DomainError("INVALID_REQUEST", "Input contains a NUL character", 400);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
  return parsed.data;
}

async function requireMerchant(db: Database, code: string) {
  const [m] = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  return m.code;
}

function noticeId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError("NOTICE_NOT_FOUND", "No such notice", 404);
  return id;
}

/**
 * Operator calls for the notices and announcements of spec §7 (banner texts, player notices,
 * popups, promotion notices, help notices, agent announcements): list, create, change, remove.
 * The site reads them per language at every page (platform/system/notices.ts).
 */
export function registerNoticeOperatorRoutes(app: App) {
  app.get("/merchants/:code/notices", async (c) => {
    const code = await requireMerchant(c.var.db, c.req.param("code"));
    const type = c.req.query("type");
    if (type !== undefined && !(TYPES as readonly string[]).includes(type)) throw new DomainError("INVALID_REQUEST", `type: one of ${TYPES.join(", ")}`, 400);
    const rows = await c.var.db
      .select()
      .from(notices)
      .where(and(eq(notices.merchantCode, code), type ? eq(notices.type, type) : undefined))
      .orderBy(asc(notices.type), asc(notices.sort), desc(notices.startsAt))
      .limit(500);
    return c.json({ items: rows.map(view) });
  });
  app.post("/merchants/:code/notices", async (c) => {
    const code = await requireMerchant(c.var.db, c.req.param("code"));
    const b = await parse(c.req, createBody);
    const [row] = await c.var.db
      .insert(notices)
      .values({
        merchantCode: code,
        type: b.type,
        execution: b.execution,
        promotionType: b.promotionType ?? null,
        title: b.title,
        content: b.content,
        ...(b.startsAt ? { startsAt: new Date(b.startsAt) } : {}),
        endsAt: b.endsAt ? new Date(b.endsAt) : null,
        sort: b.sort,
      })
      .returning();
    return c.json(view(row!), 201);
  });
  app.put("/merchants/:code/notices/:id", async (c) => {
    const code = await requireMerchant(c.var.db, c.req.param("code"));
    const id = noticeId(c.req.param("id"));
    const b = await parse(c.req, updateBody);
    const set: Partial<typeof notices.$inferInsert> = {
      ...(b.type !== undefined ? { type: b.type } : {}),
      ...(b.execution !== undefined ? { execution: b.execution } : {}),
      ...(b.promotionType !== undefined ? { promotionType: b.promotionType } : {}),
      ...(b.title !== undefined ? { title: b.title } : {}),
      ...(b.content !== undefined ? { content: b.content } : {}),
      ...(b.startsAt !== undefined ? { startsAt: new Date(b.startsAt) } : {}),
      ...(b.endsAt !== undefined ? { endsAt: b.endsAt ? new Date(b.endsAt) : null } : {}),
      ...(b.sort !== undefined ? { sort: b.sort } : {}),
    };
    const [row] = Object.keys(set).length
      ? await c.var.db.update(notices).set(set).where(and(eq(notices.merchantCode, code), eq(notices.id, id))).returning()
      : await c.var.db.select().from(notices).where(and(eq(notices.merchantCode, code), eq(notices.id, id))).limit(1);
    if (!row) throw new DomainError("NOTICE_NOT_FOUND", "No such notice", 404);
    return c.json(view(row));
  });
  app.delete("/merchants/:code/notices/:id", async (c) => {
    const code = await requireMerchant(c.var.db, c.req.param("code"));
    const id = noticeId(c.req.param("id"));
    const [row] = await c.var.db.delete(notices).where(and(eq(notices.merchantCode, code), eq(notices.id, id))).returning({ id: notices.id });
    if (!row) throw new DomainError("NOTICE_NOT_FOUND", "No such notice", 404);
    return c.json({ deleted: true });
  });
}
