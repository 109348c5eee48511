/**
 * Interface languages: the spec's codes (ES, EN, CN, ...) mapped to BCP 47 tags; the spec's
 * default is ES. AR, FA and UR are written right to left. Every locale file carries every key (tests/unit/locales.test.ts checks it).
 */
export const LANGUAGES = [
  { code: "ES", tag: "es", name: "Español", dir: "ltr" },
  { code: "EN", tag: "en", name: "English", dir: "ltr" },
  { code: "CN", tag: "zh-CN", name: "简体中文", dir: "ltr" },
  { code: "TW", tag: "zh-TW", name: "繁體中文", dir: "ltr" },
  { code: "JA", tag: "ja", name: "日本語", dir: "ltr" },
  { code: "KO", tag: "ko", name: "한국어", dir: "ltr" },
  { code: "TH", tag: "th", name: "ไทย", dir: "ltr" },
  { code: "VI", tag: "vi", name: "Tiếng Việt", dir: "ltr" },
  { code: "MY", tag: "my", name: "မြန်မာ", dir: "ltr" },
  { code: "HI", tag: "hi", name: "हिन्दी", dir: "ltr" },
  { code: "ID", tag: "id", name: "Bahasa Indonesia", dir: "ltr" },
  { code: "KM", tag: "km", name: "ខ្មែរ", dir: "ltr" },
  { code: "MS", tag: "ms", name: "Bahasa Melayu", dir: "ltr" },
  { code: "PT", tag: "pt", name: "Português", dir: "ltr" },
  { code: "TA", tag: "ta", name: "தமிழ்", dir: "ltr" },
  { code: "TY", tag: "ty", name: "Reo Tahiti", dir: "ltr" },
  { code: "UR", tag: "ur", name: "اردو", dir: "rtl" },
  { code: "TR", tag: "tr", name: "Türkçe", dir: "ltr" },
  { code: "BN", tag: "bn", name: "বাংলা", dir: "ltr" },
  { code: "AR", tag: "ar", name: "العربية", dir: "rtl" },
  { code: "FA", tag: "fa", name: "فارسی", dir: "rtl" },
  { code: "RU", tag: "ru", name: "Русский", dir: "ltr" },
  { code: "LO", tag: "lo", name: "ລາວ", dir: "ltr" },
  { code: "NE", tag: "ne", name: "नेपाली", dir: "ltr" },
  { code: "FR", tag: "fr", name: "Français", dir: "ltr" },
  { code: "TE", tag: "te", name: "తెలుగు", dir: "ltr" },
  { code: "SW", tag: "sw", name: "Kiswahili", dir: "ltr" },
  { code: "DE", tag: "de", name: "Deutsch", dir: "ltr" },
  { code: "IT", tag: "it", name: "Italiano", dir: "ltr" },
  { code: "NL", tag: "nl", name: "Nederlands", dir: "ltr" },
  { code: "PL", tag: "pl", name: "Polski", dir: "ltr" },
  { code: "UK", tag: "uk", name: "Українська", dir: "ltr" },
  { code: "TL", tag: "fil", name: "Filipino", dir: "ltr" },
  { code: "EL", tag: "el", name: "Ελληνικά", dir: "ltr" },
  { code: "RO", tag: "ro", name: "Română", dir: "ltr" },
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

/** The spec's code for a tag (ES for es, CN for zh-CN), as the platform's language update takes it. */
export function specCode(tag: string): string {
  return LANGUAGES.find((l) => l.tag === tag)?.code ?? tag.toUpperCase();
}
