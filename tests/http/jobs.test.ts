import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessRunner } from '../../adapters/jobs/in-process.js';
import type { Job } from '../../adapters/jobs/index.js';
import { DEFAULT_RETENTION_SCHEDULE, loadConfig } from '../../apps/shared/config.js';
import { agencyJobs } from '../../apps/shared/jobs.js';
import { applicationForm, makeMemoryApp, signUp, type TestAgency } from '../support/http.js';

describe('schedules in the configuration', () => {
  it('reminders are off and retention runs daily at 03:30 UTC unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(config.jobs).toEqual({ reminderSchedule: null, retentionSchedule: DEFAULT_RETENTION_SCHEDULE, retentionDays: 90 });
    expect(DEFAULT_RETENTION_SCHEDULE).toBe('30 3 * * *');
  });

  it('takes cron expressions, `off`, and RETENTION_DAYS', () => {
    const config = loadConfig({ REMINDER_SCHEDULE: ' 0  9 * * 1-5 ', RETENTION_SCHEDULE: 'OFF', RETENTION_DAYS: '30' });
    expect(config.jobs).toEqual({ reminderSchedule: '0 9 * * 1-5', retentionSchedule: null, retentionDays: 30 });
  });

  it.each([
    ['REMINDER_SCHEDULE', 'every day'],
    ['REMINDER_SCHEDULE', '* * * *'],
    ['RETENTION_SCHEDULE', '61 * * * *'],
    ['RETENTION_SCHEDULE', '0 0 * * * *'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid configuration: ${name} must be a cron expression of 5 fields (minute hour day month weekday, UTC) or off (got ${value})`);
  });

  it('refuses a RETENTION_DAYS that is not a whole number of days', () => {
    expect(() => loadConfig({ RETENTION_DAYS: '0' })).toThrow('Invalid configuration: RETENTION_DAYS must be a whole number from 1 to 36500 (got 0)');
  });
});

describe('the in-process scheduler (SQLite: one process)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each scheduled job at its cron times (UTC), one run at a time, and nothing unscheduled', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:58:30.000Z') });
    const runs: string[] = [];
    const lines: string[] = [];
    const job = (name: string, schedule: string | null): Job => ({
      name,
      schedule,
      run: async () => {
        runs.push(`${name}@${new Date().toISOString()}`);
        return 'done';
      },
    });
    const runner = createInProcessRunner({ jobs: [job('hourly', '0 * * * *'), job('never', null)], log: (l) => lines.push(l) });
    await runner.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(31_000); // 10:00:01
    expect(runs).toEqual(['hourly@2026-03-02T10:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000); // to 12:00:01
    expect(runs).toEqual(['hourly@2026-03-02T10:00:00.000Z', 'hourly@2026-03-02T11:00:00.000Z', 'hourly@2026-03-02T12:00:00.000Z']);
    expect(lines[0]).toMatch(/^\[jobs\] hourly: done \(\d+\.\d s\)$/);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(runs).toHaveLength(3);
  });

  it('logs a failed run as one line and keeps the schedule', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:59:59.000Z') });
    const lines: string[] = [];
    let calls = 0;
    const runner = createInProcessRunner({
      jobs: [{ name: 'flaky', schedule: '* * * * *', run: async () => (calls += 1) === 1 ? Promise.reject(new Error('database unavailable')) : 'ok' }],
      log: (l) => lines.push(l),
    });
    await runner.start();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(calls).toBe(2);
    expect(lines).toEqual(['[jobs] flaky failed: database unavailable', expect.stringMatching(/^\[jobs\] flaky: ok/)]);
    await runner.stop();
  });
});

describe("the agency's jobs (the same on both databases)", () => {
  let t: TestAgency | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('reminders: queue the due payment and application reminders once, and nudge the outbox sender', async () => {
    t = await makeMemoryApp({ env: { REMINDER_SCHEDULE: '0 9 * * *' } });
    const { browser } = await signUp(t.app, { email: 'payer@example.com' });
    expect((await browser.post('/api/applications', applicationForm(t.clock))).status).toBe(201);
    await signUp(t.app, { email: 'idle@example.com' });
    let nudged = 0;
    const [reminders, retention] = agencyJobs(t.agency, () => (nudged += 1));
    expect(reminders.schedule).toBe('0 9 * * *');
    expect(retention.schedule).toBe(DEFAULT_RETENTION_SCHEDULE);

    expect(await reminders.run()).toBe('Payment reminders sent to 1 applicant. Application reminders sent to 1 user.');
    expect(nudged).toBe(1);
    const queued = await t.ports.outbox.list({ sent: false });
    expect(queued.filter((m) => m.template === 'payment_reminder').map((m) => m.to)).toEqual(['payer@example.com']);
    expect(queued.filter((m) => m.template === 'application_reminder').map((m) => m.to)).toEqual(['idle@example.com']);
    // A second run (another node, a CLI run) finds nothing due.
    expect(await reminders.run()).toBe('No payment reminders are due. No application reminders are due.');
    expect(nudged).toBe(1);
  });

  it('retention: purges with RETENTION_DAYS and sweeps orphan files', async () => {
    t = await makeMemoryApp({ env: { RETENTION_DAYS: '30' } });
    const [, retention] = agencyJobs(t.agency);
    expect(await retention.run()).toBe('purged 0 passport scan(s) (0 file(s)) finished more than 30 days ago; swept 0 orphan file(s) of 0 checked');
  });
});
