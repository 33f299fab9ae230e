import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from '../../core/domain/errors.js';
import { createPostgresPersistence } from '../../adapters/persistence/postgres/index.js';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { sqliteUnavailable } from '../../adapters/persistence/sqlite/unavailable.js';
import { postgresUnavailable } from '../../adapters/persistence/postgres/unavailable.js';
import { aMail, aUser, seedApplication } from './persistence-fixtures.js';
import { startTestPostgres } from '../support/postgres.js';

// Infrastructure failures leave the persistence boundary as the domain's Unavailable('database'),
// on both dialects, from every kind of method (writes, reads, streams); other failures stay as they are.

const dir = mkdtempSync(join(tmpdir(), 'evisa-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function failure(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDomainError(error, 'Unavailable')).toBe(true);
  expect((error as DomainError).data).toMatchObject({ type: 'Unavailable', service: 'database' });
  return error as DomainError;
}

describe('SQLite: infrastructure failures are Unavailable', () => {
  it('a write while another process holds the write lock answers Unavailable (busy), and works once the lock is gone', async () => {
    const file = join(dir, 'busy.sqlite');
    const p = createSqlitePersistence(file, { busyTimeoutMs: 50 });
    await p.migrate();
    const existing = await seedApplication(p);

    const other = new Database(file);
    other.prepare('begin immediate').run();
    try {
      const error = await failure(p.users.create(aUser({ email: 'late@example.com' })));
      expect(error.message).toBe(`The SQLite database at ${file} is busy (another process is writing to it): database is locked`);
      // A unit of work (several statements in one transaction) and a compare-and-set claim too.
      await failure(p.applications.claimPaymentReminder(existing.id, new Date(), new Date(), aMail('a@example.com')));
      // Reads go on meanwhile (WAL), and nothing was half-written.
      expect(await p.users.findByEmail('late@example.com')).toBeNull();
      expect((await p.applications.findById(existing.id))?.paymentReminderSent).toBeNull();
    } finally {
      other.prepare('rollback').run();
      other.close();
    }

    expect((await p.users.create(aUser({ email: 'late@example.com' }))).email).toBe('late@example.com');
    await p.close();
  });

  it('classifies SQLite codes: busy and broken files are outages, a missing table asks for a migration; constraints and SQL errors are not', () => {
    const translate = sqliteUnavailable('/data/agency.sqlite');
    // drizzle wraps the driver's error (its message carries the statement's parameters: never shown).
    const wrapped = (code: string, message: string) =>
      Object.assign(new Error('Failed query: insert into "users" … params: secret@example.com'), { cause: Object.assign(new Error(message), { code }) });

    expect(translate(wrapped('SQLITE_BUSY', 'database is locked'))?.message).toBe('The SQLite database at /data/agency.sqlite is busy (another process is writing to it): database is locked');
    expect(translate(wrapped('SQLITE_BUSY_SNAPSHOT', 'database is locked'))?.data).toMatchObject({ type: 'Unavailable', service: 'database' });
    for (const [code, message] of [
      ['SQLITE_IOERR_WRITE', 'disk I/O error'],
      ['SQLITE_FULL', 'database or disk is full'],
      ['SQLITE_CANTOPEN', 'unable to open database file'],
      ['SQLITE_READONLY_DBMOVED', 'attempt to write a readonly database'],
      ['SQLITE_CORRUPT', 'database disk image is malformed'],
      ['SQLITE_NOTADB', 'file is not a database'],
    ]) {
      const error = translate(wrapped(code, message));
      expect(error?.message).toBe(`Cannot use the SQLite database at /data/agency.sqlite: ${message}`);
      expect(error?.message).not.toContain('secret@example.com');
    }
    for (const [code, message] of [
      ['SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: users.email'],
      ['SQLITE_CONSTRAINT_FOREIGNKEY', 'FOREIGN KEY constraint failed'],
      ['SQLITE_ERROR', 'near "selct": syntax error'],
    ]) {
      expect(translate(wrapped(code, message))).toBeNull();
    }
    expect(translate(new Error('boom'))).toBeNull();
    expect(translate(wrapped('SQLITE_ERROR', 'no such table: users'))?.message).toBe('The SQLite database at /data/agency.sqlite is not migrated (no such table: users): run `evisa migrate` first');
  });
});

describe('PostgreSQL: an unreachable server is Unavailable', () => {
  it('from writes, units of work, reads and the export stream alike, never naming the password', async () => {
    const p = createPostgresPersistence('postgres://postgres:secret@127.0.0.1:1/agency');
    const errors = [
      await failure(p.users.create(aUser())),
      await failure(p.users.erase(1)),
      await failure(p.applications.listForAdmin({ page: 1, pageSize: 20 })),
      await failure(p.outbox.claim(1, new Date(), new Date())),
      await failure(p.jobs.fetch('deliver-mail', 5)),
      await failure(
        (async () => {
          for await (const _ of p.applications.streamForExport({})) break;
        })(),
      ),
    ];
    for (const error of errors) {
      expect(error.message).toMatch(/^Cannot reach the database at 127\.0\.0\.1:1: /);
      expect(error.message).not.toContain('secret');
    }
    await p.close();
  });

  it('classifies what a restart throws as an outage: shutdowns, lost connections and a pooled client left unqueryable; SQL errors are not', () => {
    const classify = postgresUnavailable('db:5432');
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    const wrapped = (cause: Error) => Object.assign(new Error('Failed query: insert into …'), { cause });
    for (const error of [
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P02', 'terminating connection because of crash of another server process'),
      coded('57P03', 'the database system is starting up'),
      coded('08006', 'connection failure'),
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      wrapped(new Error('Connection terminated unexpectedly')),
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
      new Error('Client was closed and is not queryable'),
    ]) {
      expect(classify(error)?.data, error.message).toMatchObject({ type: 'Unavailable', service: 'database' });
    }
    for (const error of [coded('23505', 'duplicate key'), coded('42601', 'syntax error'), new Error('something else')]) {
      expect(classify(error), error.message).toBeNull();
    }
  });

  it('a database without the tables asks for `evisa migrate`, naming no secret', async () => {
    const fresh = await startTestPostgres();
    const p = createPostgresPersistence(fresh.url);
    try {
      const error = await failure(p.users.findById(1));
      expect(error.message).toMatch(/^The database at .+ is not migrated \(relation "users" does not exist\): run `evisa migrate` first$/);
    } finally {
      await p.close();
      await fresh.stop();
    }
  });
});
