import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { freePort, root, waitFor, WEB_SERVER } from "./servers";

// Skipped without a build: these start the built server (build/index.js). `npm test` builds
// before it runs them; run `npm run build` first when running this file alone.
const built = existsSync(path.join(root, "build/index.js"));

/**
 * The PostgreSQL run: against PG_ADMIN_URL (CI sets it, with PG_REQUIRED=1 so it cannot skip),
 * else a local server at the default address when one answers. Each run gets a scratch database.
 */
const PG_ADMIN_URL = process.env.PG_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
async function pgReachable(): Promise<string | null> {
  const sql = postgres(PG_ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return null;
  } catch (err) {
    return `no PostgreSQL at ${new URL(PG_ADMIN_URL).host} (${err instanceof Error ? err.message : String(err)}); set PG_ADMIN_URL to run these on PostgreSQL`;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}
// The two "on PostgreSQL" tests are skipped where no PostgreSQL server answers (a newcomer's
// machine); .ci/run sets PG_REQUIRED=1 for npm test, under which an unreachable server fails instead of skipping.
const pgSkipReason = built ? await pgReachable() : "no build";
if (pgSkipReason && process.env.PG_REQUIRED === "1") throw new Error(`PG_REQUIRED=1 but ${pgSkipReason}`);
if (pgSkipReason && built) console.warn(`shutdown on PostgreSQL skipped: ${pgSkipReason}`);

async function scratchDatabase() {
  const name = `shutdown_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

/** Starts a server with its output kept, so the test can read the shutdown lines. */
function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** Polls `check` every 50 ms for up to 30 s. */
async function until(check: () => boolean) {
  for (let i = 0; i < 600; i++) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A GET over a keep-alive connection that stays open after the answer (as a browser's would). */
function keepAliveGet(url: string, agent: http.Agent) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

// ISSUE 14 item 8: on SIGTERM a process stops taking connections, finishes the requests in
// flight, stops its jobs at a safe point, closes the database and exits within 10 s.
// Skipped without a build (build/index.js): `npm test` builds before it runs this suite; run
// `npm run build` first when running it alone.
describe.runIf(built)("graceful shutdown on SIGTERM", () => {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const f of cleanups.splice(0).reverse()) await f();
  });

  function tempDir() {
    const dir = mkdtempSync(path.join(tmpdir(), "shutdown-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }
  function track(child: ChildProcess) {
    cleanups.push(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
  }

  /** The web server with a slow request in flight: it is answered in full, and the process exits 0 within 10 s. */
  async function webShutdown(database: Record<string, string>) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const web = start([WEB_SERVER, "build/index.js"], {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      ENABLE_TEST_ROUTES: "1",
      ...database,
    });
    track(web.child);
    await waitFor(`${base}/readyz`, 180_000);

    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    // An idle keep-alive connection must not hold the shutdown up.
    expect((await keepAliveGet(`${base}/healthz`, agent)).status).toBe(200);

    const slow = fetch(`${base}/e2e-fixtures/slow?ms=5000`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 500));
    const signalled = Date.now();
    web.child.kill("SIGTERM");
    // Once the server has taken the signal (a busy machine may take a moment)...
    const begun = await until(() => /"msg":"shutting down"/.test(web.output()));
    expect(begun).toBe(true);
    // ...the slow request was in flight,
    expect(web.output()).toMatch(/"inFlight":1,"msg":"shutting down"/);
    // new connections are refused while it is still being answered,
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    // and it is answered in full.
    expect(await slow).toEqual({ status: 200, body: { waited: 5000 } });
    // Exit 0 and "stopped" only come from a drained shutdown; past 9.5 s it cuts with exit 1.
    expect(await web.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(web.output()).toContain('"msg":"stopped"');
  }

  /** The platform service with a keep-alive connection open: exits 0 within 10 s. */
  async function platformShutdown(database: Record<string, string>) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const platform = start(["--import", "tsx", "platform/server.ts"], { PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ...database });
    track(platform.child);
    await waitFor(`${base}/readyz`, 180_000);
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    expect((await keepAliveGet(`${base}/readyz`, agent)).status).toBe(200);

    const signalled = Date.now();
    platform.child.kill("SIGTERM");
    // Before, the open keep-alive connection held server.close() until a 10 s timer exited
    // without closing the database; now the drained path logs "stopped" and exits 0 (a cut exits 1).
    expect(await platform.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(platform.output()).toContain('"msg":"stopped"');
  }

  it("the web server finishes a slow request, refuses new connections, closes PGlite and exits 0", async () => {
    const dataDir = tempDir();
    await webShutdown({ DATA_DIR: dataDir });
    // The database was closed cleanly: it opens again and holds the migrated schema.
    const db = new PGlite(path.join(dataDir, "pglite"));
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from merchants");
    expect(rows[0]!.n).toBeGreaterThan(0);
    await db.close();
  }, 600_000);

  it("the platform service (npm run start:platform) exits 0 with a keep-alive connection open", async () => {
    await platformShutdown({ DATA_DIR: tempDir() });
  }, 600_000);

  describe("on PostgreSQL", () => {
    // The PostgreSQL-backed server once ignored SIGTERM for 25 s (issue 14). Exit 0 and "stopped"
    // come only after the pool has closed; a close that hangs is cut at 9.5 s with exit 1.
    // Skipped only where no PostgreSQL server answers (or there is no build): the reason is printed
    // above, and .ci/run sets PG_REQUIRED=1, which turns a skip into a failure there.
    it.skipIf(!!pgSkipReason)("the web server finishes a slow request, closes its pool and exits 0 within 10 s", async () => {
      const db = await scratchDatabase();
      cleanups.push(db.drop);
      await webShutdown({ DATABASE_URL: db.url, DATA_DIR: tempDir() });
      const sql = postgres(db.url, { max: 1, onnotice: () => {} });
      try {
        const [row] = await sql<{ n: number }[]>`select count(*)::int as n from merchants`;
        expect(row!.n).toBeGreaterThan(0);
      } finally {
        await sql.end();
      }
    }, 600_000);

    // The same condition as the test above: no PostgreSQL server here (a failure under .ci/run).
    it.skipIf(!!pgSkipReason)("the platform service exits 0 within 10 s with a keep-alive connection open", async () => {
      const db = await scratchDatabase();
      cleanups.push(db.drop);
      await platformShutdown({ DATABASE_URL: db.url, DATA_DIR: tempDir() });
    }, 600_000);
  });
});
