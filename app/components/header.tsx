import { Form, Link, NavLink, useLocation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "./csrf";
import { formatBalance } from "~/lib/format";
import { DROPDOWN_VENDORS, vendorHref, type NavEntry } from "~/lib/navigation";
import type { loader as rootLoader } from "~/root";
import * as s from "~/styles/shell.css";
import { LanguageForm, ThemeForm } from "./preferences";
import { UnreadBadge, useUnreadCount } from "./unread-badge";

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
  const label = entryLabel(entry, t);
  if (entry.kind === "link") {
    return (
      <li className={s.navItem}>
        <a className={s.navLink} href={entry.href} {...(entry.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {label}
          {entry.newTab ? <span className={s.visuallyHidden}> {t("opens_new_window")}</span> : null}
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
              <Link key={v.vassalage} to={vendorHref(entry.href, v.vassalage)} className={s.vendorTile}>
                <img src={v.images.submenu} alt="" width={28} height={28} loading="lazy" />
                {v.displayName}
              </Link>
            ))}
            <Link to={entry.href} className={s.vendorTile} aria-label={t("nav_more_of", { category: label })}>
              {t("nav_more")} →
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
 */
function HeaderLogin({ modules, captcha }: { modules: string[]; captcha: boolean }) {
  const { t } = useTranslation();
  const { modes, mode } = useLoginModes(modules);
  // On /login the popup carries the captcha; one image per page keeps its answer unambiguous.
  const { pathname } = useLocation();
  const showCaptcha = captcha && mode === "username" && pathname !== "/login";
  return (
    <div className={s.inlineForm}>
      {modes.length > 1 ? <LoginModeSelect modes={modes} mode={mode} /> : null}
      <Form method="post" action={mode === "sms" ? "/login?loginType=sms" : "/login"} className={s.inlineForm} aria-label={t("login_title")}>
        <CsrfInput />
        <input type="hidden" name="type" value={mode} />
        <label className={s.visuallyHidden} htmlFor="header-login-id">
          {mode === "username" ? t("login_username") : t("login_mobile")}
        </label>
        <input
          id="header-login-id"
          name={mode === "username" ? "username" : "mobileNum"}
          type={mode === "username" ? "text" : "tel"}
          autoComplete={mode === "username" ? "username" : "tel"}
          placeholder={mode === "username" ? t("login_username") : t("login_mobile_hint")}
          className={s.field}
        />
        <label className={s.visuallyHidden} htmlFor="header-login-secret">
          {mode === "username" ? t("login_password") : t("login_code")}
        </label>
        <input
          id="header-login-secret"
          name={mode === "username" ? "password" : "verificationCode"}
          type={mode === "username" ? "password" : "text"}
          autoComplete={mode === "username" ? "current-password" : "one-time-code"}
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
          {user.balanceMasked ? "******" : user.balance === null ? "--" : `${formatBalance(user.balance, i18n.language)} ${user.currency}`}
        </span>
        <button type="submit" name="intent" value={user.balanceMasked ? "showBalance" : "hideBalance"} className={s.smallButton}>
          {user.balanceMasked ? t("show_balance") : t("hide_balance")}
        </button>
      </Form>
      <a href={here} className={s.smallButton}>
        {t("refresh_balance")}
      </a>
      <Link to="/member/securityCenter" className={s.linkish} title={t("member_centre")}>
        {user.nickname || user.account}
      </Link>
      {user.isTrial ? null : <MessageEntry count={user.unreadCount} />}
      <Link to="/member/depositv2" className={s.primaryButton}>
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
  const unread = useUnreadCount(count);
  return (
    <Link to="/member/messageV2" className={s.smallButton} data-testid="message-entry">
      {t("msg_centre_title")}
      <UnreadBadge count={unread} />
    </Link>
  );
}

export function SiteHeader({ data }: { data: RootData | undefined }) {
  const { t } = useTranslation();
  const shell = data?.shell;
  return (
    <header className={s.header}>
      <div className={s.topbar}>
        <Link to="/" className={s.logo}>
          {shell?.site.name || t("nav_home")}
        </Link>
        {shell ? (
          shell.user ? (
            <MemberInfo user={shell.user} />
          ) : (
            <div className={s.inlineForm} data-testid="login-area">
              <HeaderLogin modules={shell.site.modules} captcha={!!data?.loginCaptcha} />
              {shell.site.modules.includes("DIRECTREG3") ? (
                <Link to="/register" className={s.smallButton}>
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
          <div className={s.dropdownList} style={{ insetInlineStart: "auto", insetInlineEnd: 0, display: "grid", gap: 10, padding: 12, minWidth: 260 }}>
            <LanguageForm />
            <ThemeForm />
          </div>
        </details>
        {shell ? (
          <details className={s.dropdown} data-dropdown>
            <summary className={`${s.dropdownSummary} ${s.smallButton}`}>{t("nav_download")}</summary>
            <div className={s.dropdownList} style={{ insetInlineStart: "auto", insetInlineEnd: 0, padding: 12 }}>
              <p style={{ margin: "0 0 8px" }}>{t("scan_to_download")}</p>
              <div className={s.qrBox} role="img" aria-label={t("scan_to_download")} dangerouslySetInnerHTML={{ __html: shell.download.qr }} />
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
    </header>
  );
}
