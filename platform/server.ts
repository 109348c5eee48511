// The platform as its own service: `npm run start:platform` (PORT, DATABASE_URL).
import { serve } from "@hono/node-server";
import { z } from "zod";
import { EnvError, parsePlatformEnv } from "./env.js";
import { startPlatform } from "./index.js";
import { logger } from "./http/observability.js";

async function main() {
  let env;
  let port: number;
  try {
    env = parsePlatformEnv();
    const parsedPort = z.coerce.number().int().min(0).max(65535).default(4000).safeParse(process.env.PORT || undefined);
    if (!parsedPort.success) throw new EnvError("Invalid environment: PORT must be a port number (0-65535)");
    port = parsedPort.data;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  const platform = await startPlatform(env);
  const server = serve({ fetch: platform.fetch, port, hostname: process.env.HOST ?? "0.0.0.0" }, (info) =>
    logger.info({ port: info.port }, "platform listening"),
  );
  const stop = () => {
    server.close(() => void platform.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error(`Platform failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
