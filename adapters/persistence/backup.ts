import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Backups of the database (docs/decisions/0027-backups.md): a consistent copy taken while the
 * agency keeps serving, and a restore into an empty database. What a copy is depends on the
 * database: a SQLite file (better-sqlite3's online backup) or a `pg_dump --format=custom` archive.
 */
export type DumpFormat = 'sqlite' | 'pg_dump';

/** A migration, as drizzle records it applied (its journal's `when`) and as its journal names it. */
export interface SchemaMigration {
  /** The journal's tag, e.g. `0026_audit_action_index`; null when this code's journal does not know it (a newer one). */
  tag: string | null;
  /** Milliseconds: drizzle's `created_at`, the journal's `when` (migrations are applied in this order). */
  createdAt: number;
}

/** What a database (or a copy of it) holds, read at one moment. */
export interface DatabaseFacts {
  /** Rows in every table, by name (`schema.table` outside the default schema). */
  tables: Record<string, number>;
  /** The newest migration applied; null on a database never migrated. */
  migration: SchemaMigration | null;
  /** The audit chain's head (core/domain/audit-chain.ts); null when the database has no audit log yet. */
  auditHead: { seq: number; hash: string } | null;
}

/** Taking a copy of an open database. */
export interface DatabaseBackup {
  readonly format: DumpFormat;
  /**
   * Writes a consistent copy of the whole database to `file` while it keeps serving, and answers
   * what the copy holds, read from the same moment.
   */
  dump(file: string): Promise<DatabaseFacts>;
}

/** A database a copy is restored into (not opened as the agency's: nothing else may use it meanwhile). */
export interface DatabaseTarget {
  readonly format: DumpFormat;
  /** `SQLite database /data/agency.sqlite`, `PostgreSQL database agency at db:5432`. */
  readonly label: string;
  /** The PostgreSQL database's URL (the agency opens it with DATABASE_URL); null for SQLite. */
  readonly databaseUrl: string | null;
  /** True when it holds the agency's records: a user, an application or an audit entry. */
  holdsRecords(): Promise<boolean>;
  /**
   * Throws TargetInUse when another process has the database open (a server not stopped): checked
   * before a restore writes anything, and again by load().
   */
  assertNotInUse(): Promise<void>;
  /**
   * Replaces everything the database holds with the copy in `file`, all or nothing. Throws
   * TargetInUse when another process has it open (SQLite), before anything is changed.
   */
  load(file: string): Promise<void>;
  /** What it holds now. */
  facts(): Promise<DatabaseFacts>;
  /** Removes a throw-away database (verify); a no-op for the agency's own. */
  drop(): Promise<void>;
  close(): Promise<void>;
}

/** Another process holds the database: the restore did not start. */
export class TargetInUse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetInUse';
  }
}

/**
 * A PostgreSQL client tool (pg_dump, pg_restore, psql: Debian's postgresql-client, found on PATH)
 * is missing or failed; its message says which and why. pg_dump refuses a server of a newer major
 * version than its own: install the client of the server's version.
 */
export class ClientToolFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientToolFailed';
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

const journals = new Map<string, SchemaMigration[]>();

/** The migrations a dialect's folder holds, oldest first (its drizzle journal). */
export function knownMigrations(migrationsFolder: string): SchemaMigration[] {
  let known = journals.get(migrationsFolder);
  if (!known) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
    known = journal.entries.map((e) => ({ tag: e.tag, createdAt: e.when })).sort((a, b) => a.createdAt - b.createdAt);
    journals.set(migrationsFolder, known);
  }
  return known;
}

/** The migration drizzle recorded as applied last (`created_at`), named from the journal where it is known. */
export function migrationAt(createdAt: number | null, migrationsFolder: string): SchemaMigration | null {
  if (createdAt === null) return null;
  return { tag: knownMigrations(migrationsFolder).find((m) => m.createdAt === createdAt)?.tag ?? null, createdAt };
}

/** True when the record tables (users, applications, audit entries) hold a row: the agency has data. */
export function factsShowRecords(facts: DatabaseFacts): boolean {
  return (facts.tables.users ?? 0) > 0 || (facts.tables.applications ?? 0) > 0 || (facts.tables.audit_log ?? 0) > 0;
}

/**
 * The database a restore goes to: the configured one (a `postgres://` URL, else the SQLite file),
 * opened for the restore only (the PostgreSQL adapter is loaded only then).
 */
export async function openDatabaseTarget(options: { databaseUrl: string | null; sqliteFile: string }): Promise<DatabaseTarget> {
  if (options.databaseUrl?.trim()) {
    const { postgresTarget } = await import('./postgres/backup.js');
    return postgresTarget(options.databaseUrl.trim());
  }
  const { sqliteTarget } = await import('./sqlite/backup.js');
  return sqliteTarget(options.sqliteFile);
}

/**
 * A throw-away database for `evisa backup verify`: agency.sqlite in `scratchDir` (a DATA_DIR), or a
 * new database on the PostgreSQL server of `databaseUrl` (dropped by drop()).
 */
export async function openScratchTarget(format: DumpFormat, options: { databaseUrl: string | null; scratchDir: string }): Promise<DatabaseTarget> {
  if (format === 'pg_dump') {
    if (!options.databaseUrl?.trim()) throw new Error('needs a PostgreSQL server');
    const { scratchPostgresTarget } = await import('./postgres/backup.js');
    return scratchPostgresTarget(options.databaseUrl.trim());
  }
  // The file the agency opens in a DATA_DIR of `scratchDir` (apps/shared/config.ts).
  const { sqliteTarget } = await import('./sqlite/backup.js');
  return sqliteTarget(path.join(options.scratchDir, 'agency.sqlite'), { scratch: true });
}

/** The newest migration this code knows for a format (what a restore migrates up to). */
export async function latestMigration(format: DumpFormat): Promise<SchemaMigration> {
  const folder = format === 'sqlite' ? (await import('./sqlite/index.js')).SQLITE_MIGRATIONS_FOLDER : (await import('./postgres/index.js')).POSTGRES_MIGRATIONS_FOLDER;
  const known = knownMigrations(folder);
  return known[known.length - 1]!;
}
