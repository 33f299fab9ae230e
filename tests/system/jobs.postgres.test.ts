import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PgBossJobStore } from '../../adapters/jobs/pg-boss.js';
import { createJobRunner, type JobRunner } from '../../adapters/jobs/runner.js';
import { createPostgresPersistence } from '../../adapters/persistence/postgres/index.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';

/**
 * Scheduled work exactly once across nodes: two job runners on pg-boss (two nodes) started at the
 * same moment on one database, the same job scheduled every minute on both. Each tick is queued
 * once across the nodes and its job runs once, on one of them.
 */
let postgres: TestPostgres;
const runners: JobRunner[] = [];
const stores: PgBossJobStore[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  const persistence = createPostgresPersistence(postgres.url, { max: 2 });
  await persistence.migrate();
  await persistence.close();
}, 60_000);
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop(0)));
  await Promise.all(stores.map((s) => s.close()));
  await postgres?.stop();
}, 60_000);

describe('pg-boss job runner on PostgreSQL', () => {
  it('two nodes with the same every-minute schedule run each tick once', async () => {
    const runs: { node: string; at: number }[] = [];
    const lines: string[] = [];
    await Promise.all(
      ['a', 'b'].map(async (node) => {
        // Each node looks for due ticks every second (30 s in production).
        const store = new PgBossJobStore(postgres.url, (line) => lines.push(`${node} ${line}`), 1);
        stores.push(store);
        const runner = createJobRunner({ store, log: (line) => lines.push(`${node} ${line}`), pollMs: 500 });
        runners.push(runner);
        await runner.start([
          { name: 'prune-expired', schedule: '* * * * *', concurrency: 1, run: async () => (runs.push({ node, at: Date.now() }), `ran on ${node}`) },
          // Unscheduled on both: never runs.
          { name: 'reminders', schedule: null, concurrency: 1, run: async () => (runs.push({ node: `reminders-${node}`, at: Date.now() }), 'should not run') },
        ]);
      }),
    );
    await vi.waitFor(() => expect(runs.length, lines.join('\n')).toBeGreaterThan(0), { timeout: 100_000, interval: 250 });
    // Both nodes have looked for due ticks at least ten times since the first run: a second run of its tick would be here.
    const first = runs[0]!.at;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(first + 10_000), { timeout: 20_000, interval: 250 });

    // The ticks as pg-boss kept them: one send-it job per minute, which queued the tick's one job.
    // (A tick is not the minute its job ran in: pg-boss sends a tick up to a minute late, so a late
    // tick and the next one can run in the same minute, each once.)
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const stored = async () => {
        const sendIts = (
          await client.query<{ minute: Date; state: string }>(
            `select singleton_on as minute, state from pgboss.job where name = '__pgboss__send-it' and singleton_key = 'prune-expired' order by singleton_on`,
          )
        ).rows;
        const jobs = (await client.query<{ state: string }>(`select state from pgboss.job where name = 'prune-expired'`)).rows;
        return { ticks: sendIts.map((r) => r.minute.getTime()), states: [...sendIts, ...jobs].map((r) => r.state), jobs: jobs.length };
      };
      const ran = () => runs.filter((r) => !r.node.startsWith('reminders'));
      let seen = await stored();
      // Settled (every tick sent and its job finished), then each job ran once, on one node.
      await vi.waitFor(
        async () => {
          seen = await stored();
          expect(seen.states.filter((state) => state !== 'completed')).toEqual([]);
          expect(ran(), JSON.stringify({ seen, runs, lines })).toHaveLength(seen.jobs);
        },
        { timeout: 20_000, interval: 250 },
      );
      expect(seen.ticks.length, JSON.stringify({ seen, runs, lines })).toBeGreaterThan(0);
      expect(new Set(seen.ticks).size).toBe(seen.ticks.length);
      expect(seen.jobs, JSON.stringify({ seen, runs, lines })).toBe(seen.ticks.length);
      for (const run of ran()) expect(['a', 'b']).toContain(run.node);
    } finally {
      await client.end();
    }
    expect(runs.filter((r) => r.node.startsWith('reminders'))).toEqual([]);
    expect(lines.filter((l) => l.includes('pg-boss:'))).toEqual([]);
  }, 150_000);

  it('keeps a schedule in the time zone it names (the backup at 02:00 London), the others in UTC', async () => {
    const store = new PgBossJobStore(postgres.url, () => undefined, 1);
    stores.push(store);
    await store.schedule([
      { name: 'backup', cron: '0 2 * * *', timezone: 'Europe/London' },
      { name: 'retention', cron: '30 3 * * *' },
    ]);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; cron: string; timezone: string }>(`select name, cron, timezone from pgboss.schedule where name in ('backup', 'retention') order by name`);
      expect(rows).toEqual([
        { name: 'backup', cron: '0 2 * * *', timezone: 'Europe/London' },
        { name: 'retention', cron: '30 3 * * *', timezone: 'UTC' },
      ]);
    } finally {
      await client.end();
    }
  }, 60_000);
});
