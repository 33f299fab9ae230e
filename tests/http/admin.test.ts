import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { applicantWithApplication, FILES, makeMemoryApp, signInAdmin, signUp, type SignedUp, type TestAgency } from '../support/http.js';

let t: TestAgency;
let admin: SignedUp;
beforeEach(async () => {
  t = await makeMemoryApp();
  admin = await signInAdmin(t);
});
afterEach(async () => {
  await t.close();
});

async function paidApplication(overrides: Record<string, unknown> = {}) {
  const owner = await applicantWithApplication(t, overrides);
  const intent = await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json();
  (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
  const res = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
  expect(res.status).toBe(200);
  return owner;
}

describe('GET /api/admin/applications', () => {
  it('without parameters lists every application with its user, plus pseudo-entries for users without one', async () => {
    const withApp = await applicantWithApplication(t, { givenName: 'Zed' });
    const without = await signUp(t.app, { fullName: 'No Application Yet' });
    const res = await admin.browser.get('/api/admin/applications');
    expect(res.status).toBe(200);
    const entries = await res.json();
    // Each element is the application's own fields with its user attached (docs/product.md §10.2).
    const real = entries.find((e: { id: number | null }) => e.id === withApp.application.id);
    expect(real).toMatchObject({
      status: 'online_entry',
      givenName: 'Zed',
      applicationNumber: withApp.application.applicationNumber,
      user: { id: withApp.user.id, email: withApp.email, username: withApp.email, fullName: withApp.user.fullName, phoneNumber: '+447700900123' },
    });
    expect(JSON.stringify(real)).not.toContain('passwordHash');
    const pseudo = entries.find((e: { user: { id: number } }) => e.user.id === without.user.id);
    expect(pseudo).toMatchObject({ id: null, userId: without.user.id, status: 'user_registered', user: { fullName: 'No Application Yet' } });
  });

  it('with ?tab=&q=&page=&pageSize= filters, searches and pages on the server', async () => {
    const paid = await paidApplication({ surname: 'Searchable', passportNumber: 'ZX9988776' });
    await applicantWithApplication(t, { surname: 'Other' });
    const registered = await signUp(t.app, { fullName: 'Registered Only' });
    const tab = await (await admin.browser.get('/api/admin/applications?tab=initial-payment&page=1&pageSize=10')).json();
    expect(tab).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(tab.items.map((e: { application: { id: number } }) => e.application.id)).toEqual([paid.application.id]);

    const byPassport = await (await admin.browser.get('/api/admin/applications?q=ZX9988776')).json();
    expect(byPassport.items.map((e: { application: { id: number } }) => e.application.id)).toEqual([paid.application.id]);
    const byNumber = await (await admin.browser.get(`/api/admin/applications?q=${paid.application.applicationNumber}`)).json();
    expect(byNumber.total).toBe(1);

    const paged = await (await admin.browser.get('/api/admin/applications?tab=online-entries&page=1&pageSize=1')).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(2);
    const second = await (await admin.browser.get('/api/admin/applications?tab=online-entries&page=2&pageSize=1')).json();
    expect(second.items).toEqual([expect.objectContaining({ status: 'user_registered', application: null, user: expect.objectContaining({ id: registered.user.id }) })]);
  });

  it('answers 400 for an unknown tab or a bad page size', async () => {
    const tab = await admin.browser.get('/api/admin/applications?tab=everything');
    expect(tab.status).toBe(400);
    expect((await tab.json()).message).toBe('Unknown tab');
    const size = await admin.browser.get('/api/admin/applications?pageSize=100000');
    expect(size.status).toBe(400);
    const page = await admin.browser.get('/api/admin/applications?page=abc');
    expect(page.status).toBe(400);
  });

  it('/counts answers the count per tab', async () => {
    await paidApplication();
    await applicantWithApplication(t);
    await signUp(t.app);
    const res = await admin.browser.get('/api/admin/applications/counts');
    expect(res.status).toBe(200);
    const counts = await res.json();
    const none = { 'online-entries': 0, 'initial-payment': 0, 'submitted-portal': 0, approved: 0, completed: 0, rejected: 0 };
    expect(counts).toEqual({
      'online-entries': 2,
      'initial-payment': 1,
      'submitted-portal': 0,
      approved: 0,
      completed: 0,
      rejected: 0,
      mine: none,
      // Applications only: the pseudo-entry is nobody's to assign.
      unassigned: { ...none, 'online-entries': 1, 'initial-payment': 1 },
    });
    // one online_entry application + one user_registered pseudo-entry (admins are not listed)
    expect(counts['online-entries']).toBe(2);
  });
});

describe('status changes', () => {
  it('writes history, queues the applicant’s mail, and records the analytics event', async () => {
    const owner = await paidApplication();
    const id = owner.application.id;
    const res = await admin.browser.put(`/api/admin/applications/${id}/status`, {
      status: 'ADDITIONAL_INFO_REQUIRED',
      additionalInfoMessage: 'Please send a clearer scan',
      requiresPassportReupload: true,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'additional_info_required', additionalInfoMessage: 'Please send a clearer scan', requiresPassportReupload: true });
    const history = await t.ports.history.listByApplication(id);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'application_created', toStatus: 'additional_info_required', changedBy: admin.user.id });
    const mails = await t.ports.outbox.list({ to: owner.email });
    expect(mails.map((m) => m.template)).toContain('info_requested');
    const events = await t.ports.analytics.list();
    expect(events.some((e) => e.properties.newStatus === 'additional_info_required')).toBe(true);
  });

  it('then the applicant may re-upload the passport once', async () => {
    const owner = await paidApplication();
    const id = owner.application.id;
    const url = `/api/applications/${id}/documents`;
    expect((await owner.browser.upload(url, { file: { content: FILES.pdf, name: 'first.pdf' }, type: 'passport' })).status).toBe(201);
    await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'additional_info_required', requiresPassportReupload: true });
    const again = await owner.browser.upload(url, { file: { content: FILES.jpeg, name: 'second.jpg' }, type: 'passport' });
    expect(again.status).toBe(201);
    const app = await (await owner.browser.get(`/api/applications/${id}`)).json();
    expect(app).toMatchObject({ requiresPassportReupload: false, passportReuploadedAt: expect.any(String) });
    expect((await owner.browser.upload(url, { file: { content: FILES.pdf, name: 'third.pdf' } })).status).toBe(409);
  });

  it('refuses a transition the tab does not offer (409) and an unknown status (400), changing nothing', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const jump = await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'approved' });
    expect(jump.status).toBe(409);
    expect(await jump.json()).toEqual({ message: 'An application in status online_entry cannot be moved to approved.' });
    const unknown = await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'teleported' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('Please choose a valid status');
    const noMessage = await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'additional_info_required' });
    expect(noMessage.status).toBe(400);
    expect((await t.ports.applications.findById(id))?.status).toBe('online_entry');
    expect(await t.ports.history.listByApplication(id)).toEqual([]);
  });

  it('answers 404 for an unknown application and 400 for a non-numeric id', async () => {
    expect((await admin.browser.put('/api/admin/applications/99999/status', { status: 'under_process' })).status).toBe(404);
    const bad = await admin.browser.put('/api/admin/applications/xyz/status', { status: 'under_process' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid application ID. Please refresh the page and try again.');
  });
});

