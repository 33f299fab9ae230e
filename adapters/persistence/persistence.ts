import type { Ports } from '../../core/ports/index.js';

/** The ports one database provides. */
export const STORE_KEYS = ['users', 'sessions', 'applications', 'documents', 'payments', 'history', 'enquiries', 'outbox', 'analytics'] as const;
export type Stores = Pick<Ports, (typeof STORE_KEYS)[number]>;

/** The stores one database provides; every dialect (memory, SQLite, PostgreSQL) returns this. */
export type Persistence = Stores & {
  readonly dialect: 'memory' | 'sqlite' | 'postgres';
  /** Applies pending migrations; safe to run on an already-migrated database. */
  migrate(): Promise<void>;
  /** Answers true when the database is reachable (health check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** Just the stores of a Persistence, as the core's ports. */
export function storesOf(persistence: Persistence): Stores {
  return Object.fromEntries(STORE_KEYS.map((key) => [key, persistence[key]])) as unknown as Stores;
}
