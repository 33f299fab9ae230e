import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailJob, passportCheckJob } from '../../core/domain/jobs.js';
import { MemoryJobStore } from '../../adapters/jobs/memory.js';
import { createJobRunner, type AnyJobDefinition, type JobRunner } from '../../adapters/jobs/runner.js';

/** A promise the test resolves when it wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const runners: JobRunner[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(runners.splice(0).map((r) => r.stop(0)));
});

function runnerOn(store: MemoryJobStore, lines: string[] = [], pollMs = 60_000): JobRunner {
  // A long poll: anything that runs at once was woken by its queueing, not found by polling.
  const runner = createJobRunner({ store, log: (line) => lines.push(line), pollMs });
  runners.push(runner);
  return runner;
}

describe('the job runner', () => {
  it('runs a job as soon as it is queued in this process, once, and logs its line', async () => {
    const store = new MemoryJobStore();
    const lines: string[] = [];
    const ran: number[] = [];
    await runnerOn(store, lines).start([{ name: 'deliver-mail', schedule: null, concurrency: 2, run: async ({ mailId }) => (ran.push(mailId), mailId === 2 ? 'sent already: skipped' : null) }]);
    await store.send([mailJob(1), mailJob(2)]);
    await vi.waitFor(() => expect(ran.sort()).toEqual([1, 2]));
    await vi.waitFor(async () => expect((await store.stats())[0]).toMatchObject({ queued: 0, active: 0, failed: 0 }));
    // Only a job with something to say is logged.
    expect(lines).toEqual([expect.stringMatching(/^\[jobs\] deliver-mail \(mail 2\): sent already: skipped \(\d+\.\d s\)$/)]);
  });

  it('finds jobs queued by other processes by polling', async () => {
    const store = new MemoryJobStore();
    const ran: number[] = [];
    await runnerOn(store, [], 20).start([{ name: 'deliver-mail', schedule: null, concurrency: 1, run: async ({ mailId }) => (ran.push(mailId), null) }]);
    // Written without telling this process's listeners, as another process's commit would be.
    store.insert([mailJob(9)]);
    await vi.waitFor(() => expect(ran).toEqual([9]));
  });

  it('runs at most `concurrency` jobs of a queue at once', async () => {
    const store = new MemoryJobStore();
    let running = 0;
    let most = 0;
    const release = gate();
    const runner = runnerOn(store);
    await store.send(Array.from({ length: 6 }, (_, i) => mailJob(i + 1)));
    const drained = runner.drain({
      name: 'deliver-mail',
      schedule: null,
      concurrency: 3,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await release.opened;
        running -= 1;
        return null;
      },
    });
    await vi.waitFor(() => expect(running).toBe(3));
    release.open();
    expect(await drained).toEqual({ completed: 6, failed: 0 });
    expect(most).toBe(3);
  });

  it('takes a batch of jobs at once, runs them together, completes the ones that succeeded and fails the others', async () => {
    const store = new MemoryJobStore();
    const release = gate();
    let running = 0;
    let most = 0;
    await store.send([1, 2, 3, 4, 5].map(mailJob));
    const drained = runnerOn(store).drain(
      {
        name: 'deliver-mail',
        schedule: null,
        concurrency: 5,
        run: async ({ mailId }) => {
          running += 1;
          most = Math.max(most, running);
          await release.opened;
          running -= 1;
          if (mailId === 3) throw new Error('refused');
          return null;
        },
      },
      { batch: 5 },
    );
    await vi.waitFor(() => expect(running).toBe(5));
    release.open();
    expect(await drained).toEqual({ completed: 4, failed: 1 });
    expect(most).toBe(5);
    expect(store.list().map((j) => [j.input, j.state])).toEqual([[{ mailId: 3 }, 'retry']]);
  });

  it('fails a throwing job with one log line; its store retries it later, and a job out of retries stays failed', async () => {
    let now = Date.parse('2026-11-25T10:00:00Z');
    const store = new MemoryJobStore(() => now);
    const lines: string[] = [];
    const definition: AnyJobDefinition = { name: 'check-passport', schedule: null, concurrency: 1, run: async () => Promise.reject(new Error('The passport scanner is busy.\nstack…')) };
    const runner = runnerOn(store, lines);
    await store.send([passportCheckJob(4)]);
    expect(await runner.drain(definition)).toEqual({ completed: 0, failed: 1 });
    expect(lines).toEqual(['[jobs] check-passport (document 4) failed (attempt 1 of 7; retried later): The passport scanner is busy.']);
    expect((await store.stats()).find((queue) => queue.name === 'check-passport')).toMatchObject({ name: 'check-passport', queued: 1, lastError: { message: 'The passport scanner is busy.' } });
    // Its retries come due one after the other; the last one leaves it failed.
    for (let retry = 1; retry <= 6; retry += 1) {
      now += 10 * 60_000;
      expect(await runner.drain(definition)).toEqual({ completed: 0, failed: 1 });
    }
    expect(lines.at(-1)).toBe('[jobs] check-passport (document 4) failed (no retries left: it stays failed (evisa jobs)): The passport scanner is busy.');
    expect((await store.stats()).find((queue) => queue.name === 'check-passport')).toMatchObject({ queued: 0, failed: 1 });
  });

  it('stops: running jobs may finish within the grace period, the rest are handed back for another worker', async () => {
    const store = new MemoryJobStore();
    const lines: string[] = [];
    const slow = gate();
    const finished = gate();
    const started: number[] = [];
    const runner = createJobRunner({ store, log: (line) => lines.push(line), pollMs: 60_000 });
    await runner.start([
      {
        name: 'deliver-mail',
        schedule: null,
        concurrency: 2,
        run: async ({ mailId }) => {
          started.push(mailId);
          if (mailId === 2) {
            await slow.opened; // hangs past the grace period
            finished.open();
          }
          return null;
        },
      },
    ]);
    await store.send([mailJob(1), mailJob(2)]);
    await vi.waitFor(() => expect(started.sort()).toEqual([1, 2]));
    await runner.stop(50);
    expect(lines).toEqual(['[jobs] deliver-mail (mail 2): handed back (the node is stopping)']);
    const [mail] = await store.stats();
    expect(mail).toMatchObject({ queued: 1, active: 0, lastError: { message: 'The node stopped before the job finished.' } });
    // Nothing new is taken once stopped.
    await store.send([mailJob(3)]);
    expect(started).toHaveLength(2);
    // The handed-back job's late end does not count: it waits for another worker.
    slow.open();
    await finished.opened;
    await vi.waitFor(async () => expect((await store.stats())[0]).toMatchObject({ queued: 2, active: 0 }));
    expect(store.list().map((j) => [j.input, j.state])).toEqual([
      [{ mailId: 2 }, 'retry'],
      [{ mailId: 3 }, 'created'],
    ]);
  });

  it('queues scheduled jobs at their cron ticks (UTC) and runs them; an unscheduled queue is never ticked', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:58:30.000Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = new MemoryJobStore();
    const runs: string[] = [];
    const runner = runnerOn(store);
    await runner.start([
      { name: 'prune-expired', schedule: '0 * * * *', concurrency: 1, run: async () => (runs.push(new Date().toISOString()), 'pruned') },
      { name: 'reminders', schedule: null, concurrency: 1, run: async () => (runs.push('reminders'), null) },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(31_000); // 10:00:01
    expect(runs).toEqual(['2026-03-02T10:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000); // 12:00:01
    expect(runs).toEqual(['2026-03-02T10:00:00.000Z', '2026-03-02T11:00:00.000Z', '2026-03-02T12:00:00.000Z']);
    await runner.stop(0);
    await store.close();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(runs).toHaveLength(3);
  });
});
