import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { Popup } from "~/components/popup";
import { SendCodeButton } from "~/components/send-code";
import { platformFieldMessage } from "~/lib/field-rules";
import { CODE_ERRORS } from "~/lib/code-errors";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
import { platformFetch, callPlatform, PlatformError } from "~/services/platform.server";
import { getClientIp, getSiteHost } from "~/services/client-info.server";
import { getRequestId } from "~/services/observability.server";
import { commitSession } from "~/services/session.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

type Errors = Record<string, string[]>;
type Values = Record<string, string>;


/** Forgot password (spec §4): by e-mail, a confirmation and the popup closes; by phone, a code, a new password, logged in. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const get = (k: string) => String(form.get(k) ?? "").trim().slice(0, 255);
  const intent = get("intent");
  const values: Values = { username: get("username"), email: get("email"), mobileNum: get("mobileNum"), countryDialingCode: get("countryDialingCode") };

  if (intent === "email") {
    const errors: Errors = {};
    if (!values.username) errors.username = ["err_empty"];
    if (!values.email) errors.email = ["err_empty"];
    if (Object.keys(errors).length) return json({ mode: "email", values, errors, sentUntil: null, done: false }, { status: 400 });
    // Spec §7: the platform takes this call form-urlencoded.
    const res = await platformFetch("/wps/member/forgot", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-request-id": getRequestId(request),
        "x-site-host": getSiteHost(request),
        "x-site-origin": new URL(request.url).origin,
        // The e-mail goes out in the reader's language.
        "accept-language": await getLocale(request),
        ...(getClientIp(request) ? { "x-client-ip": getClientIp(request)! } : {}),
      },
      body: new URLSearchParams({ username: values.username!, email: values.email! }).toString(),
    }).catch(() => null);
    if (res?.status === 429) return json({ mode: "email", values, errors: { form: ["err_too_many"] }, sentUntil: null, done: false }, { status: 429 });
    if (res?.status === 404) return json({ mode: "email", values, errors: { email: ["err_user_email"] }, sentUntil: null, done: false }, { status: 400 });
    if (res && res.status >= 400 && res.status < 500) {
      return json({ mode: "email", values, errors: { form: ["err_correct_info"] }, sentUntil: null, done: false }, { status: 400 });
    }
    if (!res?.ok) return json({ mode: "email", values, errors: { form: ["err_unknown"] }, sentUntil: null, done: false }, { status: 502 });
    return json({ mode: "email", values, errors: {}, sentUntil: null, done: true });
  }

  // By phone: send a code, or set the new password with it.
  try {
    if (intent === "sendCode") {
      const sent = await callPlatform(request, "/wps/sms/reset", {
        method: "POST",
        // The SMS goes out in the reader's language.
        language: await getLocale(request),
        body: { mobileNum: values.mobileNum, countryDialingCode: values.countryDialingCode },
        schema: z.object({ resendAt: z.string() }),
      });
      return json({ mode: "phone", values, errors: {}, sentUntil: sent.resendAt, done: false });
    }
    const newPassword = String(form.get("newPassword") ?? "");
    const value = await callPlatform(request, "/wps/member/password/phone", {
      method: "PUT", enc: true,
      body: { mobileNum: values.mobileNum, countryDialingCode: values.countryDialingCode, verificationCode: get("verificationCode"), newPassword },
      schema: z.object({ token: z.string() }),
    });
    return redirect("/", { headers: { "Set-Cookie": await commitSession(value.token, false) } });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (typeof e.details.resendAt === "string") return json({ mode: "phone", values, errors: {}, sentUntil: e.details.resendAt, done: false });
    const fields = (e.details.fields ?? {}) as Record<string, { kind: string; patternId?: string; min?: number; max?: number }>;
    const errors: Errors = {};
    for (const [f, failure] of Object.entries(fields)) {
      errors[f] = [platformFieldMessage(f, failure) ?? "err_correct_info"];
    }
    const mapped = CODE_ERRORS[e.code];
    if (mapped) errors[mapped[0] || "form"] = [mapped[1]];
    if (!Object.keys(errors).length) errors.form = ["err_correct_info"];
    return json({ mode: "phone", values, errors, sentUntil: null, done: false }, { status: 400 });
  }
}

export default function ForgotPasswordPopup() {
  const { t } = useTranslation();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const mode = acted?.mode ?? (params.get("by") === "phone" ? "phone" : "email");
  const errors: Errors = acted?.errors ?? {};
  const values: Values = acted?.values ?? {};
  const input = (name: string, label: string, type = "text", autoComplete = "off") => (
    <div>
      <label htmlFor={`forgot-${name}`}>{label}</label>
      <input
        id={`forgot-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={type === "password" ? undefined : (values[name] ?? "")}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `forgot-${name}-error` : undefined}
        className={s.field}
        style={{ width: "100%" }}
      />
      <FieldError id={`forgot-${name}-error`} errors={errors[name]} />
    </div>
  );
  return (
    <Popup title={t("forgot_title")} testId="forgot-popup">
      <nav className={s.inlineForm} style={{ marginBottom: 10 }}>
        <Link to="/forgotPassword?by=email" className={s.smallButton} aria-current={mode === "email" ? "page" : undefined} replace>
          {t("forgot_by_email")}
        </Link>
        <Link to="/forgotPassword?by=phone" className={s.smallButton} aria-current={mode === "phone" ? "page" : undefined} replace>
          {t("forgot_by_phone")}
        </Link>
      </nav>
      {errors.form ? (
        <p className={s.fieldError} role="alert">
          {errors.form.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      {acted?.done ? (
        <div role="status" data-testid="forgot-sent">
          <p>{t("forgot_email_sent")}</p>
          <Link to="/" className={s.primaryButton}>
            {t("close")}
          </Link>
        </div>
      ) : mode === "email" ? (
        <Form method="post" action="/forgotPassword?by=email" className={h.formGrid}>
          <CsrfInput />
          {input("username", t("login_username"), "text", "username")}
          {input("email", t("email_label"), "email", "email")}
          <button type="submit" name="intent" value="email" className={s.primaryButton}>
            {t("submit")}
          </button>
        </Form>
      ) : (
        <Form method="post" action="/forgotPassword?by=phone" className={h.formGrid}>
          <CsrfInput />
          {input("countryDialingCode", t("country_code"))}
          {input("mobileNum", t("login_mobile"), "tel", "tel")}
          <SendCodeButton sentUntil={acted?.sentUntil} />
          {input("verificationCode", t("login_code"), "text", "one-time-code")}
          {input("newPassword", t("new_password"), "password", "new-password")}
          <button type="submit" name="intent" value="reset" className={s.primaryButton}>
            {t("reset_submit")}
          </button>
        </Form>
      )}
    </Popup>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
