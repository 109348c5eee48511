import { afterCommit } from "./request-tx.js";
import type { Database } from "./client.js";

/**
 * Reads kept in memory where that is exact: on a database whose every write passes through this
 * process. PGlite lives inside the process that opened it (its files take one process at a time),
 * so when that process forgets a row on each of its own writes, the kept copy can never be stale
 * (ADR 026). On PostgreSQL other nodes write too, and nothing is kept: each read goes to the
 * database, as before.
 *
 * For small rows read on every request (the site status, a visitor's login failures), which on
 * PGlite cost a millisecond or more each in its WebAssembly engine, about as much as the rest of a
 * cached page.
 */
const soleWriters = new WeakSet<object>();

/** Marks a database whose writes all come from this process (client.ts, for PGlite). */
export function markSoleWriter(db: Database): void {
  soleWriters.add(db);
}

/**
 * Whether `db` is such a database. A transaction object is not: reads inside a transaction see
 * its own uncommitted writes, so they always go to the database.
 */
export function isSoleWriter(db: Database): boolean {
  return soleWriters.has(db);
}

interface Slot<V> {
  value: Promise<V>;
}

interface State<V> {
  slots: Map<string, Slot<V>>;
  /** Per key: bumped by each forget, so a read that started before it is not kept. */
  generations: Map<string, number>;
  /** Bumped when every key is forgotten at once. */
  epoch: number;
}

/**
 * A map of reads by key, per database. `read` answers from memory on a sole-writer database and
 * reads through otherwise; `forget` (called by every write of what is kept, inside or outside a
 * transaction) drops the key once the write is committed. A read that was in flight while a
 * write committed is not kept: each key has a generation, bumped by `forget`, and a read is only
 * stored if the generation it started under still holds when it ends.
 */
export class KeptReads<V> {
  private readonly perDb = new WeakMap<object, State<V>>();
  /** The databases with kept reads, for a write made through an object that is not one of them. */
  private readonly known: Array<WeakRef<object>> = [];

  constructor(private readonly max: number) {}

  private state(db: Database) {
    let s = this.perDb.get(db);
    if (!s) {
      this.perDb.set(db, (s = { slots: new Map(), generations: new Map(), epoch: 0 }));
      this.known.push(new WeakRef(db));
    }
    return s;
  }

  read(db: Database, key: string, load: () => Promise<V>): Promise<V> {
    if (!isSoleWriter(db)) return load();
    const s = this.state(db);
    const hit = s.slots.get(key);
    if (hit) return hit.value;
    const generation = s.generations.get(key) ?? 0;
    const epoch = s.epoch;
    const value = load();
    const slot: Slot<V> = { value };
    if (s.slots.size >= this.max) s.slots.clear(); // keys may come from requests (addresses): a bounded few
    s.slots.set(key, slot);
    const drop = () => {
      if (s.slots.get(key) === slot) s.slots.delete(key);
    };
    value.then(
      () => {
        if ((s.generations.get(key) ?? 0) !== generation || s.epoch !== epoch) drop();
      },
      drop,
    );
    return value;
  }

  /** Forgets `key` (or every key) once the write that changes it is committed. */
  forget(db: Database, key?: string): void {
    afterCommit(db, (root) => {
      const own = this.perDb.get(root);
      // A write through a transaction object of its own (db.transaction, not a request's) arrives
      // here under that object, which this map does not know: forget the key everywhere instead.
      // (On PGlite no other query runs while such a transaction is open, so nothing reads in between.)
      const states = own ? [own] : this.allStates();
      for (const s of states) this.forgetIn(s, key);
    });
  }

  private allStates() {
    const states: Array<State<V>> = [];
    for (let i = this.known.length - 1; i >= 0; i--) {
      const db = this.known[i]!.deref();
      const s = db && this.perDb.get(db);
      if (s) states.push(s);
      else this.known.splice(i, 1);
    }
    return states;
  }

  private forgetIn(s: State<V>, key: string | undefined): void {
    if (key === undefined) {
      s.epoch++;
      s.slots.clear();
      s.generations.clear();
      return;
    }
    s.slots.delete(key);
    if (s.generations.size >= this.max) {
      // Forgetting the generations would let an older read in flight be kept: end them all instead.
      s.generations.clear();
      s.epoch++;
    }
    s.generations.set(key, (s.generations.get(key) ?? 0) + 1);
  }
}
