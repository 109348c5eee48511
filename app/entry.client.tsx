import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { parseTheme, RequestInfoProvider } from "~/components/request-info";
import { makeTranslation, TranslationProvider } from "~/components/translation";
import { fallbackLanguage, supportedLanguages } from "~/i18n";
import { STATE_HEADER, TOKEN_HEADER } from "~/lib/hydration";
import { seedNumberStyle, type NumberStyle } from "~/lib/number-style";
import type { Messages } from "~/lib/translate";
import { seedZoneOffsets, type ZoneOffsets } from "~/lib/zone-offsets";

type State = { loaderData?: Record<string, unknown> };
interface Hydrate {
  id: string;
  csrf: string | null;
  /** The state's request, started by the page's own script (app/services/hydration.server.ts). */
  p?: Promise<Response | null>;
}

const jsonOf = (r: Response | null) =>
  r && r.ok && !r.redirected && (r.headers.get("content-type") ?? "").startsWith("application/json") ? (r.json() as Promise<State | null>) : null;

/**
 * The loaders' state, which the page does not carry (only scripts use it): from the node that
 * rendered the page, else from the page's own address, whose loaders run again and answer it as
 * JSON. The CSRF token comes from the page, as each visitor's own.
 */
async function stateOf(hydrate: Hydrate): Promise<State | null> {
  const headers: Record<string, string> = hydrate.csrf ? { [TOKEN_HEADER]: hydrate.csrf } : {};
  const kept = hydrate.p ?? fetch(`/hydration/${encodeURIComponent(hydrate.id)}`, { credentials: "same-origin", headers });
  let state = await Promise.resolve(kept).then(jsonOf).catch(() => null);
  state ??= await fetch(window.location.href, { headers: { [STATE_HEADER]: "1" }, credentials: "same-origin" })
    .then(jsonOf)
    .catch(() => null);
  const root = state?.loaderData?.root as { csrfToken?: string } | undefined;
  if (root && hydrate.csrf) root.csrfToken = hydrate.csrf;
  return state;
}

async function hydrate() {
  // The page is complete without scripts, so the translations are not inlined in it (they were a
  // third of the home page's HTML): the browser fetches the language's file once, cached like
  // any asset and keyed by the build's version, before it hydrates.
  const html = document.documentElement;
  const lng = supportedLanguages.includes(html.lang) ? html.lang : fallbackLanguage;
  const version = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "";
  const context = (window as unknown as { __remixContext: { state?: State | null; hydrate?: Hydrate } }).__remixContext;
  const [messages, state] = await Promise.all([
    fetch(`/locales/${encodeURIComponent(lng)}/common.json?v=${encodeURIComponent(version)}`)
      .then((r) => (r.ok ? (r.json() as Promise<Messages>) : null))
      .catch(() => null),
    context.hydrate ? stateOf(context.hydrate) : context.state,
  ]);
  // Without its words the page would hydrate into bare keys, without its state into nothing: it
  // stays as the server sent it, which works in full without scripts.
  if (!messages || !state) return;
  context.state = state;
  // The server's number style and zone offsets: hydration formats without loading ICU (ADR 041).
  const formats = (state.loaderData?.root as { formats?: { numbers?: NumberStyle | null; zone?: ZoneOffsets | null } } | undefined)?.formats;
  seedNumberStyle(lng, formats?.numbers);
  seedZoneOffsets(formats?.zone);
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
