import type { FieldRule } from "./patterns.js";

/*
 * The password rule in force and the bounds as messages show them: what a page's own scripts need
 * of the field rules (app/lib/field-rules.ts), apart from the patterns and the common passwords,
 * which reach the browser with the registration schema on the form's first use (ADR 030).
 */

/**
 * The demo default for user-set passwords: 8 to 64 characters of anything printable, spaces
 * included (a passphrase is welcome), no composition rules, and not one of the most common
 * passwords. An operator's own rule (pattern and bounds) replaces the bounds and adds its
 * pattern; the printable and common-password checks always apply.
 */
export const PASSWORD_RULE_DEFAULT: FieldRule = { field: "password", acceptedPattern: "*", patternId: "ANY", minLength: 8, maxLength: 64, enabled: true, required: true };

/** The password rule in force: the operator's, or the default; always enabled and required. */
export function passwordRule(rules: FieldRule[], field = "password"): FieldRule {
  return { ...(rules.find((r) => r.field === "password") ?? PASSWORD_RULE_DEFAULT), field, enabled: true, required: true };
}

/** The bounds as the message shows them: "6 - 16", or one number when min equals max. */
export function boundsText(min: number, max: number): string {
  return min === max ? String(min) : `${min} - ${max}`;
}
