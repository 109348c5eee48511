import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { startPlatform } from "../index.js";
import { createTestDatabase, openTestDb, testEnv, TEST_PG_URL } from "../testing/db.js";
import { banners, merchants, notices, siteStatus } from "../system/schema.js";
import { runMigrations } from "./migrate.js";
import { seedDemo } from "./seed.js";

describe("migrations and seed", () => {
  it("apply twice without change, and a re-seed keeps operator edits", async () => {
    const t = await openTestDb();
    try {
      await runMigrations(t.handle);
      const db = t.handle.db;
      await db.update(siteStatus).set({ maintenance: true }).where(eq(siteStatus.merchantCode, "DEMO"));
      const before = await db.select({ n: count() }).from(notices);
      const again = await seedDemo(db);
      expect(again.created).toBe(false);
      expect(await db.select({ n: count() }).from(notices)).toEqual(before);
      const [status] = await db.select().from(siteStatus).where(eq(siteStatus.merchantCode, "DEMO"));
      expect(status?.maintenance).toBe(true);
      const groups = new Set((await db.select({ g: banners.groupName }).from(banners)).map((b) => b.g));
      expect([...groups].sort()).toEqual(["w_forget", "w_home", "w_login", "w_register"]);
    } finally {
      await t.cleanup();
    }
  });
});

describe("startPlatform", () => {
  it("seeds an empty database once and keeps data across restarts", async () => {
    let dataDir = "";
    let env;
    let drop: (() => Promise<void>) | null = null;
    if (TEST_PG_URL) {
      const created = await createTestDatabase();
      drop = created.drop;
      env = testEnv({ DATABASE_URL: created.url });
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), "platform-start-"));
      env = testEnv({ DATA_DIR: dataDir });
    }
    try {
      const first = await startPlatform(env);
      await first.handle.db.update(merchants).set({ name: "Renamed" }).where(eq(merchants.code, "DEMO"));
      await first.close();
      const second = await startPlatform(env);
      const rows = await second.handle.db.select().from(merchants);
      expect(rows.map((r) => r.name)).toEqual(["Renamed"]);
      const res = await second.fetch(new Request("http://p/readyz"));
      expect(res.status).toBe(200);
      await second.close();
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (drop) await drop();
    }
  });

  // Skipped on PGlite (one process, nothing to race): it needs a PostgreSQL server, and .ci/run
  // runs it in the platform suite against PostgreSQL.
  it.runIf(TEST_PG_URL)("lets several nodes start at once on one PostgreSQL database", async () => {
    const created = await createTestDatabase();
    try {
      const env = testEnv({ DATABASE_URL: created.url });
      const nodes = await Promise.all([startPlatform(env), startPlatform(env), startPlatform(env)]);
      const [row] = await nodes[0]!.handle.db.select({ n: count() }).from(notices);
      expect(row?.n).toBe(16);
      await Promise.all(nodes.map((n) => n.close()));
    } finally {
      await created.drop();
    }
  });
});
