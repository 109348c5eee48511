import { DownloadQr } from "~/components/download-qr";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import * as s from "~/styles/shell.css";
import type { RootData } from "./header";
import { CountBadge } from "./unread-badge";

const SIDE_CS_TYPES = ["LIVECHAT", "TELEGRAM", "WHATSAPP"];

/** Left bar: rewards, with the count of rewards to claim (spec §2 badges). */
export function SideMenuStart({ rewards = 0 }: { rewards?: number }) {
  const { t } = useTranslation();
  return (
    <aside className={s.sideBar} aria-label={t("quick_links")} data-testid="side-menu-left">
      <Link to="/member/rewardCenter" className={s.sideLink}>
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="8" width="18" height="13" rx="1" />
          <path d="M12 8v13M3 12h18M12 8c-2-4-6-4-6-1s4 1 6 1c2 0 6 2 6-1s-4-3-6 1" />
        </svg>
        {t("rewards")}
        <CountBadge count={rewards} label={t("badge_rewards", { count: rewards })} testId="side-rewards-badge" />
      </Link>
    </aside>
  );
}

/** Right bar: the logo-link resource, customer service (LIVECHAT, TELEGRAM, WHATSAPP), the app QR. */
export function SideMenuEnd({ shell }: { shell: RootData["shell"] }) {
  const { t } = useTranslation();
  const cs = shell.site.customerService.filter((c) => SIDE_CS_TYPES.includes(c.csType));
  const logoLink = shell.site.logoLink;
  return (
    <aside className={s.sideBarEnd} aria-label={t("customer_service")} data-testid="side-menu-right">
      {logoLink ? (
        <a href={logoLink.url} className={s.sideLink} {...(logoLink.openInNewTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {logoLink.labelNameEn || logoLink.name}
        </a>
      ) : null}
      {cs.map((c) => (
        <a key={c.csType} href={c.url} className={s.sideLink} target="_blank" rel="noopener noreferrer" data-cs={c.csType}>
          {c.title}
          <span className={s.visuallyHidden}>{` ${t("opens_new_window")}`}</span>
        </a>
      ))}
      <Link to="/down" className={s.sideLink}>
        <DownloadQr src={shell.download.qr} label="" size={64} />
        {t("nav_download")}
      </Link>
    </aside>
  );
}
