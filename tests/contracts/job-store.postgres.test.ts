import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
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

describe('pg-boss: a unit of work never commits without its job', () => {
  it('refuses the whole unit, naming the fix, when the job queues were never installed', async () => {
    const own = await startTestPostgres();
    const persistence = createPostgresPersistence(own.url, { max: 2 });
    await persistence.migrate();
    // As on a database migrated by an older version: pg-boss without the agency's mail queue.
    const boss = new PgBoss({ connectionString: own.url, schema: 'pgboss', supervise: false, schedule: false, max: 1 });
    await boss.start();
    await boss.deleteQueue('deliver-mail');
    await boss.stop({ graceful: false });
    const fresh = createPostgresPersistence(own.url, { max: 2 });
    try {
      const before = (await fresh.outbox.list()).length;
      await expect(fresh.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: { fullName: 'A' } }, new Date())).rejects.toThrow(
        'The job queues are missing from the database: run `evisa migrate` first.',
      );
      expect(await fresh.outbox.list()).toHaveLength(before);
      // Migrating again creates the queue; the next unit commits with its job.
      await fresh.migrate();
      const mail = await fresh.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: { fullName: 'A' } }, new Date());
      expect((await fresh.jobs.fetch('deliver-mail', 10)).map((j) => j.input)).toContainEqual({ mailId: mail.id });
    } finally {
      await fresh.close();
      await persistence.close();
      await own.stop();
    }
  });
});
