import { z } from "zod";

/** Settings the platform reads from the environment, parsed once at start. */
export const platformEnvSchema = z.object({
  // Production unless told otherwise: a forgotten setting must not open the operator API.
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** The embedded database's shared buffers (PGlite only; ADR 028): its memory floor. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,4}[kMG]B$/, "must be a size such as 16MB")
    .default("16MB"),
  /** Where feedback images are kept (never served publicly); default DATA_DIR/feedback. */
  FEEDBACK_DIR: z.string().min(1).optional(),
  OPERATOR_API_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEFAULT_MERCHANT: z.string().min(1).default("DEMO"),
  /** The ENC key pair as a private JWK (JSON); unset, the platform keeps one in the database. */
  PLATFORM_JWE_PRIVATE_JWK: z
    .string()
    .refine((v) => {
      try {
        return typeof JSON.parse(v).d === "string";
      } catch {
        return false;
      }
    }, "must be a private JWK (JSON with d)")
    .optional(),
  /** A real SMS and e-mail gateway (see platform/accounts/messaging.ts); unset, messages go to the outbox. */
  MESSAGE_WEBHOOK_URL: z.string().url().optional(),
  MESSAGE_WEBHOOK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The sandbox payment gateway (test money: its payer page pays without a bank). On by default
   * outside production; a production deployment turns it on only for a demo or test site.
   */
  SANDBOX_PAYMENTS: z.enum(["true", "false", "1", "0"]).optional(),
  /** Run the scheduled jobs (payout auto-receive) in this process; every node may, a lock picks one. */
  RUN_JOBS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Encrypts secrets kept at rest (TOTP seeds; AES-256-GCM, key = SHA-256 of this value). Unset,
   * a random key is made once and kept in SECRETS_KEY_FILE (default DATA_DIR/secrets.key, mode
   * 0600); there is no key in the source. Several nodes need it set, the same on each (ADR 014).
   */
  SECRETS_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  SECRETS_KEY_FILE: z.string().min(1).optional(),
  SEED_ON_EMPTY: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
});

/** `OPERATOR_API_KEY` null means the operator API is switched off. */
export type PlatformEnv = Omit<z.infer<typeof platformEnvSchema>, "OPERATOR_API_KEY" | "SANDBOX_PAYMENTS"> & { OPERATOR_API_KEY: string | null; SANDBOX_PAYMENTS: boolean };

/** The development key, used only outside production when none is set. */
export const DEV_OPERATOR_API_KEY = "dev-operator-key-change-me";

export function formatEnvError(error: z.ZodError): string {
  return (
    "Invalid environment: " +
    error.issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`).join("; ")
  );
}

export function parsePlatformEnv(source: Record<string, string | undefined> = process.env): PlatformEnv {
  const parsed = platformEnvSchema.safeParse(source);
  if (!parsed.success) throw new EnvError(formatEnvError(parsed.error));
  const env = parsed.data;
  // Without a key, production switches the operator API off rather than guess one;
  // development uses a well-known key so a laptop can try it.
  const key = env.OPERATOR_API_KEY ?? (env.NODE_ENV === "development" ? DEV_OPERATOR_API_KEY : null);
  const sandbox = env.SANDBOX_PAYMENTS === undefined ? env.NODE_ENV !== "production" : env.SANDBOX_PAYMENTS === "true" || env.SANDBOX_PAYMENTS === "1";
  return { ...env, OPERATOR_API_KEY: key, SANDBOX_PAYMENTS: sandbox };
}

export class EnvError extends Error {
  override name = "EnvError";
}
