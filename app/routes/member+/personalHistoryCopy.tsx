import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { formatNumber } from "~/lib/format";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { BetList, OutcomeSummary } from "~/components/house-summary";
import { useMoneyFormat } from "~/components/money";
import { useRecordHref } from "~/components/period-controls";
import { TrialWarning } from "~/components/trial-warning";
import { parsePeriod, periodRange, presetPeriods, todayIn } from "~/lib/periods";
import { requireRealUser } from "~/services/auth.server";
import { bettingRecord, houseGames, type RecordItem as RecordEntry, type RoundView, type VendorRoundView } from "~/services/house.server";
import { lotteryGames, type TicketView } from "~/services/lottery.server";
import { getLocale } from "~/services/i18n.server";
import { getPermission } from "~/services/system.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

const PAGE_SIZE = 10;
const CATEGORIES = ["LIVE", "RNG", "LOTT", "ELOTT"] as const;

/**
 * The betting record (spec §2 personalHistoryCopy): every in-house round and lottery ticket with
 * its time, game, bets, outcome, stake, win and balance before and after; filtered by category, game and a
 * period with the spec's presets; paged by links. A plain GET form, so it works without scripts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const url = new URL(request.url);
  const q = url.searchParams;
  const locale = await getLocale(request);
  const [{ info }, house] = await Promise.all([getPermission(request, locale), houseGames(request)]);
  const games = [...house.map((g) => ({ code: g.code, name: g.name })), ...lotteryGames()];
  const today = todayIn(info.timeZone);
  // The same window as the money records, named with the betting record's own i18n keys (hr_…).
  const { period, error, input } = parsePeriod(q, today, "hr");
  const categoryParam = q.get("category") ?? "";
  const category = (CATEGORIES as readonly string[]).includes(categoryParam) ? categoryParam : "";
  const gameParam = q.get("game") ?? "";
  const game = games.some((g) => g.code === gameParam) ? gameParam : "";
  const page = Math.min(Math.max(Number.parseInt(q.get("page") ?? "1", 10) || 1, 1), 10_000);
  const filters = { category, game, period, today, error, input, page };
  if (trial) return json({ trial, games, filters, record: { content: [] as RecordEntry[], pageNum: 1, totalPages: 1, total: 0 } });
  const record = await bettingRecord(request, {
    ...periodRange(period, info.timeZone),
    category: category || undefined,
    game: game || undefined,
    pageNo: page,
    pageSize: PAGE_SIZE,
  });
  return json({ trial, games, filters, record });
}

export default function BettingRecord() {
  const { t, i18n } = useTranslation();
  const { trial, games, filters, record } = useLoaderData<typeof loader>();
  const fmt = useMoneyFormat();
  const href = useRecordHref();
  const { period, error, input } = filters;
  const dateField = (name: "from" | "to", label: string) => {
    const failed = error?.field === name;
    return (
      <div className={m.formRow}>
        <label htmlFor={`hr-${name}`}>{label}</label>
        <input
          id={`hr-${name}`}
          name={name}
          type="date"
          className={s.field}
          defaultValue={error ? input[name] : period[name]}
          aria-invalid={failed || undefined}
          aria-describedby={failed ? `hr-${name}-error` : undefined}
        />
        {failed ? <FieldError id={`hr-${name}-error`} errors={[error.message]} /> : null}
      </div>
    );
  };
  return (
    <div className={m.panel} data-testid="betting-record">
      <h1>{t("betting_record")}</h1>
      {trial ? (
        <TrialWarning />
      ) : (
        <>
          <section className={m.card} aria-label={t("hr_filters")}>
            <Form method="get" className={m.filters} key={`${filters.category}/${filters.game}/${period.from}/${period.to}`} data-testid="record-filters">
              <div className={m.formRow}>
                <label htmlFor="hr-category">{t("hr_category")}</label>
                <select id="hr-category" name="category" defaultValue={filters.category} className={s.field}>
                  <option value="">{t("hr_all")}</option>
                  {CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(`cat_${c}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className={m.formRow}>
                <label htmlFor="hr-game">{t("hb_game")}</label>
                <select id="hr-game" name="game" defaultValue={filters.game} className={s.field}>
                  <option value="">{t("hr_all")}</option>
                  {games.map((g) => (
                    <option key={g.code} value={g.code}>
                      {g.name}
                    </option>
                  ))}
                </select>
              </div>
              {dateField("from", t("hr_from"))}
              {dateField("to", t("hr_to"))}
              <div>
                <button type="submit" className={s.smallButton}>
                  {t("hr_search")}
                </button>
              </div>
            </Form>
            <p className={m.hint} data-testid="record-period">
              {t("ui_rounds_shown", { count: record.total, from: fmt.date(period.from), to: fmt.date(period.to), total: formatNumber(record.total, i18n.language) })}
            </p>
            <nav aria-label={t("hr_presets")}>
              <ul className={`${m.buttonRow}`} style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {presetPeriods(period, filters.today, "hr").map((p) => (
                  <li key={p.key}>
                    {p.period ? (
                      <Link to={href({ period: p.period })} className={s.smallButton} data-testid={p.key}>
                        {t(p.key)}
                      </Link>
                    ) : (
                      <span className={s.smallButton} aria-disabled="true" style={{ opacity: 0.55 }} data-testid={p.key}>
                        {t(p.key)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          </section>
          {record.content.length ? (
            <ol className={m.records} data-testid="record-list">
              {(record.content as RecordEntry[]).map((r) =>
                r.kind === "TICKET" ? <TicketItem key={`t${r.id}`} k={r} /> : r.kind === "VENDOR_ROUND" ? <VendorItem key={`w${r.id}`} w={r} /> : <RecordItem key={`r${r.id}`} r={r} />,
              )}
            </ol>
          ) : (
            <p className={m.status} data-testid="record-empty">
              {t("records_empty")}
            </p>
          )}
          {record.totalPages > 1 ? (
            <nav className={m.pager} aria-label={t("page_of", { page: record.pageNum, total: record.totalPages })} data-testid="pager">
              {record.pageNum > 1 ? (
                <Link to={href({ page: record.pageNum - 1 })} rel="prev" className={s.smallButton}>
                  {t("page_prev")}
                </Link>
              ) : null}
              <span>{t("page_of", { page: record.pageNum, total: record.totalPages })}</span>
              {record.pageNum < record.totalPages ? (
                <Link to={href({ page: record.pageNum + 1 })} rel="next" className={s.smallButton}>
                  {t("page_next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

function RecordItem({ r }: { r: RoundView }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const outcome = r.status === "OPEN" ? r.view : (r.outcome as { outcome?: unknown } | null)?.outcome;
  return (
    <li className={m.card} data-testid="record-round" data-round-id={r.id} data-game={r.game}>
      <div className={m.recordHead}>
        <strong>{r.gameName}</strong>
        <span className={m.hint}>
          #{r.id} · <time dateTime={r.createdAt}>{fmt.dateTime(r.createdAt)}</time>
        </span>
      </div>
      <dl className={m.details}>
        <dt className={m.term}>{t("hb_bets")}</dt>
        <dd className={m.value}>
          <BetList game={r.game} bets={r.bets} inline />
        </dd>
        <dt className={m.term}>{t("hb_outcome")}</dt>
        <dd className={m.value}>{r.status === "OPEN" ? t("hr_in_play") : <OutcomeSummary game={r.game} outcome={outcome} bets={r.bets} />}</dd>
        <dt className={m.term}>{t("hb_stake")}</dt>
        <dd className={m.value} data-testid="record-stake">
          {fmt.amount(r.stake, r.currency)}
        </dd>
        <dt className={m.term}>{t("hb_win")}</dt>
        <dd className={m.value} data-testid="record-win">
          {r.status === "OPEN" ? "—" : fmt.amount(r.win, r.currency)}
        </dd>
        <dt className={m.term}>{t("hb_balance_before")}</dt>
        <dd className={m.value}>{fmt.amount(r.balanceBefore, r.currency)}</dd>
        <dt className={m.term}>{t("hb_balance_after")}</dt>
        <dd className={m.value}>{r.balanceAfter === null ? "—" : fmt.amount(r.balanceAfter, r.currency)}</dd>
      </dl>
      <div className={m.buttonRow}>
        <Link to={`/house/${r.game}?round=${r.id}`} className={s.linkish}>
          {t("hb_details")}
        </Link>
        {r.status === "SETTLED" ? (
          <Link to={`/verify?round=${r.id}`} className={s.linkish}>
            {t("hb_verify_round")}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** A third-party vendor's round, as the seamless wallet recorded it (the vendor keeps the outcome). */
