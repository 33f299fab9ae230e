import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTd3 } from '../../adapters/passport/mrz-text.js';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { BRITISH_TRAVELLER, td3Lines } from '../../bench/support/synthetic-passport.js';
import { FakePassportReader } from '../support/fakes.js';
import { applicantWithApplication, applicationForm, FILES, makeMemoryApp, makeSqliteApp, signInAdmin, signUp, TestBrowser, type SignedUp, type TestAgency } from '../support/http.js';
import { promtool, PROMTOOL_REQUIRED, readExposition, runPromtool, sampleValue, type Family } from '../support/prometheus.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** Every family an operator's alerts and dashboard read (docs/deployment.md "Watching it"). */
const FAMILIES = [
  'http_request_duration_seconds',
  'evisa_job_queue_waiting',
  'evisa_job_queue_running',
  'evisa_job_queue_failed',
  'evisa_job_queue_oldest_waiting_seconds',
  'evisa_mails_total',
  'evisa_texts_total',
  'evisa_payments_total',
  'evisa_refunds_total',
  'evisa_passport_scan_duration_seconds',
  'evisa_db_pool_connections',
  'evisa_db_pool_max',
  'evisa_guarantee_deadlines_due_today',
  'evisa_guarantee_deadlines_missed',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
];

async function scrape(t: TestAgency, authorization = `Bearer ${TOKEN}`): Promise<{ text: string; families: Map<string, Family> }> {
  const res = await new TestBrowser(t.app).get('/metrics', { authorization });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  if (promtool()) {
    // Prometheus's own parser reads every line (and lints the names): the reference check.
    // Exit 0: clean; 3: lint problems only (1 would be a text that does not parse). Ours are lint-clean;
    // prom-client's own nodejs_active_*_total gauges are the only names promtool frowns at.
    const checked = runPromtool(['check', 'metrics'], text);
    expect([0, 3], checked.output).toContain(checked.status);
    expect(checked.output.split('\n').filter((line) => line.trim() && !line.startsWith('nodejs_active_'))).toEqual([]);
  } else if (PROMTOOL_REQUIRED) {
    throw new Error('promtool is required on CI (apt-get install prometheus): .ci/run installs it');
  }
  return { text, families: readExposition(text) };
}

