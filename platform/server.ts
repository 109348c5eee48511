// The platform as its own service: `npm run start:platform` (PORT, DATABASE_URL).
import { serve } from "@hono/node-server";
import { z } from "zod";
import { EnvError, parsePlatformEnv } from "./env.js";
import { startPlatform } from "./index.js";
import { logger } from "./http/observability.js";
import type { Server } from "node:http";
import { gracefulShutdown } from "../server/shutdown.mjs";

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
  // SIGTERM: stop taking connections, finish the requests in flight, stop the jobs at a safe point,
  // close the database, exit, all within 10 s (server/shutdown.mjs).
  gracefulShutdown(server as Server, { log: (msg, extra) => logger.info(extra ?? {}, msg), onDrained: () => platform.close() });
}

main().catch((err) => {
  console.error(`Platform failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
