import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { merchants, type LocalizedText } from "../system/schema.js";
import { localize } from "../system/service.js";
import { helpSections } from "./schema.js";

export const HELP_TAG = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** Spec §7 helpCenter: the brand's sections in the reader's language (the brand's default when missing). */
export async function getHelpCentre(
  db: Database,
  merchant: { code: string; defaultLanguage: string },
  language: string
) {
  const rows = await db
    .select()
    .from(helpSections)
    .where(eq(helpSections.merchantCode, merchant.code))
    .orderBy(asc(helpSections.sort), asc(helpSections.tag));
  return rows.map((r) => ({
    tag: r.tag,
    title: localize(r.title, language, merchant.defaultLanguage),
    content: localize(r.content, language, merchant.defaultLanguage),
  }));
}

/** The operator's view: every language of every section. */
export async function listHelpSections(db: Database, merchantCode: string) {
  const rows = await db
    .select()
    .from(helpSections)
    .where(eq(helpSections.merchantCode, merchantCode))
    .orderBy(asc(helpSections.sort), asc(helpSections.tag));
  return rows.map((r) => ({
    tag: r.tag,
    title: r.title,
    content: r.content,
    sort: r.sort,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function putHelpSection(
  db: Database,
  merchantCode: string,
  tag: string,
  input: { title: LocalizedText; content: LocalizedText; sort?: number }
) {
  if (!HELP_TAG.test(tag))
    throw new DomainError(
      "INVALID_REQUEST",
      "tag: lower-case letters, digits, _ and -",
      400
    );
  const [merchant] = await db
    .select({ code: merchants.code })
    .from(merchants)
    .where(eq(merchants.code, merchantCode))
    .limit(1);
  if (!merchant)
    throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  const values = {
    merchantCode,
    tag,
    title: input.title,
    content: input.content,
    sort: input.sort ?? 0,
    updatedAt: new Date(),
  };
  await db
    .insert(helpSections)
    .values(values)
    .onConflictDoUpdate({
      target: [helpSections.merchantCode, helpSections.tag],
      set: {
        title: values.title,
        content: values.content,
        sort: values.sort,
        updatedAt: values.updatedAt,
      },
    });
  return { tag, title: input.title, content: input.content, sort: values.sort };
}

export async function deleteHelpSection(
  db: Database,
  merchantCode: string,
  tag: string
) {
  const rows = await db
    .delete(helpSections)
    .where(
      and(
        eq(helpSections.merchantCode, merchantCode),
        eq(helpSections.tag, tag)
      )
    )
    .returning({ tag: helpSections.tag });
  if (!rows.length)
    throw new DomainError("HELP_NOT_FOUND", "No such help section", 404);
}
