import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { parseTheme, RequestInfoProvider } from "~/components/request-info";
import { i18nConfig } from "~/i18n";

async function hydrate() {
  // The server wrote the active translations into the page; no extra request, no flash.
  const el = document.getElementById("i18n-resources");
  const bundle = JSON.parse(el?.textContent || "{}") as { lng?: string; ns?: string; resources?: Record<string, string> };
  const lng = bundle.lng ?? document.documentElement.lang;
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng,
    resources: { [lng]: { [bundle.ns ?? i18nConfig.defaultNS]: bundle.resources ?? {} } },
  });
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
