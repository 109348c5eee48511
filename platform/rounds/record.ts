import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { members } from "../accounts/schema.js";
import { isLotteryGameCode, LOTTERY_GAMES, type LotteryGame } from "../lottery/games.js";
import { lotteryTickets } from "../lottery/schema.js";
import { ticketView } from "../lottery/service.js";
import { bettingRecord, roundView } from "./service.js";
import { fairSeeds, houseRounds } from "./schema.js";

type Member = typeof members.$inferSelect;

export interface RecordQuery {
  game?: string;
  category?: string;
  from?: Date;
  to?: Date;
  pageNo: number;
  pageSize: number;
}

const LOTTERY_CATEGORIES = ["LOTT", "ELOTT"];
const lotteryCodes = (category?: string) => (Object.values(LOTTERY_GAMES) as LotteryGame[]).filter((g) => !category || g.category === category).map((g) => g.code);

const rowsOf = <T,>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];

/**
 * The betting record (personalHistoryCopy): the member's in-house rounds and lottery tickets,
 * newest first, by game or category (LIVE and RNG are rounds, LOTT and ELOTT tickets) and period.
 * Each item says what it is: `kind` ROUND or TICKET.
 */
export async function memberBettingRecord(db: Database, member: Member, q: RecordQuery) {
  const lotteryGame = q.game ? isLotteryGameCode(q.game) : false;
  const lotteryCategory = q.category ? LOTTERY_CATEGORIES.includes(q.category) : false;
  const wantRounds = !lotteryGame && !lotteryCategory;
  const wantTickets = q.game ? lotteryGame : !q.category || lotteryCategory;
  const empty = { content: [], pageNum: q.pageNo, totalPages: 1, total: 0 };

  if (wantRounds && !wantTickets) {
    const r = await bettingRecord(db, member, q);
    return { ...r, content: r.content.map((x) => ({ kind: "ROUND" as const, ...x })) };
  }
  const ticketWhere = and(
    eq(lotteryTickets.memberId, member.id),
    q.game ? eq(lotteryTickets.gameCode, q.game) : inArray(lotteryTickets.gameCode, lotteryCodes(q.category)),
    q.from ? gte(lotteryTickets.createdAt, q.from) : undefined,
    q.to ? lt(lotteryTickets.createdAt, q.to) : undefined,
  );
  if (!wantTickets) return empty;
  if (!wantRounds) {
    const [rows, [total]] = await Promise.all([
      db.select().from(lotteryTickets).where(ticketWhere).orderBy(desc(lotteryTickets.createdAt), desc(lotteryTickets.id)).limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize),
      db.select({ n: count() }).from(lotteryTickets).where(ticketWhere),
    ]);
    return { content: rows.map((t) => ({ kind: "TICKET" as const, ...ticketView(t) })), pageNum: q.pageNo, totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / q.pageSize)), total: total?.n ?? 0 };
  }

  // Both: one ordered page over the two tables, then each item read in full.
  const period = (col: SQL) => sql`${q.from ? sql` and ${col} >= ${q.from.toISOString()}` : sql``}${q.to ? sql` and ${col} < ${q.to.toISOString()}` : sql``}`;
  const page = rowsOf<{ k: string; id: string | number }>(
    await db.execute(sql`
      select 'R' as k, id, created_at from house_rounds where member_id = ${member.id}${period(sql`created_at`)}
      union all
      select 'T' as k, id, created_at from lottery_tickets where member_id = ${member.id}${period(sql`created_at`)}
      order by created_at desc, k, id desc
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
  );
  const roundWhere = and(eq(houseRounds.memberId, member.id), q.from ? gte(houseRounds.createdAt, q.from) : undefined, q.to ? lt(houseRounds.createdAt, q.to) : undefined);
  const roundIds = page.filter((p) => p.k === "R").map((p) => Number(p.id));
  const ticketIds = page.filter((p) => p.k === "T").map((p) => Number(p.id));
  const [rounds, tickets, [nr], [nt]] = await Promise.all([
    roundIds.length ? db.select().from(houseRounds).where(inArray(houseRounds.id, roundIds)) : Promise.resolve([]),
    ticketIds.length ? db.select().from(lotteryTickets).where(inArray(lotteryTickets.id, ticketIds)) : Promise.resolve([]),
    db.select({ n: count() }).from(houseRounds).where(roundWhere),
    db.select({ n: count() }).from(lotteryTickets).where(ticketWhere),
  ]);
  const seedIds = [...new Set(rounds.map((r) => r.seedId))];
  const seeds = seedIds.length ? await db.select({ id: fairSeeds.id, hash: fairSeeds.serverSeedHash }).from(fairSeeds).where(inArray(fairSeeds.id, seedIds)) : [];
  const hashOf = new Map(seeds.map((s) => [s.id, s.hash]));
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  const ticketById = new Map(tickets.map((t) => [t.id, t]));
  type Item = ({ kind: "ROUND" } & ReturnType<typeof roundView>) | ({ kind: "TICKET" } & ReturnType<typeof ticketView>);
  const content = page.flatMap((p): Item[] => {
    if (p.k === "R") {
      const r = roundById.get(Number(p.id));
      return r ? [{ kind: "ROUND" as const, ...roundView(r, hashOf.get(r.seedId)) }] : [];
    }
    const t = ticketById.get(Number(p.id));
    return t ? [{ kind: "TICKET" as const, ...ticketView(t) }] : [];
  });
  const total = (nr?.n ?? 0) + (nt?.n ?? 0);
  return { content, pageNum: q.pageNo, totalPages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}
