import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsvLink, RecordCard } from "~/components/agent";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Pager, PeriodControls } from "~/components/period-controls";
import { formatBalance } from "~/lib/format";
import { agentCall, allPages, csvResponse, downlinesSchema, requireAgent, wantsCsv } from "~/services/agent.server";
import { recordQuery } from "~/services/records.server";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/**
 * Profit and loss per downline (spec §2 palStatementsAgentCopy): every member of the team with its
 * own figures, or (`per=team`) each direct downline with its whole team's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  const q = await recordQuery(request);
  const url = new URL(request.url);
  const account = (url.searchParams.get("account") ?? "").trim().slice(0, 40);
  const per = url.searchParams.get("per") === "team" ? "team" : "member";
  const query = { from: q.range.from, to: q.range.to, account: account || undefined, per };
  if (wantsCsv(request)) {
    const rows = await allPages((pageNo) => agentCall(request, "/wps/agent/team/members", { schema: downlinesSchema, query: { ...query, pageNo, pageSize: 500 } }));
    return csvResponse(
      `team-pl-${per}-${q.view.period.from}-${q.view.period.to}.csv`,
      ["account", "level", "members", "activeMembers", "deposits", "withdrawals", "betAmount", "validBet", "wins", "profitLoss"],
      rows.map((r) => [r.account, r.depth, r.members, r.activeMembers, r.deposits, r.withdrawals, r.betAmount, r.validBet, r.wins, r.profitLoss]),
    );
  }
  const list = await agentCall(request, "/wps/agent/team/members", { schema: downlinesSchema, query: { ...query, pageNo: q.page, pageSize: 20 } });
  return json({ view: q.view, account, per, list });
}

export default function TeamProfitAndLoss() {
  const { t, i18n } = useTranslation();
  const { view, account, per, list } = useLoaderData<typeof loader>();
  const money = (v: string) => formatBalance(v, i18n.language);
  return (
    <div data-testid="team-pl">
      <div className={a.toolbar}>
        <h1>{t("agent_nav_pl")}</h1>
        <CsvLink />
      </div>
      <PeriodControls view={view}>
        <div className={m.fieldBlock}>
          <label htmlFor="pl-account">{t("agent_search_account")}</label>
          <input id="pl-account" name="account" type="search" defaultValue={account} className={s.field} autoComplete="off" />
        </div>
        <div className={m.fieldBlock}>
          <label htmlFor="pl-per">{t("agent_pl_per")}</label>
          <select id="pl-per" name="per" defaultValue={per} className={s.field}>
            <option value="member">{t("agent_pl_per_member")}</option>
            <option value="team">{t("agent_pl_per_team")}</option>
          </select>
        </div>
      </PeriodControls>
      {list.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="records-empty">
          {t("agent_no_downlines")}
        </p>
      ) : (
        <ul className={a.rows} data-testid="team-pl-list">
          {list.content.map((r) => (
            <RecordCard
              key={r.id}
              testId="team-pl-row"
              title={<Link to={`/agent/downlineManagmentView?${new URLSearchParams({ detail: r.account })}`}>{r.account}</Link>}
              aside={<strong data-testid="row-pl">{money(r.profitLoss)}</strong>}
              pairs={[
                [t("agent_level"), String(r.depth)],
                ...(per === "team" ? ([[t("agent_members"), String(r.members)], [t("agent_active_members"), String(r.activeMembers)]] as Array<[string, string]>) : []),
                [t("agent_deposits"), money(r.deposits)],
                [t("agent_withdrawals"), money(r.withdrawals)],
                [t("agent_bet_amount"), money(r.betAmount)],
                [t("agent_valid_bet"), money(r.validBet)],
                [t("agent_wins"), money(r.wins)],
              ]}
            />
          ))}
        </ul>
      )}
      <Pager page={list.pageNum} totalPages={list.totalPages} />
      <p className={m.muted}>{t("agent_figures_note", { currency: list.currency })}</p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
