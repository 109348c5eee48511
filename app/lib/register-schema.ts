import { z } from "zod";
import { boundsText, checkField, checkPassword, passwordRule, type FieldRule, type RuleFailure } from "#platform/accounts/patterns.js";

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

/**
 * The registration schema, built from the operator's field rules, so the browser and the server
 * check the same thing. The platform checks again and has the last word.
 */
export function registerSchema(rules: FieldRule[]) {
  const byField = new Map(rules.map((r) => [r.field, r]));
  const username = effectiveRule(rules, "username")!;
  const password = effectiveRule(rules, "password")!;
  const optional = OPTIONAL_REGISTER_FIELDS.map((f) => byField.get(f)).filter((r): r is FieldRule => !!r && r.enabled);
  return z
    .object({
      username: z.string().trim().max(255).optional(),
      password: z.string().max(255).optional(),
      confirmPassword: z.string().max(255).optional(),
      email: z.string().trim().max(255).optional(),
      mobileNum: z.string().trim().max(255).optional(),
      referralCode: z.string().trim().max(255).optional(),
      terms: z.boolean().optional(),
      age: z.boolean().optional(),
      /** Honeypot: people never see it, so it stays empty. */
      website: z.string().max(255).optional(),
    })
    .superRefine((v, ctx) => {
      const check = (r: FieldRule, value: string | undefined) => {
        const message = ruleMessage(checkField(r, value), r.field);
        if (message) ctx.addIssue({ code: "custom", path: [r.field], message });
      };
      check(username, v.username);
      const passwordMessage = ruleMessage(checkPassword(password, v.password), "password");
      if (passwordMessage) ctx.addIssue({ code: "custom", path: ["password"], message: passwordMessage });
      for (const r of optional) check(r, v[r.field as "email" | "mobileNum"]);
      if (!v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "err_empty" });
      else if (v.confirmPassword !== v.password) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "err_confirm" });
      if (!v.terms) ctx.addIssue({ code: "custom", path: ["terms"], message: "err_tick_terms" });
      if (!v.age) ctx.addIssue({ code: "custom", path: ["age"], message: "err_tick_age" });
    });
}

/** Registration by mobile number: the number, its SMS code (when asked for), passwords, ticks. */
export function registerMobileSchema(rules: FieldRule[], codeRequired: boolean) {
  const password = effectiveRule(rules, "password")!;
  return z
    .object({
      intent: z.string().max(20).optional(),
      countryDialingCode: z.string().trim().max(5).optional(),
      mobileNum: z.string().trim().max(20).optional(),
      verificationCode: z.string().trim().max(255).optional(),
      password: z.string().max(255).optional(),
      confirmPassword: z.string().max(255).optional(),
      referralCode: z.string().trim().max(255).optional(),
      terms: z.boolean().optional(),
      age: z.boolean().optional(),
      website: z.string().max(255).optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.mobileNum) ctx.addIssue({ code: "custom", path: ["mobileNum"], message: "err_phone_missing" });
      else if (!/^\d{6,15}$/.test(v.mobileNum)) ctx.addIssue({ code: "custom", path: ["mobileNum"], message: "err_phone_format" });
      if (v.intent === "sendCode") return;
      if (codeRequired && !v.verificationCode) ctx.addIssue({ code: "custom", path: ["verificationCode"], message: "err_code_missing" });
      const message = ruleMessage(checkPassword(password, v.password), "password");
      if (message) ctx.addIssue({ code: "custom", path: ["password"], message });
      if (!v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "err_empty" });
      else if (v.confirmPassword !== v.password) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "err_confirm" });
      if (!v.terms) ctx.addIssue({ code: "custom", path: ["terms"], message: "err_tick_terms" });
      if (!v.age) ctx.addIssue({ code: "custom", path: ["age"], message: "err_tick_age" });
    });
}
