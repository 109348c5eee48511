import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ChangePasswordForm } from "~/components/change-password";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { TrialWarning } from "~/components/trial-warning";
import { requireRealUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { handleChangePassword } from "~/services/password.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import { getSessionToken } from "~/services/session.server";
import { qrSvg } from "~/services/shell.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

const infoSchema = z.object({ totpEnabled: z.boolean() });

/** The member centre's default page: account security (password, authenticator app). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, trial } = await requireRealUser(request);
  const info = trial ? { totpEnabled: false } : await callPlatform(request, "/wps/member/info", { schema: infoSchema, token: await getSessionToken(request) });
  return json({ trial, account: user.account, totpEnabled: info.totpEnabled });
}

type Totp = { secret: string; qr: string; error?: string };

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  if (trial) return json({ result: null, changed: false, totp: null as Totp | null }, { status: 403 });
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "totp") {
    const form = await readForm(request);
    const token = await getSessionToken(request);
    try {
      if (form.get("step") === "enable") {
        await callPlatform(request, "/wps/member/totp/enable", { method: "POST", body: { code: String(form.get("code") ?? "").slice(0, 20) }, schema: z.object({ enabled: z.boolean() }), token });
        return json({ result: null, changed: false, totp: null as Totp | null });
      }
      const setup = await callPlatform(request, "/wps/member/totp/setup", { method: "POST", schema: z.object({ secret: z.string(), uri: z.string() }), token });
      return json({ result: null, changed: false, totp: { secret: setup.secret, qr: await qrSvg(setup.uri) } as Totp | null });
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e;
      // A wrong code: show the same key again (the platform kept it) with the message.
      const secret = String(form.get("secret") ?? "").slice(0, 64);
      const uri = `otpauth://totp/${encodeURIComponent("Casino")}?secret=${encodeURIComponent(secret)}`;
      return json({ result: null, changed: false, totp: { secret, qr: await qrSvg(uri), error: "err_code_invalid" } as Totp | null }, { status: 400 });
    }
  }
  const outcome = await handleChangePassword(request);
  if (!outcome.ok) return outcome.response;
  return json({ result: null, changed: true, totp: null as Totp | null });
}

export default function SecurityCenter() {
  const { t } = useTranslation();
  const { trial, account, totpEnabled } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const changed = (acted && "changed" in acted && acted.changed) || params.get("changed") === "1";
  const totp = acted && "totp" in acted ? acted.totp : null;
  return (
    <div data-testid="security-centre">
      <h1>{t("security_centre_title")}</h1>
      <p>{account}</p>
      {params.get("first") === "1" ? (
        <p role="status" data-testid="first-login">
          {t("first_login_info")}
        </p>
      ) : null}
      {trial ? (
        <TrialWarning />
      ) : (
        <>
          <section aria-labelledby="change-password-title">
            <h2 id="change-password-title">{t("change_password_title")}</h2>
            {changed ? (
              <p role="status" data-testid="password-changed">
                {t("password_changed")}
              </p>
            ) : null}
            <ChangePasswordForm forced={false} lastResult={acted && "result" in acted ? acted.result : null} action="/member/securityCenter" />
          </section>
          <section aria-labelledby="totp-title" data-testid="totp">
            <h2 id="totp-title">{t("totp_title")}</h2>
            {totpEnabled ? (
              <p role="status" data-testid="totp-enabled">
                {t("totp_enabled")}
              </p>
            ) : totp ? (
              <Form method="post" action="/member/securityCenter?intent=totp" className={h.formGrid} style={{ maxWidth: 360 }}>
                <CsrfInput />
                <input type="hidden" name="step" value="enable" />
                <input type="hidden" name="secret" value={totp.secret} />
                <p>{t("totp_setup_text")}</p>
                <div className={s.qrBox} style={{ width: 160, height: 160 }} role="img" aria-label={t("totp_title")} dangerouslySetInnerHTML={{ __html: totp.qr }} />
                <p>
                  {t("totp_key", { key: "" })}
                  <code data-testid="totp-secret">{totp.secret}</code>
                </p>
                <label htmlFor="totp-code">{t("login_code")}</label>
                <input
                  id="totp-code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  className={s.field}
                  aria-invalid={totp.error ? true : undefined}
                  aria-describedby={totp.error ? "totp-code-error" : undefined}
                />
                {totp.error ? <FieldError id="totp-code-error" errors={[totp.error]} /> : null}
                <button type="submit" className={s.primaryButton}>
                  {t("totp_enable")}
                </button>
              </Form>
            ) : (
              <Form method="post" action="/member/securityCenter?intent=totp">
                <CsrfInput />
                <button type="submit" name="step" value="setup" className={s.smallButton}>
                  {t("totp_start")}
                </button>
              </Form>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
