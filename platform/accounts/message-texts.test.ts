import { readdirSync } from "node:fs";
import path from "node:path";
import { MESSAGE_TEXTS, MESSAGE_TEXT_KINDS, messageLanguage, messageText, storedLanguage } from "./message-texts.js";

// Read at test time: a locale added to the site without texts here fails below.
const locales = readdirSync(path.resolve(__dirname, "../../public/locales"));
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe("message texts", () => {
  it("has a language for every locale of the site, and none the site lacks", () => {
    expect(locales.length).toBeGreaterThanOrEqual(35);
    expect(Object.keys(MESSAGE_TEXTS).sort()).toEqual([...locales].sort());
  });

  it.each(locales.flatMap((lng) => MESSAGE_TEXT_KINDS.map((kind) => [lng, kind] as const)))("%s has %s with English's placeholders", (lng, kind) => {
    const text = MESSAGE_TEXTS[lng]?.[kind];
    expect(text?.trim(), `${lng}:${kind}`).toBeTruthy();
    expect(placeholders(text!), `${lng}:${kind}`).toEqual(placeholders(MESSAGE_TEXTS.en![kind]));
    if (lng !== "en" && kind !== "code_subject" && kind !== "reset_subject") expect(text).not.toBe(MESSAGE_TEXTS.en![kind]);
  });

  it("fills every placeholder and keeps the link intact", () => {
    for (const lng of locales) {
      const reset = messageText("reset", [lng], { link: "https://site.example/resetPassword?token=a_b-c", minutes: 30 });
      expect(reset, lng).toContain("https://site.example/resetPassword?token=a_b-c");
      expect(reset, lng).toContain("30");
      expect(reset, lng).not.toMatch(/\{\{|\}\}/);
      expect(messageText("code", [lng], { code: "123456", minutes: 5 }), lng).toContain("123456");
    }
  });

  it("speaks the reader's language", () => {
    expect(messageText("code", ["es"], { code: "123456", minutes: 5 })).toBe("Tu código de verificación es 123456. Caduca en 5 min.");
    expect(messageText("reset", ["ar"], { link: "https://x/r", minutes: 30 })).toMatch(/كلمة المرور/);
    expect(messageText("code", ["ty"], { code: "1", minutes: 5 })).toMatch(/tāpaʻo haʻapāpūraʻa/);
    expect(messageText("reset_subject", ["pt"])).toBe("Redefina sua senha");
  });

  it("reads region variants, scripts and the spec's codes as the site's languages", () => {
    expect(messageLanguage("pt-BR")).toBe("pt");
    expect(messageLanguage("es-MX")).toBe("es");
    expect(messageLanguage("zh-cn")).toBe("zh-CN");
    expect(messageLanguage("zh_CN")).toBe("zh-CN");
    expect(messageLanguage("zh")).toBe("zh-CN");
    expect(messageLanguage("zh-Hans-HK")).toBe("zh-CN");
    expect(messageLanguage("zh-HK")).toBe("zh-TW");
    expect(messageLanguage("zh-Hant")).toBe("zh-TW");
    expect(messageLanguage("zh-TW")).toBe("zh-TW");
    expect(messageLanguage("CN")).toBe("zh-CN");
    expect(messageLanguage("TW")).toBe("zh-TW");
    expect(messageLanguage("TL")).toBe("fil");
    expect(messageLanguage("fil-PH")).toBe("fil");
    expect(messageLanguage("MY")).toBe("my");
    expect(messageLanguage("ES")).toBe("es");
    expect(messageLanguage("xx")).toBeNull();
    expect(messageLanguage("")).toBeNull();
    expect(messageLanguage(undefined)).toBeNull();
  });

  it("falls back from an unknown language to the site default, then English", () => {
    expect(messageText("code", ["es-MX"], { code: "1", minutes: 5 })).toMatch(/^Tu código/);
    expect(messageText("code", ["xx", "vi"], { code: "1", minutes: 5 })).toMatch(/^Mã xác minh/);
    expect(messageText("code", [undefined, "", "xx-YY", "vi"], { code: "1", minutes: 5 })).toMatch(/^Mã xác minh/);
    expect(messageText("code", ["xx", null], { code: "1", minutes: 5 })).toMatch(/^Your verification code/);
    expect(messageText("code", ["xx", "yy"], { code: "1", minutes: 5 })).toMatch(/^Your verification code/);
    expect(messageText("code", [], { code: "1", minutes: 5 })).toMatch(/^Your verification code/);
  });

  it("puts the member's stored language first", () => {
    const member = { profile: { language: "TH" } };
    expect(messageText("code", [storedLanguage(member), "en", "es"], { code: "1", minutes: 5 })).toMatch(/^รหัสยืนยัน/);
    expect(storedLanguage({ profile: {} })).toBeUndefined();
    expect(storedLanguage(null)).toBeUndefined();
  });
});
