import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../db/client.js";
import type { Database } from "../db/client.js";
import { members } from "../accounts/schema.js";
import { isLotteryGameCode, LOTTERY_GAMES, type LotteryGame } from "../lottery/games.js";
import { lotteryTickets } from "../lottery/schema.js";
import { ticketView } from "../lottery/service.js";
import { roundView } from "./service.js";
import { games } from "../games/schema.js";
import { formatAmount } from "../ledger/money.js";
import { merchants } from "../system/schema.js";
import { walletRounds, walletTransactions } from "../wallet/schema.js";
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

/** Vendors whose rounds are house rounds (kept in house_rounds), not third-party wallet rounds. */
const HOUSE_WALLET_VENDORS = ["HOUSE", "HSLOT"];

/** A third-party vendor's round as the seamless wallet saw it: debits, credit, balance after. */
export interface VendorRoundView {
  id: number;
  vendorCode: string;
  roundId: string;
  game: string;
  gameName: string;
  category: string | null;
  currency: string;
  status: "OPEN" | "SETTLED";
  stake: string;
  win: string;
  balanceAfter: string | null;
  createdAt: string;
}

async function vendorRoundViews(db: Database, member: Member, ids: number[]): Promise<Map<number, VendorRoundView>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(walletRounds).where(inArray(walletRounds.id, ids));
  const txs = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.memberId, member.id), inArray(walletTransactions.roundId, rows.map((r) => r.roundId))));
  const codes = [...new Set(rows.map((r) => r.gameCode).filter((c): c is string => !!c))];
  const names = codes.length ? await db.select({ vendorCode: games.vendorCode, gameCode: games.gameCode, names: games.names }).from(games).where(inArray(games.gameCode, codes)) : [];
  const [merchant] = await db.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.code, member.merchantCode)).limit(1);
  const currency = (merchant?.currency ?? "USD").toUpperCase();
  const out = new Map<number, VendorRoundView>();
  for (const r of rows) {
    const mine = txs.filter((t) => t.vendorCode === r.vendorCode && t.roundId === r.roundId);
    const stake = mine.filter((t) => t.type === "debit" && t.status === "OK").reduce((a, t) => a + t.amount, 0n);
    const credit = mine.find((t) => t.type === "credit");
    const name = names.find((n) => n.vendorCode === r.vendorCode && n.gameCode === r.gameCode)?.names;
    out.set(r.id, {
      id: r.id,
      vendorCode: r.vendorCode,
      roundId: r.roundId,
      game: r.gameCode ?? "",
      gameName: name?.en ?? r.gameCode ?? r.vendorCode,
      category: r.category,
      currency,
      status: r.status === "CLOSED" ? "SETTLED" : "OPEN",
      stake: formatAmount(stake, currency),
      win: formatAmount(credit?.amount ?? 0n, currency),
      balanceAfter: credit ? String((credit.response as { balance?: unknown }).balance ?? "") || null : null,
      createdAt: r.createdAt.toISOString(),
    });
  }
  return out;
}

/**
 * The betting record (personalHistoryCopy): the member's in-house rounds, third-party vendors'
 * wallet rounds and lottery tickets, newest first, by game or category (LIVE, RNG and the other
 * game categories are rounds, LOTT and ELOTT tickets) and period. Each item says what it is:
 * `kind` ROUND, VENDOR_ROUND or TICKET.
 */
export async function memberBettingRecord(db: Database, member: Member, q: RecordQuery) {
  const lotteryGame = q.game ? isLotteryGameCode(q.game) : false;
  const lotteryCategory = q.category ? LOTTERY_CATEGORIES.includes(q.category) : false;
  const wantRounds = !lotteryGame && !lotteryCategory;
  const wantTickets = q.game ? lotteryGame : !q.category || lotteryCategory;
  const period = (col: SQL) => sql`${q.from ? sql` and ${col} >= ${q.from.toISOString()}` : sql``}${q.to ? sql` and ${col} < ${q.to.toISOString()}` : sql``}`;
  const roundFilter = sql`${q.game ? sql` and game_code = ${q.game}` : sql``}${q.category ? sql` and category = ${q.category}` : sql``}`;
  const houseVendors = sql.join(HOUSE_WALLET_VENDORS.map((v) => sql`${v}`), sql`, `);
  const ticketCodes = q.game ? [q.game] : lotteryCodes(q.category);
  const ticketList = ticketCodes.length ? sql.join(ticketCodes.map((c) => sql`${c}`), sql`, `) : sql`''`;
  const parts: SQL[] = [];
  if (wantRounds) {
    parts.push(sql`select 'R' as k, id, created_at from house_rounds where member_id = ${member.id}${roundFilter}${period(sql`created_at`)}`);
    parts.push(sql`select 'W' as k, id, created_at from wallet_rounds where member_id = ${member.id} and vendor_code not in (${houseVendors})${roundFilter}${period(sql`created_at`)}`);
  }
  if (wantTickets) parts.push(sql`select 'T' as k, id, created_at from lottery_tickets where member_id = ${member.id} and game_code in (${ticketList})${period(sql`created_at`)}`);
  if (!parts.length) return { content: [], pageNum: q.pageNo, totalPages: 1, total: 0 };
  const union = sql.join(parts, sql` union all `);
  const [page, totals] = await Promise.all([
    db.execute(sql`${union} order by created_at desc, k, id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`).then((r) => rowsOf<{ k: string; id: string | number }>(r)),
    db.execute(sql`select count(*)::int as n from (${union}) as x`).then((r) => rowsOf<{ n: number | string }>(r)),
  ]);
  const idsOf = (k: string) => page.filter((p) => p.k === k).map((p) => Number(p.id));
  const [rounds, tickets, vendorRounds] = await Promise.all([
    idsOf("R").length ? db.select().from(houseRounds).where(inArray(houseRounds.id, idsOf("R"))) : Promise.resolve([]),
    idsOf("T").length ? db.select().from(lotteryTickets).where(inArray(lotteryTickets.id, idsOf("T"))) : Promise.resolve([]),
    vendorRoundViews(db, member, idsOf("W")),
  ]);
  const seedIds = [...new Set(rounds.map((r) => r.seedId))];
  const seeds = seedIds.length ? await db.select({ id: fairSeeds.id, hash: fairSeeds.serverSeedHash }).from(fairSeeds).where(inArray(fairSeeds.id, seedIds)) : [];
  const hashOf = new Map(seeds.map((s) => [s.id, s.hash]));
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  const ticketById = new Map(tickets.map((t) => [t.id, t]));
  type Item =
    | ({ kind: "ROUND" } & ReturnType<typeof roundView>)
    | ({ kind: "TICKET" } & ReturnType<typeof ticketView>)
    | ({ kind: "VENDOR_ROUND" } & VendorRoundView);
  const content = page.flatMap((p): Item[] => {
    if (p.k === "R") {
      const r = roundById.get(Number(p.id));
      return r ? [{ kind: "ROUND" as const, ...roundView(r, hashOf.get(r.seedId)) }] : [];
    }
    if (p.k === "W") {
      const w = vendorRounds.get(Number(p.id));
      return w ? [{ kind: "VENDOR_ROUND" as const, ...w }] : [];
    }
    const t = ticketById.get(Number(p.id));
    return t ? [{ kind: "TICKET" as const, ...ticketView(t) }] : [];
  });
  const total = Number(totals[0]?.n ?? 0);
  return { content, pageNum: q.pageNo, totalPages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}
