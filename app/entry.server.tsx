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
import { RenderCache, visitorPage, type PerRequest } from "~/services/render-cache.server";
import { cspSourcesFrom, dedupeCookies, makeNonce, setSecurityHeaders, splitSetCookie, type CspSources } from "~/services/security-headers.server";
import { forgetRequest } from "~/services/shell-cache.server";
import { csrf, csrfCookieName } from "~/services/csrf.server";
import { memoKey, requestPart, secondOf, VisitorMemo, type MemoEntry } from "~/services/visitor-memo.server";

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
/** A second's requests of the same inputs: which kept page they get (visitor-memo.server.ts, ADR 035). */
const visitorMemo = new VisitorMemo(env.PAGE_CACHE_ENTRIES > 0 ? 1024 : 0);

/** The headers of every HTML document but its body's own (length, encoding). */
function documentHeaders(headers: Headers, request: Request, nonce: string, sources: CspSources | undefined) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  setSecurityHeaders(headers, request, nonce, sources);
  dedupeCookies(headers);
  // Pages carry a per-visitor CSRF token and, for members, private data.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/** What the server passes on to the request handler when the memo has no page for a request yet. */
interface MemoSlot {
  key: string;
  second: number;
}
type MemoContext = { visitorMemo?: MemoSlot };

/** A request as the web server describes it before making a Request of it (server/index.mjs). */
export interface RequestView {
  url: string;
  method: string;
  headers: Pick<Headers, "get" | "has">;
}

/** A page served without running the loaders: the web server sends it as it is (server/index.mjs). */
export interface KeptAnswer {
  status: number;
  headers: Array<[string, string]>;
  /** The body's pieces in order. */
  pieces: Buffer[];
}

/**
 * The web server asks first (server/index.mjs): a visitor's page whose inputs match a request of
 * this second that ran its loaders is that request's kept page with this request's token, nonce
 * and request id (ADR 035). Otherwise the context to run the loaders with, which has this
 * request's memo key when it may be kept; null when the memo is not for this request.
 */
export async function keptVisitorPage(view: RequestView): Promise<{ page: KeptAnswer } | { context: MemoContext } | null> {
  // What runs here reads only a request's URL, method and headers (the view's): the platform calls
  // name the visitor by its headers, the token comes from its cookie.
  const request = view as unknown as Request;
  const part = requestPart(request);
  if (part === null || env.PAGE_CACHE_ENTRIES <= 0) return null;
  const second = secondOf(Date.now());
  // Any failure here (the platform unreachable) is the loaders' to answer, as before.
  const key = await memoKey(request, part, second).catch(() => null);
  if (key === null) return null;
  const context: MemoContext = { visitorMemo: { key, second } };
  const entry = visitorMemo.get(key, second);
  if (!entry) return { context };
  const [token, cookie] = await csrf.commitToken(request.headers);
  const perRequest: PerRequest = { csrf: token, nonce: makeNonce(), requestId: getRequestId(request) };
  const kept = renderCache.get(entry.renderKey, perRequest, { gzip: acceptsGzip(request) });
  // The page or its state may have left their stores: the loaders run.
  if (kept === null || !hydrationStore.touch(entry.renderKey)) return { context };
  // Served: no loader will read what the key read for this request.
  forgetRequest(request);
  const headers: Array<[string, string]> = [...entry.headers, [entry.policy.name, entry.policy.before + perRequest.nonce + entry.policy.after]];
  if (cookie) headers.push(["Set-Cookie", cookie]);
  headers.push(["X-Render-Cache", "hit"], ["X-Render-Memo", "hit"]);
  if (kept.encoding) headers.push(["Content-Encoding", kept.encoding], ["Vary", entry.vary ? `${entry.vary}, Accept-Encoding` : "Accept-Encoding"]);
  else if (entry.vary) headers.push(["Vary", entry.vary]);
  headers.push(["Content-Length", String(kept.length)]);
  labelRoute(request, entry.routeId);
  return { page: { status: 200, headers, pieces: kept.pieces } };
}

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
  loadContext?: unknown,
) {
  const matches = remixContext.staticHandlerContext.matches;
  const routeId = matches[matches.length - 1]?.route.id ?? "root";
  labelRoute(request, routeId);

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

  const cspSources = cspSourcesFrom(remixContext.staticHandlerContext.loaderData?.root);
  const finishHeaders = () => documentHeaders(responseHeaders, request, nonce, cspSources);

  // A visitor's page already rendered with the same loader data: only the per-request values change.
  const visitor = request.method === "GET" ? visitorPage(remixContext.staticHandlerContext) : null;
  const key = visitor
    ? renderCache.key({ url: request.url, language: lng, theme, status: responseStatusCode, loaderData: visitor.loaderData, csrf: visitor.csrf })
    : null;
  const perRequest = visitor ? { csrf: visitor.csrf, nonce, requestId } : null;
  // Ends this request's mark on the key it renders (RenderCache.begin), however the render ends.
  let rendered: (() => void) | null = null;
  // The memo's entry for this request's inputs (ADR 035), made from the loaders' headers before the
  // document's own are added: kept once this page is, if the second it was asked in has not passed.
  const slot = (loadContext as MemoContext | undefined)?.visitorMemo;
  const remember = key && slot ? memoEntry(responseHeaders, request, key, routeId, cspSources) : null;
  const keptInMemo = () => {
    if (remember && slot && secondOf(Date.now()) === slot.second) visitorMemo.set(slot.key, slot.second, remember);
  };
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
      keptInMemo();
      // Already compressed from the kept pieces: the server sends an encoded body as it is.
      if (kept.encoding) {
        responseHeaders.set("Content-Encoding", kept.encoding);
        responseHeaders.append("Vary", "Accept-Encoding");
      }
      responseHeaders.set("Content-Length", String(kept.length));
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
              if (!didError) {
                renderCache.set(key, html, perRequest);
                keptInMemo();
              }
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

/** Stands for the nonce in a kept policy: no character of it is in a nonce (base64) or a policy. */
const NONCE_MARK = "<<nonce>>";

/**
 * The memo's entry for a page kept under `renderKey`: the headers its loaders gave, made into the
 * document's headers once (they are a function of the memo key: the URL and its protocol, the
 * operator's hosts), with the policy split at its nonce. Null when the loaders set a cookie other
 * than the CSRF token's (that answer is this request's own).
 */
function memoEntry(loaderHeaders: Headers, request: Request, renderKey: string, routeId: string, cspSources: CspSources | undefined): MemoEntry | null {
  const withList = loaderHeaders as Headers & { getSetCookie?: () => string[] };
  const cookies = withList.getSetCookie?.() ?? splitSetCookie(loaderHeaders.get("set-cookie"));
  if (cookies.some((c) => c.split("=")[0]!.trim() !== csrfCookieName)) return null;
  const document = new Headers();
  for (const [name, value] of loaderHeaders.entries()) if (name !== "set-cookie") document.append(name, value);
  documentHeaders(document, request, NONCE_MARK, cspSources);
  const headers: Array<[string, string]> = [];
  let policy: MemoEntry["policy"] | null = null;
  for (const [name, value] of document.entries()) {
    if (name === "vary") continue;
    const at = value.indexOf(NONCE_MARK);
    if (name.startsWith("content-security-policy") && at >= 0) policy = { name, before: value.slice(0, at), after: value.slice(at + NONCE_MARK.length) };
    else headers.push([name, value]);
  }
  return policy ? { renderKey, routeId, headers, policy, vary: document.get("vary") } : null;
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
