/**
 * Interface languages. The spec's codes (ES, EN, ...) map to BCP 47 tags; the spec's default
 * is ES. Every locale file carries every key (tests/unit/locales.test.ts checks it).
 */
export const LANGUAGES = [
  { code: "ES", tag: "es", name: "Español", dir: "ltr" },
  { code: "EN", tag: "en", name: "English", dir: "ltr" },
] as const;

export type LanguageTag = (typeof LANGUAGES)[number]["tag"];

export const supportedLanguages: string[] = LANGUAGES.map((l) => l.tag);
export const fallbackLanguage: LanguageTag = "es";
export const defaultNS = "common";

export function languageDir(tag: string): "ltr" | "rtl" {
  return LANGUAGES.find((l) => l.tag === tag)?.dir ?? "ltr";
}

export const i18nConfig = {
  supportedLngs: supportedLanguages,
  fallbackLng: fallbackLanguage,
  defaultNS,
  ns: [defaultNS],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
