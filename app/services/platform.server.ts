import { json } from "@remix-run/node";
import { z } from "zod";
import type { Platform } from "#platform/index.js";
import { countPlatformCall } from "#platform/http/request-counts.js";
import { askLocally, localText } from "#platform/http/local-answer.js";
import { getClientCountry, getClientIp, getSiteHost } from "./client-info.server";
import { env } from "./env.server";
import { getRequestId, logger } from "./observability.server";
import { encryptForPlatform, forgetPlatformKey } from "./enc.server";

/** Data of the spec's 'Network link is abnormal, please try again' page state. */
export type NetworkErrorData = { kind: "network"; requestId: string };

/** A refusal the platform answered on purpose, with a code from the spec's catalogue. */
export class PlatformError extends Error {
  override name = "PlatformError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** Extra facts from the platform, e.g. `captchaRequired` or per-field failures. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

let embedded: Promise<Platform> | null = null;

/** The platform in this process: started once, on first use, and again after a failed start. */
export function getEmbeddedPlatform(): Promise<Platform> {
  const g = globalThis as { __embeddedPlatform?: Promise<Platform> | null };
  embedded = g.__embeddedPlatform ?? embedded;
  if (!embedded) {
    embedded = import("#platform/index.js").then(({ startPlatform }) => startPlatform(env.platform ?? undefined));
    embedded.catch((err) => {
      logger.error({ err }, "embedded platform failed to start");
      embedded = null;
      g.__embeddedPlatform = null;
    });
    g.__embeddedPlatform = embedded;
  }
  return embedded;
}

/**
 * The signal of every in-process call: nothing aborts one (the platform answers or throws), and
 * nothing on the platform's side listens to it. A Request made without a signal makes an
 * AbortController of its own: half of the Request's cost (2.7 of 5.2 µs), twice in every kept page.
 */
const neverAborted = new AbortController().signal;

/** Sends a request to the platform: in-process by default, over HTTP with UPSTREAM_URL. */
export async function platformFetch(path: string, init: RequestInit = {}): Promise<Response> {
  countPlatformCall();
  if (env.UPSTREAM_URL) {
    const url = new URL(path, env.UPSTREAM_URL);
    return fetch(url, { ...init, signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS) });
  }
  const platform = await getEmbeddedPlatform();
  return platform.fetch(inProcessRequest(path, init));
}

const inProcessRequest = (path: string, init: RequestInit) => new Request(new URL(path, "http://platform.internal"), { ...init, signal: init.signal ?? neverAborted });

/**
 * A typed call's answer: its status and its envelope. In this process the platform hands the
 * envelope over as the JSON text a body would carry, and no body (ADR 042); over HTTP it is the body.
 */
async function exchange(path: string, init: RequestInit): Promise<{ status: number; ok: boolean; payload: unknown }> {
  if (env.UPSTREAM_URL) {
    const response = await platformFetch(path, init);
    return { status: response.status, ok: response.ok, payload: await response.json() };
  }
  countPlatformCall();
  const platform = await getEmbeddedPlatform();
  const request = askLocally(inProcessRequest(path, init));
  const response = await platform.fetch(request);
  const text = localText(request, response);
  return { status: response.status, ok: response.ok, payload: text === undefined ? await response.json() : JSON.parse(text) };
}

export interface CallOptions<T extends z.ZodTypeAny> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: T;
  language?: string;
  /** The member's session token, for TOKEN calls. */
  token?: string | null;
  /** An ENC call: the body travels as JWE to the platform's key. */
  enc?: boolean;
}

const failureEnvelope = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }).passthrough(),
});

/**
 * One typed platform call on behalf of a visitor. The answer is parsed with the caller's zod
 * schema. Refusals (4xx with an error envelope) throw PlatformError; anything else that goes
 * wrong (no answer, a 5xx, a malformed body) throws the network-error page state.
 */
/** The platform's success envelope around each answer's schema, made once per schema (zod's builders cost 3% of a visitor page). */
const envelopes = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();
function successEnvelope<T extends z.ZodTypeAny>(schema: T) {
  let envelope = envelopes.get(schema) as z.ZodObject<{ success: z.ZodLiteral<true>; value: T }> | undefined;
  if (!envelope) envelopes.set(schema, (envelope = z.object({ success: z.literal(true), value: schema })));
  return envelope;
}

