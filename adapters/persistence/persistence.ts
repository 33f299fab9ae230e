import type { Ports } from '../../core/ports/index.js';

/** The stores one database provides; every dialect (memory, SQLite, PostgreSQL) returns this. */
export type Persistence = Pick<
  Ports,
  'users' | 'sessions' | 'applications' | 'documents' | 'payments' | 'history' | 'enquiries' | 'outbox' | 'analytics'
> & {
  readonly dialect: 'memory' | 'sqlite' | 'postgres';
  /** Applies pending migrations; safe to run on an already-migrated database. */
  migrate(): Promise<void>;
  /** Answers true when the database is reachable (health check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};
