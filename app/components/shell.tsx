import { NavLink, Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";
import * as s from "~/styles/shell.css";

/** The site frame: header with navigation, the page, footer. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.site.name ?? "";
  return (
    <>
      <a href="#main" className={s.skipLink}>
        {t("skip_to_content")}
      </a>
      <header className={s.header}>
        <div className={s.headerInner}>
          <Link to="/" className={s.logo}>
            {siteName || t("nav_home")}
          </Link>
          <nav aria-label={t("nav_main")} className={s.nav}>
            <NavLink to="/" end className={s.navLink}>
              {t("nav_home")}
            </NavLink>
            <NavLink to="/hot" className={s.navLink}>
              {t("nav_hot")}
            </NavLink>
            <NavLink to="/promotions" className={s.navLink}>
              {t("nav_promotions")}
            </NavLink>
          </nav>
        </div>
      </header>
      <main id="main" className={s.main}>
        {children}
      </main>
      <SiteFooter siteName={siteName} />
    </>
  );
}

export function SiteFooter({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  return (
    <footer className={s.footer}>
      <div className={s.footerInner}>
        <p>{t("footer_responsible")}</p>
        {siteName ? <p>{t("footer_rights", { year: new Date().getFullYear(), name: siteName })}</p> : null}
      </div>
    </footer>
  );
}
