import { randomUUID } from "node:crypto";
import pino from "pino";
import { Counter, Histogram, register } from "prom-client";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "platform" },
});

export type Logger = typeof logger;

/** A request id as sent by the caller when it looks sane, otherwise a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && /^[A-Za-z0-9._-]{1,100}$/.test(header) ? header : randomUUID();
}

function counter(name: string, help: string, labelNames: string[]): Counter<string> {
  return (register.getSingleMetric(name) as Counter<string> | undefined) ?? new Counter({ name, help, labelNames });
}

function histogram(name: string, help: string, labelNames: string[]): Histogram<string> {
  return (
    (register.getSingleMetric(name) as Histogram<string> | undefined) ??
    new Histogram({ name, help, labelNames, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] })
  );
}

export const platformRequests = counter("platform_requests_total", "Platform API requests by route, method and status.", [
  "route",
  "method",
  "status",
]);
export const platformDuration = histogram(
  "platform_request_duration_seconds",
  "Platform API request latency by route and method.",
  ["route", "method"],
);

export const metricsRegistry = register;
