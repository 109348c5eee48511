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

const patternFailure = (rule: FieldRule) => ({ kind: "pattern" as const, patternId: rule.patternId, min: rule.minLength, max: rule.maxLength });

function matchesRule(rule: FieldRule, value: string): boolean {
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

/**
 * The demo default for user-set passwords: 8 to 64 characters of anything printable, spaces
 * included (a passphrase is welcome), no composition rules, and not one of the most common
 * passwords. An operator's own rule (pattern and bounds) replaces the bounds and adds its
 * pattern; the printable and common-password checks always apply.
 */
export const PASSWORD_RULE_DEFAULT: FieldRule = { field: "password", acceptedPattern: "*", patternId: "ANY", minLength: 8, maxLength: 64, enabled: true, required: true };

/**
 * The most common passwords of the public breach corpora (the head of every "top passwords"
 * list), lower-case. Small on purpose: the web checks it in the browser too. Shorter ones stay
 * for operators whose rule allows fewer than 8 characters.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (
    "123456 123456789 12345678 12345 1234567 1234567890 111111 123123 000000 654321 666666 121212 112233 123321 " +
    "555555 777777 888888 999999 7777777 11111111 88888888 00000000 12341234 11223344 87654321 987654321 147258369 123654 " +
    "159753 987654 5201314 1111111 123456a a123456 123456aa aa123456 1234567a 12345678a 123456789a 1q2w3e4r 1q2w3e4r5t " +
    "1q2w3e 1qaz2wsx 1qaz2wsx3edc 1qazxsw2 zaq12wsx 12qwaszx q1w2e3r4 q1w2e3r4t5 qwerty qwerty1 qwerty12 qwerty123 " +
    "qwertyuiop qwer1234 1234qwer 123qwe qwe123 qweasd qweasdzxc qazwsx asdfgh asdfghjkl asdf1234 zxcvbnm zxcvbn " +
    "abc123 abc12345 abcd1234 1234abcd a1b2c3d4 123abc abcdef abcdefg abcdefgh abcdefghi password password1 password12 " +
    "password123 password1234 passw0rd p@ssw0rd p@ssword pass1234 pass123 passpass iloveyou iloveyou1 iloveu loveyou " +
    "lovely love123 princess sunshine dragon monkey letmein letmein1 welcome welcome1 welcome123 football baseball " +
    "basketball soccer hockey master shadow michael jennifer jordan23 superman batman trustno1 starwars whatever " +
    "freedom charlie donald access mustang hello123 helloworld killer pokemon naruto computer internet google samsung " +
    "iphone liverpool chelsea arsenal admin admin123 admin1234 administrator root toor guest default login test123 " +
    "test1234 testing changeme secret qazwsxedc 1234512345 0987654321 9876543210 asdasd asdasdasd zzzzzz aaaaaa " +
    "aaaaaaaa abcabc abc123456 qwerty1234 q1w2e3 casino poker jackpot"
  ).split(" "),
);

/** The password rule in force: the operator's, or the default; always enabled and required. */
export function passwordRule(rules: FieldRule[], field = "password"): FieldRule {
  return { ...(rules.find((r) => r.field === "password") ?? PASSWORD_RULE_DEFAULT), field, enabled: true, required: true };
}

/** NFKC, so a passphrase typed on another keyboard (composed or not, full or half width) is the same password. */
export const normalizePassword = (value: string) => value.normalize("NFKC");

export function isCommonPassword(value: string): boolean {
  return COMMON_PASSWORDS.has(normalizePassword(value).toLowerCase());
}

/** Printable: no control characters (NUL, tab, new line) and no lone surrogates. */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]*$/u;

/**
 * A user-set password against its rule: never trimmed (spaces count, and nothing is cut),
 * length in characters after NFKC, printable only, the rule's pattern, then the common list.
 */
export function checkPassword(rule: FieldRule, raw: string | null | undefined): RuleFailure | null {
  const value = normalizePassword(raw ?? "");
  if (!value.trim()) return { kind: "required" };
  if (!PRINTABLE.test(value) || !matchesRule(rule, value)) return patternFailure(rule);
  if (isCommonPassword(value)) return { kind: "common" };
  return null;
}

/** The bounds as the message shows them: "6 - 16", or one number when min equals max. */
export function boundsText(min: number, max: number): string {
  return min === max ? String(min) : `${min} - ${max}`;
}
