import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEMBER_PAGES } from "~/lib/member-pages";
import * as m from "~/styles/member.css";

/** The member centre: its page menu, then the page. Each page's loader checks the session. */
export default function MemberCentre() {
  const { t } = useTranslation();
  return (
    <div className={m.centre}>
      <nav aria-label={t("member_centre")}>
        <ul className={m.menu}>
          {MEMBER_PAGES.map((p) => (
            <li key={p.page}>
              <NavLink to={`/member/${p.page}`} className={m.menuLink} prefetch="intent">
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
