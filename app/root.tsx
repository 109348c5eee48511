import { cssBundleHref } from "@remix-run/css-bundle";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useRequestInfo } from "~/components/request-info";
import { AppShell } from "~/components/shell";
import { defaultNS, languageDir } from "~/i18n";
import { getLocale } from "~/services/i18n.server";
import { requireOperational } from "~/services/system.server";
import { themeClass } from "~/styles/theme.css";

export const handle = { i18n: [defaultNS] };

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.site.name ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const { info } = await requireOperational(request, locale);
  return json({
    locale,
    site: {
      name: info.merchantName,
      merchantCode: info.merchantCode,
      currency: info.currency,
      isSingle: info.isSingle,
      register: info.register,
      resources: info.resources,
      customerService: info.customerService,
    },
  });
}

/** Serializes the active translations so the browser starts i18next without another request. */
function I18nResources() {
  const { i18n } = useTranslation();
  const bundle = { lng: i18n.language, ns: defaultNS, resources: i18n.getResourceBundle(i18n.language, defaultNS) ?? {} };
  return (
    <script
      id="i18n-resources"
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(bundle).replace(/</g, "\\u003c") }}
    />
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { requestId, theme } = useRequestInfo();
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
        <ScrollRestoration />
        <I18nResources />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary withShell />;
}
