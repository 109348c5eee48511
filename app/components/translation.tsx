import { createContext, useContext } from "react";
import { fallbackLanguage } from "~/i18n";
import { makeT, type Messages, type TFunction } from "~/lib/translate";

/**
 * The page's language and its `t`, for components (ADR 029). The server builds one per language
 * (`translationFor` in i18n.server.ts); the browser builds one from the language file it fetches
 * before it hydrates. Same translator on both sides, so the hydrated page says what the HTML said.
 */
export interface Translation {
  t: TFunction;
  /** Shaped as react-i18next's `i18n` for the one field components read. */
  i18n: { language: string };
}

export function makeTranslation(language: string, messages: Messages, fallback?: { language: string; messages: Messages }): Translation {
  return { t: makeT(language, messages, fallback), i18n: { language } };
}

const TranslationContext = createContext<Translation>(makeTranslation(fallbackLanguage, {}));

export const TranslationProvider = TranslationContext.Provider;

export function useTranslation(): Translation {
  return useContext(TranslationContext);
}
