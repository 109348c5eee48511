import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Pager, PeriodControls } from "~/components/period-controls";
import { formatBalance, formatDate } from "~/lib/format";
import { CsvLink } from "~/components/agent";
import { allPages, csvResponse, wantsCsv } from "~/services/agent.server";
import { requireAgentUser, revenueSchema } from "~/services/contracts.server";
import { memberCall } from "~/services/money.server";
import { recordQuery } from "~/services/records.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** agentRevenueReport (spec §2): my income by day and kind, from the ledger; paged, by period, CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgentUser(request);
  const q = await recordQuery(request);
  const page = (pageNo: number, pageSize: number) => memberCall(request, "/wps/agent/revenue", { schema: revenueSchema, query: { from: q.range.from, to: q.range.to, pageNo, pageSize } });
  if (wantsCsv(request)) {
    const first = await page(1, 100);
    const rows = await allPages((pageNo) => (pageNo === 1 ? Promise.resolve(first) : page(pageNo, 100)), 100);
    return csvResponse(
      `agentRevenueReport-${q.view.period.from}-${q.view.period.to}.csv`,
      ["day", "kind", "amount", "count", "currency"],
      rows.map((r) => [r.day, r.kind, r.amount, r.count, first.currency]),
    );
  }
  const data = await page(q.page, 20);
  return json({ view: q.view, data });
}

export default function AgentRevenueReport() {
  const { t, i18n } = useTranslation();
  const { view, data } = useLoaderData<typeof loader>() as unknown as { view: Parameters<typeof PeriodControls>[0]["view"]; data: ReturnType<typeof revenueSchema.parse> };
  const money = (a: string) => formatBalance(a, i18n.language);
  return (
    <div className={m.panel} data-testid="agent-revenue">
      <h1>{t("contract_revenue_title")}</h1>
      <PeriodControls view={view} />
      <p>
        {t("contract_revenue_total")}:{" "}
        <strong data-testid="revenue-sum">
          {money(data.sum)} {data.currency}
        </strong>{" "}
        ·{" "}
        <CsvLink label="contract_csv" />
      </p>
      {data.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="records-empty">
          {t("contract_no_payments")}
        </p>
      ) : (
        <div className={m.tableWrap}>
          <table className={m.table} data-testid="revenue-table">
            <caption className={s.visuallyHidden}>{t("contract_revenue_title")}</caption>
            <thead>
              <tr>
                <th scope="col" className={m.cell}>{t("contract_day")}</th>
                <th scope="col" className={m.cell}>{t("contract_kind")}</th>
                <th scope="col" className={`${m.cell} ${m.number}`}>{t("contract_amount")}</th>
              </tr>
            </thead>
            <tbody>
              {data.content.map((r) => (
                <tr key={`${r.day}-${r.kind}`} data-testid="revenue-row">
                  <td data-label={t("contract_day")} className={m.cell}>{formatDate(r.day, i18n.language, "UTC")}</td>
                  <td data-label={t("contract_kind")} className={m.cell}>{t(`contract_kind_${r.kind}`)}</td>
                  <td data-label={t("contract_amount")} className={`${m.cell} ${m.number}`} data-testid="revenue-amount">
                    {money(r.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={data.pageNum} totalPages={data.totalPages} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
