import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/lib/forms";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { useSchemaValidation } from "~/lib/validation";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";
import { CsrfInput } from "./csrf";
import { FieldError } from "./field-error";

/** Change password (spec §3): oldPassword, newPassword, confirmNewPassword; the old one is skipped in a forced change. */
export function ChangePasswordForm({
  forced,
  lastResult,
  action,
  hint = null,
}: {
  forced: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  action?: string;
  /** The password rule, shown under the new password before any typing. */
  hint?: { key: string; bounds: string } | null;
}) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/auth-schemas"), (schemas) => schemas.changePasswordSchema);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const field = (f: typeof fields.newPassword, label: string, autoComplete: string, rule: typeof hint = null) => {
    const ruleId = `${f.id}-rule`;
    const props = getInputProps(f, { type: "password" });
    const describedBy = [rule ? ruleId : null, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={f.id}>{label}</label>
        <input {...props} aria-describedby={describedBy} autoComplete={autoComplete} className={s.field} style={{ width: "100%" }} />
        {rule ? (
          <span id={ruleId} className={s.formHint} data-testid={`rule-${f.name}`}>
            {t(rule.key, { bounds: rule.bounds })}
          </span>
        ) : null}
        <FieldError id={f.errorId} errors={f.errors} />
      </div>
    );
  };
  return (
    <Form method="post" action={action} className={h.formGrid} {...getFormProps(form)} onFocus={validation.load} data-testid="change-password-form">
      <CsrfInput />
      {forced ? <input type="hidden" name="forced" value="on" /> : null}
      {form.errors?.length ? (
        <p className={s.fieldError} role="alert">
          {form.errors.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      {forced ? null : field(fields.oldPassword, t("old_password"), "current-password")}
      {field(fields.newPassword, t("new_password"), "new-password", hint)}
      {field(fields.confirmNewPassword, t("confirm_new_password"), "new-password")}
      <button type="submit" className={s.primaryButton}>
        {t("change_password_submit")}
      </button>
    </Form>
  );
}
