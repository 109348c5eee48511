import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/lib/forms";
import { Form, useLocation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "~/components/translation";
import { useSchemaValidation } from "~/lib/validation";
import * as s from "~/styles/shell.css";
import { CsrfInput } from "./csrf";
import { FieldError } from "./field-error";
import { LoginModeSelect, useLoginModes } from "./header";
import { SendCodeButton } from "./send-code";

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
  const validation = useSchemaValidation(() => import("~/lib/auth-schemas"), (schemas) => schemas.loginSchema);
  const [form, fields] = useForm({
    id: idPrefix,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
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
        onFocus={validation.load}
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

