import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf";
import { useTranslation } from "~/components/translation";
import { FieldError } from "~/components/field-error";
import { useRootData } from "~/components/header";
import { LoginForm } from "~/components/login-form";
import { Popup } from "~/components/popup";
import { loginSchema } from "~/lib/auth-schemas";
import { codeSentSchema, getUser, loginValueSchema } from "~/services/auth.server";
import { CODE_ERRORS } from "~/lib/code-errors";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { commitSession } from "~/services/session.server";
import * as s from "~/styles/shell.css";
import {
  captchaIdFrom,
  captchaNeeded,
  challengeCookie,
  firstLoginCookie,
  pendingLogin,
  type PendingLogin,
} from "~/services/captcha.server";

/** Platform refusals → where they show: a field, or the whole form. Messages are i18n keys. */
const REFUSALS: Record<string, { field?: string; key: string }> = {
  INVALID_CREDENTIALS: { field: "password", key: "err_incorrect_password" },
  CAPTCHA_REQUIRED: { field: "captcha", key: "err_captcha_required" },
  CAPTCHA_INVALID: { field: "captcha", key: "err_captcha_required" },
  NOT_MEMBER: { key: "err_non_member" },
  NOT_AGENT: { key: "err_non_agent" },
  ...Object.fromEntries(Object.entries(CODE_ERRORS).map(([code, [field, key]]) => [code, field ? { field, key } : { key }])),
};

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  const pending = new URL(request.url).searchParams.get("verify") === "1" ? await pendingLogin(request) : null;
  return json({ captcha: await captchaNeeded(request), verify: pending ? pending.factor : null });
}

/** The second step of a login from a new address: the code of the factor the platform asked for. */
async function verifyStep(request: Request, formData: FormData) {
  const pending = await pendingLogin(request);
  const code = String(formData.get("code") ?? "").trim().slice(0, 100);
  if (!pending) return redirect("/login");
  if (!code) return json({ verifyError: "err_code_missing" }, { status: 400 });
  try {
    const value = await callPlatform(request, "/wps/session/verify", {
      method: "POST",
      body: { challenge: pending.challenge, code, remember: pending.remember },
      schema: loginValueSchema,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", await commitSession(value.token, pending.remember));
    headers.append("Set-Cookie", await challengeCookie.serialize("", { maxAge: 0 }));
    return redirect(safeRedirect(pending.redirectTo, pending.agent ? "/agentHome" : "/"), { headers });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (e.code === "CODE_EXPIRED") {
      return redirect("/login", { headers: { "Set-Cookie": await challengeCookie.serialize("", { maxAge: 0 }) } });
    }
    return json({ verifyError: e.code === "CODE_LOCKED" ? "sec_code_locked" : "err_code_invalid" }, { status: e.code === "CODE_LOCKED" ? 429 : 400 });
  }
}

/** The text that tells the member what the extra factor of spec §4 asks for. */
const VERIFY_TEXT: Record<string, string> = {
  TOTP: "verify_totp",
  MOBILE: "verify_mobile",
  EMAIL: "verify_email",
  BANK_NAME: "verify_bank_name",
};

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") === "verify") return verifyStep(request, formData);
  const submission = parseWithZod(formData, { schema: loginSchema });
  const captchaShown = await captchaNeeded(request);
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password", "verificationCode", "captcha"] }), captcha: captchaShown, sentUntil: null }, { status: 400 });
  }
  const v = submission.value;
  const hidden = ["password", "verificationCode", "captcha"];
  if (v.intent === "sendCode") {
    // Spec §4 SMS sender: the code for login; the countdown runs from now.
    try {
      const sent = await callPlatform(request, "/wps/sms/login", {
        method: "POST",
        // The SMS goes out in the reader's language.
        language: await getLocale(request),
        body: { mobileNum: v.mobileNum, countryDialingCode: v.countryDialingCode },
        schema: codeSentSchema,
      });
      return json({ result: submission.reply({ hideFields: hidden }), captcha: captchaShown, sentUntil: sent.resendAt });
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e;
      const resendAt = typeof e.details.resendAt === "string" ? e.details.resendAt : null;
      const refusal = REFUSALS[e.code];
      const result = resendAt
        ? submission.reply({ hideFields: hidden })
        : submission.reply({ hideFields: hidden, ...(refusal?.field ? { fieldErrors: { [refusal.field]: [refusal.key] } } : { formErrors: [refusal?.key ?? "err_unknown"] }) });
      return json({ result, captcha: captchaShown, sentUntil: resendAt }, { status: resendAt ? 200 : 400 });
    }
  }
  try {
    const value = await callPlatform(request, "/wps/session/login", {
      method: "POST", enc: true,
      body: {
        type: v.type,
        mobileNum: v.mobileNum,
        countryDialingCode: v.countryDialingCode,
        verificationCode: v.verificationCode,
        username: v.username ?? "",
        password: v.password ?? "",
        captcha: v.captcha,
        captchaId: v.captcha ? await captchaIdFrom(request) : undefined,
        remember: !!v.remember,
        agent: !!v.agent,
      },
      schema: loginValueSchema,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", await commitSession(value.token, !!v.remember));
    if (value.firstTimeLogin) headers.append("Set-Cookie", await firstLoginCookie.serialize(true));
    // Spec §4: the first login runs the first-login step (the security centre, with a welcome);
    // otherwise to /, or to /agentHome when logging in from the agent page.
    if (value.firstTimeLogin && !value.passwordExpired && !v.agent) return redirect("/member/securityCenter?first=1", { headers });
    return redirect(safeRedirect(v.redirectTo, v.agent ? "/agentHome" : "/"), { headers });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (e.code === "VERIFICATION_REQUIRED" && typeof e.details.challenge === "string") {
      const pending: PendingLogin = {
        challenge: e.details.challenge,
        factor: String(e.details.factor ?? ""),
        remember: !!v.remember,
        agent: !!v.agent,
        redirectTo: safeRedirect(v.redirectTo, ""),
      };
      return redirect("/login?verify=1", { headers: { "Set-Cookie": await challengeCookie.serialize(pending) } });
    }
    const refusal = REFUSALS[e.code] ?? { key: "err_unknown" };
    const captcha = captchaShown || e.details.captchaRequired === true;
    const result = submission.reply({
      hideFields: hidden,
      ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.key] } } : { formErrors: [refusal.key] }),
    });
    return json(
      { result, captcha, sentUntil: null },
      { status: e.status === 429 ? 429 : 400 },
    );
  }
}

