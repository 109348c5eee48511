import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { RequiredMark } from "~/components/form-field";
import { platformFieldMessage } from "~/lib/field-rules";
import { readForm } from "~/services/forms.server";
import { newPasswordHint } from "~/services/password.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** A dead or used link says so before the form, instead of failing on submit. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  // After a reset the page shows its confirmation, not the link's state.
  if (new URL(request.url).searchParams.get("done") === "1") return json({ link: "valid" as const, hint: null });
  if (!token) return json({ link: "unknown" as const, hint: null });
  const value = await callPlatform(request, "/wps/member/password/reset/status", {
    method: "POST",
    body: { token },
    schema: z.object({ status: z.enum(["valid", "used", "expired", "unknown"]) }),
  });
  return json({ link: value.status, hint: value.status === "valid" ? await newPasswordHint(request) : null });
}

/**
 * The page an e-mailed reset link opens: a new password, once; then a confirmation, not logged
 * in (spec §4, issue 14): the member logs in with the new password.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, 200);
  const newPassword = String(form.get("newPassword") ?? "");
  const confirm = String(form.get("confirmNewPassword") ?? "");
  if (!newPassword) return json({ errors: { newPassword: ["err_empty"] } as Record<string, string[]> }, { status: 400 });
  if (newPassword !== confirm) return json({ errors: { confirmNewPassword: ["err_confirm"] } as Record<string, string[]> }, { status: 400 });
  try {
    await callPlatform(request, "/wps/member/password/reset", { method: "PUT", enc: true, body: { token, newPassword }, schema: z.object({ reset: z.literal(true) }) });
    return redirect("/resetPassword?done=1");
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    const failure = (e.details.fields as Record<string, { kind: string; patternId?: string; min?: number; max?: number }> | undefined)?.newPassword;
    if (failure) {
      return json({ errors: { newPassword: [platformFieldMessage("newPassword", failure) ?? "err_correct_info"] } as Record<string, string[]> }, { status: 400 });
    }
    return json({ errors: { form: ["err_reset_link"] } as Record<string, string[]> }, { status: 400 });
  }
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const acted = useActionData<typeof action>();
  const { link, hint } = useLoaderData<typeof loader>();
  const errors = acted?.errors ?? {};
  if (params.get("done") === "1") {
    return (
      <div data-testid="reset-done">
        <h1>{t("reset_title")}</h1>
        <p role="status">{t("sec_reset_done")}</p>
        <Link to="/login" className={s.primaryButton}>
          {t("login_submit")}
        </Link>
      </div>
    );
  }
  if (link !== "valid") {
    return (
      <div data-testid="reset-page">
        <h1>{t("reset_title")}</h1>
        <p className={s.fieldError} role="alert" data-testid="reset-link-state" data-state={link}>
          {t(link === "used" ? "ui_reset_used" : link === "expired" ? "ui_reset_expired" : "err_reset_link")}
        </p>
        <p>
          <Link to="/forgotPassword" className={s.primaryButton}>
            {t("ui_reset_ask_again")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div data-testid="reset-page">
      <h1>{t("reset_title")}</h1>
      {errors.form ? (
        <p className={s.fieldError} role="alert">
          {t(errors.form[0]!)}
        </p>
      ) : null}
      <Form method="post" className={h.formGrid} style={{ maxWidth: 420 }}>
        <CsrfInput />
        <input type="hidden" name="token" value={params.get("token") ?? ""} />
        {(["newPassword", "confirmNewPassword"] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`reset-${name}`}>
              {t(name === "newPassword" ? "new_password" : "confirm_new_password")}
              <RequiredMark />
            </label>
            <input
              id={`reset-${name}`}
              name={name}
              type="password"
              autoComplete="new-password"
              aria-required="true"
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={[name === "newPassword" && hint ? "reset-newPassword-rule" : null, errors[name] ? `reset-${name}-error` : null].filter(Boolean).join(" ") || undefined}
              className={s.field}
              style={{ width: "100%" }}
            />
            {name === "newPassword" && hint ? (
              <span id="reset-newPassword-rule" className={s.formHint} data-testid="rule-newPassword">
                {t(hint.key, { bounds: hint.bounds })}
              </span>
            ) : null}
            <FieldError id={`reset-${name}-error`} errors={errors[name]} />
          </div>
        ))}
        <button type="submit" className={s.primaryButton}>
          {t("reset_submit")}
        </button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
