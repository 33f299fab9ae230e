import type { SQL, Table } from 'drizzle-orm';
import type { JobRequest } from '../../../core/domain/jobs.js';

/**
 * Units of work, written once for both SQL dialects.
 *
 * A unit is a generator function that `yield*`s the statements it needs and receives their results.
 * It never runs a statement itself: a dialect's runner does, so one unit runs inside SQLite's
 * SYNCHRONOUS transaction (better-sqlite3 executes each step at once; drizzle cannot roll back an
 * async callback there) and inside PostgreSQL's asynchronous one (each step awaited on the
 * transaction's client) alike. Control flow stays in the unit: `if (updated.length === 0) return`.
 *
 * ```ts
 * function* claim(tx: Db) {
 *   const changed = yield* changes(tx.update(t.users).set({ … }).where(…));
 *   if (changed === 0) return false;
 *   yield* changes(tx.insert(t.mailOutbox).values(…));
 *   return true;
 * }
 * ```
 */
export type Unit<T> = Generator<Step<unknown>, T, unknown>;

/** What one step asks the runner to do. */
export type Op =
  /** A drizzle select, or insert/update/delete with `.returning(…)`: its rows. */
  | { kind: 'rows'; query: PromiseLike<unknown> }
  /** A drizzle insert/update/delete: how many rows it changed. */
  | { kind: 'changes'; query: PromiseLike<unknown> }
  /** A hand-written SQL select (`sql\`…\``): its rows, as the driver returns the column values. */
  | { kind: 'sql'; query: SQL }
  /**
   * Many rows into one table, as fast as the dialect can (bulk loads); their ids when `key` is given.
   * With `adding`, a row whose `on` columns match a stored row adds its `add` column to that row's
   * instead (counters), the rows taken in `on` order.
   */
  | { kind: 'insertMany'; table: Table; rows: object[]; key?: string; adding?: Adding }
  /** Background jobs, queued in the unit's transaction (committed, or rolled back, with its writes). */
  | { kind: 'jobs'; jobs: JobRequest[] }
  /** Several steps whose order does not matter: PostgreSQL may run them at once on the pool. */
  | { kind: 'all'; steps: Step<unknown>[] };

/** Counter rows' upsert: the key columns and the counted column, by property name. */
export interface Adding {
  on: string[];
  add: string;
}

/** One statement of a unit; `yield*` it to get its result. */
export class Step<T> {
  constructor(readonly op: Op) {}

  *[Symbol.iterator](): Generator<Step<unknown>, T, unknown> {
    return (yield this) as T;
  }
}

/** The rows a select (or a write with `.returning()`) answers. */
export function rows<Q extends PromiseLike<unknown>>(query: Q): Step<Awaited<Q>> {
  return new Step({ kind: 'rows', query });
}

/** The number of rows an insert, update or delete changed. */
export function changes(query: PromiseLike<unknown>): Step<number> {
  return new Step({ kind: 'changes', query });
}

/** The rows of a hand-written select. Raw values: numbers may come back as strings (PostgreSQL's count). */
export function sqlRows<Row>(query: SQL): Step<Row[]> {
  return new Step({ kind: 'sql', query });
}

/**
 * Inserts `rows` (objects keyed by the table's property names, all with the same keys) into
 * `table`. With `key`, a unique column's property name, answers the new ids in input order.
 */
export function insertMany(table: Table, rows: object[], key?: string): Step<number[]> {
  return new Step({ kind: 'insertMany', table, rows, key });
}

/**
 * Adds many counter rows to `table` as fast as the dialect can: a row whose `adding.on` columns
 * match a stored row adds its `adding.add` column to it, others are inserted. Rows are written in
 * `on` order (the order every writer locks such rows in); give each key once.
 */
export function addMany(table: Table, rows: object[], adding: Adding): Step<void> {
  return new Step({ kind: 'insertMany', table, rows, adding });
}

/**
 * Queues background jobs with the unit's writes: they exist once the unit commits, and only then
 * are this process's workers woken (the job store's `queued`).
 */
export function queueJobs(jobs: JobRequest[]): Step<void> {
  return new Step({ kind: 'jobs', jobs });
}

type Results<S extends readonly Step<unknown>[]> = { -readonly [K in keyof S]: S[K] extends Step<infer R> ? R : never };

/** Independent steps; their results in order. */
export function all<const S extends readonly Step<unknown>[]>(steps: S): Step<Results<S>> {
  return new Step({ kind: 'all', steps: [...steps] });
}

/** Drives a unit to its end, performing each step synchronously (SQLite). */
export function runSync<T>(unit: Unit<T>, perform: (op: Op) => unknown): T {
  let next = unit.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = perform(next.value.op);
    } catch (error) {
      next = unit.throw(error);
      continue;
    }
    next = unit.next(result);
  }
  return next.value;
}

/** Drives a unit to its end, awaiting each step (PostgreSQL). */
export async function runAsync<T>(unit: Unit<T>, perform: (op: Op) => Promise<unknown>): Promise<T> {
  let next = unit.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = await perform(next.value.op);
    } catch (error) {
      next = unit.throw(error);
      continue;
    }
    next = unit.next(result);
  }
  return next.value;
}
