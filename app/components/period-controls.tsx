import { Form, Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import { formatNumber } from "~/lib/format";
import { presetPeriods, type Period, type PeriodView } from "~/lib/periods";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { FieldError } from "./field-error";

/** A record page's URL with another period (or page), the other filters kept. */
export function useRecordHref() {
  const [params] = useSearchParams();
  return (change: { period?: Period; page?: number }) => {
    const next = new URLSearchParams(params);
    if (change.period) {
      next.set("from", change.period.from);
      next.set("to", change.period.to);
    }
    if (change.page && change.page > 1) next.set("page", String(change.page));
    else next.delete("page");
    return `?${next}`;
  };
}

/**
 * The record pages' period: a GET form (extra filters as children, then the two dates), the
 * window shown in words, and the spec's presets as plain links (§9: previous and next 7 and 30
 * days). A "next" that would go past today is shown but not a link.
 */
export function PeriodControls({ view, children }: { view: PeriodView; children?: ReactNode }) {
  const { t } = useTranslation();
  const href = useRecordHref();
  const { period, today, error, input } = view;
  const field = (name: "from" | "to", label: string) => {
    const failed = error?.field === name;
    return (
      <div className={m.fieldBlock}>
        <label htmlFor={`period-${name}`}>{label}</label>
        <input
          id={`period-${name}`}
          name={name}
          type="date"
          className={s.field}
          defaultValue={error ? input[name] : period[name]}
          aria-invalid={failed || undefined}
          aria-describedby={failed ? `period-${name}-error` : undefined}
        />
        {failed ? <FieldError id={`period-${name}-error`} errors={[error.message]} /> : null}
      </div>
    );
  };
  return (
    <section className={m.card} aria-label={t("period_filters")}>
      {/* Keyed by the window so the fields show it again after a preset link. */}
      <Form method="get" className={m.filters} key={`${period.from}/${period.to}/${input.from}/${input.to}`} data-testid="period-form">
        {children}
        {field("from", t("period_from"))}
        {field("to", t("period_to"))}
        <button type="submit" className={s.smallButton}>
          {t("period_apply")}
        </button>
      </Form>
      <p className={m.muted} data-testid="period-shown">
        {t("period_shown", { from: view.fromText, to: view.toText })}
      </p>
      <nav aria-label={t("period_presets")}>
        <ul className={m.presets}>
          {presetPeriods(period, today).map((p) => (
            <li key={p.key}>
              {p.period ? (
                <Link to={href({ period: p.period })} className={s.smallButton} data-testid={p.key}>
                  {t(p.key)}
                </Link>
              ) : (
                <span className={`${s.smallButton} ${m.presetOff}`} aria-disabled="true" data-testid={p.key}>
                  {t(p.key)}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** Previous and next page as links, the filters kept; nothing when there is one page. */
export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation();
  const href = useRecordHref();
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <nav className={m.pager} aria-label={t("page_of", { page, total: totalPages })} data-testid="pager">
      {page > 1 ? (
        <Link to={href({ page: Math.min(page - 1, totalPages) })} rel="prev" className={s.smallButton}>
          {t("page_prev")}
        </Link>
      ) : null}
      <span>{t("page_of", { page, total: totalPages })}</span>
      {page < totalPages ? (
        <Link to={href({ page: page + 1 })} rel="next" className={s.smallButton}>
          {t("page_next")}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A team list's pager (ADR 024): newer and older rows by cursor, and back to the newest, as plain
 * links that keep the filters; the count as the platform gives it, capped ("1,000+").
 */
export function KeysetPager({ list }: { list: { prev: string | null; next: string | null; total: number | null; totalCapped: boolean } }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const href = (set?: ["after" | "before", string]) => {
    const next = new URLSearchParams(params);
    for (const k of ["page", "after", "before"]) next.delete(k);
    if (set) next.set(set[0], set[1]);
    return `?${next}`;
  };
  const count =
    list.total === null || list.total === 0
      ? null
      : t(list.totalCapped ? "list_count_capped" : "list_count", { number: formatNumber(list.total, i18n.language, 0) });
  if (!list.prev && !list.next) return count ? <p className={m.muted} data-testid="list-count">{count}</p> : null;
  return (
    <nav className={m.pager} aria-label={t("page_prev") + " / " + t("page_next")} data-testid="pager">
      {list.prev ? (
        <>
          <Link to={href()} className={s.smallButton} data-testid="pager-newest">
            {t("list_newest")}
          </Link>
          <Link to={href(["before", list.prev])} rel="prev" className={s.smallButton} data-testid="pager-prev">
            {t("page_prev")}
          </Link>
        </>
      ) : null}
      {count ? <span data-testid="list-count">{count}</span> : null}
      {list.next ? (
        <Link to={href(["after", list.next])} rel="next" className={s.smallButton} data-testid="pager-next">
          {t("page_next")}
        </Link>
      ) : null}
    </nav>
  );
}
