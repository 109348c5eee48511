import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../db/client.js";
import { LOTTERY_GAMES } from "../lottery/games.js";
import { HOUSE_VENDOR } from "../wallet/service.js";

/**
 * Valid bets: the stakes of settled bets, one row per bet with a key of its own, read from the
 * rounds themselves (never from a stored total). The same definition as the agents' team
 * figures (platform/agents/team.ts):
 * - in-house rounds that settled (`round:{id}`, category LIVE or RNG, at `settled_at`);
 * - lottery tickets won or lost (`ticket:{id}`, LOTT or ELOTT by game, at `settled_at`);
 * - vendor bets of closed rounds, never rolled-back ones (`wallet:{id}`, the launch's category,
 *   at the debit). In-house rounds and lottery tickets also pass through the wallet as vendor
 *   HOUSE; those calls are left out so that no bet counts twice.
 *
 * Columns: `source_key` text, `member_id` int, `category` text, `stake` bigint, `settled_at`.
 */
export interface ValidBetsFilter {
  memberId?: number;
  merchantCode?: string;
  /** Settled at or after. */
  from?: Date;
  /** Settled before. */
  to?: Date;
}

const lotteryCategory = (column: SQL) => {
  const cases = Object.values(LOTTERY_GAMES).map((g) => sql`when ${g.code}::text then ${g.category}::text`);
  return sql`case ${column} ${sql.join(cases, sql` `)} else 'LOTT' end`;
};

function window(column: SQL, f: ValidBetsFilter): SQL {
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`${column} >= ${f.from.toISOString()}`);
  if (f.to) parts.push(sql`${column} < ${f.to.toISOString()}`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** A sub-select of the valid bets the filter names (use it as `(...) as b`). */
export function validBetsQuery(f: ValidBetsFilter): SQL {
  const member = (column: SQL) => (f.memberId !== undefined ? sql` and ${column} = ${f.memberId}` : sql``);
  const merchant = (column: SQL) => (f.merchantCode !== undefined ? sql` and ${column} = ${f.merchantCode}` : sql``);
  return sql`
    select 'round:' || r.id as source_key, r.member_id, r.category, r.stake, r.settled_at
    from house_rounds r
    where r.status = 'SETTLED' and r.stake > 0${member(sql`r.member_id`)}${merchant(sql`r.merchant_code`)}${window(sql`r.settled_at`, f)}
    union all
    select 'ticket:' || l.id, l.member_id, ${lotteryCategory(sql`l.game_code`)}, l.stake, l.settled_at
    from lottery_tickets l
    where l.status in ('WON', 'LOST') and l.stake > 0${member(sql`l.member_id`)}${merchant(sql`l.merchant_code`)}${window(sql`l.settled_at`, f)}
    union all
    select 'wallet:' || w.id, w.member_id, coalesce(wr.category, 'OTHER'), w.amount, w.created_at
    from wallet_transactions w
    join wallet_rounds wr on wr.vendor_code = w.vendor_code and wr.round_id = w.round_id and wr.status = 'CLOSED'
    ${f.merchantCode !== undefined ? sql`join members wm on wm.id = w.member_id and wm.merchant_code = ${f.merchantCode}` : sql``}
    where w.vendor_code <> ${HOUSE_VENDOR} and w.type = 'debit' and w.status = 'OK' and w.amount > 0${member(sql`w.member_id`)}${window(sql`w.created_at`, f)}`;
}


/** A member's valid bets per category over a window, minor units. */
export async function validBetsByCategory(db: { execute: (q: SQL) => Promise<unknown> }, f: ValidBetsFilter & { memberId: number }): Promise<Map<string, bigint>> {
  const rows = rowsOf<{ category: string; total: string }>(
    await db.execute(sql`select b.category, sum(b.stake)::text as total from (${validBetsQuery(f)}) as b group by b.category`),
  );
  return new Map(rows.map((r) => [r.category, BigInt(r.total)]));
}

/**
 * A member's valid bets per category in each of several windows, in one statement: the windows'
 * union is read once and each window is summed with a filter (the missions list and badge, whose
 * daily and weekly missions read two windows on every member page). The same answers as
 * `validBetsByCategory` for each window.
 */
export async function validBetsBySpans(
  db: { execute: (q: SQL) => Promise<unknown> },
  memberId: number,
  spans: ReadonlyArray<{ from: Date; to: Date }>,
): Promise<Array<Map<string, bigint>>> {
  if (spans.length <= 1) return Promise.all(spans.map((span) => validBetsByCategory(db, { memberId, from: span.from, to: span.to })));
  const from = new Date(Math.min(...spans.map((s) => s.from.getTime())));
  const to = new Date(Math.max(...spans.map((s) => s.to.getTime())));
  const sums = spans.map(
    (s, i) => sql`(sum(b.stake) filter (where b.settled_at >= ${s.from.toISOString()} and b.settled_at < ${s.to.toISOString()}))::text as ${sql.raw(`w${i}`)}`,
  );
  const rows = rowsOf<Record<string, string | null>>(
    await db.execute(sql`select b.category, ${sql.join(sums, sql`, `)} from (${validBetsQuery({ memberId, from, to })}) as b group by b.category`),
  );
  return spans.map((_, i) => new Map(rows.flatMap((r) => (r[`w${i}`] == null ? [] : [[String(r.category), BigInt(r[`w${i}`]!)] as const]))));
}
