import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/components/header";
import { UnreadBadge, usePageUnreadCount, useUnreadCount } from "~/components/unread-badge";
import { MEMBER_PAGES } from "~/lib/member-pages";
import * as m from "~/styles/member.css";

/** The member centre: its page menu, then the page. Each page's loader checks the session. */
export default function MemberCentre() {
  const { t } = useTranslation();
  const user = useRootData()?.shell.user;
  const unread = useUnreadCount(usePageUnreadCount(user?.unreadCount ?? 0), !!user && !user.isTrial);
  return (
    <div className={m.centre}>
      <nav aria-label={t("member_centre")}>
        <ul className={m.menu}>
          {MEMBER_PAGES.map((p) => (
            <li key={p.page}>
              <NavLink to={`/member/${p.page}`} className={m.menuLink} prefetch="intent">
                {t(p.label)}
                {p.page === "messageV2" ? <UnreadBadge count={unread} testId="member-nav-unread" /> : null}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/feedback" className={m.menuLink} data-testid="member-feedback">
              {t("fb_title")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className={m.panel}>
        <Outlet />
      </div>
    </div>
  );
}
