import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { MemoryJobStore } from '../../adapters/jobs/memory.js';
import { SqliteJobStore } from '../../adapters/jobs/sqlite.js';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { describeJobStoreContract } from './job-store.contract.js';

/** A clock the memory and SQLite stores read, moved by the tests. */
function testClock() {
  let now = Date.parse('2026-11-25T10:00:00.000Z');
  return { now: () => now, advance: async (seconds: number) => void (now += seconds * 1000) };
}

describeJobStoreContract('memory', async () => {
  const clock = testClock();
  const store = new MemoryJobStore(clock.now);
  return { store, advance: clock.advance, close: () => store.close() };
});

const dir = mkdtempSync(join(tmpdir(), 'evisa-jobs-'));
let files = 0;
describeJobStoreContract('sqlite', async () => {
  // A migrated file (the jobs table comes with the SQLite migrations), then the store on a connection of its own.
  const file = join(dir, `jobs-${++files}.sqlite`);
  const persistence = createSqlitePersistence(file);
  await persistence.migrate();
  await persistence.close();
  const sqlite = new Database(file);
  const clock = testClock();
  const store = new SqliteJobStore(sqlite, clock.now);
  return {
    store,
    advance: clock.advance,
    async close() {
      await store.close();
      sqlite.close();
    },
  };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
