import { useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import * as s from "~/styles/shell.css";
import { SiteFooter } from "./footer";
import { SiteHeader, TabBar, useRootData } from "./header";
import { SideMenuEnd, SideMenuStart } from "./side-menu";

/**
 * Page frames of spec §2: `full` header, side menu and footer; `centre` header and footer
 * (game centres); `list` header, side menu and footer (game-list centres); `header` header only
 * (seamless and lottery pages). A route names its frame in `handle.layout`.
 */
export type Layout = "full" | "centre" | "list" | "header";

export function useLayout(): Layout {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { layout?: Layout } | undefined;
    if (handle?.layout) return handle.layout;
  }
  return "full";
}

export function AppShell({ children, layout: forced }: { children: ReactNode; layout?: Layout }) {
  const { t } = useTranslation();
  const data = useRootData();
  const routeLayout = useLayout();
  const layout = forced ?? routeLayout;
  const withSides = (layout === "full" || layout === "list") && !!data?.shell;
  const main = (
    <main id="main" className={s.main} data-layout={layout}>
      {children}
    </main>
  );
  return (
    <>
      <a href="#main" className={s.skipLink}>
        {t("skip_to_content")}
      </a>
      <SiteHeader data={data} />
      {withSides ? (
        <div className={s.layoutWithSides}>
          <SideMenuStart rewards={data.shell.user?.rewardCount ?? 0} />
          {main}
          <SideMenuEnd shell={data.shell} />
        </div>
      ) : (
        main
      )}
      {layout === "header" ? null : <SiteFooter data={data} />}
      {data?.shell ? <TabBar /> : null}
    </>
  );
}
