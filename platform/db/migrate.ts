import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { DbHandle, Schema } from "./client.js";

/** Advisory-lock key for start-up work (migrations and first seed). */
export const STARTUP_LOCK_KEY = 7_310_001;

/**
 * Where the SQL migrations are. The platform runs from its sources (tsx) and bundled into the
 * web build (build/index.js), so look beside this module first, then from the project root.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.MIGRATIONS_DIR,
    path.join(here, "migrations"),
    path.resolve(here, "..", "platform", "db", "migrations"),
    path.resolve(process.cwd(), "platform", "db", "migrations"),
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((c) => existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

export async function runMigrations(handle: DbHandle): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePostgres(handle.db as PostgresJsDatabase<Schema>, {
      migrationsFolder: migrationsFolderPath,
    });
  }
}
