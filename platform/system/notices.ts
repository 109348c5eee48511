import { and, asc, count, desc, eq, inArray, isNull, lte, or, gt } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { banners, notices } from "./schema.js";
import { localize } from "./service.js";

type Merchant = { code: string; defaultLanguage: string };

/** Notice types (spec §7): B banners, PL player notices, PU popups, PR promotions, H help. */
export const NOTICE_TYPES = ["B", "PL", "PU", "PR", "H"] as const;
/** Executions: A logged in, B anonymous, F first login. */
export const EXECUTIONS = ["A", "B", "F"] as const;

function live(now: Date) {
  return and(lte(notices.startsAt, now), or(isNull(notices.endsAt), gt(notices.endsAt, now)));
}

function dateStr(d: Date) {
  return d.toISOString().slice(0, 10);
}

function noticeItem(n: typeof notices.$inferSelect, language: string, fallback: string, withContent: boolean) {
  return {
    id: n.id,
    title: localize(n.title, language, fallback),
    startDateStr: dateStr(n.startsAt),
    promotionType: n.promotionType,
    execution: n.execution,
    ...(withContent ? { content: localize(n.content, language, fallback) } : {}),
  };
}

/** Announcements: `banners`, `player` notices, `popup`s for the given executions, `promotion`s. */
export async function getAnnouncements(
  db: Database,
  merchant: Merchant,
  language: string,
  q: { types: string[]; executions: string[]; bannerGroups: string[] },
) {
  const now = new Date();
  const wanted = (t: string) => q.types.includes(t);
  const [bannerRows, noticeRows] = await Promise.all([
    wanted("B")
      ? db
          .select()
          .from(banners)
          .where(and(eq(banners.merchantCode, merchant.code), q.bannerGroups.length ? inArray(banners.groupName, q.bannerGroups) : undefined))
          .orderBy(asc(banners.groupName), asc(banners.sort))
      : Promise.resolve([]),
    db
      .select()
      .from(notices)
      .where(and(eq(notices.merchantCode, merchant.code), inArray(notices.type, q.types.filter((t) => t !== "B")), live(now)))
      .orderBy(asc(notices.sort), desc(notices.startsAt)),
  ]);
  const fb = merchant.defaultLanguage;
  const of = (type: string) => noticeRows.filter((n) => n.type === type);
  return {
    banners: bannerRows.map((b) => ({
      id: b.id,
      groupName: b.groupName,
      url: b.url,
      linkageType: b.linkageType,
      link: b.link,
      title: localize(b.title, language, fb),
    })),
    player: of("PL").map((n) => noticeItem(n, language, fb, false)),
    popup: of("PU")
      .filter((n) => q.executions.includes(n.execution))
      .map((n) => noticeItem(n, language, fb, true)),
    promotion: of("PR").map((n) => noticeItem(n, language, fb, true)),
  };
}

/** The notice list, paged (content, pageNum, totalPages). */
export async function getNoticeList(db: Database, merchant: Merchant, language: string, pageNo: number, pageSize: number) {
  const where = and(eq(notices.merchantCode, merchant.code), eq(notices.type, "PL"), live(new Date()));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(asc(notices.sort), desc(notices.startsAt))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return {
    content: rows.map((n) => noticeItem(n, language, merchant.defaultLanguage, false)),
    pageNum: pageNo,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)),
  };
}

export async function getNotice(db: Database, merchant: Merchant, language: string, id: number) {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.merchantCode, merchant.code), eq(notices.id, id), live(new Date())))
    .limit(1);
  if (!row) throw new DomainError("NOTICE_NOT_FOUND", "No such notice", 404);
  return noticeItem(row, language, merchant.defaultLanguage, true);
}
