import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Per-request counts of platform calls and SQL statements, for the speed work (issue 15): how much
 * one page costs. Off unless a server runs the request inside `requestCounts.run(...)` (server/
 * index.mjs does with DEBUG_REQUEST_COUNTS=1); then every platform call the web makes and every
 * statement drizzle sends on its behalf is counted in that request's store. The store lives on
 * globalThis under a registered symbol because the web build, the platform and server/index.mjs
 * may each load their own copy of this module.
 */
export interface RequestCounts {
  calls: number;
  statements: number;
}

const KEY = Symbol.for("bet.requestCounts");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<RequestCounts> };
export const requestCounts: AsyncLocalStorage<RequestCounts> = (holder[KEY] ??= new AsyncLocalStorage<RequestCounts>());

export function countPlatformCall(): void {
  const counts = requestCounts.getStore();
  if (counts) counts.calls++;
}

export function countStatement(): void {
  const counts = requestCounts.getStore();
  if (counts) counts.statements++;
}

/** Drizzle's logger hook: called once per statement sent (transactions' BEGIN/COMMIT are not). */
export const statementCounter = { logQuery: countStatement };
