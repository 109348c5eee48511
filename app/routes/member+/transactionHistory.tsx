import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Pager, PeriodControls } from "~/components/period-controls";
import { SignedAmount } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { formatBalance } from "~/lib/format";
import { MAIN_WALLET } from "~/lib/money-fields";
import { HISTORY_TYPES, isHistoryType, kindLabel, typeLabel } from "~/lib/records";
import { requireRealUser } from "~/services/auth.server";
import { historySchema, memberCall } from "~/services/money.server";
import { recordQuery } from "~/services/records.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** Every movement of the member's money in a period, newest first, filtered by type (GET only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const q = await recordQuery(request);
  const asked = new URL(request.url).searchParams.get("type");
  const type = isHistoryType(asked) ? asked : "";
  if (trial) return json({ trial, view: q.view, type, history: null });
  const history = await memberCall(request, "/wps/member/transactions", {
    schema: historySchema,
    query: { type: type || undefined, from: q.range.from, to: q.range.to, pageNo: q.page, pageSize: 20 },
  });
  return json({
    trial,
    view: q.view,
    type,
    history: {
      ...history,
      content: history.content.map((r) => ({
        ...r,
        timeText: q.dateTime(r.time),
        state: r.withdrawal
          ? { ...r.withdrawal, decidedText: r.withdrawal.decidedAt ? q.dateTime(r.withdrawal.decidedAt) : null, receiptText: r.withdrawal.receiptAt ? q.dateTime(r.withdrawal.receiptAt) : null }
          : null,
      })),
    },
  });
}

export default function TransactionHistory() {
  const { t, i18n } = useTranslation();
  const { trial, view, type, history } = useLoaderData<typeof loader>();
  const walletName = (code: string) => (code === MAIN_WALLET ? t("wallet_main") : code);
  return (
    <div data-testid="transaction-history">
      <h1>{t("transaction_history_title")}</h1>
      {trial || !history ? (
        <TrialWarning />
      ) : (
        <>
          <PeriodControls view={view}>
            <div className={m.fieldBlock}>
              <label htmlFor="history-type">{t("record_type")}</label>
              <select id="history-type" name="type" defaultValue={type} className={s.field}>
                <option value="">{t("record_type_all")}</option>
                {HISTORY_TYPES.map((ty) => (
                  <option key={ty} value={ty}>
                    {t(typeLabel(ty))}
                  </option>
                ))}
              </select>
            </div>
          </PeriodControls>
          {history.content.length === 0 ? (
            <p className={m.status} role="status" data-testid="records-empty">
              {t("records_empty_period")}
            </p>
          ) : (
            <div className={m.tableWrap}>
              <table className={m.table} data-testid="history-table">
                <caption className={s.visuallyHidden}>{t("transaction_history_title")}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={m.cell}>{t("record_time")}</th>
                    <th scope="col" className={m.cell}>{t("record_type")}</th>
                    <th scope="col" className={m.cell}>{t("record_reference")}</th>
                    <th scope="col" className={`${m.cell} ${m.number}`}>{t("record_change")}</th>
                    <th scope="col" className={`${m.cell} ${m.number}`}>{t("record_balance_after")}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.content.map((r) => {
                    const label = kindLabel(r.kind);
                    // Between two of the member's own wallets: nothing comes or goes, so the amount has no sign.
                    const between = r.fromWallet !== null && r.toWallet !== null;
                    return (
                      <tr key={r.id} data-testid="history-row" data-kind={r.kind}>
                        <td data-label={t("record_time")} className={m.cell}>
                          <time dateTime={r.time}>{r.timeText}</time>
                        </td>
                        <td data-label={t("record_type")} className={m.cell}>
                          {label ? t(label) : r.kind}
                          {between ? (
                            <>
                              <br />
                              <small className={m.muted}>{t("wallet_route", { from: walletName(r.fromWallet!), to: walletName(r.toWallet!) })}</small>
                            </>
                          ) : null}
                        </td>
                        <td data-label={t("record_reference")} className={m.cell}>
                          {r.reference}
                          {r.state ? <WithdrawalState state={r.state} /> : null}
                        </td>
                        <td data-label={t("record_change")} className={`${m.cell} ${m.number}`}>
                          {between ? formatBalance(r.amount, i18n.language) : <SignedAmount amount={r.change} />}
                        </td>
                        <td data-label={t("record_balance_after")} className={`${m.cell} ${m.number}`} data-testid="balance-after">
                          {formatBalance(r.balanceAfter, i18n.language)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={history.pageNum} totalPages={history.totalPages} />
          <p className={m.muted}>{t("records_currency", { currency: history.currency })}</p>
        </>
      )}
    </div>
  );
}

/** Where a withdrawal stands: in process, approved and paid out or rejected, then the member's receipt. */
function WithdrawalState({
  state,
}: {
  state: { status: string; receipt: string | null; remainingAmount: string | null; decidedText: string | null; receiptText: string | null };
}) {
  const { t, i18n } = useTranslation();
  return (
    <small className={m.muted} data-testid="withdrawal-state" data-status={state.status} data-receipt={state.receipt ?? ""} style={{ display: "block" }}>
      {t(`withdraw_status_${state.status}`)}
      {state.decidedText ? ` · ${state.decidedText}` : ""}
      {state.receipt ? (
        <>
          <br />
          {t("receipt_label")}: {t(`receipt_${state.receipt}`)}
          {state.receipt === "PARTIAL" && state.remainingAmount ? ` · ${t("receipt_missing", { amount: formatBalance(state.remainingAmount, i18n.language) })}` : ""}
          {state.receiptText ? ` · ${state.receiptText}` : ""}
        </>
      ) : null}
    </small>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
