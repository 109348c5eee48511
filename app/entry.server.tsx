import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type ActionFunctionArgs,
  type EntryContext,
  type HandleDataRequestFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { RequestInfoProvider } from "~/components/request-info";
import { TranslationProvider } from "~/components/translation";
import { getTheme } from "~/services/preferences.server";
import { getLocale, translationFor } from "~/services/i18n.server";
import { getRequestId, labelRoute, logger } from "~/services/observability.server";
import { env } from "~/services/env.server";
import { handoffWithout, hydrationStore, HydrationStore, splitHandoff, STATE_HEADER, stateJson } from "~/services/hydration.server";
import { RenderCache, visitorPage } from "~/services/render-cache.server";
import { cspSourcesFrom, dedupeCookies, makeNonce, setSecurityHeaders } from "~/services/security-headers.server";

const ABORT_DELAY = 10_000;

/** Whether the browser takes gzip (`gzip;q=0` is a refusal). */
function acceptsGzip(request: Request): boolean {
  const header = request.headers.get("accept-encoding") ?? "";
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().split(";");
    if (coding?.trim().toLowerCase() !== "gzip") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}
const renderCache = new RenderCache(env.PAGE_CACHE_ENTRIES, ABORT_DELAY);

/** The root loader's CSRF token when it is long enough to be taken out of the state unmistakably. */
function csrfIn(loaderData: Record<string, unknown> | undefined): string | null {
  const token = (loaderData?.root as { csrfToken?: unknown } | undefined)?.csrfToken;
  return typeof token === "string" && token.length >= 16 ? token : null;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const matches = remixContext.staticHandlerContext.matches;
  labelRoute(request, matches[matches.length - 1]?.route.id ?? "root");

  // A page's scripts asking for its state (hydration.server.ts): the loaders ran, the state is the answer.
  if (request.headers.has(STATE_HEADER)) {
    const { state } = splitHandoff(remixContext.serverHandoffString ?? "null");
    responseHeaders.set("Content-Type", "application/json");
    responseHeaders.set("X-Content-Type-Options", "nosniff");
    responseHeaders.set("Cache-Control", "private, no-store");
    dedupeCookies(responseHeaders);
    return new Response(stateJson(state, csrfIn(state?.loaderData)), { status: responseStatusCode, headers: responseHeaders });
  }

  const lng = await getLocale(request);
  const theme = await getTheme(request);
  const requestId = getRequestId(request);
  const nonce = makeNonce();

  const finishHeaders = () => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("X-Content-Type-Options", "nosniff");
    responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
    responseHeaders.set("X-Frame-Options", "SAMEORIGIN");
    setSecurityHeaders(responseHeaders, request, nonce, cspSourcesFrom(remixContext.staticHandlerContext.loaderData?.root));
    dedupeCookies(responseHeaders);
    // Pages carry a per-visitor CSRF token and, for members, private data.
    if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
  };

  // A visitor's page already rendered with the same loader data: only the per-request values change.
  const visitor = request.method === "GET" ? visitorPage(remixContext.staticHandlerContext) : null;
  const key = visitor
    ? renderCache.key({ url: request.url, language: lng, theme, status: responseStatusCode, loaderData: visitor.loaderData, csrf: visitor.csrf })
    : null;
  const perRequest = visitor ? { csrf: visitor.csrf, nonce, requestId } : null;
  // Ends this request's mark on the key it renders (RenderCache.begin), however the render ends.
  let rendered: (() => void) | null = null;
  if (key && perRequest) {
    finishHeaders();
    const gzip = acceptsGzip(request);
    let kept = renderCache.get(key, perRequest, { gzip });
    if (kept === null) {
      rendered = renderCache.begin(key);
      if (rendered === null) {
        // Another visitor's request is rendering this very page: take its copy when it is kept.
        await renderCache.rendered(key);
        kept = renderCache.get(key, perRequest, { gzip });
      }
    }
    responseHeaders.set("X-Render-Cache", kept === null ? "miss" : "hit");
    if (kept !== null) {
      // The kept page names its state by this key: keep that as long as the page is served.
      if (!hydrationStore.touch(key)) {
        hydrationStore.set(key, stateJson(splitHandoff(remixContext.serverHandoffString ?? "null").state, visitor!.csrf), { shared: true });
      }
      // Already compressed from the kept pieces: the server sends an encoded body as it is.
      if (kept.encoding) {
        responseHeaders.set("Content-Encoding", kept.encoding);
        responseHeaders.append("Vary", "Accept-Encoding");
      }
      responseHeaders.set("Content-Length", String(kept.body.length));
      return new Response(kept.body as unknown as BodyInit, { headers: responseHeaders, status: responseStatusCode });
    }
  }

  // However the render ends (kept, failed, or thrown before it began), the requests waiting for
  // this page stop waiting: the promise settles after the page is kept.
  const answer = new Promise<Response>((resolve, reject) => {
    // A page answered 200 to a GET carries no state: its scripts fetch it (hydration.server.ts). An
    // action's answer and an error page keep it inline (rare, and a re-run of the loaders would
    // not give back an action's answer).
    let context = remixContext;
    const sc = remixContext.staticHandlerContext;
    if (request.method === "GET" && responseStatusCode === 200 && !sc.actionData && !sc.errors && remixContext.serverHandoffString) {
      const { rest, state } = splitHandoff(remixContext.serverHandoffString);
      const csrf = csrfIn(state?.loaderData);
      // A page not kept for visitors is given out only against its token: without one it stays inline.
      if (key !== null || csrf !== null) {
        const id = key ?? HydrationStore.randomId();
        hydrationStore.set(id, stateJson(state, csrf), key !== null ? { shared: true } : { shared: false, owner: csrf });
        context = { ...remixContext, serverHandoffString: handoffWithout(rest, { id, csrf }) };
      }
    }

    let didError = false;
    // Whole documents only: pages must be complete for browsers without JavaScript.
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoProvider value={{ requestId, theme, nonce }}>
        <TranslationProvider value={translationFor(lng)}>
          <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </TranslationProvider>
      </RequestInfoProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          if (!key) finishHeaders();
          if (key && perRequest) {
            // The whole page is ready: collect it, keep it unless the render failed, then send it.
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => {
              const html = Buffer.concat(chunks).toString("utf8");
              if (!didError) renderCache.set(key, html, perRequest);
              resolve(new Response(html, { headers: responseHeaders, status: didError ? 500 : responseStatusCode }));
            });
            pipe(body);
            return;
          }
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
  return rendered ? answer.finally(rendered) : answer;
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
