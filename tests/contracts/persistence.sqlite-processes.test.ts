import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { aMail, at } from './persistence-fixtures.js';

// better-sqlite3 is synchronous, so within one process calls never interleave. The server and the
// CLI are separate connections to one file: this runs job workers on their own connections in
// parallel threads and checks the IMMEDIATE-transaction claim hands every job to exactly one of them.
const dir = mkdtempSync(join(tmpdir(), 'evisa-sqlite-mp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function claimer(file: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./support/sqlite-claimer.mjs', import.meta.url), {
      workerData: { file },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`claimer exited with ${code}`)));
  });
}

describe('sqlite (separate connections)', () => {
  it('concurrent workers on separate connections never take the same job', async () => {
    const file = join(dir, 'outbox.sqlite');
    const p = createSqlitePersistence(file);
    await p.migrate();
    const queued: number[] = [];
    for (let i = 0; i < 150; i++) queued.push((await p.outbox.enqueue(aMail(`m${i}@example.com`), at(0))).id);
    await p.close();

    const results = await Promise.all([claimer(file), claimer(file), claimer(file), claimer(file)]);
    const all = results.flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort((a, b) => a - b)).toEqual(queued);

    const check = createSqlitePersistence(file);
    expect((await check.jobs.stats()).find((q) => q.name === 'deliver-mail')).toMatchObject({ queued: 0, active: 150 });
    await check.close();
  });
});
