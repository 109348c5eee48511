import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nConfig, supportedLanguages } from "~/i18n";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";

/** Every translation, on the server only; a page sends the browser just its own language. */
export const resources = {
  en: { common: en },
  es: { common: es },
} as const;

/** The language the visitor chose (spec: `lang`), kept for a year. */
export const langCookie = createCookie("lang", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

function pick(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  const lower = candidate.toLowerCase();
  return supportedLanguages.find((l) => l === lower) ?? supportedLanguages.find((l) => lower.startsWith(`${l}-`)) ?? null;
}

/**
 * The spec's default language is ES whatever the browser asks for: an explicit choice (the
 * `lng` query or the `lang` cookie) wins, otherwise ES.
 */
export async function getLocale(request: Request): Promise<string> {
  const fromQuery = pick(new URL(request.url).searchParams.get("lng"));
  if (fromQuery) return fromQuery;
  const fromCookie = pick(await langCookie.parse(request.headers.get("cookie")));
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
