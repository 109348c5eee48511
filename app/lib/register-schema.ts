import { z } from "zod";
import { checkField, type FieldRule } from "#platform/accounts/patterns.js";
import { checkPassword } from "#platform/accounts/passwords.js";
import { effectiveRule, OPTIONAL_REGISTER_FIELDS, ruleMessage } from "./field-rules";

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
