import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { useRootData } from "~/components/header";
import { CountBadge, UnreadBadge, usePageUnreadCount, useUnreadCount } from "~/components/unread-badge";
import { MEMBER_PAGES } from "~/lib/member-pages";
import * as m from "~/styles/member.css";

/** The member centre: its page menu, then the page. Each page's loader checks the session. */
export default function MemberCentre() {
  const { t } = useTranslation();
  const user = useRootData()?.shell.user;
  const unread = useUnreadCount(usePageUnreadCount(user?.unreadCount ?? 0), !!user && !user.isTrial);
  const missions = user?.missionCount ?? 0;
  const rewards = user?.rewardCount ?? 0;
  return (
    <div className={m.centre}>
      <nav aria-label={t("member_centre")}>
        <ul className={m.menu}>
          {MEMBER_PAGES.filter((p) => !p.needsReferral || user?.referralEnabled).map((p) => (
            <li key={p.page}>
              <NavLink to={`/member/${p.page}`} className={m.menuLink} prefetch="intent" data-testid={`member-nav-${p.page}`}>
                {t(p.label)}
                {p.badge === "unread" ? <UnreadBadge count={unread} testId="member-nav-unread" /> : null}
                {p.badge === "missions" ? <CountBadge count={missions} label={t("badge_missions", { count: missions })} testId="member-nav-missions-badge" /> : null}
                {p.badge === "rewards" ? <CountBadge count={rewards} label={t("badge_rewards", { count: rewards })} testId="member-nav-rewards-badge" /> : null}
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
