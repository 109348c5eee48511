import type { Database } from "./client.js";

/**
 * One transaction around a whole request (ADR 020: an operator's decision and its audit row
 * commit together). Code run inside gets the transaction as its `Database`: its own
 * `db.transaction(...)` calls become savepoints (so `withLedgerTx`'s retry of a unique-key race
 * still works), and what must only happen once the change is visible to others (dropping this
 * node's caches) is deferred with `afterCommit`, run on the real database after COMMIT and
 * dropped on ROLLBACK.
 */
interface Scope {
  root: Database;
  hooks: Array<(root: Database) => void>;
}
const scopes = new WeakMap<object, Scope>();

/** Thrown (by `fn`) to roll the request's transaction back while keeping the answer it made. */
export class RollbackRequest extends Error {
  override name = "RollbackRequest";
}

export async function inRequestTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  const hooks: Scope["hooks"] = [];
  const result = await db.transaction(async (tx) => {
    scopes.set(tx, { root: db, hooks });
    return fn(tx as unknown as Database);
  });
  for (const hook of hooks) hook(db);
  return result;
}

/**
 * Runs `hook` with the real database once the change is committed: at once outside a request
 * transaction, after its COMMIT inside one (never, if it rolls back).
 */
export function afterCommit(db: Database, hook: (root: Database) => void): void {
  const scope = scopes.get(db);
  if (scope) scope.hooks.push(hook);
  else hook(db);
}
