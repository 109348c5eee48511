import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { parseTheme, RequestInfoProvider } from "~/components/request-info";
import { i18nConfig } from "~/i18n";

async function hydrate() {
  // The page is complete without scripts, so the translations are not inlined in it (they were a
  // third of the home page's HTML): the browser fetches the language's file once, cached like
  // any asset and keyed by the build's version, before it hydrates.
  const lng = document.documentElement.lang || i18nConfig.fallbackLng;
  const ns = i18nConfig.defaultNS;
  const version = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
  const resources = await fetch(`/locales/${encodeURIComponent(lng)}/${ns}.json?v=${encodeURIComponent(version)}`)
    .then((r) => (r.ok ? (r.json() as Promise<Record<string, string>>) : {}))
    .catch(() => ({}));
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng, resources: { [lng]: { [ns]: resources } } });
  const html = document.documentElement;
  const requestInfo = { requestId: html.dataset.requestId ?? "unknown", theme: parseTheme(html.dataset.theme) };

  startTransition(() => {
    hydrateRoot(
      document,
      <RequestInfoProvider value={requestInfo}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>
      </RequestInfoProvider>,
    );
  });
}

void hydrate();
