import { mkdtempSync, rmSync } from 'node:fs';
import { SHIPPED_EGYPT_RULES } from '../../core/domain/egypt-rules.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createMemoryPersistence } from '../../adapters/persistence/memory/index.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { createPostgresPersistence } from '../../adapters/persistence/postgres/index.js';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { startTestPostgres, type TestPostgres } from './postgres.js';

export type PersistenceKind = 'memory' | 'sqlite' | 'postgres';

/**
 * Hands out fresh, empty, migrated Persistence instances of one kind, for contract suites and for
 * app tests that want to run on every database. Use one instance at a time: `create()` empties the
 * database the previous one used (PostgreSQL) or opens a new file (SQLite). Close what you create;
 * `dispose()` releases the rest (temp folders, the test database, a PGlite server).
 */
export interface PersistenceHarness {
  kind: PersistenceKind;
  /** e.g. 'postgres (pglite)' — for describe() titles. */
  label: string;
  create(): Promise<Persistence>;
  dispose(): Promise<void>;
}

export function memoryHarness(): PersistenceHarness {
  return { kind: 'memory', label: 'memory', create: async () => createMemoryPersistence(), dispose: async () => {} };
}

export function sqliteHarness(): PersistenceHarness {
  const dir = mkdtempSync(join(tmpdir(), 'evisa-sqlite-'));
  let n = 0;
  const open: Persistence[] = [];
  return {
    kind: 'sqlite',
    label: 'sqlite (temp file)',
    async create() {
      const p = createSqlitePersistence(join(dir, `db-${++n}.sqlite`));
      await p.migrate();
      open.push(p);
      return p;
    },
    async dispose() {
      for (const p of open) await p.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Tables in an order that deletes children before parents. */
const TABLES = [
  'test_refunds',
  'test_payments',
  'tracking_codes',
  'portal_ledger',
  'mail_outbox',
  'text_outbox',
  'analytics_events',
  'application_drafts',
  'contact_enquiries',
  'status_history',
  'internal_notes',
  'assignment_history',
  'audit_log',
  'two_factor_recovery_codes',
  'two_factor_challenges',
  'documents',
  'application_replies',
  'refunds',
  'receipts',
  'receipt_counters',
  'payments',
  'sessions',
  'applications',
  'application_groups',
  'government_fees',
  'egypt_rules',
  'users',
  'report_days',
  'report_cohort_days',
  'report_turnaround_days',
  'report_dirty_hours',
  'application_overdue_days',
];
/** What the migration seeds (deleted with the rest, then put back). */
const SEEDED_GOVERNMENT_FEE_SQL = `insert into government_fees (effective_from, amount_cents, pence, created_at, created_by) values ('2020-01-01', 2500, 1975, '2020-01-01T00:00:00Z', null);`;
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** Egypt's shipped rules, as migration 0031 seeds them. */
const SEEDED_EGYPT_RULES_SQL = `insert into egypt_rules (kind, subject, effective_from, value, source_url, source_title, last_checked, created_at, created_by) values ${SHIPPED_EGYPT_RULES.map(
  (r) => `(${[r.kind, r.subject, r.effectiveFrom, JSON.stringify(r.value), r.source.url, r.source.title, r.lastChecked, r.createdAt.toISOString()].map(quote).join(', ')}, null)`,
).join(', ')};`;

export async function postgresHarness(opts: { max?: number } = {}): Promise<PersistenceHarness & { database: TestPostgres }> {
  const database = await startTestPostgres();
  // pglite-socket interleaves the wire messages of concurrent connections outside transactions
  // (an unnamed prepared statement of one connection is replaced by another's), so over PGlite the
  // pool keeps one connection; a real server gets a real pool.
  opts = { max: database.source === 'pglite' ? 1 : 10, ...opts };
  const first = createPostgresPersistence(database.url, opts);
  await first.migrate();
  await first.close();
  const admin = new pg.Pool({ connectionString: database.url, max: 1 });
  // pool.end() resolves once its client is released, before the server has closed it: the database
  // dropped right after may terminate that connection (57P01), which an idle pool reports as an
  // 'error' event — an uncaught exception without a listener, as the agency's own pool has one.
  admin.on('error', () => {});
  const open: Persistence[] = [];
  return {
    kind: 'postgres',
    label: `postgres (${database.source})`,
    database,
    async create() {
      // pg-boss's jobs too (its schema comes with migrate()).
      await admin.query(
        [...TABLES.map((t) => `delete from "${t}";`), `update audit_head set seq = 0, hash = '${'0'.repeat(64)}';`, SEEDED_GOVERNMENT_FEE_SQL, SEEDED_EGYPT_RULES_SQL, 'delete from pgboss.job;'].join(
          ' ',
        ),
      );
      const p = createPostgresPersistence(database.url, opts);
      open.push(p);
      return p;
    },
    async dispose() {
      for (const p of open) await p.close();
      await admin.end();
      await database.stop();
    },
  };
}

export async function openHarness(kind: PersistenceKind): Promise<PersistenceHarness> {
  if (kind === 'memory') return memoryHarness();
  if (kind === 'sqlite') return sqliteHarness();
  return postgresHarness();
}
