import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll } from 'vitest';
import { PgBossJobStore } from '../../adapters/jobs/pg-boss.js';
import { createPostgresPersistence } from '../../adapters/persistence/postgres/index.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { describeJobStoreContract } from './job-store.contract.js';

let postgres: TestPostgres | undefined;
afterAll(async () => {
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
