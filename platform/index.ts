import { openDb, type DbHandle } from "./db/client.js";
import { runMigrations, STARTUP_LOCK_KEY } from "./db/migrate.js";
import { isEmpty, seedDemo } from "./db/seed.js";
import { createPlatformApp } from "./app.js";
import { parsePlatformEnv, type PlatformEnv } from "./env.js";
import { logger } from "./http/observability.js";
import { loadEncKeys } from "./http/enc.js";
import { startScheduler } from "./jobs/scheduler.js";
import { getCatalogue } from "./games/catalogue.js";
import { configureSecretsKey } from "./security/secrets.js";
import { sealClearTotpSecrets } from "./accounts/two-factor.js";
import { collectGarbage } from "./db/collect-garbage.js";

export interface Platform {
  /** The whole platform API: one fetch function. */
  fetch(request: Request): Promise<Response>;
  handle: DbHandle;
  env: PlatformEnv;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, seeds an empty database, and returns the API. */
export async function startPlatform(env: PlatformEnv = parsePlatformEnv()): Promise<Platform> {
  const open = () => openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, sharedBuffers: env.PGLITE_SHARED_BUFFERS });
  let handle = await open();
  let seeded = false;
  try {
    await handle.withLock(STARTUP_LOCK_KEY, async () => {
      await runMigrations(handle);
      if (env.SEED_ON_EMPTY && (await isEmpty(handle.db))) {
        await seedDemo(handle.db);
        seeded = true;
        logger.info("empty database: demo operator configuration written");
      }
      // Secrets at rest (issue 14): the key first, then any seed an older version kept in clear.
      const source = configureSecretsKey(env, logger);
      if (source.kind === "file" && source.created) logger.info({ file: source.file }, "secrets key made and kept beside the data");
      const sealed = await sealClearTotpSecrets(handle.db);
      if (sealed) logger.info({ sealed }, "clear TOTP secrets sealed");
    });
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
  // A fresh PGlite data directory (its initdb, the migrations and the 10,000-game seed) leaves the
  // WebAssembly heap about 15 MiB fuller than a restart on the same files does, and a WebAssembly
  // memory never shrinks: open the files again, once, so the server runs on a heap of its own.
  // Not for memory:// (its data lives in the heap) nor PostgreSQL. ADR 031.
  const reopen = seeded && handle.kind === "pglite" && env.DATA_DIR !== "memory://";
  if (reopen) {
    await handle.close();
    handle = await open();
  }
  const encKeys = await handle.withLock(STARTUP_LOCK_KEY, () => loadEncKeys(handle.db, env.PLATFORM_JWE_PRIVATE_JWK));
  logger.info({ database: handle.kind }, "platform ready");
  const app = createPlatformApp({ handle, env, encKeys });
  // The first game list should not wait for the catalogue snapshot (10,000 rows on the demo seed).
  getCatalogue(handle.db)
    .catch((err) => logger.warn({ err }, "catalogue snapshot not loaded at start"))
    // The closed first instance's WebAssembly memory goes back at the next full collection: now.
    .finally(() => reopen && collectGarbage());
  const stopJobs = env.RUN_JOBS ? startScheduler(handle, logger) : async () => {};
  return {
    fetch: async (request) => app.fetch(request),
    handle,
    env,
    // Jobs first (a run in progress finishes), then the database.
    close: async () => {
      await stopJobs();
      await handle.close();
    },
  };
}
