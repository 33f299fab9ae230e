import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PgBossJobStore } from '../../adapters/jobs/pg-boss.js';
import { createJobRunner, type JobRunner } from '../../adapters/jobs/runner.js';
import { createPostgresPersistence } from '../../adapters/persistence/postgres/index.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';

/**
 * Scheduled work exactly once across nodes: two job runners on pg-boss (two nodes) started at the
 * same moment on one database, the same job scheduled every minute on both. When the minute turns,
 * the job runs once, on one of them.
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
    const tick = Math.floor(runs[0]!.at / 60_000) * 60_000;
    // Both nodes have looked for due ticks at least five times since this one: a second run of it would be here.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(tick + 10_000), { timeout: 20_000, interval: 250 });
    const ofTick = runs.filter((r) => Math.floor(r.at / 60_000) * 60_000 === tick);
    // On failure, every run and the runners' log lines: which node ran what, when (a rare failure under load was seen once without them).
    expect(ofTick, JSON.stringify({ tick, runs, lines })).toHaveLength(1);
    expect(['a', 'b']).toContain(ofTick[0]!.node);
    expect(runs.filter((r) => r.node.startsWith('reminders'))).toEqual([]);
    expect(lines.filter((l) => l.includes('pg-boss:'))).toEqual([]);
  }, 150_000);
});
