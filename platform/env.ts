import { z } from "zod";

/** Settings the platform reads from the environment, parsed once at start. */
export const platformEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  OPERATOR_API_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEFAULT_MERCHANT: z.string().min(1).default("DEMO"),
  SEED_ON_EMPTY: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
});

export type PlatformEnv = z.infer<typeof platformEnvSchema> & { OPERATOR_API_KEY: string };

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
  if (!env.OPERATOR_API_KEY) {
    if (env.NODE_ENV === "production" && source.ALLOW_DEV_OPERATOR_KEY !== "1") {
      throw new EnvError("Invalid environment: OPERATOR_API_KEY is required in production");
    }
    return { ...env, OPERATOR_API_KEY: DEV_OPERATOR_API_KEY };
  }
  return { ...env, OPERATOR_API_KEY: env.OPERATOR_API_KEY };
}

export class EnvError extends Error {
  override name = "EnvError";
}
