import { randomBytes } from "node:crypto";
import { z } from "zod";
import { formatEnvError, parsePlatformEnv, type PlatformEnv } from "#platform/env.js";

const webEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** A platform started separately (`npm run start:platform`); unset means embedded. */
  UPSTREAM_URL: z.string().url().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How many reverse proxies in front of the web add X-Forwarded-For; 0 trusts none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Header a trusted proxy or CDN sets with the visitor's country, e.g. cf-ipcountry. */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "must be a header name")
    .transform((v) => v.toLowerCase())
    .optional(),
  /** Signs cookies (CSRF, session). Set it, the same on every web node, when scaling out. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Content-Security-Policy as report-only (a rollout): violations are logged, nothing is blocked. */
  CSP_REPORT_ONLY: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  /** Extra hosts (comma-separated) for CSP img-src, frame-src and frame-ancestors, beyond the operator's configuration. */
  CSP_IMG_HOSTS: z.string().optional(),
  CSP_FRAME_HOSTS: z.string().optional(),
  CSP_FRAME_ANCESTORS: z.string().optional(),
  /** Payment gateways' hosts a form may post to (CSP form-action), comma-separated. */
  PAYMENT_GATEWAY_HOSTS: z.string().optional(),
  /** Rendered visitor pages kept in memory (render-cache.server.ts); 0 renders every request. */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(10_000).default(64),
  /** Routes used only by the end-to-end tests (a page that throws). Never in a real deployment. */
  ENABLE_TEST_ROUTES: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
});

export type WebEnv = Omit<z.infer<typeof webEnvSchema>, "SESSION_SECRET"> & {
  SESSION_SECRET: string;
  /** True when no SESSION_SECRET was given and a per-process one is used. */
  ephemeralSecret: boolean;
  platform: PlatformEnv | null;
};

export function parseWebEnv(source: Record<string, string | undefined> = process.env): WebEnv {
  const parsed = webEnvSchema.safeParse(emptyAsUnset(source));
  if (!parsed.success) throw new Error(formatEnvError(parsed.error));
  // The embedded platform reads its own settings from the same environment.
  const platform = parsed.data.UPSTREAM_URL ? null : parsePlatformEnv(emptyAsUnset(source));
  const secret = parsed.data.SESSION_SECRET;
  return {
    ...parsed.data,
    SESSION_SECRET: secret ?? randomBytes(32).toString("hex"),
    ephemeralSecret: !secret,
    platform,
  };
}

function emptyAsUnset(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
}

function load(): WebEnv {
  try {
    return parseWebEnv();
  } catch (err) {
    // One clear line, then stop: a bad setting must not start a half-working site.
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

export const env = load();

/** `Secure` cookies in production, unless INSECURE_COOKIES=1 (plain-HTTP hosts other than localhost). */
export const secureCookies = env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";

if (env.ephemeralSecret && env.NODE_ENV === "production") {
  // Forms still work on this node until it restarts; several nodes need one shared secret.
  console.warn(
    JSON.stringify({ level: 40, service: "web", msg: "SESSION_SECRET is not set: using a per-process secret; set it when running more than one web node" }),
  );
}
