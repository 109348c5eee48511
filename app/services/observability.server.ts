import { randomUUID } from "node:crypto";
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";
import { Counter, Histogram, register } from "prom-client";
import { env } from "./env.server";

export const logger = pino({ level: env.LOG_LEVEL, base: { service: "web" } });

/** Headers the web sets itself on every incoming request; a client's own copies are dropped. */
export const REQUEST_ID_HEADER = "x-request-id";
export const SOCKET_IP_HEADER = "x-web-socket-ip";

const requests =
  (register.getSingleMetric("http_requests_total") as Counter<string> | undefined) ??
  new Counter({
    name: "http_requests_total",
    help: "Web requests by route, method and status.",
    labelNames: ["route", "method", "status"],
  });
const durations =
  (register.getSingleMetric("http_request_duration_seconds") as Histogram<string> | undefined) ??
  new Histogram({
    name: "http_request_duration_seconds",
    help: "Web request latency by route and method.",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

const routeByRequest = new Map<string, string>();

/** Names the route that served a request, for the metrics label (never the raw path). */
export function labelRoute(request: Request, routeId: string) {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (id) routeByRequest.set(id, routeId);
}

export function getRequestId(request: Request): string {
  return request.headers.get(REQUEST_ID_HEADER) ?? "unknown";
}

function staticLabel(url: string): string | null {
  const path = url.split("?")[0] ?? "";
  if (path.startsWith("/build/")) return "static:build";
  if (/\.[a-z0-9]{2,5}$/i.test(path)) return "static:public";
  return null;
}

/** A raw control character, an encoded NUL, or percent-encoding that does not decode, in the path or query. */
export function unreadableUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\x00-\x1f\x7f]/.test(url)) return true;
  const [path = "", query = ""] = url.split(/\?(.*)/s);
  try {
    if (decodeURIComponent(path).includes("\0")) return true;
    for (const part of query.split("&")) {
      if (decodeURIComponent(part.replace(/\+/g, " ")).includes("\0")) return true;
    }
  } catch {
    return true;
  }
  return false;
}

/** A state-changing request whose Origin is not the host it was sent to (Remix's own rule). */
function crossSitePost(request: IncomingMessage): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.origin;
  if (typeof origin !== "string" || !origin) return false;
  // A page with `Referrer-Policy: no-referrer` (the game frame) posts with `Origin: null`; the
  // browser's own Sec-Fetch-Site, which no page can set, still says where the post came from.
  const site = request.headers["sec-fetch-site"];
  if (origin === "null" && site === "same-origin") {
    delete request.headers.origin;
    return false;
  }
  const forwarded = request.headers["x-forwarded-host"];
  const host = (typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : "") || request.headers.host;
  try {
    return origin === "null" || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * The HTTP server is outside the Remix build (server/index.mjs), so the web hooks Node's HTTP diagnostics channels: every
 * request gets an id and the socket address before Remix sees it, and is counted and logged
 * when its response closes.
 */
function instrumentHttpServer() {
  const flag = Symbol.for("betting-site.http-instrumented");
  const g = globalThis as Record<symbol, unknown>;
  if (g[flag]) return;
  g[flag] = true;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const started = performance.now();
    // Issue 14: the log id is always ours; a client's X-Request-Id is never trusted as one.
    const id = randomUUID();
    request.headers[REQUEST_ID_HEADER] = id;
    request.headers[SOCKET_IP_HEADER] = request.socket.remoteAddress ?? "";
    // A URL that cannot be read safely never reaches a loader: it is answered 400 (issue 14).
    if (unreadableUrl(request.url ?? "/")) request.url = "/bad-request";
    // A post from another site is answered 403 with the form to send again, not a 500 and a
    // stack in the log (Remix itself would throw on the mismatched Origin).
    else if (crossSitePost(request)) {
      request.url = `/cross-site-post?${new URLSearchParams({ to: (request.url ?? "/").split("?")[0] ?? "/" })}`;
      delete request.headers.origin;
    }
    response.setHeader("X-Request-Id", id);
    // Tokens (password reset, game launch) ride in query strings: no access-log line may carry
    // one. This listener runs before the server's access logger reads the URL at "finish".
    response.once("finish", () => {
      const bare = (request.url ?? "").split("?")[0] ?? "";
      (request as IncomingMessage & { originalUrl?: string }).originalUrl = bare;
      request.url = bare;
    });
    response.once("close", () => {
      const route = routeByRequest.get(id) ?? staticLabel(request.url ?? "") ?? "unmatched";
      routeByRequest.delete(id);
      const seconds = (performance.now() - started) / 1000;
      const method = request.method ?? "GET";
      requests.inc({ route, method, status: String(response.statusCode) });
      durations.observe({ route, method }, seconds);
      if (!route.startsWith("static:")) {
        logger.info(
          {
            requestId: id,
            method,
            path: (request.url ?? "").split("?")[0],
            route,
            status: response.statusCode,
            ms: Math.round(seconds * 1000),
          },
          "request",
        );
      }
    });
  });
}

instrumentHttpServer();

export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await register.metrics(), contentType: register.contentType };
}
