import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/period-controls";
import { formatDate } from "~/lib/format";
import { agentCall, announcementsSchema, requireAgent } from "~/services/agent.server";
import { getLocale } from "~/services/i18n.server";
import { getPermission } from "~/services/system.server";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";

export const handle = { layout: "full" };

/** Announcements for agents (spec §2 agentAnnouncement): the operator's agent notices, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  const locale = await getLocale(request);
  const page = Math.min(Math.max(Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);
  const list = await agentCall(request, "/wps/agent/announcements", { schema: announcementsSchema, query: { pageNo: page, pageSize: 10 }, language: locale });
  const { info } = await getPermission(request, locale);
  return json({ list: { ...list, content: list.content.map((n) => ({ ...n, day: formatDate(n.startsAt, locale, info.timeZone) })) } });
}

export default function AgentAnnouncement() {
  const { t } = useTranslation();
  const { list } = useLoaderData<typeof loader>();
  return (
    <div data-testid="agent-announcement">
      <h1>{t("agent_nav_announcement")}</h1>
      {list.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="records-empty">
          {t("agent_no_announcements")}
        </p>
      ) : (
        <ul className={a.rows}>
          {list.content.map((n) => (
            <li key={n.id} className={a.row} data-testid="agent-notice">
              <div className={a.rowHead}>
                <h2 className={a.rowTitle}>{n.title}</h2>
                <time dateTime={n.startsAt}>{n.day}</time>
              </div>
              {n.content ? <p className={a.pairValue}>{n.content}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.pageNum} totalPages={list.totalPages} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
