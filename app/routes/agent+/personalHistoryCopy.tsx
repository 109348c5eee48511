import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsvLink, RecordCard } from "~/components/agent";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { KeysetPager, PeriodControls } from "~/components/period-controls";
import { formatBalance } from "~/lib/format";
import { categoryLabel } from "~/lib/records";
import { agentCall, csvStreamResponse, cursorBatches, listPosition, requireAgent, teamBetsSchema, wantsCsv } from "~/services/agent.server";
import { recordQuery } from "~/services/records.server";
import { TEAM_BET_SOURCES } from "#platform/agents/cursor.js";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** Team betting (spec §2 personalHistoryCopy in the agent centre): the team's rounds and tickets, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  const q = await recordQuery(request);
  const account = (new URL(request.url).searchParams.get("account") ?? "").trim().slice(0, 40);
  const query = { from: q.range.from, to: q.range.to, account: account || undefined };
  if (wantsCsv(request)) {
    const batches = cursorBatches((after) =>
      agentCall(request, "/wps/agent/team/bets", { schema: teamBetsSchema, query: { ...query, after, pageSize: 500, count: 0 } }),
    );
    return csvStreamResponse(
      `team-bets-${q.view.period.from}-${q.view.period.to}.csv`,
      ["time", "account", "id", "game", "category", "status", "stake", "win", "profit"],
      batches,
      (r) => [r.time, r.account, r.id, r.gameCode, r.category, r.status, r.stake, r.win, r.profit],
    );
  }
  const position = listPosition(request, TEAM_BET_SOURCES);
  const bets = await agentCall(request, "/wps/agent/team/bets", { schema: teamBetsSchema, query: { ...query, ...position.query, pageSize: 20 } });
  return json(
    { view: q.view, account, badCursor: position.badCursor, bets: { ...bets, content: bets.content.map((r) => ({ ...r, timeText: q.dateTime(r.time) })) } },
    { status: position.badCursor ? 400 : 200 },
  );
}

export default function TeamBets() {
  const { t, i18n } = useTranslation();
  const { view, account, badCursor, bets } = useLoaderData<typeof loader>();
  const money = (v: string) => formatBalance(v, i18n.language);
  return (
    <div data-testid="team-bets">
      <div className={a.toolbar}>
        <h1>{t("agent_nav_bets")}</h1>
        <CsvLink />
      </div>
      <PeriodControls view={view}>
        <div className={m.fieldBlock}>
          <label htmlFor="bets-account">{t("agent_search_account")}</label>
          <input id="bets-account" name="account" type="search" defaultValue={account} className={s.field} autoComplete="off" />
        </div>
      </PeriodControls>
      {badCursor ? (
        <p className={m.status} role="alert" data-testid="list-bad-cursor">
          {t("list_bad_cursor")}
        </p>
      ) : null}
      {bets.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="records-empty">
          {t("records_empty_period")}
        </p>
      ) : (
        <ul className={a.rows} data-testid="team-bets-list">
          {bets.content.map((r) => (
            <RecordCard
              key={r.id}
              testId="team-bet-row"
              title={`${r.account} · ${r.gameCode}`}
              aside={<time dateTime={r.time}>{r.timeText}</time>}
              pairs={[
                [t("hr_category"), t(categoryLabel(r.category))],
                [t("agent_bet_amount"), money(r.stake)],
                [t("agent_wins"), money(r.win)],
                [t("agent_member_pl"), r.profit === null ? t("deposit_status_PENDING") : money(r.profit)],
                [t("record_reference"), r.id],
              ]}
            />
          ))}
        </ul>
      )}
      <KeysetPager list={bets} />
      <p className={m.muted}>{t("records_currency", { currency: bets.currency })}</p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
