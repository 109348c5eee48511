import { redirect, type TypedResponse } from "@remix-run/node";
import { z } from "zod";
import { decodeCursor } from "#platform/agents/cursor.js";
import { formatDate } from "~/lib/format";
import { periodRange, todayIn } from "~/lib/periods";
import { requireUser } from "./auth.server";
import { getLocale } from "./i18n.server";
import { getPermission } from "./system.server";
import { memberCall } from "./money.server";
import type { ShellUser } from "./shell.server";

/**
 * Agents only (spec §2, §6): a visitor goes to the login with a way back; a member who is not an
 * agent is sent to /agentHome, which says so. The platform refuses them too (403 NOT_AGENT), so a
 * page can never show team data to anyone else.
 */
export async function requireAgent(request: Request): Promise<ShellUser> {
  const user = await requireUser(request);
  if (!user.isAgent) throw redirect("/agentHome?denied=1");
  return user;
}

const amount = z.string();
export const figuresSchema = z.object({
  members: z.number(),
  newMembers: z.number(),
  activeMembers: z.number(),
  deposits: amount,
  withdrawals: amount,
  betAmount: amount,
  validBet: amount,
  wins: amount,
  profitLoss: amount,
});
export type FiguresView = z.infer<typeof figuresSchema>;
export const overviewSchema = figuresSchema.extend({ currency: z.string(), income: amount });
const paged = <T extends z.ZodTypeAny>(item: T) => z.object({ content: z.array(item), pageNum: z.number(), totalPages: z.number(), total: z.number(), currency: z.string() });
export const downlineSchema = figuresSchema.extend({
  id: z.number(),
  account: z.string(),
  type: z.number(),
  isAgent: z.boolean(),
  depth: z.number(),
  rebate: z.string(),
  createdAt: z.string(),
});
export const downlinesSchema = paged(downlineSchema);
export const downlineDetailSchema = z.object({
  currency: z.string(),
  member: z.object({
    id: z.number(),
    account: z.string(),
    nickname: z.string(),
    type: z.number(),
    isAgent: z.boolean(),
    depth: z.number(),
    rebate: z.string(),
    createdAt: z.string(),
    upline: z.string().nullable(),
    directDownlines: z.number(),
  }),
  rebateEditable: z.boolean(),
  rebateMin: z.string(),
  rebateMax: z.string(),
  own: figuresSchema,
  team: figuresSchema,
});
/** Team bets and team transactions: pages by cursor (ADR 024), the count capped (`totalCapped`: "1,000+"). */
const keyset = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    content: z.array(item),
    pageNum: z.number().nullable(),
    total: z.number().nullable(),
    totalCapped: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
    currency: z.string(),
  });
export const teamBetsSchema = keyset(
  z.object({
    id: z.string(),
    account: z.string(),
    gameCode: z.string(),
    category: z.string(),
    status: z.string(),
    stake: amount,
    win: amount,
    profit: amount.nullable(),
    time: z.string(),
  }),
);
export const teamTransactionsSchema = keyset(
  z.object({ id: z.number(), side: z.string(), account: z.string(), kind: z.string(), change: amount, balanceAfter: amount, reference: z.string(), time: z.string() }),
);

/**
 * A team list's position from the page's URL: `after` (older rows, the "next" link) or `before`
 * (newer, "previous"), checked with the platform's own rule so a broken or edited link gets the
 * newest rows and a message (status 400), not an error page. `page` (an old link) still works.
 */
export function listPosition(request: Request, sources: readonly string[]) {
  const params = new URL(request.url).searchParams;
  const after = params.get("after") ?? "";
  const before = params.get("before") ?? "";
  const page = Math.min(Math.max(Number.parseInt(params.get("page") ?? "1", 10) || 1, 1), 10_000);
  if (!after && !before) return { query: { pageNo: page }, badCursor: false };
  const raw = after || before;
  if ((after && before) || !decodeCursor(raw, sources)) return { query: { pageNo: 1 }, badCursor: true };
  return { query: after ? { after } : { before }, badCursor: false };
}

/** Every row of a team list for its CSV, batch by batch along the cursor (never an offset), at most CSV_MAX_ROWS. */
export async function* cursorBatches<T>(fetchBatch: (after: string | undefined) => Promise<{ content: T[]; next: string | null }>): AsyncGenerator<T[]> {
  let after: string | undefined;
  let rows = 0;
  do {
    const batch = await fetchBatch(after);
    const room = CSV_MAX_ROWS - rows;
    yield batch.content.slice(0, room);
    rows += Math.min(batch.content.length, room);
    after = batch.next ?? undefined;
  } while (after && rows < CSV_MAX_ROWS);
}

export const profileSchema = z.object({ account: z.string(), type: z.number(), rebate: z.string(), affiliateCode: z.string(), directDownlines: z.number() });
export const announcementsSchema = z.object({
  pageNum: z.number(),
  totalPages: z.number(),
  content: z.array(z.object({ id: z.number(), title: z.string(), content: z.string(), startsAt: z.string() })),
});

export { TEAM_TX_TYPES } from "~/lib/agent-pages";

export const agentCall = memberCall;

/** The largest CSV export, in rows (the platform pages by 500). */
export const CSV_MAX_ROWS = 50_000;

/** Every page of a report, for its CSV export. */
export async function allPages<T>(fetchPage: (pageNo: number) => Promise<{ content: T[]; totalPages: number }>, pageSize = 500): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNo = 1; pageNo <= CSV_MAX_ROWS / pageSize; pageNo++) {
    const page = await fetchPage(pageNo);
    rows.push(...page.content);
    if (pageNo >= page.totalPages) break;
  }
  return rows;
}

const csvCell = (v: string | number | null) => {
  let s = v === null ? "" : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csvLine = (r: Array<string | number | null>) => r.map(csvCell).join(",") + "\r\n";
const csvHeaders = (filename: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
  "cache-control": "private, no-store",
});

/** RFC 4180 CSV with a header row; cells that a spreadsheet would run as formulas are quoted with a leading '. */
export function csvResponse(filename: string, header: string[], rows: Array<Array<string | number | null>>): TypedResponse<never> {
  const body = [header, ...rows].map(csvLine).join("");
  // Typed as carrying no loader data, so a page's loader keeps the type of its JSON answer.
  return new Response(`\uFEFF${body}`, { headers: csvHeaders(filename) }) as TypedResponse<never>;
}

/** The same CSV streamed batch by batch: the download starts at once and no report is held whole in memory. */
export function csvStreamResponse<T>(filename: string, header: string[], batches: AsyncIterable<T[]>, row: (r: T) => Array<string | number | null>): TypedResponse<never> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value.map((r) => csvLine(row(r))).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, { headers: csvHeaders(filename) }) as TypedResponse<never>;
}

export function wantsCsv(request: Request) {
  return new URL(request.url).searchParams.get("format") === "csv";
}

/** Today in the site's time zone, as the platform's `from`/`to`. */
export async function todayRange(request: Request) {
  const locale = await getLocale(request);
  const { info } = await getPermission(request, locale);
  const today = todayIn(info.timeZone);
  return { today, todayText: formatDate(today, locale, info.timeZone), range: periodRange({ from: today, to: today }, info.timeZone) };
}
