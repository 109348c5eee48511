import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { PGlite } from "@electric-sql/pglite";
import { sql, type Logger, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { openDb, rowsOf, type Database, type DbHandle } from "../db/client.js";
import * as schema from "../db/schema.js";
import { runMigrations } from "../db/migrate.js";
import { seedDemo, type SeedOptions } from "../db/seed.js";
import { createPlatformApp } from "../app.js";
import { parsePlatformEnv, type PlatformEnv } from "../env.js";
import { CompactEncrypt, importJWK } from "jose";
import { ENC_ALG, ENC_ENC, ENC_PATHS, loadEncKeys, type EncKeys } from "../http/enc.js";

export async function encryptTo(keys: EncKeys, value: unknown): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
    .setProtectedHeader({ alg: ENC_ALG, enc: ENC_ENC, kid: keys.kid })
    .encrypt(await importJWK(keys.publicJwk, ENC_ALG));
}

/**
 * The PostgreSQL server the platform suite runs against, when set (CI sets it); otherwise the
 * suite runs on in-memory PGlite. Each test database is created fresh and dropped after.
 */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "";

export interface TestDb {
  handle: DbHandle;
  /** The URL of the test database (PostgreSQL only). */
  url: string | null;
  dropDatabase(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

/**
 * A fresh, migrated test database, seeded with the demo brand. The catalogue is the small one
 * unless a suite asks for the full 10,000-slot library (it costs a few seconds on PGlite).
 */
export async function openTestDb({ seed = true, catalogue = "small" }: { seed?: boolean } & SeedOptions = {}): Promise<TestDb> {
  if (TEST_PG_URL) {
    const created = await createTestDatabase();
    const handle = await openDb({ databaseUrl: created.url, dataDir: "unused" });
    await runMigrations(handle);
    if (seed) await seedDemo(handle.db, { catalogue });
    return {
      handle,
      url: created.url,
      dropDatabase: created.drop,
      cleanup: async () => {
        await handle.close().catch(() => {});
        await created.drop();
      },
    };
  }
  const handle = await openPgliteTemplate(seed ? catalogue : "bare", async (made) => {
    await runMigrations(made);
    if (seed) await seedDemo(made.db, { catalogue });
  });
  return {
    handle,
    url: null,
    dropDatabase: async () => {
      await handle.close();
    },
    cleanup: () => handle.close(),
  };
}

/**
 * The folder where this Vitest run keeps its test databases as made (migrated, and seeded when
 * asked): made and removed by the run's global setup (pglite-templates.ts). Unset outside Vitest.
 */
const TEMPLATES = process.env.PGLITE_TEMPLATES;

/**
 * An in-memory database as `make` leaves a new one. The run's first file to ask for `kind` makes it
 * and keeps a copy; every later file opens the copy. As a process's first
 * database, a copy took 0.9-1.9 s of CPU here, an empty cluster with the migrations and the seed
 * 5 s (PGlite's WebAssembly running initdb). Two files that ask at once both make it; the copy
 * renamed into place last (each whole) is the one later files open. ADR 044.
 */
async function openPgliteTemplate(kind: string, make: (handle: DbHandle) => Promise<void>): Promise<DbHandle> {
  const file = TEMPLATES ? path.join(TEMPLATES, `${kind}.tar`) : null;
  if (file && existsSync(file)) return openDb({ dataDir: "memory://", loadDataDir: new Blob([readFileSync(file)]) });
  const handle = await openDb({ dataDir: "memory://" });
  await make(handle);
  if (file && handle.dump) {
    // Its own name for each maker: files in threads (ADR 051) share the process id.
    const partial = `${file}.${randomBytes(6).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await (await handle.dump()).arrayBuffer()));
    renameSync(partial, file);
  }
  return handle;
}

export const TEST_OPERATOR_KEY = "test-operator-key-0123456789";

export function testEnv(overrides: Record<string, string> = {}): PlatformEnv {
  return parsePlatformEnv({ NODE_ENV: "test", DATA_DIR: "memory://", OPERATOR_API_KEY: TEST_OPERATOR_KEY, ...overrides });
}

/** A platform app over a fresh test database, driven through its fetch function. */
export async function createTestPlatform(options: { seed?: boolean; env?: Record<string, string> } & SeedOptions = {}) {
  const testDb = await openTestDb(options);
  const encKeys = await loadEncKeys(testDb.handle.db);
  const app = createPlatformApp({ handle: testDb.handle, env: testEnv(options.env), encKeys });
  const call = async (path: string, init: RequestInit & { json?: unknown; operator?: boolean } = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    // ENC calls take JWE: encrypt like the web does.
    if (init.json !== undefined && ENC_PATHS.includes(path.split("?")[0]!)) {
      headers.set("content-type", "application/jose");
      init = { ...init, body: await encryptTo(encKeys, init.json), json: undefined };
    }
    if (init.operator) headers.set("authorization", `Bearer ${TEST_OPERATOR_KEY}`);
    const res = await app.fetch(
      new Request(`http://platform.test${path}`, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }),
    );
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (metrics): keep the text.
    }
    return { status: res.status, body, headers: res.headers };
  };
  return { ...testDb, app, call };
}

