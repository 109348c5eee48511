import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nConfig, supportedLanguages } from "~/i18n";
import { makeTranslation, type Translation } from "~/components/translation";
import { appCookie } from "./cookies.server";
import l_es from "../../public/locales/es/common.json";
import l_en from "../../public/locales/en/common.json";
import l_zh_CN from "../../public/locales/zh-CN/common.json";
import l_zh_TW from "../../public/locales/zh-TW/common.json";
import l_ja from "../../public/locales/ja/common.json";
import l_ko from "../../public/locales/ko/common.json";
import l_th from "../../public/locales/th/common.json";
import l_vi from "../../public/locales/vi/common.json";
import l_my from "../../public/locales/my/common.json";
import l_hi from "../../public/locales/hi/common.json";
import l_id from "../../public/locales/id/common.json";
import l_km from "../../public/locales/km/common.json";
import l_ms from "../../public/locales/ms/common.json";
import l_pt from "../../public/locales/pt/common.json";
import l_ta from "../../public/locales/ta/common.json";
import l_ty from "../../public/locales/ty/common.json";
import l_ur from "../../public/locales/ur/common.json";
import l_tr from "../../public/locales/tr/common.json";
import l_bn from "../../public/locales/bn/common.json";
import l_ar from "../../public/locales/ar/common.json";
import l_fa from "../../public/locales/fa/common.json";
import l_ru from "../../public/locales/ru/common.json";
import l_lo from "../../public/locales/lo/common.json";
import l_ne from "../../public/locales/ne/common.json";
import l_fr from "../../public/locales/fr/common.json";
import l_te from "../../public/locales/te/common.json";
import l_sw from "../../public/locales/sw/common.json";
import l_de from "../../public/locales/de/common.json";
import l_it from "../../public/locales/it/common.json";
import l_nl from "../../public/locales/nl/common.json";
import l_pl from "../../public/locales/pl/common.json";
import l_uk from "../../public/locales/uk/common.json";
import l_fil from "../../public/locales/fil/common.json";
import l_el from "../../public/locales/el/common.json";
import l_ro from "../../public/locales/ro/common.json";

/** Every translation, on the server only; a page sends the browser just its own language. */
export const resources = {
  "es": { common: l_es },
  "en": { common: l_en },
  "zh-CN": { common: l_zh_CN },
  "zh-TW": { common: l_zh_TW },
  "ja": { common: l_ja },
  "ko": { common: l_ko },
  "th": { common: l_th },
  "vi": { common: l_vi },
  "my": { common: l_my },
  "hi": { common: l_hi },
  "id": { common: l_id },
  "km": { common: l_km },
  "ms": { common: l_ms },
  "pt": { common: l_pt },
  "ta": { common: l_ta },
  "ty": { common: l_ty },
  "ur": { common: l_ur },
  "tr": { common: l_tr },
  "bn": { common: l_bn },
  "ar": { common: l_ar },
  "fa": { common: l_fa },
  "ru": { common: l_ru },
  "lo": { common: l_lo },
  "ne": { common: l_ne },
  "fr": { common: l_fr },
  "te": { common: l_te },
  "sw": { common: l_sw },
  "de": { common: l_de },
  "it": { common: l_it },
  "nl": { common: l_nl },
  "pl": { common: l_pl },
  "uk": { common: l_uk },
  "fil": { common: l_fil },
  "el": { common: l_el },
  "ro": { common: l_ro },
} as const;

/** The language the visitor chose (spec: `lang`), kept for a year. */
export const langCookie = appCookie("lang");

function pick(candidate: unknown): string | null {
  if (typeof candidate !== "string" || !candidate) return null;
  const lower = candidate.toLowerCase();
  return (
    supportedLanguages.find((l) => l.toLowerCase() === lower) ??
    supportedLanguages.find((l) => lower.startsWith(`${l.toLowerCase()}-`)) ??
    null
  );
}

/**
 * The spec's default language is ES whatever the browser asks for: an explicit choice (the
 * `lng` query or the `lang` cookie) wins, otherwise ES.
 */
export async function getLocale(request: Request): Promise<string> {
  const fromQuery = pick(new URL(request.url).searchParams.get("lng"));
  if (fromQuery) return fromQuery;
  const fromCookie = pick(await langCookie.parse(request.headers.get("cookie")).catch(() => null));
  return fromCookie ?? fallbackLanguage;
}

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages,
    fallbackLanguage,
    cookie: langCookie,
    findLocale: async (request) => getLocale(request),
  },
  i18next: { ...i18nConfig, resources },
});

const translations = new Map<string, Translation>();

/** The components' translator for a language (ADR 029), made once per language. */
export function translationFor(language: string): Translation {
  let translation = translations.get(language);
  if (!translation) {
    const own = resources[language as keyof typeof resources] ?? resources[fallbackLanguage];
    translation = makeTranslation(language, own.common, { language: fallbackLanguage, messages: resources[fallbackLanguage].common });
    translations.set(language, translation);
  }
  return translation;
}