describe('GET /metrics on SQLite, after a traveller and staff journey', () => {
  let t: TestAgency;
  let reader: FakePassportReader;
  let owner: SignedUp & { application: { id: number } };

  beforeAll(async () => {
    reader = new FakePassportReader();
    t = await makeSqliteApp({ env: { METRICS_TOKEN: TOKEN }, overrides: { passportReader: reader } });
    // A mobile number, so the applicant can ask for texts.
    const applicant = await signUp(t.app, { phoneNumber: '+447911123456' });
    const created = await applicant.browser.post('/api/applications', applicationForm(t.clock, { smsUpdates: true }));
    expect(created.status).toBe(201);
    owner = { ...applicant, application: await created.json() };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 { message } without the token, with a wrong one or another scheme, and reads nothing then', async () => {
    const browser = new TestBrowser(t.app);
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-length-00000', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const res = await browser.get('/metrics', authorization === undefined ? {} : { authorization });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await res.json();
      expect(body).toEqual({ message: expect.stringContaining('metrics token') });
      expect(JSON.stringify(body)).not.toContain(TOKEN);
    }
  });

  it('counts what the journey did: payments, a refund, passport scans, mails and texts, and reads the job queues', async () => {
    const id = owner.application.id;
    // Two passport photos scanned for the form: one read, one without a readable zone.
    reader.answers(readTd3(td3Lines(BRITISH_TRAVELLER)));
    expect((await owner.browser.upload('/api/passport-scan', { file: { content: FILES.jpeg, name: 'p.jpg', type: 'image/jpeg' } })).status).toBe(200);
    reader.answers(null);
    expect((await owner.browser.upload('/api/passport-scan', { file: { content: FILES.jpeg, name: 'p.jpg', type: 'image/jpeg' } })).status).toBe(422);
    // A passport copy stored: its check-passport job waits (no worker yet).
    const upload = await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.pdf, name: 'passport.pdf', type: 'application/pdf' }, type: 'passport' });
    expect(upload.status).toBe(201);

    // The initial fee: declined first, then paid, then confirmed again.
    const pay = async (card: string) => {
      const intent = await (await owner.browser.post(`/api/payments/initial/${id}`)).json();
      await owner.browser.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: card });
      return owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId });
    };
    expect((await pay('4000000000000002')).status).toBe(402);
    const intent = await (await owner.browser.post(`/api/payments/initial/${id}`)).json();
    expect((await owner.browser.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' })).status).toBe(200);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    expect((await (await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).json()).recorded).toBe(false);

    // Staff refund the initial fee (under the approval limit: sent at once to the test provider).
    const admin = await signInAdmin(t);
    const refund = await admin.browser.post(`/api/admin/applications/${id}/refunds`, { paymentType: 'initial', amountPence: 1000, reason: 'Duplicate application' });
    expect(refund.status).toBe(201);
    expect((await t.agency.ports.refunds.listByApplication(id)).map((r) => r.status)).toEqual(['succeeded']);
    // A status change texts the applicant (smsUpdates) and mails them.
    expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' })).status).toBe(200);

    // Before any worker: the queues as the store reports them.
    const before = await scrape(t);
    const stats = await t.agency.persistence.jobs.stats();
    for (const queue of stats) {
      expect(sampleValue(before.families, 'evisa_job_queue_waiting', 'evisa_job_queue_waiting', { queue: queue.name }), queue.name).toBe(queue.queued);
      expect(sampleValue(before.families, 'evisa_job_queue_failed', 'evisa_job_queue_failed', { queue: queue.name }), queue.name).toBe(queue.failed);
    }
    expect(stats.find((q) => q.name === 'check-passport')!.queued).toBe(1);
    expect(sampleValue(before.families, 'evisa_job_queue_oldest_waiting_seconds', 'evisa_job_queue_oldest_waiting_seconds', { queue: 'check-passport' })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(before.families, 'evisa_job_queue_oldest_waiting_seconds', 'evisa_job_queue_oldest_waiting_seconds', { queue: 'retention' })).toBe(0);

    // The workers deliver the mails and texts and check the passport copy.
    await t.workJobs();
    await vi.waitFor(
      async () => {
        const queues = await t.agency.persistence.jobs.stats();
        for (const name of ['deliver-mail', 'deliver-text', 'check-passport', 'send-refund'])
          expect(
            queues.find((q) => q.name === name),
            name,
          ).toMatchObject({ queued: 0, active: 0 });
      },
      { timeout: 30_000, interval: 50 },
    );
    await t.stopJobs();

    const { families } = await scrape(t);
    for (const name of FAMILIES) expect(families.has(name), name).toBe(true);
    const value = (family: string, labels: Record<string, string>, sample = family) => sampleValue(families, family, sample, labels);

    expect(value('evisa_payments_total', { type: 'initial', outcome: 'refused' })).toBe(1);
    expect(value('evisa_payments_total', { type: 'initial', outcome: 'recorded' })).toBe(1);
    expect(value('evisa_payments_total', { type: 'initial', outcome: 'already_recorded' })).toBe(1);
    expect(value('evisa_refunds_total', { outcome: 'succeeded' })).toBe(1);
    expect(value('evisa_passport_scan_duration_seconds', { kind: 'scan', outcome: 'read' }, 'evisa_passport_scan_duration_seconds_count')).toBe(1);
    expect(value('evisa_passport_scan_duration_seconds', { kind: 'scan', outcome: 'unreadable' }, 'evisa_passport_scan_duration_seconds_count')).toBe(1);
    expect(value('evisa_passport_scan_duration_seconds', { kind: 'check', outcome: 'unreadable' }, 'evisa_passport_scan_duration_seconds_count')).toBe(1);
    // Every mail and text the outbox holds as sent was counted once.
    const files = (folder: string, ext: string) => readdirSync(path.join(t.agency.config.dataDir, folder)).filter((f) => f.endsWith(ext)).length;
    expect(files('outbox', '.eml')).toBeGreaterThanOrEqual(3);
    expect(value('evisa_mails_total', { outcome: 'sent' })).toBe(files('outbox', '.eml'));
    expect(files('sms', '.txt')).toBeGreaterThanOrEqual(1);
    expect(value('evisa_texts_total', { outcome: 'sent' })).toBe(files('sms', '.txt'));

    // Durations by route pattern, never by raw URL.
    expect(value('http_request_duration_seconds', { route: '/api/applications/:id/documents', method: 'POST', status: '201' }, 'http_request_duration_seconds_count')).toBe(1);
    expect(value('http_request_duration_seconds', { route: '/api/payments/:type/confirm/:applicationId', method: 'POST', status: '200' }, 'http_request_duration_seconds_count')).toBe(2);
    expect(value('http_request_duration_seconds', { route: '/metrics', method: 'GET', status: '401' }, 'http_request_duration_seconds_count')).toBe(6);
    const routes = new Set(families.get('http_request_duration_seconds')!.samples.map((s) => s.labels.route));
    expect([...routes].filter((route) => /\/\d+(\/|$)/.test(route!))).toEqual([]);

    // SQLite: one connection, the file's size.
    expect(value('evisa_db_pool_max', {})).toBe(1);
    expect(value('evisa_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(value('evisa_sqlite_file_bytes', { file: 'database' })).toBeGreaterThan(0);
  });

  it('on METRICS_TOKEN unset, the main port has no /metrics (404 { message })', async () => {
    const plain = await makeMemoryApp();
    try {
      const res = await new TestBrowser(plain.app).get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found.' });
    } finally {
      await plain.close();
    }
  });
});

