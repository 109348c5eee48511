import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/components/header";
import { AGENT_PAGES } from "~/lib/agent-pages";
import { requireAgent } from "~/services/agent.server";
import * as m from "~/styles/member.css";

export const handle = { layout: "full" };

/** Agents only: everyone else is sent away before any page of the centre renders. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  return json({});
}

/** The agent centre (spec §2): its page menu, then the page. Each page's loader checks again. */
export default function AgentCentre() {
  const { t } = useTranslation();
  const flags = useRootData()?.contracts?.modules;
  return (
    <div className={m.centre} data-testid="agent-centre">
      <nav aria-label={t("agent_centre")}>
        <ul className={m.menu}>
          {AGENT_PAGES.filter((p) => !p.flag || flags?.[p.flag]).map((p) => (
            <li key={p.page}>
              <NavLink to={`/agent/${p.page}`} className={m.menuLink} prefetch="intent" data-testid={`agent-nav-${p.page}`}>
                {t(p.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={m.panel}>
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
