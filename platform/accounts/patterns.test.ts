import { checkPassword, isCommonPassword } from "./passwords.js";
import { boundsText, checkField, isDate, PASSWORD_RULE_DEFAULT, passwordRule, PATTERN_IDS, PATTERNS, type FieldRule } from "./patterns.js";

const cases: Record<string, { ok: string[]; bad: string[] }> = {
  ANY: { ok: ["anything at all", "🙂"], bad: [] },
  LETTER_FIRST_ALNUM: { ok: ["abc123", "Z"], bad: ["1abc", "ab_c", "ab c", "ñandu"] },
  CHINESE_DIGITS: { ok: ["张三", "李四123"], bad: ["abc", "张 三", "张-三"] },
  EMAIL: { ok: ["a.b@example.com", "x+y@mail.co.uk"], bad: ["a@b", "a..b@example.com", "@example.com", "a b@example.com"] },
  ALNUM: { ok: ["abc", "123", "a1"], bad: ["a-1", "a 1", ""] },
  ALNUM_COMBINED: { ok: ["abc123", "1a"], bad: ["abcdef", "123456", "abc-123"] },
  DIGITS: { ok: ["0123"], bad: ["12a", "1.5", "-1"] },
  ALNUM_UPPER: { ok: ["Abc1", "ABC"], bad: ["abc1", "Ab-1"] },
  ENGLISH_SPACES: { ok: ["John Smith", "Anna"], bad: ["John2", "José", "   "] },
  NO_SPACES: { ok: ["a_b-c!", "ñ"], bad: ["a b", "tab\there"] },
  CHINESE_PUNCT: { ok: ["你好。", "中文，标点！"], bad: ["你好1", "hello"] },
  KOREAN: { ok: ["한국어"], bad: ["한국 어", "한국a"] },
  THAI: { ok: ["ภาษาไทย"], bad: ["ไทย1", "ไทย ไทย"] },
  THAI_ENGLISH_SPACES: { ok: ["สมชาย Smith", "Somchai"], bad: ["สมชาย1", " "] },
  UPPER_SPACES: { ok: ["JOHN SMITH"], bad: ["John Smith", "   ", "JOHN1"] },
  ALNUM_SYMBOLS: { ok: ["a1!@#", "P@ss"], bad: ["a b", "ñ"] },
  STRONG_PASSWORD: { ok: ["Passw0rd!", "aB3$"], bad: ["password1!", "PASSWORD1!", "Password!", "Password1", "Pass word1!"] },
  FULL_NAME: { ok: ["John Smith", "María José Pérez", "O'Neil Smith"], bad: ["John", "John  Smith", " John Smith", "John Smith2"] },
  DATE: { ok: ["2000-02-29", "12-31-1999"], bad: ["1999-02-29", "2000-13-01", "31-12-1999", "2000/01/01", "1800-01-01"] },
};

describe("pattern catalogue (spec §5)", () => {
  it("has the 19 patterns", () => {
    expect(PATTERN_IDS).toHaveLength(19);
    expect(Object.keys(cases).sort()).toEqual([...PATTERN_IDS].sort());
  });

  for (const id of PATTERN_IDS) {
    it(`${id} accepts and refuses`, () => {
      const check = PATTERNS[id] as (v: string) => boolean;
      for (const v of cases[id]!.ok) expect(check(v), `${id} should accept ${JSON.stringify(v)}`).toBe(true);
      for (const v of cases[id]!.bad) expect(check(v), `${id} should refuse ${JSON.stringify(v)}`).toBe(false);
    });
  }

  it("checks dates in both formats", () => {
    expect(isDate("2024-02-29")).toBe(true);
    expect(isDate("02-29-2023")).toBe(false);
  });
});

