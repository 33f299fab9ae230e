import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUEUES, mailJob, passportCheckJob } from '../../core/domain/jobs.js';
import type { ClaimedJob, JobStore } from '../../adapters/jobs/job-store.js';

/** A job store under test, with a way to move its time forward (its delays and holds). */
export interface JobStoreUnderTest {
  store: JobStore;
  /** Moves the store's clock `seconds` forward (waiting jobs come due, held ones expire). */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * What every job store does (memory, SQLite, pg-boss): the lifecycle the runner relies on. Retry
 * delays, backoff and holds are each queue's policy (core/domain/jobs.ts).
 */
export function describeJobStoreContract(name: string, open: () => Promise<JobStoreUnderTest>): void {
  describe(`${name}: JobStore`, () => {
    let t: JobStoreUnderTest;
    let store: JobStore;
    beforeEach(async () => {
      t = await open();
      store = t.store;
    });
    afterEach(async () => {
      await t.close();
    });

    const stats = async (queue: string) => (await store.stats()).find((q) => q.name === queue)!;

    it('hands a queued job to one worker, once; a completed job is gone', async () => {
      await store.send([mailJob(1), mailJob(2)]);
      expect(await stats('deliver-mail')).toMatchObject({ queued: 2, active: 0, failed: 0, lastError: null });
      const first = await store.fetch('deliver-mail', 1);
      expect(first).toEqual([expect.objectContaining({ id: expect.any(String), name: 'deliver-mail', input: { mailId: expect.any(Number) }, retryCount: 0 })]);
      const rest = await store.fetch('deliver-mail', 10);
      expect([...first, ...rest].map((j) => j.input).sort((a, b) => (a as { mailId: number }).mailId - (b as { mailId: number }).mailId)).toEqual([{ mailId: 1 }, { mailId: 2 }]);
      expect(await store.fetch('deliver-mail', 10)).toEqual([]);
      expect(await stats('deliver-mail')).toMatchObject({ queued: 0, active: 2 });
      await store.complete([...first, ...rest]);
      expect(await stats('deliver-mail')).toMatchObject({ queued: 0, active: 0, failed: 0 });
      // Queues are separate.
      expect(await store.fetch('check-passport', 10)).toEqual([]);
    });

    it('reports when the job waiting longest for a worker became due: none while nothing is due', async () => {
      expect((await stats('deliver-mail')).oldestDueAt).toBeNull();
      await store.send([mailJob(1)]);
      const oldest = (await stats('deliver-mail')).oldestDueAt;
      expect(oldest).toBeInstanceOf(Date);
      await store.send([mailJob(2)]);
      // A newer job changes nothing: the first still waits longest.
      expect((await stats('deliver-mail')).oldestDueAt).toEqual(oldest);
      expect((await stats('check-passport')).oldestDueAt).toBeNull();
      const jobs = await store.fetch('deliver-mail', 10);
      expect(jobs).toHaveLength(2);
      // Held by a worker: none waits.
      expect((await stats('deliver-mail')).oldestDueAt).toBeNull();
      // A failed attempt waits for its retry delay: not due until then.
      await store.fail(jobs[0]!, 'smtp down');
      await store.complete([jobs[1]!]);
      expect(await stats('deliver-mail')).toMatchObject({ queued: 1, oldestDueAt: null });
      await t.advance(QUEUES['deliver-mail'].retryDelaySeconds * 2 + 1);
      expect((await stats('deliver-mail')).oldestDueAt).toBeInstanceOf(Date);
    });

    it('keeps one waiting job per key', async () => {
      await store.send([passportCheckJob(7), passportCheckJob(7), passportCheckJob(8)]);
      await store.send([passportCheckJob(7)]);
      expect((await stats('check-passport')).queued).toBe(2);
      const jobs = await store.fetch('check-passport', 10);
      expect(jobs.map((j) => j.input).sort((a, b) => (a as { documentId: number }).documentId - (b as { documentId: number }).documentId)).toEqual([{ documentId: 7 }, { documentId: 8 }]);
    });

    it('retries a failed job after its queue delay with backoff, then leaves it failed, visible, until retried by hand', async () => {
      const policy = QUEUES['check-passport'];
      await store.send([passportCheckJob(1)]);
      let [job] = await store.fetch('check-passport', 1);
      for (let attempt = 0; attempt <= policy.retryLimit; attempt += 1) {
        expect(job!.retryCount).toBe(attempt);
        await store.fail(job!, `scanner busy ${attempt}`);
        const after = await stats('check-passport');
        expect(after.lastError?.message).toBe(`scanner busy ${attempt}`);
        if (attempt === policy.retryLimit) break;
        // Not due at once: after the delay (which doubles), it is.
        expect(after).toMatchObject({ queued: 1, active: 0, failed: 0 });
        expect(await store.fetch('check-passport', 1)).toEqual([]);
        await t.advance(policy.retryDelaySeconds * 2 ** (attempt + 1));
        [job] = await store.fetch('check-passport', 1);
        expect(job, `retry ${attempt + 1} is due`).toBeDefined();
      }
      expect(await stats('check-passport')).toMatchObject({ queued: 0, active: 0, failed: 1, lastError: { message: `scanner busy ${policy.retryLimit}` } });
      await t.advance(600);
      expect(await store.fetch('check-passport', 1)).toEqual([]);

      // An operator requeues it: one more attempt, now.
      expect(await store.retryFailed('check-passport')).toBe(1);
      expect(await store.retryFailed('check-passport')).toBe(0);
      const [again] = await store.fetch('check-passport', 1);
      expect(again!.input).toEqual({ documentId: 1 });
      await store.complete([again!]);
      expect(await stats('check-passport')).toMatchObject({ queued: 0, active: 0, failed: 0 });
    });

    it('takes back a job held past its expiry (its worker died) and hands it out again', async () => {
      await store.send([mailJob(5)]);
      await store.fetch('deliver-mail', 1);
      await t.advance(QUEUES['deliver-mail'].expireSeconds - 5);
      expect(await store.fetch('deliver-mail', 1)).toEqual([]);
      // Past the hold and the first retry delay (up to twice the delay with pg-boss's jitter).
      await t.advance(5 + 2 * QUEUES['deliver-mail'].retryDelaySeconds + 1);
      const [taken] = await store.fetch('deliver-mail', 1);
      expect(taken).toMatchObject({ input: { mailId: 5 }, retryCount: 1 });
      expect(await stats('deliver-mail')).toMatchObject({ queued: 0, active: 1, lastError: { message: expect.any(String) } });
      await store.complete([taken!]);
      expect(await stats('deliver-mail')).toMatchObject({ queued: 0, active: 0, failed: 0 });
    });

    it('never hands one job to two workers fetching at once', async () => {
      await store.send(Array.from({ length: 40 }, (_, i) => mailJob(i + 1)));
      const taken: ClaimedJob[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (;;) {
            const jobs = await store.fetch('deliver-mail', 3);
            if (jobs.length === 0) return;
            taken.push(...jobs);
          }
        }),
      );
      const ids = taken.map((j) => (j.input as { mailId: number }).mailId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it('tells listeners the queues jobs were queued on', async () => {
      const told: string[][] = [];
      const stop = store.onQueued((names) => told.push([...names]));
      await store.send([mailJob(1), passportCheckJob(2)]);
      stop();
      await store.send([mailJob(3)]);
      expect(told).toEqual([['deliver-mail', 'check-passport']]);
    });
  });
}
