import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { factsShowRecords, migrationAt, TargetInUse, type DatabaseBackup, type DatabaseFacts, type DatabaseTarget } from '../backup.js';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Pages copied per step of the online backup (4 MiB of 4 KiB pages): the event loop runs between steps. */
const PAGES_PER_STEP = 1024;
/** better-sqlite3 takes a step's page count as a 32-bit integer: this many is "all that is left". */
const ALL_PAGES = 0x7fffffff;

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** What a SQLite database holds (one read transaction, so the counts agree with each other). */
export function sqliteFacts(db: Database.Database): DatabaseFacts {
  return db.transaction((): DatabaseFacts => {
    const names = db.prepare<[], string>("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name").pluck().all();
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = db
        .prepare<[], number>(`select count(*) from ${quote(name)}`)
        .pluck()
        .get()!;
    const createdAt = names.includes('__drizzle_migrations') ? (db.prepare<[], number | bigint | null>('select max(created_at) from __drizzle_migrations').pluck().get() ?? null) : null;
    const head = names.includes('audit_head') ? db.prepare<[], { seq: number; hash: string }>('select seq, hash from audit_head where id = 1').get() : undefined;
    return {
      tables,
      migration: migrationAt(createdAt === null ? null : Number(createdAt), MIGRATIONS_FOLDER),
      auditHead: head ? { seq: Number(head.seq), hash: head.hash } : null,
    };
  })();
}

/**
 * The online backup of the agency's own connection (better-sqlite3's `backup()`, SQLite's backup
 * API): copied a few MiB per step while the event loop keeps serving, and writes through this
 * connection are carried into the copy as it goes. A write by ANOTHER process (a CLI run beside
 * the server) restarts the copy; after twice the steps a copy should take, the rest is copied in
 * one step, which holds only a read transaction (WAL: writers carry on) — so a busy server never
 * keeps a backup from finishing. The copy is then switched to rollback-journal mode (the file
 * stands alone, with no -wal beside it) and its facts are read.
 */
export function sqliteBackup(sqlite: Database.Database): DatabaseBackup {
  return {
    format: 'sqlite',
    async dump(file) {
      await rm(file, { force: true });
      let steps = 0;
      await sqlite.backup(file, {
        progress({ totalPages }) {
          steps += 1;
          return steps > 2 * Math.ceil(totalPages / PAGES_PER_STEP) + 8 ? ALL_PAGES : PAGES_PER_STEP;
        },
      });
      const copy = new Database(file);
      try {
        copy.pragma('journal_mode = DELETE');
        return sqliteFacts(copy);
      } finally {
        copy.close();
      }
    },
  };
}

/** Opens an existing SQLite file (never creates one), or null when there is none. */
function openExisting(file: string, options: Database.Options = {}): Database.Database | null {
  if (!existsSync(file)) return null;
  return new Database(file, { fileMustExist: true, ...options });
}

/**
 * Fails with TargetInUse when another connection has the file open: taking SQLite's exclusive
 * lock (locking_mode EXCLUSIVE, then a write transaction) is refused at once while any other
 * process reads or writes it, WAL or not.
 */
function assertNotInUse(file: string): void {
  const db = openExisting(file, { timeout: 0 });
  if (!db) return;
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    // Folds its WAL into the file and (as the last connection) removes -wal and -shm on close.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new TargetInUse(`The SQLite database ${file} is in use by another process: stop the server (and any evisa command) first.`);
    }
    throw error;
  } finally {
    db.close();
  }
}

/**
 * The SQLite file a restore writes: the copy goes beside it under a temporary name, is synced,
 * and renamed over it in one step — the old file stays whole until then. `scratch`: a throw-away
 * file (verify) that drop() removes.
 */
export function sqliteTarget(file: string, options: { scratch?: boolean } = {}): DatabaseTarget {
  const target = path.resolve(file);
  return {
    format: 'sqlite',
    label: `SQLite database ${target}`,
    databaseUrl: null,
    async holdsRecords() {
      const db = openExisting(target, { readonly: true });
      if (!db) return false;
      try {
        return factsShowRecords(sqliteFacts(db));
      } finally {
        db.close();
      }
    },
    async assertNotInUse() {
      assertNotInUse(target);
    },
    async load(dumpFile) {
      await mkdir(path.dirname(target), { recursive: true });
      assertNotInUse(target);
      const temporary = `${target}.restore-${process.pid}`;
      try {
        await copyFile(dumpFile, temporary);
        const handle = await open(temporary, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
        // Journals of the file replaced (none after assertNotInUse's checkpoint, unless a crash left them).
        await rm(`${target}-wal`, { force: true });
        await rm(`${target}-shm`, { force: true });
        await rm(`${target}-journal`, { force: true });
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async facts() {
      const db = openExisting(target);
      if (!db) return { tables: {}, migration: null, auditHead: null };
      try {
        return sqliteFacts(db);
      } finally {
        db.close();
      }
    },
    async drop() {
      if (!options.scratch) return;
      for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${target}${suffix}`, { force: true });
    },
    async close() {},
  };
}
