import type { FieldRule, RuleFailure } from "#platform/accounts/patterns.js";
import { boundsText, passwordRule } from "#platform/accounts/rules.js";

/*
 * The operator's field rules as the forms show them, without zod: the page's own scripts use
 * these; the registration schemas (`register-schema.ts`, loaded on first use in the browser)
 * build on them.
 */

/** Fields the registration popup renders beyond username and passwords, when the operator enables them. */
export const OPTIONAL_REGISTER_FIELDS = ["email", "mobileNum"] as const;

/** Fields that hold a user-set password: their "any characters" rule reads as the password rule. */
const PASSWORD_FIELDS = new Set(["password", "newPassword"]);

/**
 * A field message: an i18n key, with the bounds after a "|" for pattern messages. A password
 * under the default rule (any characters) says the whole rule: its length, that spaces and
 * symbols are welcome and common passwords are not (spec §5: "Please fill in your password
 * with (min) - (max) characters").
 */
export function ruleMessage(failure: RuleFailure | null, field?: string): string | null {
  if (!failure) return null;
  if (failure.kind === "required") return "err_empty";
  if (failure.kind === "common") return "err_password_common";
  const bounds = boundsText(failure.min, failure.max);
  if (field && PASSWORD_FIELDS.has(field) && failure.patternId === "ANY") return `password_rule|${bounds}`;
  return `pattern_${failure.patternId}|${bounds}`;
}

/** A field refusal as the platform answers it (JSON), as a message key; null for kinds the caller maps itself. */
export function platformFieldMessage(field: string, failure: { kind: string; patternId?: string; min?: number; max?: number }): string | null {
  if (failure.kind === "required" || failure.kind === "common") return ruleMessage({ kind: failure.kind }, field);
  if (failure.kind !== "pattern") return null;
  return ruleMessage({ kind: "pattern", patternId: failure.patternId ?? "ANY", min: failure.min ?? 0, max: failure.max ?? 0 }, field);
}

const USERNAME_DEFAULT: Omit<FieldRule, "field"> = { acceptedPattern: "*", patternId: "LETTER_FIRST_ALNUM", minLength: 6, maxLength: 16, enabled: true, required: true };

/** The rule a registration field is checked by: the operator's, or the default for username and password. */
export function effectiveRule(rules: FieldRule[], field: string): FieldRule | null {
  if (field === "password") return passwordRule(rules);
  const own = rules.find((r) => r.field === field);
  if (field === "username") return { field, ...USERNAME_DEFAULT, ...(own ?? {}), enabled: true, required: true };
  return own && own.enabled ? own : null;
}

/** The rule as the form shows it before any typing: the pattern's message key and its bounds. */
export function ruleHint(rule: FieldRule | null): { key: string; bounds: string } | null {
  if (!rule) return null;
  const bounds = boundsText(rule.minLength, rule.maxLength);
  if (PASSWORD_FIELDS.has(rule.field) && rule.patternId === "ANY") return { key: "password_rule", bounds };
  if (rule.patternId === "ANY" && rule.minLength <= 1) return null;
  return { key: `pattern_${rule.patternId}`, bounds };
}

