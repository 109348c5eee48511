import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { ChangePasswordForm } from "~/components/change-password";
import { ContactForm, type ContactKind, type ContactResult } from "~/components/contact-form";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { requireRealUser } from "~/services/auth.server";
import { takeFlash } from "~/services/flash.server";
import { logoutOtherDevices, memberSessions, type MemberSession } from "~/services/sessions.server";
import { readForm } from "~/services/forms.server";
import { handleChangePassword, newPasswordHint } from "~/services/password.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import { getSessionToken } from "~/services/session.server";
import { qrSvg } from "~/services/shell.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

const infoSchema = z.object({
  totpEnabled: z.boolean(),
  email: z.string().nullable().optional(),
  mobileNum: z.string().nullable().optional(),
  countryDialingCode: z.string().nullable().optional(),
});

/** The member centre's default page: account security (password, authenticator app, e-mail and mobile, devices logged in). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, trial } = await requireRealUser(request);
  const { flash, headers } = await takeFlash(request);
  if (trial) return json({ trial, account: user.account, totpEnabled: false, email: null, mobile: null, sessions: [], flash: null, hint: null });
  const token = await getSessionToken(request);
  const [info, sessions, hint] = await Promise.all([
    callPlatform(request, "/wps/member/info", { schema: infoSchema, token }),
    memberSessions(request),
    newPasswordHint(request),
  ]);
  const mobile = info.mobileNum ? `${info.countryDialingCode ? `+${info.countryDialingCode} ` : ""}${info.mobileNum}` : null;
  return json({ trial, account: user.account, totpEnabled: info.totpEnabled, email: info.email ?? null, mobile, sessions, flash, hint }, { headers });
}

const contactSchema = z.object({
  kind: z.enum(["email", "mobile"]),
  op: z.enum(["sendOld", "sendNew", "save"]),
  value: z.string().max(200).default(""),
  countryDialingCode: z.string().max(5).default(""),
  oldCode: z.string().max(20).default(""),
  newCode: z.string().max(20).default(""),
});
const VALUE_ERRORS: Record<string, string> = { taken: "err_contact_taken", same: "err_contact_same", format: "err_contact_format", required: "err_contact_format" };
const CODE_ERRORS: Record<string, string> = { CODE_INVALID: "err_code_invalid", CODE_MISSING: "err_code_missing", CODE_EXPIRED: "err_code_expired" };

/** The platform's refusal, beside the field it is about. */
function contactErrors(e: PlatformError): ContactResult["errors"] {
  if (e.status === 429) return { form: "err_too_many" };
  const fields = (e.details.fields ?? {}) as Record<string, { kind?: string }>;
  const errors: ContactResult["errors"] = {};
  if (fields.value?.kind) errors.value = VALUE_ERRORS[fields.value.kind] ?? "err_contact_format";
  for (const f of ["oldCode", "newCode"] as const) if (fields[f]?.kind) errors[f] = CODE_ERRORS[fields[f]!.kind!] ?? "err_code_invalid";
  return Object.keys(errors).length ? errors : { form: "err_correct_info" };
}

/** Send a code (to the current or the new address) or save the change; the typed address is kept. */
async function contactAction(request: Request) {
  const form = await readForm(request);
  const parsed = contactSchema.safeParse(Object.fromEntries(form));
  const kind: ContactKind = form.get("kind") === "mobile" ? "mobile" : "email";
  const values = { value: String(form.get("value") ?? "").slice(0, 200), countryDialingCode: String(form.get("countryDialingCode") ?? "").slice(0, 5) };
  const reply = (contact: ContactResult, status = 200) => json({ result: null, changed: false, totp: null as Totp | null, contact }, { status });
  if (!parsed.success) return reply({ kind, values, errors: { form: "err_correct_info" }, sent: null }, 400);
  const p = parsed.data;
  const token = await getSessionToken(request);
  const cc = p.countryDialingCode.trim() || undefined;
  try {
    if (p.op === "save") {
      await callPlatform(request, "/wps/member/contact", {
        method: "PUT",
        body: { kind: p.kind, value: p.value, countryDialingCode: cc, oldCode: p.oldCode.trim() || undefined, newCode: p.newCode.trim() || undefined },
        schema: z.object({ kind: z.string() }).passthrough(),
        token,
      });
      return redirect(`/member/securityCenter?contact=${p.kind}`);
    }
    const step = p.op === "sendOld" ? "old" : "new";
    const sent = await callPlatform(request, "/wps/member/contact/code", {
      method: "POST",
      body: { kind: p.kind, step, value: step === "new" ? p.value : undefined, countryDialingCode: step === "new" ? cc : undefined },
      schema: z.object({ expiredMinutes: z.number() }).passthrough(),
      token,
    });
    return reply({ kind, values, errors: {}, sent: { step, minutes: sent.expiredMinutes } });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    return reply({ kind, values, errors: contactErrors(e), sent: null }, e.status === 429 ? 429 : 400);
  }
}