export async function callPlatform<T extends z.ZodTypeAny>(
  request: Request,
  path: string,
  options: CallOptions<T>,
): Promise<z.infer<T>> {
  const requestId = getRequestId(request);
  const url = new URL(path, "http://platform.internal");
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers({ "x-request-id": requestId, "x-site-host": getSiteHost(request) });
  const ip = getClientIp(request);
  const country = getClientCountry(request);
  if (ip) headers.set("x-client-ip", ip);
  if (country) headers.set("x-client-country", country);
  // The security centre lists each session's browser (printable ASCII only: a header value).
  const userAgent = request.headers.get("user-agent")?.replace(/[^\x20-\x7e]/g, "").slice(0, 300);
  if (userAgent) headers.set("x-client-user-agent", userAgent);
  if (options.language) headers.set("accept-language", options.language);
  if (options.body !== undefined) headers.set("content-type", options.enc ? "application/jose" : "application/json");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);

  let response: { status: number; ok: boolean; payload: unknown };
  try {
    const send = async () =>
      exchange(url.pathname + url.search, {
        method: options.method ?? "GET",
        headers,
        body: options.body === undefined ? undefined : options.enc ? await encryptForPlatform(options.body) : JSON.stringify(options.body),
      });
    response = await send();
    if (options.enc && response.status === 400 && (response.payload as { error?: { code?: string } })?.error?.code === "KEY_UNKNOWN") {
      // The platform's key changed (a new key or another deployment): fetch it and try once more.
      forgetPlatformKey();
      response = await send();
    }
  } catch (err) {
    logger.warn({ err, requestId, path }, "platform unreachable");
    throw networkError(requestId);
  }
  if (response.status >= 400 && response.status < 500) {
    const refusal = failureEnvelope.safeParse(response.payload);
    if (refusal.success) {
      const { code, message, ...details } = refusal.data.error;
      throw new PlatformError(code, message, response.status, details);
    }
  }
  if (response.ok) {
    const parsed = successEnvelope(options.schema).safeParse(response.payload);
    if (parsed.success) return parsed.data.value;
    logger.error({ requestId, path, issues: parsed.error.issues.slice(0, 5) }, "malformed platform response");
  } else {
    logger.error({ requestId, path, status: response.status }, "platform failed");
  }
  throw networkError(requestId);
}

/**
 * A value a call returned unparsed (its schema `z.unknown()`), parsed as `callPlatform` parses its
 * answers: a malformed one is logged and is the network-error page state. For an answer read in
 * parts, each part by its own schema (system.server.ts).
 */
export function parsedValue<T extends z.ZodTypeAny>(request: Request, path: string, schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const requestId = getRequestId(request);
  logger.error({ requestId, path, issues: parsed.error.issues.slice(0, 5) }, "malformed platform response");
  throw networkError(requestId);
}

export function networkError(requestId: string) {
  return json<NetworkErrorData>({ kind: "network", requestId }, { status: 502 });
}

/** Vendor and operator calls are small JSON documents; anything bigger is refused unread. */
const FORWARD_BODY_LIMIT = 1024 * 1024;

async function readLimited(request: Request, limit: number): Promise<ArrayBuffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out.buffer;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host", "content-length", "cookie"]);

/**
 * Passes a public platform API call (vendor wallet, operator) through unchanged: same method,
 * headers and raw body (signatures are over the raw bytes), same answer.
 */
export async function forwardToPlatform(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key) && !key.startsWith("x-client-") && key !== "x-site-host") headers.set(key, value);
  });
  headers.set("x-site-host", getSiteHost(request));
  const ip = getClientIp(request);
  if (ip) headers.set("x-client-ip", ip);
  let body: ArrayBuffer | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const read = await readLimited(request, FORWARD_BODY_LIMIT);
    if (!read) {
      return new Response(JSON.stringify({ error: { code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" } }), {
        status: 413,
        headers: { "content-type": "application/json" },
      });
    }
    body = read;
  }
  try {
    const res = await platformFetch(url.pathname + url.search, { method: request.method, headers, body });
    const out = new Headers();
    for (const key of ["content-type", "x-request-id", "retry-after", "x-content-type-options", "content-security-policy", "content-disposition"]) {
      const v = res.headers.get(key);
      if (v) out.set(key, v);
    }
    out.set("cache-control", "no-store");
    return new Response(await res.arrayBuffer(), { status: res.status, headers: out });
  } catch (err) {
    logger.warn({ err, path: url.pathname }, "platform unreachable for forwarded call");
    return new Response(
      JSON.stringify({ error: { code: "UPSTREAM_UNAVAILABLE", message: "Network link is abnormal, please try again" } }),
      { status: 502, headers: { "content-type": "application/json" } },
    );
  }
}
