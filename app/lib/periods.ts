/**
 * The record pages' period (spec §9 date presets: previous and next 7 and 30 days, plus a custom
 * range), for the money records (transactionHistory, personalProfit, bonusDetails) and the
 * betting record (personalHistoryCopy) alike. A period is a window of whole days in the site's
 * time zone, both ends included, written as yyyy-MM-dd in the URL (`from`, `to`) so that it
 * survives a plain GET form and a bookmark. The default is the last 7 days up to today;
 * "previous N" is the N days before the window, "next N" the N days after it, never past today.
 */

import { dateFormat } from "./format";

export interface Period {
  /** First day, yyyy-MM-dd. */
  from: string;
  /** Last day, yyyy-MM-dd (included). */
  to: string;
}

export const PRESET_DAYS = [7, 30] as const;

/**
 * The words a page names the presets and refusals with: the prefix of their i18n keys, which
 * are also the presets' test ids. The money records say `period_…`; the betting record has its
 * own `hr_…` keys (worded a little differently in some languages).
 */
export type PeriodWords = "period" | "hr";
export const DEFAULT_DAYS = 7;
/** The platform answers at most 366 days at once. */
export const MAX_DAYS = 366;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** yyyy-MM-dd as a UTC day number, or null when it is no calendar date. */
function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function isDate(value: string): boolean {
  return dayNumber(value) !== null;
}

export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new Error(`Not a date: ${date}`);
  return fromDayNumber(n + days);
}

/** Days in the period, both ends counted. */
export function periodLength(p: Period): number {
  return dayNumber(p.to)! - dayNumber(p.from)! + 1;
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return calendarDate(now, timeZone);
}

function calendarDate(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dateFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Minutes the zone is ahead of UTC at an instant. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    dateFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a day starts in a time zone (daylight-saving changes included). */
export function startOfDay(date: string, timeZone: string): Date {
  const n = dayNumber(date);
  if (n === null) throw new Error(`Not a date: ${date}`);
  const guess = n * DAY_MS;
  let instant = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  // Near a change the offset at the guess differs from the offset at the answer: look again.
  instant = guess - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The platform's query for a period: `from` inclusive, `to` exclusive, as ISO instants. */
export function periodRange(p: Period, timeZone: string): { from: string; to: string } {
  return { from: startOfDay(p.from, timeZone).toISOString(), to: startOfDay(addDays(p.to, 1), timeZone).toISOString() };
}

export function defaultPeriod(today: string): Period {
  return { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
}

/** A refusal shown beside the period field it names; the message is an i18n key. */
export type PeriodError = { field: "from" | "to"; message: string };

/**
 * The period asked for in the URL. What cannot be used falls back to the default window and
 * says why (`<words>_err_date`, `_err_order`, `_err_long`), so the page still shows records and
 * the visitor sees what to correct.
 */
export function parsePeriod(
  params: URLSearchParams,
  today: string,
  words: PeriodWords = "period",
): { period: Period; error: PeriodError | null; input: { from: string; to: string } } {
  const rawFrom = (params.get("from") ?? "").trim().slice(0, 20);
  const rawTo = (params.get("to") ?? "").trim().slice(0, 20);
  const input = { from: rawFrom, to: rawTo };
  const fallback = defaultPeriod(today);
  if (!rawFrom && !rawTo) return { period: fallback, error: null, input };
  if (rawFrom && !isDate(rawFrom)) return { period: fallback, error: { field: "from", message: `${words}_err_date` }, input };
  if (rawTo && !isDate(rawTo)) return { period: fallback, error: { field: "to", message: `${words}_err_date` }, input };
  const to = rawTo || (rawFrom > today ? rawFrom : today);
  const from = rawFrom || addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) return { period: fallback, error: { field: "to", message: `${words}_err_order` }, input };
  const period = { from, to };
  if (periodLength(period) > MAX_DAYS) return { period: fallback, error: { field: "from", message: `${words}_err_long` }, input };
  return { period, error: null, input };
}

/** What the period controls show: the window, its dates for people, and a refusal if any. */
export interface PeriodView {
  period: Period;
  today: string;
  error: PeriodError | null;
  input: { from: string; to: string };
  fromText: string;
  toText: string;
}

/** The N days before the period. */
export function previousPeriod(p: Period, days: number): Period {
  const to = addDays(p.from, -1);
  return { from: addDays(to, -(days - 1)), to };
}

/** The N days after the period, ending today at the latest; null when the period already reaches today. */
export function nextPeriod(p: Period, days: number, today: string): Period | null {
  if (p.to >= today) return null;
  const to = addDays(p.to, days) > today ? today : addDays(p.to, days);
  return { from: addDays(to, -(days - 1)), to };
}

/** The four preset moves, previous first; `key` is the i18n key (and test id), a "next" that cannot move is null. */
export function presetPeriods(p: Period, today: string, words: PeriodWords = "period"): Array<{ key: string; period: Period | null }> {
  return [
    ...PRESET_DAYS.map((days) => ({ key: `${words}_previous_${days}`, period: previousPeriod(p, days) as Period | null })),
    ...PRESET_DAYS.map((days) => ({ key: `${words}_next_${days}`, period: nextPeriod(p, days, today) })),
  ];
}
