import { afterEach, describe, expect, it } from 'vitest';
import type { AnyJobDefinition } from '../../adapters/jobs/runner.js';
import { QUEUE_NAMES } from '../../core/domain/jobs.js';
import { londonDateOf } from '../../core/domain/working-days.js';
import type { Actor } from '../../core/use-cases/use-cases.js';
import { DEFAULT_BACKUP_SCHEDULE, DEFAULT_RETENTION_SCHEDULE, loadConfig } from '../../apps/shared/config.js';
import { agencyJobs, jobDefinition, PORTAL_OUTAGE_SCHEDULE, PRUNE_SCHEDULE, REPORT_ROLLUPS_SCHEDULE } from '../../apps/shared/jobs.js';
import { applicationForm, makeMemoryApp, makeSqliteApp, signUp, type TestAgency } from '../support/http.js';

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

describe("the agency's jobs (one definition per queue, the same on both databases)", () => {
  let t: TestAgency | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const definition = <N extends AnyJobDefinition['name']>(name: N) => jobDefinition(t!.agency, name);
  const pending = async (name: string) => (await t!.agency.persistence.jobs.stats()).find((q) => q.name === name)!;

  it('each queue has one definition; only the scheduled ones have a cron', async () => {
    t = await makeMemoryApp({ env: { REMINDER_SCHEDULE: '0 9 * * *' } });
    const jobs = agencyJobs(t.agency);
    expect(jobs.map((j) => j.name).sort()).toEqual([...QUEUE_NAMES].sort());
    expect(Object.fromEntries(jobs.map((j) => [j.name, j.schedule]))).toEqual({
      'deliver-mail': null,
      'deliver-text': null,
      'check-passport': null,
      'send-refund': null,
      reminders: '0 9 * * *',
      retention: DEFAULT_RETENTION_SCHEDULE,
      'sweep-orphan-files': null,
      'prune-expired': PRUNE_SCHEDULE,
      'report-rollups': REPORT_ROLLUPS_SCHEDULE,
      'portal-outage': PORTAL_OUTAGE_SCHEDULE,
      'encrypt-files': null,
      'rotate-file-key': null,
      backup: DEFAULT_BACKUP_SCHEDULE,
    });
    expect(jobs.find((j) => j.name === 'backup')!.timezone).toBe('Europe/London');
    expect(jobs.filter((j) => j.name !== 'backup').every((j) => j.timezone === undefined)).toBe(true);
  });

  it('reminders: queue the due payment and application reminders once, each mail with its deliver-mail job', async () => {
    t = await makeMemoryApp({ env: { REMINDER_SCHEDULE: '0 9 * * *' } });
    const { browser } = await signUp(t.app, { email: 'payer@example.com' });
    expect((await browser.post('/api/applications', applicationForm(t.clock))).status).toBe(201);
    await signUp(t.app, { email: 'idle@example.com' });
    const mailJobsBefore = (await pending('deliver-mail')).queued;

    expect(await definition('reminders').run({})).toBe('Payment reminders sent to 1 applicant. Application reminders sent to 1 user.');
    const queued = await t.ports.outbox.list({ sent: false });
    expect(queued.filter((m) => m.template === 'payment_reminder').map((m) => m.to)).toEqual(['payer@example.com']);
    expect(queued.filter((m) => m.template === 'application_reminder').map((m) => m.to)).toEqual(['idle@example.com']);
    expect((await pending('deliver-mail')).queued).toBe(mailJobsBefore + 2);
    // A second run (another node, a CLI run) finds nothing due.
    expect(await definition('reminders').run({})).toBe('No payment reminders are due. No application reminders are due.');
    expect((await pending('deliver-mail')).queued).toBe(mailJobsBefore + 2);
  });

  it('deliver-mail sends its mail once; a job for a mail sent already, or gone, is skipped with a line', async () => {
    t = await makeMemoryApp();
    const mail = await t.ports.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: { fullName: 'A' } }, t.clock.now());
    expect(await definition('deliver-mail').run({ mailId: mail.id })).toBeNull();
    expect(await definition('deliver-mail').run({ mailId: mail.id })).toBe('sent already: skipped');
    expect(await definition('deliver-mail').run({ mailId: 4242 })).toBe('the mail is gone: skipped');
    expect((await t.ports.outbox.list({ sent: true })).map((m) => m.id)).toEqual([mail.id]);
  });

  it('check-passport skips a document that is gone', async () => {
    t = await makeMemoryApp();
    expect(await definition('check-passport').run({ documentId: 999 })).toBe('the document is gone (or is no passport copy): skipped');
  });

  it('retention: purges with RETENTION_DAYS, then queues the orphan-file sweep', async () => {
    t = await makeMemoryApp({ env: { RETENTION_DAYS: '30' } });
    expect(await definition('retention').run({})).toBe('purged 0 passport scan(s) (0 file(s)) finished more than 30 days ago');
    expect((await pending('sweep-orphan-files')).queued).toBe(1);
    expect(await definition('sweep-orphan-files').run({})).toBe('swept 0 orphan file(s) of 0 checked');
  });

  it('prune-expired: deletes ended sessions and closed rate-limit windows', async () => {
    t = await makeMemoryApp();
    await signUp(t.app, { email: 'old@example.com' });
    await t.ports.attempts.hit('test-window', t.clock.now(), 60_000);
    t.clock.advance({ days: 8 });
    // The registration's own per-address window, and the test's.
    expect(await definition('prune-expired').run({})).toBe('deleted 1 ended session(s) and 2 closed rate-limit window(s)');
    expect(await definition('prune-expired').run({})).toBe('deleted 0 ended session(s) and 0 closed rate-limit window(s)');
  });

  it('report-rollups: rolls the days through yesterday up once, then has nothing to do', async () => {
    t = await makeSqliteApp();
    // Two applicants on two days (the test clock's), then the clock moves on two days.
    await signUp(t.app, { email: 'first@example.com' });
    t.clock.advance({ days: 1 });
    await signUp(t.app, { email: 'second@example.com' });
    t.clock.advance({ days: 2 });
    expect(await definition('report-rollups').run({})).toBe('rolled up 3 day(s) of the reports; 0 still to do');
    expect(await definition('report-rollups').run({})).toBe('rolled up 0 day(s) of the reports; 0 still to do');
    const today = t.clock.now();
    const range = { from: londonDateOf(new Date(today.getTime() - 3 * 86_400_000)), to: londonDateOf(today) };
    const admin: Actor = { userId: 0, email: 'admin@example.com', role: 'admin', isAdmin: true };
    expect((await t.agency.useCases.reportsSummary(admin, range)).funnel.registered).toBe(2);
  });
});
