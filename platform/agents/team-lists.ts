import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../db/client.js";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import type { members } from "../accounts/schema.js";
import { formatAmount } from "../ledger/money.js";
import { merchantOf } from "../payments/service.js";
import { decodeCursor, encodeCursor, TEAM_BET_SOURCES, TEAM_TX_SOURCES, type ListCursor } from "./cursor.js";
import { requireAgentMember, type Period } from "./service.js";

type Member = typeof members.$inferSelect;

/**
 * Team bets and team transactions, newest first, by keyset (ADR 024). Rows are ordered by
 * (time, source, id), all descending; a page continues from a cursor (the last row shown) instead
 * of counting and skipping the rows before it, so page 500 costs what page 1 costs. The count is
 * capped: "1,000+" is all a list needs to say, and the exact figure would cost every row of the
 * period on every view.
 */
export const TEAM_LIST_COUNT_CAP = 1000;

/**
 * Teams up to this size are read member by member (each member's rows from its own (member, time)
 * index, at most a page each); larger ones by walking the brand's rows in time order and keeping
 * those whose member is in the team (one probe of the closure table's descendant index per row),
 * which stops after a page. Each way touches a page's worth of rows per member or per team.
 */
export const SMALL_TEAM = 1000;

export type ListStrategy = "members" | "walk";

export interface TeamListQuery {
  period: Period;
  account?: string;
  pageNo: number;
  pageSize: number;
  /** Older than this cursor (the "next" link). */
  after?: string;
  /** Newer than this cursor (the "previous" link). */
  before?: string;
  /** Skip the capped count (the CSV export walks every page and never shows it). */
  count?: boolean;
  /** Tests only: force one way of reading the team, and a smaller count cap. */
  strategy?: ListStrategy;
  countCap?: number;
}

type Dir = "older" | "newer";

/** Team scope: nobody (the account asked is not in the team), a list of member ids, or the whole large team. */
type Scope = { kind: "none" } | { kind: "members"; ids: SQL } | { kind: "walk"; agentId: number };

