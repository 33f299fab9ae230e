import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { aMail, at, seedApplication } from './persistence-fixtures.js';

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

function receiptIssuer(file: string, applicationIds: number[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./support/sqlite-receipt-issuer.mjs', import.meta.url), { workerData: { file, applicationIds } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`receipt issuer exited with ${code}`)));
  });
}

describe('sqlite (separate connections)', () => {
  it('payments recorded on separate connections at once take consecutive receipt numbers, none shared or skipped', async () => {
    const file = join(dir, 'receipts.sqlite');
    const p = createSqlitePersistence(file);
    await p.migrate();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await seedApplication(p)).id);
    await p.close();

    const outcomes = await Promise.all(
      [0, 1, 2, 3].map((w) =>
        receiptIssuer(
          file,
          ids.filter((_, i) => i % 4 === w),
        ),
      ),
    );
    expect(outcomes.flat()).toEqual(Array(40).fill('committed'));

    const check = createSqlitePersistence(file);
    const numbers = (await Promise.all(ids.map(async (id) => (await check.receipts.findByKey(`payment:pi_worker_${id}`))!.number))).sort();
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => `R-2026-${String(i + 1).padStart(6, '0')}`));
    await check.close();
  });

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
