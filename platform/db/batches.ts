import { PgTransaction } from "drizzle-orm/pg-core";
import { logger } from "../http/observability.js";
import { RETRYABLE_STATES, sqlState } from "./errors.js";

/**
 * A queue of independent writes that are sent to the database together (ADR 038). While a batch
 * is out, new items wait, and the next batch takes them all; alone, an item is sent at the end of
 * the current turn of the event loop. Two items that name the same key never share a batch (the
 * later one waits for the next): a caller names what must not be written twice in one statement
 * (an idempotency key, an account whose balance is checked, a seed row).
 */

export interface Queued<T, R> {
  item: T;
  keys: readonly string[];
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/** Most items in one batch. */
export const BATCH_MAX = 100;
/**
 * A batch out longer than this (waiting for a row another transaction holds) lets the next batch
 * go beside it, up to BATCH_MAX_IN_FLIGHT at once, so one slow lock does not hold every write.
 */
const BATCH_STALL_MS = 20;
const BATCH_MAX_IN_FLIGHT = 4;

export class Batches<T, R> {
  private queue: Queued<T, R>[] = [];
  private inFlight = 0;
  private sentAt = 0;
  private scheduled = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Batches of more than one item sent, and the items they carried (for tests and benches). */
  statements = 0;
  batched = 0;
  /** Items a batch left out, and batches that failed whole (their items then go alone). */
  leftOut = 0;
  failed = 0;
  /** When a failed batch was last logged, and the failures since (logged at most once a minute). */
  private failureLoggedAt = -Infinity;
  private failuresUnlogged = 0;

  /** `send` answers every item of its batch (resolve or reject) and never throws. */
  constructor(
    private readonly send: (batch: Queued<T, R>[]) => Promise<void>,
    /** What the batches write, for the log. */
    readonly name = "batch",
  ) {}

  /**
   * A batch statement failed whole; its items go alone. A conflict with another writer
   * (serialization, deadlock, a key taken) is expected now and then. Anything else would send
   * every later batch alone as well, unseen, so it is logged, at most once a minute.
   */
  noteFailure(err: unknown): void {
    this.failed++;
    const state = sqlState(err);
    if (state && RETRYABLE_STATES.has(state)) return;
    this.failuresUnlogged++;
    const now = performance.now();
    if (now - this.failureLoggedAt < 60_000) return;
    logger.warn({ batches: this.name, sqlState: state, err: err instanceof Error ? err.message : String(err), failures: this.failuresUnlogged }, "a batch statement failed; its items were written one by one");
    this.failureLoggedAt = now;
    this.failuresUnlogged = 0;
  }

  add(item: T, keys: readonly string[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, keys, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Sends what is queued once this turn of the event loop is over: items that arrive in the same
   * turn, and the next items of the callers a batch has just answered, join one batch.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.sendQueued();
    });
  }

  private sendQueued(): void {
    while (this.queue.length > 0) {
      if (this.inFlight > 0) {
        const waited = performance.now() - this.sentAt;
        if (this.inFlight >= BATCH_MAX_IN_FLIGHT) return;
        if (waited < BATCH_STALL_MS) {
          this.timer ??= setTimeout(() => {
            this.timer = null;
            this.schedule();
          }, BATCH_STALL_MS - waited);
          return;
        }
      }
      const batch = this.take();
      this.inFlight++;
      this.sentAt = performance.now();
      if (batch.length > 1) {
        this.statements++;
        this.batched += batch.length;
      }
      void this.send(batch)
        .catch((err: unknown) => {
          for (const q of batch) q.reject(err);
        })
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    }
  }

  /** The queue's first items whose keys are not already in the batch. */
  private take(): Queued<T, R>[] {
    const batch: Queued<T, R>[] = [];
    const taken = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < BATCH_MAX; ) {
      const q = this.queue[i]!;
      if (q.keys.some((k) => taken.has(k))) {
        i++;
        continue;
      }
      for (const k of q.keys) taken.add(k);
      batch.push(q);
      this.queue.splice(i, 1);
    }
    return batch;
  }
}

/**
 * What a batch's `send` does with it: one item goes `alone`; more go through `statement`, whose
 * rows (`ord`: the item's place, from 1) `answer` turns into results, or null for an item the
 * statement left out. What the statement left out, and every item of a statement that failed
 * (then nothing of it was written), goes alone, which gives its own answer or error.
 */
export async function sendBatch<T, R, Row extends { ord: number }>(
  b: Batches<T, R>,
  batch: Queued<T, R>[],
  how: { alone: (q: Queued<T, R>) => Promise<void>; statement: (items: T[]) => Promise<Row[]>; answer: (row: Row, item: T) => R | null },
): Promise<void> {
  if (batch.length === 1) return how.alone(batch[0]!);
  let rows: Row[];
  try {
    rows = await how.statement(batch.map((q) => q.item));
  } catch (err) {
    b.noteFailure(err);
    for (const q of batch) void how.alone(q);
    return;
  }
  const answered = new Set<number>();
  for (const row of rows) {
    const q = batch[row.ord - 1];
    const result = q ? how.answer(row, q.item) : null;
    if (!q || result === null) continue;
    answered.add(row.ord - 1);
    q.resolve(result);
  }
  b.leftOut += batch.length - answered.size;
  batch.forEach((q, i) => answered.has(i) || void how.alone(q));
}

/**
 * Whether `db` is a transaction (a request's, passed on as its `Database`): its writes belong to
 * it alone, so they are written one by one there, never queued with other callers' writes.
 */
export const isTransaction = (db: object): boolean => db instanceof PgTransaction;

/** One `Batches` per database (or other owner), made on first use. */
export function batchesOf<T, R>(map: WeakMap<object, Batches<T, R>>, owner: object, make: () => Batches<T, R>): Batches<T, R> {
  let b = map.get(owner);
  if (!b) map.set(owner, (b = make()));
  return b;
}
