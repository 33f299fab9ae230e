import type { NewApplication } from '../../core/domain/application.js';
import type { NewDocument } from '../../core/domain/document.js';
import type { NewPaymentRecord } from '../../core/domain/payment.js';
import type { NewRefund } from '../../core/domain/refund.js';
import type { NewStatusHistoryEntry } from '../../core/domain/status-history.js';
import type { Ports } from '../../core/ports/index.js';
import type { PortalLedgerWrite } from '../../core/ports/portal-ledger-repository.js';
import type { NewUser } from '../../core/ports/user-repository.js';
import type { JobStore } from '../jobs/job-store.js';
import type { InProcessPaymentStore } from '../payments/in-process-store.js';
import type { AccessChanges } from './access-changes.js';
import type { DatabaseBackup } from './backup.js';

/** The ports one database provides. */
export const STORE_KEYS = [
  'users',
  'sessions',
  'applications',
  'drafts',
  'groups',
  'documents',
  'payments',
  'receipts',
  'refunds',
  'history',
  'notes',
  'replies',
  'portal',
  'governmentFees',
  'egyptRules',
  'portalOutages',
  'assignments',
  'audit',
  'enquiries',
  'outbox',
  'texts',
  'analytics',
  'attempts',
  'twoFactor',
  'trackingCodes',
  'reports',
] as const;
export type Stores = Pick<Ports, (typeof STORE_KEYS)[number]>;

/** One application in its final state, with what was recorded about it on the way there. */
export interface LoadedApplication {
  application: NewApplication;
  payments: Omit<NewPaymentRecord, 'applicationId'>[];
  history: NewStatusHistoryEntry[];
  documents: Omit<NewDocument, 'applicationId'>[];
  /** The final fee was waived: its finalPaymentId is waivedPaymentId(id), known once it is stored. */
  finalFeeWaived: boolean;
  /**
   * Refunds of its payments, each naming the payment it refunds by `paymentType` (the loader finds
   * the stored payment's id). Written as they are: the application's refundedAmount is the caller's.
   */
  refunds?: LoadedRefund[];
  /** Its portal-ledger row (docs/product.md §2.16), stored at version 1; none reads as to_submit. */
  portal?: PortalLedgerWrite | null;
}

/** A refund of a loaded application's payment of `paymentType`. */
export type LoadedRefund = Omit<NewRefund, 'paymentId' | 'applicationId'>;

/**
 * Bulk loads (seed-demo, benchmarks): rows written as they are, many per statement, one
 * transaction per call — the repository ports write one application at a time (≈5 ms each with
 * its payments, history and documents), so 100k would take minutes. No mails are queued and no
 * rule is checked beyond the database's own constraints.
 */
export interface BulkLoader {
  /** Stores the users; answers their ids in input order. */
  insertUsers(users: NewUser[]): Promise<number[]>;
  /**
   * Stores the applications with their payments, history, documents, refunds and portal-ledger rows
   * (one transaction); answers their ids in input order.
   */
  insertApplications(applications: LoadedApplication[]): Promise<number[]>;
  /**
   * Once a bulk load is done: brings the planner's picture of the tables up to date (PostgreSQL:
   * VACUUM ANALYZE of the loaded tables, so estimates are right and index-only scans work at once
   * instead of after autovacuum's next round). SQLite rebuilds here the secondary indexes of the
   * loaded tables, which it sets aside before the first write (a sorted build instead of a million
   * random inserts into each); until then the admin's lists are slow, and a run that stops early
   * gets them back at the next open (migrate). Memory: nothing.
   */
  finish(): Promise<void>;
}

/**
 * The database connections this process holds, as GET /metrics reports them: PostgreSQL's pool
 * (in use, idle, requests waiting for a connection, its size); SQLite's one connection, which a
 * synchronous driver never leaves in use between statements; nothing for memory.
 */
export interface ConnectionStats {
  max: number;
  inUse: number;
  idle: number;
  waiting: number;
}

/** The stores one database provides; every dialect (memory, SQLite, PostgreSQL) returns this. */
export type Persistence = Stores & {
  readonly dialect: 'memory' | 'sqlite' | 'postgres';
  readonly bulk: BulkLoader;
  /** The database's background jobs (the job runner works them; units queue them with their writes). */
  readonly jobs: JobStore;
  /** The built-in test payment provider's book (its payments and refunds), kept with the agency's data. */
  readonly testPayments: InProcessPaymentStore;
  /** When sessions end or users change, here or in any other process on the same database. */
  readonly accessChanges: AccessChanges;
  /** Consistent copies of the database while it serves (evisa backup); none in memory. */
  readonly backup?: DatabaseBackup;
  /** Applies pending migrations (and creates the job queues); safe to run on an already-migrated database. */
  migrate(): Promise<void>;
  /** Answers true when the database is reachable (health check). */
  ping(): Promise<boolean>;
  /** This process's connections now (metrics); reads no database. */
  connections(): ConnectionStats;
  close(): Promise<void>;
};

/** Just the stores of a Persistence, as the core's ports. */
export function storesOf(persistence: Persistence): Stores {
  return Object.fromEntries(STORE_KEYS.map((key) => [key, persistence[key]])) as unknown as Stores;
}
