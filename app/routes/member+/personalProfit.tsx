import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { SignedAmount } from "~/components/money";
import { PeriodControls } from "~/components/period-controls";
import { TrialWarning } from "~/components/trial-warning";
import { formatBalance } from "~/lib/format";
import { categoryLabel } from "~/lib/records";
import { requireRealUser } from "~/services/auth.server";
import { memberCall, profitSchema } from "~/services/money.server";
import { recordQuery } from "~/services/records.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** Profit and loss by game category over a period: bets, wins and their difference. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const q = await recordQuery(request);
  if (trial) return json({ trial, view: q.view, profit: null });
  const profit = await memberCall(request, "/wps/member/profit", { schema: profitSchema, query: { from: q.range.from, to: q.range.to } });
  return json({ trial, view: q.view, profit });
}

export default function PersonalProfit() {
  const { t, i18n } = useTranslation();
  const { view, profit } = useLoaderData<typeof loader>();
  const money = (amount: string) => formatBalance(amount, i18n.language);
  return (
    <div data-testid="personal-profit">
      <h1>{t("personal_profit_title")}</h1>
      {!profit ? (
        <TrialWarning />
      ) : (
        <>
          <PeriodControls view={view} />
          {profit.categories.length === 0 ? (
            <p className={m.status} role="status" data-testid="records-empty">
              {t("profit_empty")}
            </p>
          ) : (
            <div className={m.tableWrap}>
              <table className={m.table} data-testid="profit-table">
                <caption className={s.visuallyHidden}>{t("personal_profit_title")}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={m.cell}>{t("profit_category")}</th>
                    <th scope="col" className={`${m.cell} ${m.number}`}>{t("profit_bets")}</th>
                    <th scope="col" className={`${m.cell} ${m.number}`}>{t("profit_wins")}</th>
                    <th scope="col" className={`${m.cell} ${m.number}`}>{t("profit_profit")}</th>
                  </tr>
                </thead>
                <tbody>
                  {profit.categories.map((c) => (
                    <tr key={c.category} data-testid="profit-row">
                      <th scope="row" className={m.cell}>
                        {t(categoryLabel(c.category))}
                      </th>
                      <td data-label={t("profit_bets")} className={`${m.cell} ${m.number}`}>{money(c.bets)}</td>
                      <td data-label={t("profit_wins")} className={`${m.cell} ${m.number}`}>{money(c.wins)}</td>
                      <td data-label={t("profit_profit")} className={`${m.cell} ${m.number}`}>
                        <SignedAmount amount={c.profit} />
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className={m.totalRow} data-testid="profit-total">
                    <th scope="row" className={m.cell}>
                      {t("profit_total")}
                    </th>
                    <td data-label={t("profit_bets")} className={`${m.cell} ${m.number}`}>{money(profit.total.bets)}</td>
                    <td data-label={t("profit_wins")} className={`${m.cell} ${m.number}`}>{money(profit.total.wins)}</td>
                    <td data-label={t("profit_profit")} className={`${m.cell} ${m.number}`}>
                      <SignedAmount amount={profit.total.profit} />
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          <p className={m.muted}>{t("records_currency", { currency: profit.currency })}</p>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
