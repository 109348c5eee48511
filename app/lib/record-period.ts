/**
 * The betting record's period (spec §9 date presets: previous and next 7 and 30 days, as moving
 * windows). A period is whole days in the site's time zone, both ends included, written
 * yyyy-MM-dd in the URL (`from`, `to`) so that it works with a plain GET form and links. The
 * default is the 7 days up to today; "previous N" is the N days before the shown window, "next
 * N" the N days after it, never past today.
 */

export interface Period {
  from: string;
  to: string;
}

export const DEFAULT_DAYS = 7;
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const isDate = (v: string) => dayNumber(v) !== null;

export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new Error(`Not a date: ${date}`);
  return fromDayNumber(n + days);
}

export const periodDays = (p: Period) => dayNumber(p.to)! - dayNumber(p.from)! + 1;

/** The calendar date of an instant in a time zone. */
export function dateIn(timeZone: string, at: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Minutes a zone is ahead of UTC at an instant. */
function offsetMinutes(at: Date, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  );
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a day starts in a time zone. */
export function startOfDay(date: string, timeZone: string): Date {
  const guess = dayNumber(date)! * DAY_MS;
  let at = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  at = guess - offsetMinutes(new Date(at), timeZone) * 60_000;
  return new Date(at);
}

/** The platform's query: `from` inclusive, `to` exclusive, ISO instants. */
export function periodQuery(p: Period, timeZone: string): { from: string; to: string } {
  return { from: startOfDay(p.from, timeZone).toISOString(), to: startOfDay(addDays(p.to, 1), timeZone).toISOString() };
}

export const defaultPeriod = (today: string): Period => ({ from: addDays(today, -(DEFAULT_DAYS - 1)), to: today });

export type PeriodError = { field: "from" | "to"; key: string };

/** The period in the URL; what cannot be used falls back to the default and says why. */
export function readPeriod(params: URLSearchParams, today: string): { period: Period; error: PeriodError | null; input: Period } {
  const input = { from: (params.get("from") ?? "").trim().slice(0, 20), to: (params.get("to") ?? "").trim().slice(0, 20) };
  const fallback = defaultPeriod(today);
  if (!input.from && !input.to) return { period: fallback, error: null, input };
  if (input.from && !isDate(input.from)) return { period: fallback, error: { field: "from", key: "hr_err_date" }, input };
  if (input.to && !isDate(input.to)) return { period: fallback, error: { field: "to", key: "hr_err_date" }, input };
  const to = input.to || (input.from > today ? input.from : today);
  const from = input.from || addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) return { period: fallback, error: { field: "to", key: "hr_err_order" }, input };
  if (periodDays({ from, to }) > MAX_DAYS) return { period: fallback, error: { field: "from", key: "hr_err_long" }, input };
  return { period: { from, to }, error: null, input };
}

/** The spec's four presets from the shown window; a "next" that cannot move is null. */
export function presets(p: Period, today: string): Array<{ key: string; period: Period | null }> {
  const previous = (days: number): Period => {
    const to = addDays(p.from, -1);
    return { from: addDays(to, -(days - 1)), to };
  };
  const next = (days: number): Period | null => {
    if (p.to >= today) return null;
    const end = addDays(p.to, days);
    const to = end > today ? today : end;
    return { from: addDays(to, -(days - 1)), to };
  };
  return [
    { key: "hr_previous_7", period: previous(7) },
    { key: "hr_previous_30", period: previous(30) },
    { key: "hr_next_7", period: next(7) },
    { key: "hr_next_30", period: next(30) },
  ];
}
