import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fallbackLanguage, supportedLanguages } from "~/i18n";
import type { Messages } from "~/lib/translate";
import { makeTranslation, type Translation } from "~/components/translation";
import { appCookie } from "./cookies.server";

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

/**
 * Where the language files are: `public/locales`, which the web server also serves to browsers.
 * Looked up from the working directory (`npm start`, the tests), then beside the build or the source.
 */
let folder: string | undefined;
function localesFolder(): string {
  if (folder) return folder;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve("public", "locales"), path.resolve(here, "..", "public", "locales"), path.resolve(here, "..", "..", "public", "locales")];
  const found = candidates.find((c) => existsSync(path.join(c, fallbackLanguage, "common.json")));
  if (!found) throw new Error(`language files not found (looked in ${candidates.join(", ")})`);
  return (folder = found);
}

const messages = new Map<string, Messages>();

/**
 * One language's messages, read from its file the first time a page asks for it and kept. The 35
 * files are not bundled into the server build: a process keeps only the languages it serves
 * (4.3 MB of the 5.8 MB build was their text, parsed and kept at start whether used or not).
 * Unknown tags get the fallback language's.
 */
export function messagesFor(language: string): Messages {
  const tag = supportedLanguages.includes(language) ? language : fallbackLanguage;
  let found = messages.get(tag);
  if (!found) {
    found = JSON.parse(readFileSync(path.join(localesFolder(), tag, "common.json"), "utf8")) as Messages;
    messages.set(tag, found);
  }
  return found;
}

const translations = new Map<string, Translation>();

/** The components' translator for a language (ADR 029), made once per language. */
export function translationFor(language: string): Translation {
  let translation = translations.get(language);
  if (!translation) {
    translation = makeTranslation(language, messagesFor(language), { language: fallbackLanguage, messages: messagesFor(fallbackLanguage) });
    translations.set(language, translation);
  }
  return translation;
}