/** /login: the home page with the login popup open. */
export default function LoginPopup() {
  const { t } = useTranslation();
  const modules = useRootData()?.shell.site.modules ?? [];
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  if (loaded.verify) {
    const error = acted && "verifyError" in acted ? acted.verifyError : null;
    return (
      <Popup title={t("verify_title")} testId="verify-popup">
        <p>{t("verify_intro")}</p>
        <p>{t(VERIFY_TEXT[loaded.verify] ?? "verify_mobile")}</p>
        <Form method="post" action="/login?verify=1" className={s.stackForm}>
          <CsrfInput />
          <label htmlFor="verify-code">{t(loaded.verify === "BANK_NAME" ? "verify_bank_label" : "login_code")}</label>
          <input
            id="verify-code"
            name="code"
            inputMode={loaded.verify === "BANK_NAME" ? "text" : "numeric"}
            autoComplete={loaded.verify === "BANK_NAME" ? "off" : "one-time-code"}
            maxLength={100}
            className={s.field}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "verify-code-error" : undefined}
          />
          {error ? <FieldError id="verify-code-error" errors={[error]} /> : null}
          <button type="submit" name="intent" value="verify" className={s.primaryButton}>
            {t("submit")}
          </button>
        </Form>
      </Popup>
    );
  }
  const login = acted && "result" in acted ? acted : null;
  return (
    <Popup title={t("login_title")} testId="login-popup">
      <LoginForm
        modules={modules}
        idPrefix="popup-login"
        lastResult={login?.result}
        captcha={login?.captcha ?? loaded.captcha}
        sentUntil={login?.sentUntil}
        full
      />
      <p className={s.inlineForm} style={{ marginTop: 12 }}>
        {modules.includes("DIRECTREG3") ? (
          <Link to="/register" className={s.smallButton}>
            {t("register_button")}
          </Link>
        ) : null}
        <Link to="/forgotPassword" className={s.linkish}>
          {t("forgot_password")}
        </Link>
      </p>
      {modules.includes("FREEPLAY3") ? (
        <Form method="post" action="/freePlay">
          <CsrfInput />
          <button type="submit" className={s.smallButton} data-testid="free-play">
            {t("free_play")}
          </button>
        </Form>
      ) : null}
    </Popup>
  );
}