type Totp = { secret: string; qr: string; error?: string };

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  if (trial) return json({ result: null, changed: false, totp: null as Totp | null }, { status: 403 });
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "logoutOthers") return logoutOtherDevices(request);
  if (intent === "contact") return contactAction(request);
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
  const { trial, account, totpEnabled, email, mobile, sessions, flash, hint } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const changed = (acted && "changed" in acted && acted.changed) || params.get("changed") === "1";
  const totp = acted && "totp" in acted ? acted.totp : null;
  const contact = acted && "contact" in acted ? (acted.contact as ContactResult) : null;
  const contactSaved = params.get("contact");
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
            <ChangePasswordForm forced={false} lastResult={acted && "result" in acted ? acted.result : null} action="/member/securityCenter" hint={hint} />
          </section>
          <section aria-labelledby="contact-title" data-testid="contact">
            <h2 id="contact-title">{t("contact_title")}</h2>
            {contactSaved === "email" || contactSaved === "mobile" ? (
              <p role="status" data-testid="contact-saved">
                {t(contactSaved === "email" ? "contact_saved_email" : "contact_saved_mobile")}
              </p>
            ) : null}
            <ContactForm kind="email" current={email} result={contact} />
            <ContactForm kind="mobile" current={mobile} result={contact} />
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
          <SessionsSection sessions={sessions} flash={flash} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

type SessionRow = MemberSession;

/** The devices logged in to the account, and one plain form that logs out all but this one (ASVS 3.3.4). */
function SessionsSection({ sessions, flash }: { sessions: SessionRow[]; flash: { id: string; key: string; values: Record<string, string> } | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const others = sessions.filter((row) => !row.current).length;
  const device = (d: SessionRow["device"]) =>
    d.browser && d.os ? t("session_device", { browser: d.browser, os: d.os }) : (d.browser ?? d.os ?? t("session_unknown_device"));
  return (
    <section aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title">{t("sessions_title")}</h2>
      {flash ? (
        <p role="status" data-testid="sessions-flash">
          {t(flash.key, flash.values)}
        </p>
      ) : null}
      <p>{t("sessions_intro")}</p>
      <ul style={{ listStyle: "none", padding: 0, display: "grid", gap: 8 }} data-testid="session-list">
        {sessions.map((row) => (
          <li key={row.id} data-testid="session" data-current={row.current ? "true" : undefined} style={{ borderBlockEnd: "1px solid", paddingBlock: 6 }}>
            <strong>{device(row.device)}</strong>
            {row.current ? (
              <>
                {" "}
                <span data-testid="session-this-device">({t("session_this_device")})</span>
              </>
            ) : null}
            <br />
            <span>
              {t("session_ip")}: <bdi>{row.ip ?? "-"}</bdi>
            </span>
            {" · "}
            <span>
              {t("session_last_seen")}: <time dateTime={row.lastSeenAt}>{fmt.dateTime(row.lastSeenAt)}</time>
            </span>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" action="/member/securityCenter?intent=logoutOthers" data-testid="logout-others-form">
          <CsrfInput />
          <button type="submit" className={s.smallButton}>
            {t("sessions_logout_others")}
          </button>
        </Form>
      ) : (
        <p data-testid="sessions-none-other">{t("sessions_none_other")}</p>
      )}
    </section>
  );
}
