import { DownloadQr } from "~/components/download-qr";
import { Form, Link, NavLink, useLocation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/components/translation";
import { CsrfInput } from "./csrf";
import { formatBalance, formatMoney } from "~/lib/format";
import { DROPDOWN_VENDORS, vendorHref, type NavEntry } from "~/lib/navigation";
import { vendorImage } from "~/lib/vendors";
import { pictureStyle } from "./deferred-picture";
import type { loader as rootLoader } from "~/root";
import * as s from "~/styles/shell.css";
import { LanguageForm, ThemeForm } from "./preferences";
import { CountBadge, UnreadBadge, usePageUnreadCount, useUnreadCount } from "./unread-badge";

export type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root");
}

function entryLabel(entry: NavEntry, t: (k: string, o?: Record<string, unknown>) => string): string {
  switch (entry.kind) {
    case "fixed":
    case "download":
      return t(entry.labelKey);
    case "link":
      return entry.label;
    case "category":
      return entry.label || t(`cat_${entry.type}`, { defaultValue: "" }) || entry.fallbackLabel;
  }
}

function NavItem({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const imageHosts = useRootData()?.shell.csp.img;
  const label = entryLabel(entry, t);
  if (entry.kind === "link") {
    return (
      <li className={s.navItem}>
        <a className={s.navLink} href={entry.href} {...(entry.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {label}
          {entry.newTab ? <span className={s.visuallyHidden}>{` ${t("opens_new_window")}`}</span> : null}
        </a>
      </li>
    );
  }
  const shown = entry.kind === "category" && entry.dropdown ? entry.vendors.slice(0, DROPDOWN_VENDORS) : [];
  return (
    <li className={s.navItem} data-nav={entry.type}>
      <NavLink to={entry.href} end={entry.href === "/"} className={s.navLink}>
        {label}
      </NavLink>
      {entry.kind === "category" && entry.dropdown ? (
        <>
          <details className={s.navToggle}>
            <summary className={s.navToggleSummary} aria-label={t("nav_open_menu", { category: label })}>
              ▾
            </summary>
          </details>
          <div className={s.navPanel} data-testid={`vendors-${entry.type}`}>
            {shown.map((v) => (
              // discover="none" here and on "More": the category's own link above leads to the same
              // route and has Remix discover it; one mark per route is enough (every page carries these).
              <Link key={v.vassalage} to={vendorHref(entry.href, v.vassalage)} className={s.vendorTile} discover="none">
                {/* A background, not an <img>: a browser without scripts loads every <img> at once (it ignores
                    loading="lazy" then): 25 icons of closed drop-downs on every page; a background of a
                    panel that is not shown is not fetched until the panel opens. */}
                <span className={s.vendorIcon} style={pictureStyle(vendorImage(v, imageHosts, "submenu"))} aria-hidden="true" />
                {v.displayName}
              </Link>
            ))}
            <Link to={entry.href} className={s.vendorTile} aria-label={t("nav_more_of", { category: label })} discover="none">
              {`${t("nav_more")} →`}
            </Link>
          </div>
        </>
      ) : null}
    </li>
  );
}

/** Username or mobile login, each only when enabled; the selector only when both are. */
export function useLoginModes(modules: string[]) {
  const [params] = useSearchParams();
  const modes = [
    ...(modules.includes("USERNAMEREG3") ? (["username"] as const) : []),
    ...(modules.includes("MOBILEVERCODELOGIN3") ? (["sms"] as const) : []),
  ];
  const asked = params.get("loginType");
  const mode = modes.find((m) => m === asked) ?? modes[0] ?? "username";
  return { modes, mode };
}

export function LoginModeSelect({ modes, mode }: { modes: ReadonlyArray<"username" | "sms">; mode: "username" | "sms" }) {
  const { t } = useTranslation();
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const href = (m: string) => {
    const p = new URLSearchParams(location.search);
    p.set("loginType", m);
    return `${location.pathname}?${p}`;
  };
  return (
    <details
      ref={ref}
      className={s.dropdown}
      data-dropdown
      // Spec §4: the login-type drop-down closes 200 ms after it loses focus.
      onBlur={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (ref.current && !ref.current.contains(document.activeElement)) ref.current.open = false;
        }, 200);
      }}
    >
      <summary className={`${s.dropdownSummary} ${s.smallButton}`}>
        {t("login_mode")}: {t(`login_mode_${mode}`)}
      </summary>
      <ul className={s.dropdownList}>
        {modes.map((m) => (
          <li key={m}>
            <Link to={href(m)} replace preventScrollReset className={s.navLink} aria-current={m === mode ? "true" : undefined}>
              {t(`login_mode_${m}`)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The header's login form: a plain post to /login, no client library on every page. The
 * /login popup answers it with the full form (errors, captcha, SMS) and validates it there.
 * Mobile login carries the country code and its own send-code button (it posts intent=sendCode).
 */
function HeaderLogin({ modules, captcha }: { modules: string[]; captcha: boolean }) {
  const { t } = useTranslation();
  const { modes, mode } = useLoginModes(modules);
  // On /login the popup carries the captcha; one image per page keeps its answer unambiguous.
  const { pathname } = useLocation();
  const showCaptcha = captcha && mode === "username" && pathname !== "/login";
  return (
    <div className={s.headerLogin}>
      {modes.length > 1 ? <LoginModeSelect modes={modes} mode={mode} /> : null}
      <Form method="post" action={mode === "sms" ? "/login?loginType=sms" : "/login"} className={s.inlineForm} aria-label={t("login_title")}>
        <CsrfInput />
        <input type="hidden" name="type" value={mode} />
        {mode === "sms" ? (
          <>
            <label className={s.visuallyHidden} htmlFor="header-login-country">
              {t("country_code")}
            </label>
            <input
              id="header-login-country"
              name="countryDialingCode"
              type="text"
              inputMode="tel"
              autoComplete="tel-country-code"
              placeholder="+"
              className={`${s.field} ${s.countryField}`}
              data-testid="header-country-code"
            />
          </>
        ) : null}
        <label className={s.visuallyHidden} htmlFor="header-login-id">
          {mode === "username" ? t("login_username") : t("login_mobile")}
        </label>
        <input
          id="header-login-id"
          name={mode === "username" ? "username" : "mobileNum"}
          type={mode === "username" ? "text" : "tel"}
          autoComplete={mode === "username" ? "username" : "tel-national"}
          placeholder={mode === "username" ? t("login_username") : t("login_mobile_hint")}
          className={s.field}
        />
        {mode === "sms" ? (
          <button type="submit" name="intent" value="sendCode" formNoValidate className={s.smallButton} data-testid="header-send-code">
            {t("send_code")}
          </button>
        ) : null}
        <label className={s.visuallyHidden} htmlFor="header-login-secret">
          {mode === "username" ? t("login_password") : t("login_code")}
        </label>
        <input
          id="header-login-secret"
          name={mode === "username" ? "password" : "verificationCode"}
          type={mode === "username" ? "password" : "text"}
          autoComplete={mode === "username" ? "current-password" : "one-time-code"}
          inputMode={mode === "username" ? undefined : "numeric"}
          placeholder={mode === "username" ? t("login_password") : t("login_code")}
          className={s.field}
        />
        {showCaptcha ? <HeaderCaptcha /> : null}
        <button type="submit" className={s.primaryButton}>
          {t("login_submit")}
        </button>
      </Form>
    </div>
  );
}

function balanceText(user: NonNullable<RootData["shell"]["user"]>, locale: string) {
  return user.balanceMasked ? "******" : user.balance === null ? "--" : formatMoney(user.balance, user.currency, locale);
}

function HeaderCaptcha() {
  const { t } = useTranslation();
  return (
    <span className={s.inlineForm} data-testid="header-captcha">
      <img src="/captcha?n=h" alt={t("captcha_alt")} width={120} height={40} />
      <label className={s.visuallyHidden} htmlFor="header-login-captcha">
        {t("captcha_label")}
      </label>
      <input id="header-login-captcha" name="captcha" inputMode="numeric" autoComplete="off" placeholder={t("captcha_label")} className={s.field} maxLength={20} />
    </span>
  );
}

function MemberInfo({ user }: { user: NonNullable<RootData["shell"]["user"]> }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className={s.memberBar} data-testid="member-info">
      {user.isTrial ? (
        <span className={s.smallButton} data-testid="trial-badge">
          {t("trial_badge")}
        </span>
      ) : null}
      <Form method="post" action="/preferences" className={s.inlineForm} reloadDocument>
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={here} />
        <span>{t("balance")}: </span>
        <span className={s.balance} data-testid="balance">
          {balanceText(user, i18n.language)}
        </span>
        <button type="submit" name="intent" value={user.balanceMasked ? "showBalance" : "hideBalance"} className={s.smallButton}>
          {user.balanceMasked ? t("show_balance") : t("hide_balance")}
        </button>
      </Form>
      <a href={here} className={s.smallButton}>
        {t("refresh_balance")}
      </a>
      <Link to="/member/securityCenter" className={s.smallButton} title={t("member_centre")}>
        {user.nickname || user.account}
      </Link>
      {user.isTrial ? null : <MessageEntry count={user.unreadCount} />}
      <Link to="/member/depositv2" className={`${s.primaryButton} ${s.wideOnly}`}>
        {t("deposit")}
      </Link>
      <Link to="/member/withdraw" className={s.smallButton}>
        {t("withdraw")}
      </Link>
      {user.isAgent ? (
        <Link to="/agent/agentTeamOverview" className={s.smallButton}>
          {t("agent_centre")}
        </Link>
      ) : null}
      <Link to="/member/personalHistoryCopy" className={s.smallButton}>
        {t("betting_record")}
      </Link>
      <Link to="/lobby" className={s.smallButton} data-testid="lobby-link">
        {t("lobby_title")}
      </Link>
      {/* Spec §4: sign-out asks first; the confirmation is a page, so it works without scripts. */}
      <Link to="/logout" className={s.smallButton}>
        {t("sign_out")}
      </Link>
    </div>
  );
}

/** The message centre entry with its unread badge (spec §2), live with scripts on. */
function MessageEntry({ count }: { count: number }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(usePageUnreadCount(count));
  return (
    <Link to="/member/messageV2" className={s.smallButton} data-testid="message-entry">
      {t("msg_centre_title")}
      <UnreadBadge count={unread} />
    </Link>
  );
}


/** The phone bar's account corner: the balance and a deposit button, or log in and register. */
function CompactAccount({ shell }: { shell: RootData["shell"] }) {
  const { t, i18n } = useTranslation();
  const user = shell.user;
  if (user) {
    return (
      <div className={s.compactAccount} data-testid="compact-account">
        <Link to="/member/securityCenter" className={s.compactBalance} aria-label={`${t("balance")}: ${balanceText(user, i18n.language)}`}>
          <span className={s.compactBalanceLabel} aria-hidden="true">
            {t("balance")} {user.currency}
          </span>
          <span className={s.balance} aria-hidden="true" data-testid="compact-balance">
            {user.balanceMasked ? "******" : user.balance === null ? "--" : formatBalance(user.balance, i18n.language)}
          </span>
        </Link>
        <Link to="/member/depositv2" className={`${s.primaryButton} ${s.compactButton}`} data-testid="compact-deposit">
          {t("deposit")}
        </Link>
      </div>
    );
  }
  return (
    <div className={s.compactAccount} data-testid="compact-login">
      <Link to="/login" className={`${s.smallButton} ${s.compactButton}`}>
        {t("login_submit")}
      </Link>
      {shell.site.modules.includes("DIRECTREG3") ? (
        <Link to="/register" className={`${s.primaryButton} ${s.compactButton}`}>
          {t("register_button")}
        </Link>
      ) : null}
    </div>
  );
}

export const DRAWER_ID = "site-drawer";

/**
 * With scripts, a client-side navigation closes the drawer (without them every page starts it
 * closed). Not the page's first location: a drawer opened before the scripts started stays open
 * (closing it then moved what was under the finger, and the next tap landed on the page behind).
 */
function useCloseDrawerOnNavigate() {
  const ref = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const shown = useRef(location.key);
  useEffect(() => {
    if (shown.current === location.key) return;
    shown.current = location.key;
    if (ref.current) ref.current.checked = false;
  }, [location.key]);
  return ref;
}

const SIDE_CS_TYPES = ["LIVECHAT", "TELEGRAM", "WHATSAPP"];

/**
 * Spec §2's header. From 1024 px up: logo, login or member bar, settings and download, then the
 * navigation row. Below: a bar under 64 px (menu button, logo, balance and deposit or log in
 * and register) and everything else in a drawer opened by a checkbox, so it works without scripts.
 */
export function SiteHeader({ data }: { data: RootData | undefined }) {
  const { t } = useTranslation();
  const shell = data?.shell;
  const drawer = useCloseDrawerOnNavigate();
  const cs = shell?.site.customerService.filter((c) => SIDE_CS_TYPES.includes(c.csType)) ?? [];
  return (
    <header className={s.header}>
      <input type="checkbox" id={DRAWER_ID} ref={drawer} className={s.drawerToggle} aria-controls="site-drawer-panel" aria-label={t("ui_menu")} />
      <div className={s.topbar}>
        <label htmlFor={DRAWER_ID} className={s.burger} data-testid="menu-button">
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
          <span className={s.visuallyHidden}>{t("ui_menu")}</span>
        </label>
        <Link to="/" className={s.logo}>
          {shell?.site.name || t("nav_home")}
        </Link>
        {shell ? <CompactAccount shell={shell} /> : null}
      </div>
      <div className={s.drawer} id="site-drawer-panel" data-testid="drawer">
        <div className={s.toolbar}>
          {shell ? (
            shell.user ? (
              <MemberInfo user={shell.user} />
            ) : (
              <div className={s.loginArea} data-testid="login-area">
                <HeaderLogin modules={shell.site.modules} captcha={!!data?.loginCaptcha} />
                {shell.site.modules.includes("DIRECTREG3") ? (
                  <Link to="/register" className={`${s.smallButton} ${s.wideOnly}`}>
                    {t("register_button")}
                  </Link>
                ) : null}
                <Link to="/forgotPassword" className={s.linkish}>
                  {t("forgot_password")}
                </Link>
              </div>
            )
          ) : null}
          <details className={s.dropdown} data-dropdown>
            <summary className={`${s.dropdownSummary} ${s.smallButton}`}>{t("settings")}</summary>
            <div className={`${s.dropdownList} ${s.dropdownEnd} ${s.settingsPanel}`}>
              <LanguageForm />
              <ThemeForm />
            </div>
          </details>
          {shell ? (
            <details className={s.dropdown} data-dropdown>
              <summary className={`${s.dropdownSummary} ${s.smallButton}`}>{t("nav_download")}</summary>
              <div className={`${s.dropdownList} ${s.dropdownEnd} ${s.settingsPanel}`}>
                <p style={{ margin: 0 }}>{t("scan_to_download")}</p>
                <DownloadQr src={shell.download.qr} label={t("scan_to_download")} />
              </div>
            </details>
          ) : null}
        </div>
        {shell ? (
          <nav aria-label={t("nav_main")} className={s.nav}>
            <ul className={s.navList}>
              {shell.navigation.map((entry) => (
                <NavItem key={`${entry.type}-${entry.href}`} entry={entry} />
              ))}
            </ul>
          </nav>
        ) : null}
        {shell ? (
          <ul className={s.drawerExtras} aria-label={t("quick_links")}>
            <li>
              <Link to="/member/rewardCenter" className={s.drawerLink}>
                {t("rewards")}
                <CountBadge count={shell.user?.rewardCount ?? 0} label={t("badge_rewards", { count: shell.user?.rewardCount ?? 0 })} testId="drawer-rewards-badge" />
              </Link>
            </li>
            {cs.map((c) => (
              <li key={c.csType}>
                <a href={c.url} className={s.drawerLink} target="_blank" rel="noopener noreferrer">
                  {c.title}
                  <span className={s.visuallyHidden}>{` ${t("opens_new_window")}`}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </header>
  );
}

const TAB_ICONS: Record<string, string> = {
  home: "M3 11l9-8 9 8v10h-6v-6H9v6H3z",
  games: "M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.2 2L15 14H9l-1.8 2A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4zM8 10v4M6 12h4M16 11h.01M18 13h.01",
  deposit: "M3 6h18v12H3zM3 10h18M7 15h4",
  record: "M6 3h12v18H6zM9 8h6M9 12h6M9 16h4",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
};

/** The phone's bottom tab bar (hidden from 1024 px up, where the header holds these links). */
export function TabBar() {
  const { t } = useTranslation();
  const tabs = [
    { key: "home", to: "/", label: t("nav_home") },
    { key: "games", to: "/rng", label: t("ui_tab_games") },
    { key: "deposit", to: "/member/depositv2", label: t("deposit") },
    { key: "record", to: "/member/personalHistoryCopy", label: t("ui_tab_record") },
    { key: "account", to: "/member/securityCenter", label: t("ui_tab_account") },
  ];
  return (
    <nav className={s.tabBar} aria-label={t("ui_tabs")} data-testid="tab-bar">
      <ul className={s.tabList}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <NavLink to={tab.to} end={tab.to === "/"} className={s.tabLink} data-tab={tab.key}>
              <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
                <path d={TAB_ICONS[tab.key]} />
              </svg>
              <span>{tab.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