async function teamScope(db: Database, agent: Member, account: string | undefined, strategy?: ListStrategy): Promise<Scope> {
  const a = (account ?? "").trim().toLowerCase().slice(0, 40);
  if (a) {
    const [row] = rowsOf<{ id: number | string }>(
      await db.execute(sql`
        select t.descendant_id as id from members mm join member_tree t on t.descendant_id = mm.id and t.ancestor_id = ${agent.id} and t.depth > 0
        where mm.merchant_code = ${agent.merchantCode} and mm.account = ${a} limit 1`),
    );
    return row ? { kind: "members", ids: sql`select ${Number(row.id)}::bigint as id` } : { kind: "none" };
  }
  let kind = strategy;
  if (!kind) {
    const [n] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from (select 1 from member_tree where ancestor_id = ${agent.id} and depth > 0 limit ${SMALL_TEAM + 1}) t`),
    );
    kind = Number(n?.n ?? 0) > SMALL_TEAM ? "walk" : "members";
  }
  return kind === "walk" ? { kind: "walk", agentId: agent.id } : { kind: "members", ids: sql`select descendant_id as id from member_tree where ancestor_id = ${agent.id} and depth > 0` };
}

/**
 * Rows of one source (constant `source`) strictly past the cursor in the list's order
 * (time, source, id) descending for "older", ascending for "newer". With the source fixed, the
 * condition is on (time, id) alone, which the (…, created_at, id) indexes serve as a range.
 */
function seek(time: SQL, id: SQL, source: string, c: ListCursor | null, dir: Dir): SQL {
  if (!c) return sql`true`;
  const t = sql`${c.time}::timestamptz`;
  if (dir === "older") {
    if (source < c.source) return sql`${time} <= ${t}`;
    if (source > c.source) return sql`${time} < ${t}`;
    return sql`(${time}, ${id}) < (${t}, ${c.id}::bigint)`;
  }
  if (source > c.source) return sql`${time} >= ${t}`;
  if (source < c.source) return sql`${time} > ${t}`;
  return sql`(${time}, ${id}) > (${t}, ${c.id}::bigint)`;
}

const orderWord = (dir: Dir) => (dir === "older" ? sql.raw("desc") : sql.raw("asc"));
const UTC_MICROS = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

/** One source's rows for a page: at most `limit`, in the page's order, read per member or by walking the team's rows in time order. */
interface SourceSpec {
  key: string;
  /** Per member of a small team: the rows of member `tm.id`, ordered, limited. */
  perMember: (cond: (time: SQL, id: SQL) => SQL, order: SQL, limit: number) => SQL;
  /** A large team: the brand's rows in time order, each kept when its member is in the team. */
  walk: (cond: (time: SQL, id: SQL) => SQL, order: SQL, limit: number, inTeam: (memberCol: SQL) => SQL) => SQL;
}

function sourceRows(spec: SourceSpec, scope: Exclude<Scope, { kind: "none" }>, c: ListCursor | null, dir: Dir, limit: number): SQL {
  const cond = (time: SQL, id: SQL) => seek(time, id, spec.key, c, dir);
  const order = orderWord(dir);
  if (scope.kind === "members") return sql`select x.* from (${scope.ids}) tm cross join lateral (${spec.perMember(cond, order, limit)}) x`;
  const inTeam = (memberCol: SQL) => sql`exists (select 1 from member_tree mt where mt.descendant_id = ${memberCol} and mt.ancestor_id = ${scope.agentId} and mt.depth > 0)`;
  return spec.walk(cond, order, limit, inTeam);
}

interface ListRow {
  k: string;
  id: string | number;
  ts: string;
}

/** One page of a list: the rows and the links both ways. */
async function readPage<R extends ListRow>(
  db: Database,
  specs: SourceSpec[],
  sources: readonly string[],
  q: TeamListQuery,
  scope: Scope,
  details: (page: SQL) => SQL,
): Promise<{ rows: R[]; next: string | null; prev: string | null; pageNum: number | null }> {
  if (q.after && q.before) throw new DomainError("INVALID_CURSOR", "Please enter correct information", 400, { field: "cursor" });
  const raw = q.after ?? q.before;
  const cursor = raw ? decodeCursor(raw, sources) : null;
  if (raw && !cursor) throw new DomainError("INVALID_CURSOR", "Please enter correct information", 400, { field: "cursor" });
  if (scope.kind === "none") return { rows: [], next: null, prev: null, pageNum: cursor ? null : q.pageNo };
  const size = q.pageSize;
  const run = async (c: ListCursor | null, dir: Dir, offset: number) => {
    const order = orderWord(dir);
    const parts = specs.map((s) => sql`(${sourceRows(s, scope, c, dir, offset + size + 1)})`);
    const page = sql`select u.* from (${sql.join(parts, sql` union all `)}) u order by u.created_at ${order}, u.k ${order}, u.id ${order} limit ${size + 1} offset ${offset}`;
    const rows = rowsOf<R>(await db.execute(sql`select d.*, to_char(d.created_at at time zone 'UTC', ${UTC_MICROS}) as ts from (${details(page)}) d order by d.created_at ${order}, d.k ${order}, d.id ${order}`));
    const more = rows.length > size;
    const shown = rows.slice(0, size);
    return { rows: dir === "newer" ? shown.reverse() : shown, more };
  };
  const at = (r: R) => encodeCursor({ time: r.ts, source: r.k, id: Number(r.id) });
  if (q.before && cursor) {
    const newer = await run(cursor, "newer", 0);
    // Fewer newer rows than a page: this is the top of the list, shown whole from its first row.
    if (newer.more) return { rows: newer.rows, prev: at(newer.rows[0]!), next: newer.rows.length ? at(newer.rows[newer.rows.length - 1]!) : null, pageNum: null };
    const top = await run(null, "older", 0);
    return { rows: top.rows, prev: null, next: top.more ? at(top.rows[top.rows.length - 1]!) : null, pageNum: 1 };
  }
  const offset = cursor ? 0 : (q.pageNo - 1) * size;
  const older = await run(cursor, "older", offset);
  const first = older.rows[0];
  const prev = cursor || offset > 0 ? (first ? at(first) : raw!) : null;
  return { rows: older.rows, prev: prev ?? null, next: older.more ? at(older.rows[older.rows.length - 1]!) : null, pageNum: cursor ? null : q.pageNo };
}

/** How many rows the filters match, counted up to the cap plus one. */
async function cappedCount(db: Database, specs: SourceSpec[], scope: Scope, cap: number): Promise<number> {
  if (scope.kind === "none") return 0;
  const parts = specs.map((s) => sql`(${sourceRows(s, scope, null, "older", cap + 1)})`);
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from (select 1 from (${sql.join(parts, sql` union all `)}) u limit ${cap + 1}) c`));
  return Number(row?.n ?? 0);
}

