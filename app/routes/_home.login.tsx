import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { LoginForm, useRootData } from "~/components/header";
import { Popup } from "~/components/popup";
import { loginSchema } from "~/lib/auth-schemas";
import { getUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import { safeRedirectPath } from "~/services/preferences.server";
import { commitSession } from "~/services/session.server";
import * as s from "~/styles/shell.css";
import { captchaIdFrom, captchaNeeded, needCaptchaCookie } from "~/services/captcha.server";
const loginValue = z.object({ token: z.string(), firstTimeLogin: z.boolean(), passwordExpired: z.boolean() });

/** Platform refusals → where they show: a field, or the whole form. Messages are i18n keys. */
const REFUSALS: Record<string, { field?: string; key: string }> = {
  INVALID_CREDENTIALS: { field: "password", key: "err_incorrect_password" },
  CAPTCHA_REQUIRED: { field: "captcha", key: "err_captcha_required" },
  CAPTCHA_INVALID: { field: "captcha", key: "err_captcha_required" },
  TOO_MANY_REQUESTS: { key: "err_too_many" },
  NOT_MEMBER: { key: "err_non_member" },
  NOT_AGENT: { key: "err_non_agent" },
  NOT_ENABLED: { key: "err_function_disabled" },
  PHONE_MISSING: { field: "mobileNum", key: "err_phone_missing" },
  PHONE_FORMAT: { field: "mobileNum", key: "err_phone_format" },
  CODE_MISSING: { field: "verificationCode", key: "err_code_missing" },
  CODE_INVALID: { field: "verificationCode", key: "err_code_invalid" },
  CODE_EXPIRED: { field: "verificationCode", key: "err_code_expired" },
};

const codeSent = z.object({ expiredMinutes: z.number(), resendAt: z.string() });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  return json({ captcha: await captchaNeeded(request) });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
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
        body: { mobileNum: v.mobileNum, countryDialingCode: v.countryDialingCode },
        schema: codeSent,
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
      method: "POST",
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
      schema: loginValue,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", await commitSession(value.token, !!v.remember));
    headers.append("Set-Cookie", await needCaptchaCookie.serialize("", { maxAge: 0 }));
    // Spec §4: the first login runs the first-login step (the security centre, with a welcome);
    // otherwise to /, or to /agentHome when logging in from the agent page.
    if (value.firstTimeLogin && !value.passwordExpired && !v.agent) return redirect("/member/securityCenter?first=1", { headers });
    return redirect(safeRedirectPath(v.redirectTo, v.agent ? "/agentHome" : "/"), { headers });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    const refusal = REFUSALS[e.code] ?? { key: "err_unknown" };
    const captcha = captchaShown || e.details.captchaRequired === true;
    const result = submission.reply({
      hideFields: hidden,
      ...(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.key] } } : { formErrors: [refusal.key] }),
    });
    return json(
      { result, captcha, sentUntil: null },
      { status: e.status === 429 ? 429 : 400, headers: captcha ? { "Set-Cookie": await needCaptchaCookie.serialize(true) } : undefined },
    );
  }
}

/** /login: the home page with the login popup open. */
export default function LoginPopup() {
  const { t } = useTranslation();
  const modules = useRootData()?.shell.site.modules ?? [];
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <Popup title={t("login_title")} testId="login-popup">
      <LoginForm
        modules={modules}
        idPrefix="popup-login"
        lastResult={acted?.result}
        captcha={acted?.captcha ?? loaded.captcha}
        sentUntil={acted?.sentUntil}
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
