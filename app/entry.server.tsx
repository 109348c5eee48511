import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type ActionFunctionArgs,
  type EntryContext,
  type HandleDataRequestFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { RequestInfoProvider } from "~/components/request-info";
import { getTheme } from "~/services/preferences.server";
import { i18nConfig } from "~/i18n";
import { getLocale, i18nServer, resources } from "~/services/i18n.server";
import { getRequestId, labelRoute, logger } from "~/services/observability.server";
import { cspSourcesFrom, dedupeCookies, makeNonce, setSecurityHeaders } from "~/services/security-headers.server";

const ABORT_DELAY = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const matches = remixContext.staticHandlerContext.matches;
  labelRoute(request, matches[matches.length - 1]?.route.id ?? "root");

  const instance = createInstance();
  const lng = await getLocale(request);
  await instance.use(initReactI18next).init({
    ...i18nConfig,
    lng,
    ns: i18nServer.getRouteNamespaces(remixContext),
    resources,
  });
  const theme = await getTheme(request);
  const requestId = getRequestId(request);
  const nonce = makeNonce();

  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    // Whole documents only: pages must be complete for browsers without JavaScript.
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoProvider value={{ requestId, theme, nonce }}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </RequestInfoProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
          responseHeaders.set("X-Frame-Options", "SAMEORIGIN");
          setSecurityHeaders(responseHeaders, request, nonce, cspSourcesFrom(remixContext.staticHandlerContext.loaderData?.root));
          dedupeCookies(responseHeaders);
          // Pages carry a per-visitor CSRF token and, for members, private data.
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: didError ? 500 : responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          didError = true;
          logger.error({ err: error, requestId }, "render failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  const routeId = new URL(request.url).searchParams.get("_data");
  if (routeId) labelRoute(request, routeId);
  return response;
};

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  logger.error({ err: error, requestId: getRequestId(request), path: new URL(request.url).pathname }, "unhandled error");
}
