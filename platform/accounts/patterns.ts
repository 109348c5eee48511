/**
 * The registration pattern catalogue of spec §5, used by the platform (which enforces it) and
 * by the web (which shows the same messages before a round trip). A field rule names a pattern
 * by id, may add its own `acceptedPattern` regular expression ('*' means anything), and bounds
 * the length.
 */
export const PATTERNS = {
  ANY: () => true,
  LETTER_FIRST_ALNUM: (v: string) => /^[A-Za-z][A-Za-z0-9]*$/.test(v),
  CHINESE_DIGITS: (v: string) => /^[\p{Script=Han}0-9]+$/u.test(v),
  EMAIL: (v: string) => /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(v) && !v.includes(".."),
  ALNUM: (v: string) => /^[A-Za-z0-9]+$/.test(v),
  ALNUM_COMBINED: (v: string) => /^[A-Za-z0-9]+$/.test(v) && /[A-Za-z]/.test(v) && /[0-9]/.test(v),
  DIGITS: (v: string) => /^[0-9]+$/.test(v),
  ALNUM_UPPER: (v: string) => /^[A-Za-z0-9]+$/.test(v) && /[A-Z]/.test(v),
  ENGLISH_SPACES: (v: string) => /^[A-Za-z ]+$/.test(v) && /[A-Za-z]/.test(v),
  NO_SPACES: (v: string) => v.length > 0 && !/\s/.test(v),
  CHINESE_PUNCT: (v: string) => /^[\p{Script=Han}\p{P}\u3000-\u303F\uFF00-\uFFEF]+$/u.test(v),
  KOREAN: (v: string) => /^[\p{Script=Hangul}]+$/u.test(v),
  THAI: (v: string) => /^[\p{Script=Thai}]+$/u.test(v),
  THAI_ENGLISH_SPACES: (v: string) => /^[\p{Script=Thai}A-Za-z ]+$/u.test(v) && /[\p{Script=Thai}A-Za-z]/u.test(v),
  UPPER_SPACES: (v: string) => /^[A-Z ]+$/.test(v) && /[A-Z]/.test(v),
  ALNUM_SYMBOLS: (v: string) => /^[\x21-\x7E]+$/.test(v),
  STRONG_PASSWORD: (v: string) =>
    /^[\x21-\x7E]+$/.test(v) && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9]/.test(v) && /[^A-Za-z0-9]/.test(v),
  FULL_NAME: (v: string) => /^\p{L}[\p{L}\p{M}'.-]*( \p{L}[\p{L}\p{M}'.-]*)+$/u.test(v),
  DATE: (v: string) => isDate(v),
} as const satisfies Record<string, (value: string) => boolean>;

export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS) as PatternId[];

/** yyyy-MM-dd or MM-dd-yyyy, and a real calendar day. */
export function isDate(v: string): boolean {
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v))) [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export interface FieldRule {
  field: string;
  acceptedPattern: string;
  patternId: string;
  minLength: number;
  maxLength: number;
  enabled: boolean;
  required: boolean;
}

/** Why a value fails its rule: the message key is the pattern id, with min and max to fill in. */
export type RuleFailure =
  | { kind: "required" }
  | { kind: "pattern"; patternId: string; min: number; max: number }
  /** A password from the list of the most common ones. */
  | { kind: "common" };

/** Checks one value against its rule; `null` when it passes (or is an allowed empty value). */
export function checkField(rule: FieldRule, raw: string | null | undefined): RuleFailure | null {
  const value = (raw ?? "").trim();
  if (!rule.enabled) return null;
  if (!value) return rule.required ? { kind: "required" } : null;
  return matchesRule(rule, value) ? null : patternFailure(rule);
}

export const patternFailure = (rule: FieldRule) => ({ kind: "pattern" as const, patternId: rule.patternId, min: rule.minLength, max: rule.maxLength });

export function matchesRule(rule: FieldRule, value: string): boolean {
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return false;
  const known = (PATTERNS as Record<string, (v: string) => boolean>)[rule.patternId];
  if (known && !known(value)) return false;
  if (rule.acceptedPattern && rule.acceptedPattern !== "*") {
    let re: RegExp;
    try {
      re = new RegExp(rule.acceptedPattern, "u");
    } catch {
      return true; // A broken operator pattern never locks players out; the pattern id still applies.
    }
    if (!re.test(value)) return false;
  }
  return true;
}

// ---- passwords (OWASP ASVS 2.1, NIST 800-63B 5.1.1) -------------------------------------
// The rule in force and its bounds' text live in rules.ts, which the pages' own scripts import
// without these patterns (ADR 030), and the password check with its common list in passwords.ts,
// which the browser loads with the registration schema; the first two are exported here too.
export { boundsText, PASSWORD_RULE_DEFAULT, passwordRule } from "./rules.js";
