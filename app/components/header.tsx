import { Form, Link, NavLink, useLocation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "./csrf";
import { loginSchema } from "~/lib/auth-schemas";
import { formatBalance } from "~/lib/format";
import { DROPDOWN_VENDORS, vendorHref, type NavEntry } from "~/lib/navigation";
import type { loader as rootLoader } from "~/root";
import * as s from "~/styles/shell.css";
import { LanguageForm, ThemeForm } from "./preferences";
import { SendCodeButton } from "./send-code";

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
                <img src={`/images/vendors/${v.vassalage}.svg`} alt="" width={28} height={28} loading="lazy" />
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

function LoginModeSelect({ modes, mode }: { modes: ReadonlyArray<"username" | "sms">; mode: "username" | "sms" }) {
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

/** Field errors are i18n keys; shown under their field and tied to it for screen readers. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <span id={id} className={s.fieldError} role="alert">
      {errors.map((e) => {
        const [key, bounds] = e.split("|");
        return t(key!, { bounds });
      }).join(" ")}
    </span>
  );
}

/**
 * The login form; the header and the /login popup both use it and both post to /login. The
 * same zod schema checks it in the browser (conform) and on the server.
 */
export function LoginForm({
  modules,
  idPrefix,
  lastResult,
  captcha = false,
  full = false,
  agent = false,
  sentUntil = null,
}: {
  modules: string[];
  idPrefix: string;
  lastResult?: SubmissionResult<string[]> | null;
  captcha?: boolean;
  full?: boolean;
  agent?: boolean;
  /** When the last SMS code was sent for this form, the countdown's end. */
  sentUntil?: string | null;
}) {
  const { t } = useTranslation();
  const { modes, mode } = useLoginModes(modules);
  const location = useLocation();
  const redirectTo = new URLSearchParams(location.search).get("redirectTo") ?? "";
  const [form, fields] = useForm({
    id: idPrefix,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const [captchaKey, setCaptchaKey] = useState(0);
  const lastRefresh = useRef(0);
  const secretField = mode === "username" ? fields.password : fields.verificationCode;
  const idField = mode === "username" ? fields.username : fields.mobileNum;
  return (
    <div className={s.inlineForm}>
      {modes.length > 1 ? <LoginModeSelect modes={modes} mode={mode} /> : null}
      <Form
        method="post"
        action={mode === "sms" ? "/login?loginType=sms" : "/login"}
        className={full ? s.stackForm : s.inlineForm}
        aria-label={t("login_title")}
        {...getFormProps(form)}
      >
        <CsrfInput />
        <input type="hidden" name="type" value={mode} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {agent ? <input type="hidden" name="agent" value="on" /> : null}
        {form.errors?.length ? (
          <p id={form.errorId} className={s.fieldError} role="alert" data-testid="login-error">
            {form.errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        {mode === "sms" ? (
          <>
            <label className={full ? undefined : s.visuallyHidden} htmlFor={fields.countryDialingCode.id}>
              {t("country_code")}
            </label>
            <input {...getInputProps(fields.countryDialingCode, { type: "text" })} inputMode="numeric" placeholder="+" className={s.field} style={{ width: 70 }} />
          </>
        ) : null}
        <label className={full ? undefined : s.visuallyHidden} htmlFor={idField.id}>
          {mode === "username" ? t("login_username") : t("login_mobile")}
        </label>
        <input
          {...getInputProps(idField, { type: mode === "username" ? "text" : "tel" })}
          autoComplete={mode === "username" ? "username" : "tel"}
          placeholder={mode === "username" ? t("login_username") : t("login_mobile_hint")}
          className={s.field}
        />
        <FieldError id={idField.errorId} errors={idField.errors} />
        {mode === "sms" && full ? <SendCodeButton sentUntil={sentUntil} /> : null}
        <label className={full ? undefined : s.visuallyHidden} htmlFor={secretField.id}>
          {mode === "username" ? t("login_password") : t("login_code")}
        </label>
        <input
          {...getInputProps(secretField, { type: mode === "username" ? "password" : "text" })}
          autoComplete={mode === "username" ? "current-password" : "one-time-code"}
          placeholder={mode === "username" ? t("login_password") : t("login_code")}
          className={s.field}
        />
        <FieldError id={secretField.errorId} errors={secretField.errors} />
        {captcha ? (
          <span className={s.inlineForm} data-testid="captcha">
            <img
              key={captchaKey}
              src={`/captcha?n=${captchaKey}`}
              alt={t("captcha_alt")}
              width={120}
              height={40}
              data-testid="captcha-image"
            />
            <a
              href={`${location.pathname}${location.search}`}
              className={s.linkish}
              onClick={(e) => {
                // Spec §9: at most one new image a second.
                e.preventDefault();
                if (Date.now() - lastRefresh.current < 1000) return;
                lastRefresh.current = Date.now();
                setCaptchaKey((k) => k + 1);
              }}
            >
              {t("captcha_refresh")}
            </a>
            <label className={s.visuallyHidden} htmlFor={fields.captcha.id}>
              {t("captcha_label")}
            </label>
            <input
              {...getInputProps(fields.captcha, { type: "text" })}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t("captcha_label")}
              className={s.field}
            />
            <FieldError id={fields.captcha.errorId} errors={fields.captcha.errors} />
          </span>
        ) : null}
        {full ? (
          <label className={s.inlineForm}>
            <input {...getInputProps(fields.remember, { type: "checkbox" })} />
            {t("remember_me")}
          </label>
        ) : null}
        <button type="submit" className={s.primaryButton}>
          {t("login_submit")}
        </button>
      </Form>
    </div>
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
      {/* Spec §4: sign-out asks first; the confirmation is a page, so it works without scripts. */}
      <Link to="/logout" className={s.smallButton}>
        {t("sign_out")}
      </Link>
    </div>
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
              <LoginForm modules={shell.site.modules} idPrefix="header-login" />
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
