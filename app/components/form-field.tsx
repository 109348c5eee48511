import { getInputProps, type FieldMetadata } from "~/lib/forms";
import { useTranslation } from "~/components/translation";
import * as s from "~/styles/shell.css";
import { FieldError } from "./field-error";

/** The asterisk of a required field (spec §5: "Fields marked * are required"); the input says so to assistive tech. */
export function RequiredMark() {
  return (
    // The asterisk is drawn by CSS, so the label's text (and its accessible name) stays the field's name.
    <span className={s.requiredMark} aria-hidden="true" data-testid="required-mark" />
  );
}

/** The note that explains the asterisk, once per form. */
export function RequiredNote() {
  const { t } = useTranslation();
  return <p className={s.formHint}>{t("ui_required_note")}</p>;
}

/**
 * A labelled text field with its rule shown before any typing, its error after, both tied to
 * the input (`aria-describedby`), and `aria-invalid` while the error stands.
 */
export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  required = false,
  hint,
  inputMode,
}: {
  field: FieldMetadata;
  label: string;
  type?: "text" | "password" | "email" | "tel";
  autoComplete: string;
  required?: boolean;
  /** An i18n key and its bounds (the pattern messages), or a plain text. */
  hint?: { key: string; bounds?: string } | string | null;
  inputMode?: "numeric" | "tel" | "email" | "text";
}) {
  const { t } = useTranslation();
  const hintId = `${field.id}-rule`;
  const hintText = !hint ? null : typeof hint === "string" ? hint : t(hint.key, { bounds: hint.bounds });
  const invalid = !!field.errors?.length;
  const describedBy = [hintText ? hintId : null, invalid ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={s.fieldBlock}>
      <label htmlFor={field.id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hintText ? (
        <span id={hintId} className={s.formHint} data-testid={`rule-${field.name}`}>
          {hintText}
        </span>
      ) : null}
      <input
        {...getInputProps(field, { type })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={`${s.field} ${s.fullField}`}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
