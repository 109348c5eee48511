import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { SignedAmount } from "~/components/money";
import { Pager, PeriodControls } from "~/components/period-controls";
import { TrialWarning } from "~/components/trial-warning";
import { formatBalance } from "~/lib/format";
import { requireRealUser } from "~/services/auth.server";
import { historySchema, memberCall } from "~/services/money.server";
import { recordQuery } from "~/services/records.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** The bonuses credited to the member in a period, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const q = await recordQuery(request);
  if (trial) return json({ trial, view: q.view, bonuses: null });
  const bonuses = await memberCall(request, "/wps/member/bonuses", {
    schema: historySchema,
    query: { from: q.range.from, to: q.range.to, pageNo: q.page, pageSize: 20 },
  });
  return json({ trial, view: q.view, bonuses: { ...bonuses, content: bonuses.content.map((r) => ({ ...r, timeText: q.dateTime(r.time) })) } });
}

export default function BonusDetails() {
  const { t, i18n } = useTranslation();
  const { view, bonuses } = useLoaderData<typeof loader>();
  return (
    <div data-testid="bonus-details">
      <h1>{t("bonus_details_title")}</h1>
      {!bonuses ? (
        <TrialWarning />
      ) : (
        <>
          <PeriodControls view={view} />
          {bonuses.content.length === 0 ? (
            <p className={m.status} role="status" data-testid="records-empty">
              {t("bonus_empty")}
            </p>
          ) : (
            <div className={m.tableWrap}>
              <table className={m.table} data-testid="bonus-table">
                <caption className={s.visuallyHidden}>{t("bonus_details_title")}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={m.cell}>{t("record_time")}</th>
                    <th scope="col" className={m.cell}>{t("record_reference")}</th>
                    <th scope="col" className={`${m.cell} ${m.number}`}>{t("record_change")}</th>
                    <th scope="col" className={`${m.cell} ${m.number}`}>{t("record_balance_after")}</th>
                  </tr>
                </thead>
                <tbody>
                  {bonuses.content.map((r) => (
                    <tr key={r.id} data-testid="bonus-row">
                      <td data-label={t("record_time")} className={m.cell}>
                        <time dateTime={r.time}>{r.timeText}</time>
                      </td>
                      <td data-label={t("record_reference")} className={m.cell}>{r.reference}</td>
                      <td data-label={t("record_change")} className={`${m.cell} ${m.number}`}>
                        <SignedAmount amount={r.change} />
                      </td>
                      <td data-label={t("record_balance_after")} className={`${m.cell} ${m.number}`} data-testid="balance-after">
                        {formatBalance(r.balanceAfter, i18n.language)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={bonuses.pageNum} totalPages={bonuses.totalPages} />
          <p className={m.muted}>{t("records_currency", { currency: bonuses.currency })}</p>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
