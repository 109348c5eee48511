import { cssBundleHref } from "@remix-run/css-bundle";
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigationType,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useRequestInfo } from "~/components/request-info";
import { AppShell } from "~/components/shell";
import { loadContractState } from "~/services/contracts.server";
import { defaultNS, languageDir } from "~/i18n";
import { captchaNeeded } from "~/services/captcha.server";
import { csrf } from "~/services/csrf.server";
import { getLocale } from "~/services/i18n.server";
import { loadShell } from "~/services/shell.server";
import { numberStyleFor } from "~/lib/number-style.server";
import { zoneOffsetsFor } from "~/lib/zone-offsets.server";
import { themeClass } from "~/styles/theme.css";

export const handle = { i18n: [defaultNS] };

/** Loader and thrown-response headers reach the document (Retry-After on maintenance, cookies). */
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** The status gate is read on every navigation, so a maintenance switch shows at once with scripts too. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  // The tab icon as a 32-pixel PNG (inside the .ico), not favicon.svg, which it is drawn from:
  // Chromium decodes a page's icon in the page's renderer, where an SVG is a document of its own
  // on the main thread (5-8 ms on a 2-core machine), on every first load of a page.
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.shell.site.name ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const [shell, [csrfToken, csrfCookie], contracts] = await Promise.all([loadShell(request, locale), csrf.commitToken(request), loadContractState(request)]);
  // The header's login form asks for the captcha up front whenever the platform wants it.
  const loginCaptcha = shell.user ? false : await captchaNeeded(request);
  // The language's number style and the site zone's offsets, so the browser lays out numbers and
  // ticks the clock as the server did without loading ICU (ADR 041).
  const formats = { numbers: numberStyleFor(locale), zone: zoneOffsetsFor(shell.site.timeZone, Date.now()) };
  return json(
    { locale, csrfToken, shell, loginCaptcha, contracts, formats },
    { headers: csrfCookie ? { "Set-Cookie": csrfCookie } : undefined },
  );
}

/** Spec §2: after a navigation to another page, scroll smoothly to the top (back/forward keeps its place). */
function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A link to a place in the page (/seamless#play) lands there instead.
    if (type !== "POP" && !hash) window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname, type, hash]);
  return null;
}

/** Spec §4: open drop-downs (language and the others) close on a click outside them. */
function CloseDropdownsOnOutsideClick() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      for (const open of document.querySelectorAll<HTMLDetailsElement>("details[data-dropdown][open]")) {
        if (!open.contains(e.target as Node)) open.open = false;
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}

/** Remembers the language in the browser too (spec: `lang` and `hisLang`) when scripts run. */
/**
 * The browser holds one language's file, the document's. Language changes reload the document
 * (the forms to /preferences); should a navigation still bring another language (a `?lng=` link),
 * load that document whole rather than show it in the old language.
 */
function useLanguageOfDocument(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (locale && locale !== i18n.language) window.location.reload();
  }, [locale, i18n.language]);
}

function RememberLanguage({ locale }: { locale: string }) {
  useEffect(() => {
    try {
      const previous = localStorage.getItem("lang");
      if (previous && previous !== locale) localStorage.setItem("hisLang", previous);
      localStorage.setItem("lang", locale);
    } catch {
      // Storage can be off; the cookie still carries the choice.
    }
  }, [locale]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { requestId, theme, nonce } = useRequestInfo();
  const locale = i18n.language;
  return (
    <html lang={locale} dir={languageDir(locale)} className={themeClass[theme]} data-theme={theme} data-request-id={requestId}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Only an agent with a contract to decide sees the contract popup: the others never load it.
const ContractPopup = lazy(() => import("~/components/contract-popup").then((m) => ({ default: m.ContractPopup })));

function ContractPopupWhenOpen() {
  const { contracts } = useLoaderData<typeof loader>();
  if (!contracts?.open) return null;
  return (
    <Suspense fallback={null}>
      <ContractPopup />
    </Suspense>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useLanguageOfDocument(locale);
  return (
    <>
      <ScrollToTopOnNavigate />
      <CloseDropdownsOnOutsideClick />
      <RememberLanguage locale={locale} />
      <AppShell>
        <Outlet />
        <ContractPopupWhenOpen />
      </AppShell>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary withShell />;
}