type Caller = Awaited<ReturnType<typeof createTestPlatform>>["call"];

/**
 * Members made through the operator API and logged in, for suites that play with money: a
 * funded player, its balance, its auth headers and fresh request keys, from one client address.
 */
export function playersOf(call: () => Caller, opts: { prefix: string; ip: string }) {
  let n = 0;
  const host = { "x-site-host": "localhost", "x-client-ip": opts.ip };
  const auth = (token: string) => ({ ...host, authorization: `Bearer ${token}` });
  const key = () => `${opts.prefix}-${Date.now().toString(36)}-${n++}`;
  async function player(funds = "100.00") {
    const account = `${opts.prefix}${Date.now().toString(36).slice(-5)}${n++}`;
    await call()("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123" } });
    if (funds !== "0") await call()(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: { kind: "bonus", amount: funds, reference: key() } });
    const login = await call()("/wps/session/login", { method: "POST", headers: host, json: { username: account, password: "secret123" } });
    return { account, token: login.body.value.token as string };
  }
  const balance = async (token: string) => (await call()("/wps/v2/wallets/balance", { headers: auth(token) })).body.value.balance as string;
  return { host, auth, key, player, balance, cents: (s: string) => Math.round(Number(s) * 100) };
}

/**
 * The test database through a second drizzle instance on the same client (same pool or PGlite)
 * that counts the statements it sends, each a round trip: every query drizzle runs, and two per
 * transaction opened for BEGIN and COMMIT (or ROLLBACK), which the drivers send past drizzle's
 * logger. Caches kept per database object (ledger account ids, merchant terms) start empty.
 */
export function countingDb(handle: DbHandle): { db: Database; statements(): number } {
  let n = 0;
  const logger: Logger = { logQuery: () => void n++ };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db: Database =
    handle.kind === "postgres" ? drizzlePostgres(client as postgres.Sql, { schema, logger }) : drizzlePglite(client as PGlite, { schema, logger });
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) => {
    n += 2;
    return transaction(fn, config);
  }) as Database["transaction"];
  return { db, statements: () => n };
}

/**
 * The plan PostgreSQL keeps for `statement` once it settles on a generic one: a prepared statement's
 * connection keeps it for good (a pooled one for up to an hour), even when it was made while the
 * tables were near empty, as here. `args` are SQL literals in the order of the statement's
 * parameters (from them, when a function); by default, null for each.
 */
export async function genericPlan(db: Database, statement: SQL, args?: string[] | ((params: unknown[]) => string[])): Promise<string> {
  const query = new PgDialect().sqlToQuery(statement);
  const values = typeof args === "function" ? args(query.params) : (args ?? query.params.map(() => "null"));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan as ${query.sql}`));
    try {
      const lines = rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql.raw(`explain execute generic_plan(${values.join(", ")})`)));
      return lines.map((l) => l["QUERY PLAN"]).join("\n");
    } finally {
      await tx.execute(sql`deallocate generic_plan`);
    }
  });
}
