import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgBossRunner } from '../../adapters/jobs/pg-boss.js';
import type { JobRunner } from '../../adapters/jobs/index.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';

/**
 * Scheduled work exactly once across nodes: two pg-boss runners (two nodes) started at the same
 * moment on one empty database, the same job scheduled every minute on both. When the minute
 * turns, the job runs once, on one of them.
 */
let postgres: TestPostgres;
const runners: JobRunner[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await postgres?.stop();
}, 60_000);

describe('pg-boss job runner on PostgreSQL', () => {
  it('two nodes with the same every-minute schedule run each tick once', async () => {
    const runs: string[] = [];
    const lines: string[] = [];
    for (const node of ['a', 'b']) {
      runners.push(
        createPgBossRunner({
          databaseUrl: postgres.url,
          pollSeconds: 1,
          log: (line) => lines.push(`${node} ${line}`),
          jobs: [
            { name: 'tick', schedule: '* * * * *', run: async () => (runs.push(node), `ran on ${node}`) },
            // Unscheduled on both: never runs.
            { name: 'idle', schedule: null, run: async () => (runs.push(`idle-${node}`), 'should not run') },
          ],
        }),
      );
    }
    // Both nodes create pg-boss's schema and register the jobs at once.
    await Promise.all(runners.map((r) => r.start()));
    const deadline = Date.now() + 75_000;
    while (runs.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(runs.length, lines.join('\n')).toBe(1);
    // Both nodes poll every second: another run of the same tick would show up here.
    await new Promise((r) => setTimeout(r, 4000));
    expect(runs).toHaveLength(1);
    expect(['a', 'b']).toContain(runs[0]);
    expect(lines.filter((l) => l.includes('[jobs] tick: ran on'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('pg-boss:'))).toEqual([]);
  }, 120_000);
});
