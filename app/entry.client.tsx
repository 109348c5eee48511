import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { parseTheme, RequestInfoProvider } from "~/components/request-info";
import { makeTranslation, TranslationProvider } from "~/components/translation";
import { fallbackLanguage, supportedLanguages } from "~/i18n";
import type { Messages } from "~/lib/translate";

async function hydrate() {
  // The page is complete without scripts, so the translations are not inlined in it (they were a
  // third of the home page's HTML): the browser fetches the language's file once, cached like
  // any asset and keyed by the build's version, before it hydrates.
  const html = document.documentElement;
  const lng = supportedLanguages.includes(html.lang) ? html.lang : fallbackLanguage;
  const version = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
  const messages = await fetch(`/locales/${encodeURIComponent(lng)}/common.json?v=${encodeURIComponent(version)}`)
    .then((r) => (r.ok ? (r.json() as Promise<Messages>) : null))
    .catch(() => null);
  // Without its words the page would hydrate into bare keys: it stays as the server sent it, which
  // works in full without scripts.
  if (!messages) return;
  const translation = makeTranslation(lng, messages);
  const requestInfo = { requestId: html.dataset.requestId ?? "unknown", theme: parseTheme(html.dataset.theme) };

  startTransition(() => {
    hydrateRoot(
      document,
      <RequestInfoProvider value={requestInfo}>
        <TranslationProvider value={translation}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </TranslationProvider>
      </RequestInfoProvider>,
    );
  });
}

void hydrate();