describe('evisa_guarantee_deadlines_due_today', () => {
  it('counts the unanswered applications whose deadline is today (London), and those already missed', async () => {
    const t = await makeMemoryApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const gateway = t.ports.gateway as MemoryPaymentGateway;
      const payInitial = async (owner: Awaited<ReturnType<typeof applicantWithApplication>>) => {
        const intent = await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json();
        gateway.succeed(intent.paymentIntentId);
        const confirm = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
        expect(confirm.status).toBe(200);
        return new Date((await t.ports.applications.findById(owner.application.id))!.guaranteeDeadline!);
      };
      // Monday 23 November 2026: one paid today, one tomorrow, one the day after.
      t.clock.set('2026-11-23T10:00:00.000Z');
      const first = await payInitial(await applicantWithApplication(t));
      t.clock.set('2026-11-24T10:00:00.000Z');
      const second = await payInitial(await applicantWithApplication(t));
      t.clock.set('2026-11-25T10:00:00.000Z');
      await payInitial(await applicantWithApplication(t));
      // An answered one (approved) whose deadline is today too is not counted.
      t.clock.set('2026-11-24T11:00:00.000Z');
      const answered = await applicantWithApplication(t);
      await payInitial(answered);
      const admin = await signInAdmin(t);
      for (const status of ['under_process', 'verified', 'approved']) expect((await admin.browser.put(`/api/admin/applications/${answered.application.id}/status`, { status })).status).toBe(200);

      // The morning the second one's deadline ends: the first one's passed yesterday.
      t.clock.set(new Date(second.getTime() - 10 * 60 * 60 * 1000));
      expect(first.getTime()).toBeLessThan(t.clock.now().getTime());
      const { families } = await scrape(t);
      expect(sampleValue(families, 'evisa_guarantee_deadlines_due_today', 'evisa_guarantee_deadlines_due_today')).toBe(1);
      expect(sampleValue(families, 'evisa_guarantee_deadlines_missed', 'evisa_guarantee_deadlines_missed')).toBe(1);
    } finally {
      await t.close();
    }
  });
});
