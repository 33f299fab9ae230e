import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from '../../core/domain/errors.js';
import { openPersistence } from '../../adapters/persistence/index.js';
import { aUser } from './persistence-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'evisa-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openPersistence', () => {
  it('opens the embedded SQLite file, creating its folder; migrate() is the caller’s and is safe to repeat', async () => {
    const file = join(dir, 'nested', 'data', 'agency.sqlite');
    const first = await openPersistence({ databaseUrl: null, sqliteFile: file });
    expect(first.dialect).toBe('sqlite');
    expect(existsSync(join(dir, 'nested', 'data'))).toBe(true);
    await first.migrate();
    const user = await first.users.create(aUser());
    await first.close();

    // A second start on the already-migrated file keeps the data.
    const again = await openPersistence({ databaseUrl: null, sqliteFile: file });
    await again.migrate();
    expect(await again.users.findById(user.id)).toEqual(user);
    expect(await again.ping()).toBe(true);
    await again.close();

    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('does not migrate by itself', async () => {
    const p = await openPersistence({ databaseUrl: null, sqliteFile: join(dir, 'unmigrated.sqlite') });
    await expect(p.users.findById(1)).rejects.toThrow(/is not migrated \(no such table: users\): run `evisa migrate` first/);
    await p.close();
  });

  it('selects PostgreSQL for a postgres:// URL and reports an unreachable server as Unavailable', async () => {
    const p = await openPersistence({ databaseUrl: 'postgres://postgres:secret@127.0.0.1:1/agency', sqliteFile: join(dir, 'unused.sqlite') });
    expect(p.dialect).toBe('postgres');
    expect(existsSync(join(dir, 'unused.sqlite'))).toBe(false);
    expect(await p.ping()).toBe(false);
    const migrateError = await p.migrate().catch((e) => e);
    expect(isDomainError(migrateError, 'Unavailable')).toBe(true);
    expect((migrateError as DomainError).data).toMatchObject({ type: 'Unavailable', service: 'database' });
    expect((migrateError as Error).message).toMatch(/^Cannot reach the database at 127\.0\.0\.1:1: /);
    expect((migrateError as Error).message).not.toContain('secret');
    const readError = await p.users.findByEmail('a@example.com').catch((e) => e);
    expect(isDomainError(readError, 'Unavailable')).toBe(true);
    await p.close();
  });
});