describe("checkField", () => {
  const rule = (over: Partial<FieldRule> = {}): FieldRule => ({
    field: "username",
    acceptedPattern: "*",
    patternId: "LETTER_FIRST_ALNUM",
    minLength: 6,
    maxLength: 16,
    enabled: true,
    required: true,
    ...over,
  });

  it("requires a required value and trims it", () => {
    expect(checkField(rule(), "   ")).toEqual({ kind: "required" });
    expect(checkField(rule(), "  player1  ")).toBeNull();
  });

  it("lets an empty optional value and any disabled field pass", () => {
    expect(checkField(rule({ required: false }), "")).toBeNull();
    expect(checkField(rule({ enabled: false }), "!!")).toBeNull();
  });

  it("refuses lengths out of bounds and pattern mismatches with the bounds", () => {
    expect(checkField(rule(), "abc")).toEqual({ kind: "pattern", patternId: "LETTER_FIRST_ALNUM", min: 6, max: 16 });
    expect(checkField(rule(), "1player")).toMatchObject({ kind: "pattern" });
    expect(checkField(rule(), "a".repeat(17))).toMatchObject({ kind: "pattern" });
  });

  it("applies the operator's accepted pattern; '*' matches anything; a broken one is ignored", () => {
    expect(checkField(rule({ acceptedPattern: "^a" }), "bplayer")).toMatchObject({ kind: "pattern" });
    expect(checkField(rule({ acceptedPattern: "^a" }), "aplayer")).toBeNull();
    expect(checkField(rule({ acceptedPattern: "([" }), "aplayer")).toBeNull();
  });

  it("counts characters, not UTF-16 units", () => {
    expect(checkField(rule({ patternId: "ANY", minLength: 2, maxLength: 2 }), "🙂🙂")).toBeNull();
  });

  it("shows one number when min equals max", () => {
    expect(boundsText(6, 6)).toBe("6");
    expect(boundsText(6, 16)).toBe("6 - 16");
  });
});

describe("checkPassword (OWASP ASVS 2.1, the demo default)", () => {
  const rule = PASSWORD_RULE_DEFAULT;

  it("takes 8 to 64 characters of anything printable, spaces and symbols included, untrimmed", () => {
    for (const ok of ["correct horse battery staple", "Ñandú-salta 2024!", "пароль надёжный", "密码很长很安全的一句话", "🙂🙃🙂🙃🙂🙃🙂🙃", " spaces  count ", "a".repeat(64), "ｆｕｌｌｗｉｄｔｈ１"]) {
      expect(checkPassword(rule, ok), ok).toBeNull();
    }
    expect(checkPassword(rule, "1234567")).toEqual({ kind: "pattern", patternId: "ANY", min: 8, max: 64 });
    expect(checkPassword(rule, "a".repeat(65))).toMatchObject({ kind: "pattern" });
    // Length in characters, not UTF-16 units: 8 emoji are 8 characters.
    expect(checkPassword(rule, "🙂".repeat(64))).toBeNull();
    // Spaces are kept: 7 letters and a space are 8 characters.
    expect(checkPassword(rule, "abcdefg ")).toBeNull();
  });

  it("refuses control characters, blank values and the most common passwords, whatever their case", () => {
    expect(checkPassword(rule, "tab\there12")).toMatchObject({ kind: "pattern" });
    expect(checkPassword(rule, "line\nbreak12")).toMatchObject({ kind: "pattern" });
    expect(checkPassword(rule, "nul\u0000inside")).toMatchObject({ kind: "pattern" });
    expect(checkPassword(rule, "        ")).toEqual({ kind: "required" });
    expect(checkPassword(rule, undefined)).toEqual({ kind: "required" });
    for (const common of ["password", "PASSWORD1", "12345678", "qwerty123", "iloveyou", "P@ssw0rd", "１２３４５６７８"]) {
      expect(checkPassword(rule, common), common).toEqual({ kind: "common" });
    }
    expect(isCommonPassword("secret123")).toBe(false);
  });

  it("keeps an operator's pattern and bounds where one is set", () => {
    const operator = passwordRule([{ field: "password", acceptedPattern: "^[A-Za-z0-9]+$", patternId: "ALNUM_COMBINED", minLength: 8, maxLength: 20, enabled: false, required: false }], "newPassword");
    expect(operator).toMatchObject({ field: "newPassword", patternId: "ALNUM_COMBINED", enabled: true, required: true });
    expect(checkPassword(operator, "tiger7lily9")).toBeNull();
    expect(checkPassword(operator, "abc 12345")).toEqual({ kind: "pattern", patternId: "ALNUM_COMBINED", min: 8, max: 20 });
    expect(checkPassword(operator, "password1")).toEqual({ kind: "common" });
    expect(passwordRule([])).toEqual(PASSWORD_RULE_DEFAULT);
  });
});
