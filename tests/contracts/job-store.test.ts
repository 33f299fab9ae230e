import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mailJob, QUEUES } from '../../core/domain/jobs.js';
import type { JobStore } from '../../adapters/jobs/job-store.js';
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

const clock = testClock();

type Opened = { store: JobStore; close: () => Promise<void> };

describe.each<[string, () => Promise<Opened>]>([
  ['memory', async () => ({ store: new MemoryJobStore(clock.now), close: async () => undefined })],
  [
    'sqlite',
    async () => {
      const file = join(dir, `fence-${++files}.sqlite`);
      const persistence = createSqlitePersistence(file);
      await persistence.migrate();
      await persistence.close();
      const sqlite = new Database(file);
      return { store: new SqliteJobStore(sqlite, clock.now), close: async () => void sqlite.close() };
    },
  ],
])('%s: JobStore fences stale attempts', (_, open) => {
  it('the answer of an attempt whose job was taken back changes nothing', async () => {
    const { store, close } = await open();
    try {
      await store.send([mailJob(1)]);
      const [stale] = await store.fetch('deliver-mail', 1);
      // Its hold ends (the worker hung); the job is taken back and another worker takes it.
      await clock.advance(QUEUES['deliver-mail'].expireSeconds + 2 * QUEUES['deliver-mail'].retryDelaySeconds);
      const [fresh] = await store.fetch('deliver-mail', 1);
      expect(fresh).toMatchObject({ input: { mailId: 1 }, retryCount: 1 });
      // The first worker wakes up: neither its failure nor its completion touches the new attempt.
      await store.fail(stale!, 'late failure');
      await store.complete([stale!]);
      expect((await store.stats())[0]).toMatchObject({ queued: 0, active: 1 });
      await store.complete([fresh!]);
      expect((await store.stats())[0]).toMatchObject({ queued: 0, active: 0, failed: 0 });
    } finally {
      await close();
    }
  });
});