function VendorItem({ w }: { w: VendorRoundView }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  return (
    <li className={m.card} data-testid="record-vendor-round" data-round-id={w.roundId} data-game={w.game}>
      <div className={m.recordHead}>
        <strong>{w.gameName}</strong>
        <span className={m.hint}>
          {w.vendorCode} · <time dateTime={w.createdAt}>{fmt.dateTime(w.createdAt)}</time>
        </span>
      </div>
      <dl className={m.details}>
        <dt className={m.term}>{t("hb_outcome")}</dt>
        <dd className={m.value}>{w.status === "OPEN" ? t("hr_in_play") : Number(w.win) > 0 ? t("hb_result_win") : t("hb_no_win")}</dd>
        <dt className={m.term}>{t("hb_stake")}</dt>
        <dd className={m.value} data-testid="record-stake">
          {fmt.amount(w.stake, w.currency)}
        </dd>
        <dt className={m.term}>{t("hb_win")}</dt>
        <dd className={m.value} data-testid="record-win">
          {w.status === "OPEN" ? "—" : fmt.amount(w.win, w.currency)}
        </dd>
        <dt className={m.term}>{t("hb_balance_after")}</dt>
        <dd className={m.value}>{w.balanceAfter === null ? "—" : fmt.amount(w.balanceAfter, w.currency)}</dd>
      </dl>
    </li>
  );
}

