import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "~/lib/forms";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsrfInput } from "~/components/csrf";
import { FieldError } from "~/components/field-error";
import { useSchemaValidation } from "~/lib/validation";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

/** What a member can do for a promotion in its status (spec §4): the action, or none. */
export function actionFor(rule: string, status: string): "join" | "claim" | "apply" | null {
  if (status === "claim") return "claim";
  if (status === "join") return rule === "apply" ? "apply" : "join";
  return null;
}

const STATUS_TONE: Record<string, string> = { claimed: m.tagGood, issued: m.tagGood, rejected: m.tagBad, close: m.tagBad };

export function PromoStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${m.tag} ${STATUS_TONE[status] ?? ""}`} data-testid="promo-status">
      {t(`promo_status_${status}`)}
    </span>
  );
}

/**
 * Join, claim or apply (with a comment of at most 140 characters) as a plain form: it posts to
 * `action` and comes back there; errors show beside the comment or over the form, input kept.
 */
export function PromoActionForm({
  promo,
  action,
  loggedIn,
  lastResult,
  back,
}: {
  promo: { id: number; rule: string; status: string; title: string };
  action: string;
  loggedIn: boolean;
  lastResult: SubmissionResult<string[]> | null;
  back?: string;
}) {
  const { t } = useTranslation();
  const kind = actionFor(promo.rule, promo.status);
  const validation = useSchemaValidation(() => import("~/lib/promo-schemas"), (schemas) => schemas.promoActionSchema);
  const [form, fields] = useForm({
    id: `promo-${promo.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: validation.onValidate,
  });
  if (!kind) return form.errors?.length ? <FormErrorLine errors={form.errors} /> : null;
  if (!loggedIn) {
    return (
      <p>
        <Link to="/login" className={s.primaryButton} data-testid="promo-login">
          {t("promo_login_to_join")}
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" action={action} className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="promo-action-form" aria-label={promo.title}>
      <CsrfInput />
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="id" value={promo.id} />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <FormErrorLine errors={form.errors} />
      {kind === "apply" ? (
        <div className={m.formRow}>
          <label htmlFor={fields.comment.id}>{t("promo_comment")}</label>
          <textarea {...getTextareaProps(fields.comment)} rows={3} className={`${s.field} ${m.wideField}`} aria-describedby={`${fields.comment.errorId} ${fields.comment.id}-hint`} />
          <span className={m.hint} id={`${fields.comment.id}-hint`}>
            {t("promo_comment_hint")}
          </span>
          <FieldError id={fields.comment.errorId} errors={fields.comment.errors} />
        </div>
      ) : null}
      <div>
        <button type="submit" className={s.primaryButton} data-testid={`promo-${kind}`}>
          {t(`promo_${kind}`)}
        </button>
      </div>
    </Form>
  );
}

function FormErrorLine({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className={s.fieldError} role="alert" data-testid="promo-error">
      {errors.map((e) => t(e)).join(" ")}
    </p>
  );
}
