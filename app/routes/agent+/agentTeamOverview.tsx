import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsvLink, FigureCards } from "~/components/agent";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { PeriodControls } from "~/components/period-controls";
import { agentCall, csvResponse, overviewSchema, requireAgent, wantsCsv } from "~/services/agent.server";
import { recordQuery } from "~/services/records.server";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";

export const handle = { layout: "full" };

/** The team's figures over a period (spec §2 agentTeamOverview, the default page; §9 presets). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  const q = await recordQuery(request);
  const figures = await agentCall(request, "/wps/agent/team/overview", { schema: overviewSchema, query: { from: q.range.from, to: q.range.to } });
  if (wantsCsv(request)) {
    const keys = ["members", "newMembers", "activeMembers", "deposits", "withdrawals", "betAmount", "validBet", "wins", "profitLoss", "income"] as const;
    return csvResponse(`team-overview-${q.view.period.from}-${q.view.period.to}.csv`, ["from", "to", "currency", ...keys], [[q.view.period.from, q.view.period.to, figures.currency, ...keys.map((k) => figures[k])]]);
  }
  return json({ view: q.view, figures });
}

export default function AgentTeamOverview() {
  const { t } = useTranslation();
  const { view, figures } = useLoaderData<typeof loader>();
  return (
    <div data-testid="agent-team-overview">
      <div className={a.toolbar}>
        <h1>{t("agent_nav_overview")}</h1>
        <CsvLink />
      </div>
      <PeriodControls view={view} />
      <FigureCards figures={figures} currency={figures.currency} />
      <p className={m.muted}>{t("agent_figures_note", { currency: figures.currency })}</p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