/** A lottery ticket: its lines, the draw it is in and what it paid. */
function TicketItem({ k }: { k: TicketView }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const settled = k.status !== "PENDING" && k.status !== "PLACING";
  return (
    <li className={m.card} data-testid="record-ticket" data-ticket-id={k.id} data-game={k.gameCode} data-status={k.status}>
      <div className={m.recordHead}>
        <strong>{k.gameName}</strong>
        <span className={m.hint}>
          #{k.id} · <time dateTime={k.createdAt}>{fmt.dateTime(k.createdAt)}</time>
        </span>
      </div>
      <dl className={m.details}>
        <dt className={m.term}>{t("hb_bets")}</dt>
        <dd className={m.value}>
          {k.lines.map((l) => `${t(`lott_type_${l.type}`)} ${l.selection} · ${fmt.amount(l.amount, k.currency)}`).join("; ")}
        </dd>
        <dt className={m.term}>{t("hb_outcome")}</dt>
        <dd className={m.value}>
          {t("lott_draw", { issue: k.issue })} · {t(`lott_status_${k.status}`)}
        </dd>
        <dt className={m.term}>{t("hb_stake")}</dt>
        <dd className={m.value} data-testid="record-stake">
          {fmt.amount(k.stake, k.currency)}
        </dd>
        <dt className={m.term}>{t("hb_win")}</dt>
        <dd className={m.value} data-testid="record-win">
          {settled ? fmt.amount(k.win, k.currency) : "—"}
        </dd>
        <dt className={m.term}>{t("hb_balance_before")}</dt>
        <dd className={m.value}>{k.balanceBefore === null ? "—" : fmt.amount(k.balanceBefore, k.currency)}</dd>
        <dt className={m.term}>{t("hb_balance_after")}</dt>
        <dd className={m.value}>{k.balanceAfter === null ? "—" : fmt.amount(k.balanceAfter, k.currency)}</dd>
      </dl>
      {k.page ? (
        <div className={m.buttonRow}>
          <Link to={k.page} className={s.linkish}>
            {t("hb_details")}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
