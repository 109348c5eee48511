import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema.js";
import { statementCounter } from "../http/request-counts.js";
import { markSoleWriter } from "./kept-reads.js";
import { DEFAULT_SHARED_BUFFERS, pgliteModule } from "./pglite-wasm.js";

export type Schema = typeof schema;
/** Both drivers' databases share drizzle's PostgreSQL base; domain code sees only that. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `execute()`: an array on postgres-js, `{ rows }` on PGlite. */
export const rowsOf = <T,>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[];

/**
 * Runs a raw statement as a prepared statement. `execute()` sends drizzle's raw SQL unprepared,
 * and postgres-js then parses and describes every parameterised statement in a round trip of its
 * own before it binds and runs it; a prepared one is parsed once per connection and then only
 * bound (about a quarter more transfers per second on the ledger benchmark). For the statements
 * that run on every bet (the ledger's posting, a round's nonce). `values` fill the statement's
 * `sql.placeholder(name)`s. Drizzle's session and dialect are internal, so fall back to
 * `execute()` if they ever change shape (a statement without placeholders only).
 */
export async function executePrepared(ex: { execute(statement: SQL): Promise<unknown> }, statement: SQL, values?: Record<string, unknown>): Promise<unknown> {
  const e = internals(ex);
  if (!e && values) throw new Error("drizzle's session or dialect changed shape: a prepared statement with placeholders cannot run");
  if (!e) return ex.execute(statement);
  // postgres-js prepares when a name is given (any name: it keys its statements by their text).
  return e.session.prepareQuery(e.dialect.sqlToQuery(statement), undefined, "prepared", false).execute(values);
}

type Query = { sql: string; params: unknown[] };
interface Internals {
  session: { prepareQuery: (query: Query, fields: undefined, name: string, arrayMode: boolean) => { execute(values?: Record<string, unknown>): Promise<unknown> } };
  dialect: { sqlToQuery: (s: SQL) => Query };
}

function internals(ex: unknown): Internals | null {
  const e = ex as Partial<Internals>;
  return typeof e.session?.prepareQuery === "function" && typeof e.dialect?.sqlToQuery === "function" ? (e as Internals) : null;
}

/**
 * A prepared statement whose text is built once (per SQL dialect), from `build`, which writes
 * every value as `sql.placeholder(name)`; each run binds `values` by name. Drizzle builds a raw
 * statement's text from its parts on every call: for the posting and the round's write, about
 * 50-100 µs of the Node process per statement, which the round bench found busy while half of
 * PostgreSQL's backends waited for it (bench/README.md, 2026-11-30).
 */
export function preparedStatement(build: () => SQL): (ex: { execute(statement: SQL): Promise<unknown> }, values: Record<string, unknown>) => Promise<unknown> {
  const built = new WeakMap<object, Query>();
  return (ex, values) => {
    const e = internals(ex);
    if (!e) throw new Error("drizzle's session or dialect changed shape: a prepared statement with placeholders cannot run");
    let query = built.get(e.dialect);
    if (!query) built.set(e.dialect, (query = e.dialect.sqlToQuery(build())));
    return e.session.prepareQuery(query, undefined, "prepared", false).execute(values);
  };
}

export interface DbHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  /** Runs `fn` while holding a cluster-wide advisory lock, so one node at a time does it. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PGlite only: its whole cluster as a tarball, which `loadDataDir` opens again (the test suite's templates). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; "memory://" keeps it in memory (tests). */
  dataDir: string;
  /** PostgreSQL pool size (default 10); benchmarks with many clients raise it. */
  max?: number;
  /** PGlite's shared buffers, e.g. "16MB" (pglite-wasm.ts, ADR 028); "128MB" is PGlite's own build. */
  sharedBuffers?: string;
  /** PGlite in memory only: start from a `dump()` instead of an empty cluster. */
  loadDataDir?: Blob;
}

export async function openDb({ databaseUrl, dataDir, max = 10, sharedBuffers = DEFAULT_SHARED_BUFFERS, loadDataDir }: OpenDbOptions): Promise<DbHandle> {
  if (databaseUrl) {
    const client = postgres(databaseUrl, {
      max,
      onnotice: () => {},
      connect_timeout: 5,
      // No JIT: our statements are short OLTP ones, and the few large ones (team figures, the
      // ledger check) spent 0.4-3 s compiling at 100,000 members (bench/agents.mjs, ADR 022).
      connection: { jit: "off" },
    });
    const db: Database = drizzlePostgres(client, { schema, logger: statementCounter });
    return {
      db,
      kind: "postgres",
      ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`), timeoutMs),
      withLock: async (key, fn) => {
        const conn = await client.reserve();
        try {
          await conn`select pg_advisory_lock(${key})`;
          return await fn();
        } finally {
          await conn`select pg_advisory_unlock(${key})`.catch(() => {});
          conn.release();
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  let target = dataDir;
  if (dataDir !== "memory://") {
    target = path.resolve(dataDir, "pglite");
    mkdirSync(target, { recursive: true });
  }
  // Our own compile of PGlite's module with fewer shared buffers (undefined: PGlite's stock one).
  const wasmModule = sharedBuffers === "128MB" ? undefined : await pgliteModule(sharedBuffers);
  const client = new PGlite({
    ...(target === "memory://" ? (loadDataDir ? { loadDataDir } : {}) : { dataDir: target }),
    ...(wasmModule ? { wasmModule } : {}),
  });
  await client.waitReady;
  const db: Database = drizzlePglite(client, { schema, logger: statementCounter });
  // PGlite's files take one process at a time: every write comes through this one (kept-reads.ts).
  markSoleWriter(db);
  let localLock: Promise<void> = Promise.resolve();
  return {
    db,
    kind: "pglite",
    ping: async (timeoutMs = 2000) => {
      if (client.closed) throw new Error("database is closed");
      await withTimeout(client.query("select 1"), timeoutMs);
    },
    // PGlite lives in this one process: a local queue is the whole lock.
    withLock: (_key, fn) => {
      const run = localLock.then(fn, fn);
      localLock = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    dump: () => client.dumpDataDir("none"),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