/** `total` at most the cap, `totalCapped` when there are more ("1,000+"); nulls when not counted. */
function listHead(n: number | null, pageSize: number, cap: number) {
  if (n === null) return { total: null, totalCapped: false, totalPages: null };
  const total = Math.min(n, cap);
  return { total, totalCapped: n > cap, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * A page and its head (page number and size, the capped count, the links both ways), read
 * together: what both team lists answer around their rows.
 */
async function readList<R extends ListRow>(db: Database, specs: SourceSpec[], sources: readonly string[], q: TeamListQuery, scope: Scope, details: (page: SQL) => SQL) {
  const cap = q.countCap ?? TEAM_LIST_COUNT_CAP;
  const [page, n] = await Promise.all([
    readPage<R>(db, specs, sources, q, scope, details),
    q.count === false ? Promise.resolve(null) : cappedCount(db, specs, scope, cap),
  ]);
  return { rows: page.rows, head: { pageNum: page.pageNum, pageSize: q.pageSize, ...listHead(n, q.pageSize, cap), next: page.next, prev: page.prev } };
}

/** personalHistoryCopy (team): the team's in-house rounds and lottery tickets, newest first. */
export async function teamBets(db: Database, agent: Member, q: TeamListQuery) {
  requireAgentMember(agent);
  const merchant = await merchantOf(db, agent.merchantCode);
  const scope = await teamScope(db, agent, q.account, q.strategy);
  const f = q.period.from.toISOString();
  const t = q.period.to.toISOString();
  const roundCols = sql`'R'::text as k, r.id, r.member_id, r.game_code, r.category, r.stake, r.win, r.status, r.created_at`;
  const ticketCols = sql`'T'::text as k, l.id, l.member_id, l.game_code, 'LOTT'::text as category, l.stake, l.win, l.status, l.created_at`;
  const specs: SourceSpec[] = [
    {
      key: "R",
      perMember: (cond, o, limit) =>
        sql`select ${roundCols} from house_rounds r where r.member_id = tm.id and r.created_at >= ${f} and r.created_at < ${t} and ${cond(sql`r.created_at`, sql`r.id`)}
          order by r.created_at ${o}, r.id ${o} limit ${limit}`,
      walk: (cond, o, limit, inTeam) =>
        sql`select ${roundCols} from house_rounds r where r.merchant_code = ${agent.merchantCode} and r.created_at >= ${f} and r.created_at < ${t}
          and ${cond(sql`r.created_at`, sql`r.id`)} and ${inTeam(sql`r.member_id`)} order by r.created_at ${o}, r.id ${o} limit ${limit}`,
    },
    {
      key: "T",
      perMember: (cond, o, limit) =>
        sql`select ${ticketCols} from lottery_tickets l where l.member_id = tm.id and l.status <> 'PLACING' and l.created_at >= ${f} and l.created_at < ${t}
          and ${cond(sql`l.created_at`, sql`l.id`)} order by l.created_at ${o}, l.id ${o} limit ${limit}`,
      walk: (cond, o, limit, inTeam) =>
        sql`select ${ticketCols} from lottery_tickets l where l.merchant_code = ${agent.merchantCode} and l.status <> 'PLACING' and l.created_at >= ${f} and l.created_at < ${t}
          and ${cond(sql`l.created_at`, sql`l.id`)} and ${inTeam(sql`l.member_id`)} order by l.created_at ${o}, l.id ${o} limit ${limit}`,
    },
  ];
  type Row = ListRow & { account: string; game_code: string; category: string; stake: string; win: string; status: string; created_at: string | Date };
  const { rows, head } = await readList<Row>(db, specs, TEAM_BET_SOURCES, q, scope, (p) => sql`select b.k, b.id, m.account, b.game_code, b.category, b.stake::text as stake, b.win::text as win, b.status, b.created_at from (${p}) b join members m on m.id = b.member_id`);
  const cur = merchant.currency;
  return {
    currency: cur,
    ...head,
    content: rows.map((r) => {
      const stake = BigInt(r.stake);
      const win = BigInt(r.win);
      const settled = r.status !== "OPEN" && r.status !== "PENDING";
      return {
        id: `${r.k === "R" ? "" : "L"}${r.id}`,
        account: r.account,
        gameCode: r.game_code,
        category: r.category,
        status: r.status,
        stake: formatAmount(stake, cur),
        win: formatAmount(win, cur),
        profit: settled ? formatAmount(win - stake, cur) : null,
        time: new Date(r.created_at).toISOString(),
      };
    }),
  };
}

/** Ledger kinds shown in the team transactions report, by filter. */
export const TEAM_TX_TYPES: Record<string, string[]> = {
  deposit: ["deposit"],
  withdraw: ["withdraw_hold", "withdraw_release"],
  bet: ["bet"],
  win: ["win"],
  rollback: ["rollback"],
  transfer: ["upline_transfer", "downline_transfer"],
  bonus: ["bonus"],
  commission: ["commission", "salary", "dividend"],
  adjustment: ["adjustment"],
};

/**
 * agentDownlineTransactionDetailsCopy: every ledger movement of the team's wallets, newest first.
 * A transfer between two members of the team is two rows (money out of one, into the other),
 * told apart by their source: `C` credited to the member, `D` debited from it.
 */
export async function teamTransactions(db: Database, agent: Member, q: TeamListQuery & { type?: string }) {
  requireAgentMember(agent);
  const merchant = await merchantOf(db, agent.merchantCode);
  const kinds = q.type ? TEAM_TX_TYPES[q.type] : undefined;
  if (q.type && !kinds) throw new DomainError("INVALID_TYPE", "Please enter correct information", 400, { field: "type" });
  const scope = await teamScope(db, agent, q.account, q.strategy);
  const f = q.period.from.toISOString();
  const t = q.period.to.toISOString();
  const kindFilter = kinds ? sql`tr.kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})` : sql`tr.kind <> 'wallet_transfer'`;
  const side = (key: "C" | "D"): SourceSpec => {
    const accountCol = key === "C" ? sql`tr.credit_account_id` : sql`tr.debit_account_id`;
    const cols = key === "C"
      ? sql`'C'::text as k, tr.id, a.member_id, tr.kind, tr.amount as change, tr.credit_balance_after as balance_after, tr.reference, tr.created_at`
      : sql`'D'::text as k, tr.id, a.member_id, tr.kind, -tr.amount as change, tr.debit_balance_after as balance_after, tr.reference, tr.created_at`;
    return {
      key,
      // The member's wallets of this brand (one, `MAIN`, or several with the transfer wallet), each from its own (account, time) index.
      perMember: (cond, o, limit) =>
        sql`select y.* from ledger_accounts a cross join lateral (
            select ${cols} from ledger_transfers tr where ${accountCol} = a.id and tr.created_at >= ${f} and tr.created_at < ${t} and ${kindFilter}
            and ${cond(sql`tr.created_at`, sql`tr.id`)} order by tr.created_at ${o}, tr.id ${o} limit ${limit}) y
          where a.member_id = tm.id and a.kind = 'member' and a.merchant_code = ${agent.merchantCode}
          order by y.created_at ${o}, y.id ${o} limit ${limit}`,
      walk: (cond, o, limit, inTeam) =>
        sql`select ${cols} from ledger_transfers tr join ledger_accounts a on a.id = ${accountCol} and a.kind = 'member'
          where tr.merchant_code = ${agent.merchantCode} and tr.created_at >= ${f} and tr.created_at < ${t} and ${kindFilter}
          and ${cond(sql`tr.created_at`, sql`tr.id`)} and ${inTeam(sql`a.member_id`)} order by tr.created_at ${o}, tr.id ${o} limit ${limit}`,
    };
  };
  const specs = [side("C"), side("D")];
  type Row = ListRow & { account: string; kind: string; change: string; balance_after: string; reference: string; created_at: string | Date };
  const { rows, head } = await readList<Row>(db, specs, TEAM_TX_SOURCES, q, scope, (p) => sql`select mv.k, mv.id, m.account, mv.kind, mv.change::text as change, mv.balance_after::text as balance_after, mv.reference, mv.created_at from (${p}) mv join members m on m.id = mv.member_id`);
  const cur = merchant.currency;
  return {
    currency: cur,
    ...head,
    content: rows.map((r) => ({
      id: Number(r.id),
      side: r.k,
      account: r.account,
      kind: r.kind,
      change: formatAmount(BigInt(r.change), cur),
      balanceAfter: formatAmount(BigInt(r.balance_after), cur),
      reference: r.reference,
      time: new Date(r.created_at).toISOString(),
    })),
  };
}
