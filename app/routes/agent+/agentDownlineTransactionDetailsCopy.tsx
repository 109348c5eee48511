import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsvLink, RecordCard } from "~/components/agent";
import { TEAM_TX_TYPES } from "~/lib/agent-pages";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { SignedAmount } from "~/components/money";
import { KeysetPager, PeriodControls } from "~/components/period-controls";
import { formatBalance } from "~/lib/format";
import { kindLabel, typeLabel } from "~/lib/records";
import { agentCall, csvStreamResponse, cursorBatches, listPosition, requireAgent, teamTransactionsSchema, wantsCsv } from "~/services/agent.server";
import { recordQuery } from "~/services/records.server";
import { TEAM_TX_SOURCES } from "#platform/agents/cursor.js";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

const isType = (v: string | null): v is (typeof TEAM_TX_TYPES)[number] => (TEAM_TX_TYPES as readonly string[]).includes(v ?? "");

/** Team transactions (spec §2 agentDownlineTransactionDetailsCopy): every movement of the team's wallets. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  const q = await recordQuery(request);
  const url = new URL(request.url);
  const account = (url.searchParams.get("account") ?? "").trim().slice(0, 40);
  const asked = url.searchParams.get("type");
  const type = isType(asked) ? asked : "";
  const query = { from: q.range.from, to: q.range.to, account: account || undefined, type: type || undefined };
  if (wantsCsv(request)) {
    const batches = cursorBatches((after) =>
      agentCall(request, "/wps/agent/team/transactions", { schema: teamTransactionsSchema, query: { ...query, after, pageSize: 500, count: 0 } }),
    );
    return csvStreamResponse(
      `team-transactions-${q.view.period.from}-${q.view.period.to}.csv`,
      ["time", "account", "kind", "change", "balanceAfter", "reference"],
      batches,
      (r) => [r.time, r.account, r.kind, r.change, r.balanceAfter, r.reference],
    );
  }
  const position = listPosition(request, TEAM_TX_SOURCES);
  const list = await agentCall(request, "/wps/agent/team/transactions", { schema: teamTransactionsSchema, query: { ...query, ...position.query, pageSize: 20 } });
  return json(
    { view: q.view, account, type, badCursor: position.badCursor, list: { ...list, content: list.content.map((r) => ({ ...r, timeText: q.dateTime(r.time) })) } },
    { status: position.badCursor ? 400 : 200 },
  );
}

export default function TeamTransactions() {
  const { t, i18n } = useTranslation();
  const { view, account, type, badCursor, list } = useLoaderData<typeof loader>();
  return (
    <div data-testid="team-transactions">
      <div className={a.toolbar}>
        <h1>{t("agent_nav_transactions")}</h1>
        <CsvLink />
      </div>
      <PeriodControls view={view}>
        <div className={m.fieldBlock}>
          <label htmlFor="tx-account">{t("agent_search_account")}</label>
          <input id="tx-account" name="account" type="search" defaultValue={account} className={s.field} autoComplete="off" />
        </div>
        <div className={m.fieldBlock}>
          <label htmlFor="tx-type">{t("record_type")}</label>
          <select id="tx-type" name="type" defaultValue={type} className={s.field}>
            <option value="">{t("record_type_all")}</option>
            {TEAM_TX_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(typeLabel(ty))}
              </option>
            ))}
          </select>
        </div>
      </PeriodControls>
      {badCursor ? (
        <p className={m.status} role="alert" data-testid="list-bad-cursor">
          {t("list_bad_cursor")}
        </p>
      ) : null}
      {list.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="records-empty">
          {t("records_empty_period")}
        </p>
      ) : (
        <ul className={a.rows} data-testid="team-tx-list">
          {list.content.map((r) => {
            const label = kindLabel(r.kind);
            return (
              <RecordCard
                key={`${r.side}${r.id}`}
                testId="team-tx-row"
                title={`${r.account} · ${label ? t(label) : r.kind}`}
                aside={<SignedAmount amount={r.change} />}
                pairs={[
                  [t("record_time"), <time key="t" dateTime={r.time}>{r.timeText}</time>],
                  [t("record_balance_after"), formatBalance(r.balanceAfter, i18n.language)],
                  [t("record_reference"), r.reference],
                ]}
              />
            );
          })}
        </ul>
      )}
      <KeysetPager list={list} />
      <p className={m.muted}>{t("records_currency", { currency: list.currency })}</p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
