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
    const incoming = request.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === "string" && /^[A-Za-z0-9._-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    request.headers[REQUEST_ID_HEADER] = id;
    request.headers[SOCKET_IP_HEADER] = request.socket.remoteAddress ?? "";
    response.setHeader("X-Request-Id", id);
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
