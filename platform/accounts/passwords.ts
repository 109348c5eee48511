import { matchesRule, patternFailure, type FieldRule, type RuleFailure } from "./patterns.js";

/*
 * A user-set password's check, apart from the field patterns (patterns.ts) so that its list of
 * common passwords reaches the browser only with the registration schema, on the form's first use
 * (ADR 030), not with every page that shows a field rule.
 */

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

