import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { Pager, PeriodControls } from "~/components/period-controls";
import type { AgentFlag } from "~/lib/agent-pages";
import { formatBalance, formatDate, formatDateTime } from "~/lib/format";
import { allPages, csvResponse, wantsCsv } from "~/services/agent.server";
import { loadContractState, paymentsSchema, requireAgentUser } from "~/services/contracts.server";
import { memberCall } from "~/services/money.server";
import { recordQuery } from "~/services/records.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { CsvLink } from "./agent";
import { useMoneyFormat } from "./money";
import { TierText } from "./contract-popup";

type Flag = AgentFlag;

/**
 * The loader of a flagged payment page (dividends, daily wages, hourly and real-time salary):
 * shown only when the operator enabled its module (404 otherwise); `?format=csv` downloads it.
 */
export function paymentsLoader(scheme: string, flag: Flag, name: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireAgentUser(request);
    const state = await loadContractState(request);
    if (!state?.modules[flag]) throw new Response("Not enabled", { status: 404 });
    const q = await recordQuery(request);
    const page = (pageNo: number, pageSize: number) =>
      memberCall(request, "/wps/agent/contracts/payments", { schema: paymentsSchema, query: { scheme, from: q.range.from, to: q.range.to, pageNo, pageSize } });
    if (wantsCsv(request)) {
      const first = await page(1, 100);
      const rows = await allPages((pageNo) => (pageNo === 1 ? Promise.resolve(first) : page(pageNo, 100)), 100);
      return csvResponse(
        `${name}-${q.view.period.from}-${q.view.period.to}.csv`,
        ["period", "contract", "validBet", "profitLoss", "activeMembers", "betAmount", "tier", "rate", "base", "amount", "carryIn", "carryOut", "currency"],
        rows.map((p) => [p.periodKey, p.contractId, p.validBet, p.profitLoss, p.activeMembers, p.betAmount, p.tier ?? "", p.rate, p.base, p.amount, p.carryIn, p.carryOut, first.currency]),
      );
    }
    const data = await page(q.page, 10);
    return json({ view: q.view, data, scheme });
  };
}

/** A payment's period in the site's one date style: a day, or "from – to" for shorter or longer ones. */
function periodText(from: string, to: string | undefined, language: string, timeZone: string): string {
  const start = new Date(from);
  const end = to ? new Date(to) : null;
  const day = 86_400_000;
  if (!end || end.getTime() - start.getTime() === day) return formatDate(start, language, timeZone);
  const format = end.getTime() - start.getTime() < day ? formatDateTime : formatDate;
  const last = format === formatDate ? new Date(end.getTime() - day) : end;
  return `${format(start, language, timeZone)} – ${format(last, language, timeZone)}`;
}

export function PaymentsPage({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const { view, data, scheme } = useLoaderData<ReturnType<typeof paymentsLoader>>() as unknown as {
    view: Parameters<typeof PeriodControls>[0]["view"];
    data: ReturnType<typeof paymentsSchema.parse>;
    scheme: string;
  };
  const money = (a: string) => formatBalance(a, i18n.language);
  const { timeZone } = useMoneyFormat();
  return (
    <div className={m.panel} data-testid={testId}>
      <h1>{t(titleKey)}</h1>
      <PeriodControls view={view} />
      <p>
        <CsvLink label="contract_csv" />
      </p>
      {data.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="records-empty">
          {t("contract_no_payments")}
        </p>
      ) : (
        <ul className={m.records}>
          {data.content.map((p) => (
            <li key={p.id} className={m.card} data-testid="payment-row">
              <div className={m.recordHead}>
                <strong title={p.periodKey}>{p.periodFrom ? periodText(p.periodFrom, p.periodTo, i18n.language, timeZone) : p.periodKey}</strong>
                <span className={m.amountText} data-testid="payment-amount">
                  {money(p.amount)} {data.currency}
                </span>
              </div>
              <dl className={m.details}>
                <dt className={m.term}>{t("contract_valid_bet")}</dt>
                <dd className={m.value}>{money(p.validBet)}</dd>
                <dt className={m.term}>{t("contract_profit_loss")}</dt>
                <dd className={m.value}>{money(p.profitLoss)}</dd>
                <dt className={m.term}>{t("contract_active_members")}</dt>
                <dd className={m.value}>{p.activeMembers}</dd>
                <dt className={m.term}>{t("contract_bet_amount")}</dt>
                <dd className={m.value}>{money(p.betAmount)}</dd>
                <dt className={m.term}>{t("contract_tier_reached")}</dt>
                <dd className={m.value} data-testid="payment-tier">
                  {p.tier && p.tierTerms ? (
                    <>
                      {t("contract_tier", { n: p.tier })}: <TierText tier={p.tierTerms} />
                    </>
                  ) : (
                    t("contract_no_tier")
                  )}
                </dd>
                <dt className={m.term}>{t("contract_rate")}</dt>
                <dd className={m.value} data-testid="payment-rate">
                  {p.rate}% × {money(p.base)}
                </dd>
                {scheme === "DIVIDEND" ? (
                  <>
                    <dt className={m.term}>{t("contract_carry")}</dt>
                    <dd className={m.value}>
                      {money(p.carryIn)} → {money(p.carryOut)}
                    </dd>
                  </>
                ) : null}
              </dl>
              <Link to={`/agent/contract#c${p.contractId}`} className={s.linkish}>
                #{p.contractId}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.pageNum} totalPages={data.totalPages} />
    </div>
  );
}
