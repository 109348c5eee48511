import { formatDate, formatDateTime } from "~/lib/format";
import { parsePeriod, periodRange, todayIn, type PeriodView } from "~/lib/periods";
import { getLocale } from "./i18n.server";
import { getPermission } from "./system.server";

/**
 * The record pages' query (transactionHistory, personalProfit, bonusDetails): the period in the
 * site's zone, the page, and the platform's `from`/`to` for it. Dates are formatted here, on the
 * server, so the browser shows the same text it was sent.
 */
export async function recordQuery(request: Request) {
  const url = new URL(request.url);
  const locale = await getLocale(request);
  const { info } = await getPermission(request, locale);
  const timeZone = info.timeZone;
  const today = todayIn(timeZone);
  const { period, error, input } = parsePeriod(url.searchParams, today);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);
  const view: PeriodView = { period, today, error, input, fromText: formatDate(period.from, locale, timeZone), toText: formatDate(period.to, locale, timeZone) };
  return {
    view,
    page,
    range: periodRange(period, timeZone),
    /** A platform time as the member reads it: the date-time kind in the site's zone. */
    dateTime: (iso: string) => formatDateTime(iso, locale, timeZone),
  };
}