describe('visa upload', () => {
  it('is refused before approval (409) and for a wrong file type (415); accepted once approved', async () => {
    const owner = await paidApplication();
    const id = owner.application.id;
    const url = `/api/admin/applications/${id}/visa-upload`;
    expect((await admin.browser.upload(url, { visa: { content: FILES.pdf, name: 'visa.pdf' } })).status).toBe(409);
    for (const status of ['verified', 'approved']) {
      expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status })).status).toBe(200);
    }
    const wrong = await admin.browser.upload(url, { visa: { content: FILES.gif, name: 'visa.pdf' } });
    expect(wrong.status).toBe(415);
    const missing = await admin.browser.upload(url, { file: { content: FILES.pdf, name: 'visa.pdf' } });
    expect(missing.status).toBe(400);
    const ok = await admin.browser.upload(url, { visa: { content: FILES.pdf, name: 'visa.pdf' } });
    expect(ok.status).toBe(201);
    // Replacing keeps one visa document.
    expect((await admin.browser.upload(url, { visa: { content: FILES.png, name: 'visa-2.png' } })).status).toBe(201);
    const docs = (await t.ports.documents.listByApplication(id)).filter((d) => d.type === 'visa');
    expect(docs.map((d) => d.fileName)).toEqual(['visa-2.png']);
    expect((await t.ports.applications.findById(id))?.visaDocument).toBe('visa-2.png');
  });
});

describe('reminders', () => {
  it('send payment and application reminders and answer a message', async () => {
    await applicantWithApplication(t);
    await signUp(t.app);
    const payments = await admin.browser.post('/api/admin/send-payment-reminders');
    expect(payments.status).toBe(200);
    const body = await payments.json();
    expect(body).toEqual({ message: expect.any(String), sent: 1, skipped: expect.any(Number) });
    const applications = await admin.browser.post('/api/admin/send-application-reminders');
    expect(applications.status).toBe(200);
    expect((await applications.json()).sent).toBeGreaterThanOrEqual(1);
    const templates = (await t.ports.outbox.list()).map((m) => m.template);
    expect(templates).toContain('payment_reminder');
    expect(templates).toContain('application_reminder');
  });
});
