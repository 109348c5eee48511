import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";
import { CsrfInput } from "./csrf";
import { FieldError } from "./field-error";

export type ContactKind = "email" | "mobile";

/** What the security centre's contact action answers: the input back (never a code) and its result. */
export interface ContactResult {
  kind: ContactKind;
  values: { value: string; countryDialingCode: string };
  errors: Partial<Record<"value" | "oldCode" | "newCode" | "form", string>>;
  sent: null | { step: "old" | "new"; minutes: number };
}

/**
 * Bind or change the e-mail address or the mobile number (issue 13, item 8): one plain form per
 * kind. "Send code to current" and "Send code to new" post the same form (the typed address is
 * kept), "Save" needs both codes, or only the new one when nothing is bound yet.
 */
export function ContactForm({ kind, current, result }: { kind: ContactKind; current: string | null; result: ContactResult | null }) {
  const { t } = useTranslation();
  const mine = result?.kind === kind ? result : null;
  const id = (name: string) => `contact-${kind}-${name}`;
  const aria = (name: "value" | "oldCode" | "newCode") =>
    mine?.errors[name] ? { "aria-invalid": true as const, "aria-describedby": id(`${name}-error`) } : {};
  return (
    <Form method="post" action="/member/securityCenter?intent=contact" className={h.formGrid} style={{ maxWidth: 420 }} data-testid={`contact-${kind}`}>
      <CsrfInput />
      <input type="hidden" name="kind" value={kind} />
      <h3>{t(kind === "email" ? "email_label" : "login_mobile")}</h3>
      <p data-testid={`contact-${kind}-current`}>{t("contact_current", { value: current ?? t("contact_none") })}</p>
      {mine?.errors.form ? <FieldError id={id("form-error")} errors={[mine.errors.form]} /> : null}
      {mine?.sent ? (
        <p role="status" data-testid={`contact-${kind}-sent`}>
          {t("contact_code_sent", { minutes: mine.sent.minutes })}
        </p>
      ) : null}
      {kind === "mobile" ? (
        <>
          <label htmlFor={id("cc")}>{t("country_code")}</label>
          <input id={id("cc")} name="countryDialingCode" inputMode="numeric" autoComplete="tel-country-code" className={`${s.field} ${s.fullField}`} defaultValue={mine?.values.countryDialingCode ?? ""} maxLength={5} />
        </>
      ) : null}
      <label htmlFor={id("value")}>{t(kind === "email" ? "contact_new_email" : "contact_new_mobile")}</label>
      <input
        id={id("value")}
        name="value"
        type={kind === "email" ? "email" : "tel"}
        inputMode={kind === "email" ? "email" : "tel"}
        autoComplete={kind === "email" ? "email" : "tel-national"}
        className={`${s.field} ${s.fullField}`}
        defaultValue={mine?.values.value ?? ""}
        maxLength={200}
        {...aria("value")}
      />
      {mine?.errors.value ? <FieldError id={id("value-error")} errors={[mine.errors.value]} /> : null}
      <button type="submit" name="op" value="sendNew" formNoValidate className={s.smallButton} data-testid={`contact-${kind}-send-new`}>
        {t("contact_send_new")}
      </button>
      {current ? (
        <>
          <label htmlFor={id("old")}>{t("contact_code_old")}</label>
          <input id={id("old")} name="oldCode" inputMode="numeric" autoComplete="one-time-code" className={`${s.field} ${s.fullField}`} maxLength={6} {...aria("oldCode")} />
          {mine?.errors.oldCode ? <FieldError id={id("oldCode-error")} errors={[mine.errors.oldCode]} /> : null}
          <button type="submit" name="op" value="sendOld" formNoValidate className={s.smallButton} data-testid={`contact-${kind}-send-old`}>
            {t("contact_send_old")}
          </button>
        </>
      ) : null}
      <label htmlFor={id("new")}>{t("contact_code_new")}</label>
      <input id={id("new")} name="newCode" inputMode="numeric" autoComplete="one-time-code" className={`${s.field} ${s.fullField}`} maxLength={6} {...aria("newCode")} />
      {mine?.errors.newCode ? <FieldError id={id("newCode-error")} errors={[mine.errors.newCode]} /> : null}
      <button type="submit" name="op" value="save" className={s.primaryButton} data-testid={`contact-${kind}-save`}>
        {t("contact_save")}
      </button>
    </Form>
  );
}
