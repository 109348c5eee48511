import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { FigureCards } from "~/components/agent";
import { PendingContracts } from "~/components/contract-popup";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/components/header";
import { LoginForm } from "~/components/login-form";
import { agentCall, overviewSchema, todayRange } from "~/services/agent.server";
import { getUser } from "~/services/auth.server";
import { captchaNeeded } from "~/services/captcha.server";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/**
 * Agent home: visitors get the agent login (agents only, spec §6); members who are not agents are
 * told so; an agent lands here after the agent-page login and sees today's team figures.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const state = !user ? "login" : user.isAgent ? "agent" : "not-agent";
  const base = { state, account: user?.account ?? null, captcha: await captchaNeeded(request), today: null, todayText: "" } as const;
  if (state !== "agent") return json(base, { status: state === "not-agent" ? 403 : 200 });
  const { range, todayText } = await todayRange(request);
  const today = await agentCall(request, "/wps/agent/team/overview", { schema: overviewSchema, query: { from: range.from, to: range.to } });
  return json({ ...base, today, todayText });
}

export default function AgentHome() {
  const { t } = useTranslation();
  const { state, account, captcha, today, todayText } = useLoaderData<typeof loader>();
  const modules = useRootData()?.shell.site.modules ?? [];
  return (
    <div data-testid="agent-home" className={m.panel}>
      <h1>{t(state === "agent" ? "agent_home_title" : "agent_login_title")}</h1>
      {state === "login" ? (
        <LoginForm modules={modules.filter((m) => m !== "MOBILEVERCODELOGIN3")} idPrefix="agent-login" agent full captcha={captcha} />
      ) : state === "not-agent" ? (
        <p role="alert" data-testid="not-agent">
          {t("err_non_agent")}
        </p>
      ) : (
        <>
          <p>{t("agent_home_hello", { account })}</p>
          {/* The offers waiting for this agent's decision (the shell loads them for the popup). */}
          <PendingContracts />
          {today ? (
            <section className={m.card} aria-labelledby="today-title" data-testid="agent-today">
              <div className={a.toolbar}>
                <h2 id="today-title">{t("agent_today_title", { date: todayText })}</h2>
                <Link to="/agent/agentTeamOverview" className={s.smallButton} data-testid="agent-centre-link">
                  {t("agent_centre")}
                </Link>
              </div>
              <FigureCards figures={today} currency={today.currency} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
