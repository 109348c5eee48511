// `npm run seed`: writes the demo operator configuration into the configured database.
import { openDb } from "./client.js";
import { runMigrations } from "./migrate.js";
import { seedDemo } from "./seed.js";
import { parsePlatformEnv } from "../env.js";

try {
  const env = parsePlatformEnv();
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runMigrations(handle);
    const { created } = await seedDemo(handle.db);
    console.log(created ? "Demo operator configuration written." : "Demo configuration already present; missing rows added.");
  } finally {
    await handle.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
