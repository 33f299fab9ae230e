import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll } from 'vitest';
import { MemoryJobStore } from '../../adapters/jobs/memory.js';
import { PgBossJobStore } from '../../adapters/jobs/pg-boss.js';
import { SqliteJobStore } from '../../adapters/jobs/sqlite.js';
import { createPostgresPersistence } from '../../adapters/persistence/postgres/index.js';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
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

let postgres: TestPostgres | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await postgres?.stop();
});

describeJobStoreContract('pg-boss', async () => {
  postgres ??= await startTestPostgres();
  const persistence = createPostgresPersistence(postgres.url, { max: 2 });
  await persistence.migrate();
  await persistence.close();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('delete from pgboss.job');
  // pg-boss reads the database's clock: time moves by moving the jobs' times back, a few seconds
  // at a time, running its expiry of held jobs at each step as its maintenance would.
  const maintenance = new PgBoss({ connectionString: postgres.url, schema: 'pgboss', supervise: false, schedule: false, migrate: false, max: 1 });
  await maintenance.start();
  const store = new PgBossJobStore(postgres.url, () => undefined);
  return {
    store,
    async advance(seconds: number) {
      for (let left = seconds; left > 0; left -= 5) {
        const step = Math.min(5, left);
        await admin.query(
          `update pgboss.job set start_after = start_after - make_interval(secs => $1), started_on = started_on - make_interval(secs => $1), created_on = created_on - make_interval(secs => $1)`,
          [step],
        );
        await maintenance.expire();
      }
    },
    async close() {
      await store.close();
      await maintenance.stop({ graceful: false });
      await admin.end();
    },
  };
});
