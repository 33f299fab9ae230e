import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, FILES, makeMemoryApp, signInAdmin, TestBrowser, type SignedUp, type TestAgency } from '../support/http.js';

interface Row {
  seq: number;
  at: string;
  actor: { id: number | null; email: string | null };
  clientAddress: string | null;
  action: string;
  target: { type: string | null; id: string | null };
  applicationId: number | null;
  detail: Record<string, unknown>;
}

/**
 * The audit log (docs/product.md §6.5) through the HTTP API on every database: each staff action
 * and read of personal data is stored with its actor, client address, target and before/after, read
 * back through both audit routes; applicants and bad input are refused.
 */
describe.each(appDatabases())('audit log on $name', (db) => {
  let t: TestAgency;
  // Refunds above £5 wait for a second member of staff (an approval to record).
  eachTestAgency(db, (agency) => (t = agency), { env: { REFUND_APPROVAL_PENCE: '500' } });

  async function pay(owner: SignedUp, id: number, type: 'initial' | 'final', body: object = {}) {
    const start = await owner.browser.post(`/api/payments/${type}/${id}`, body);
    expect(start.status).toBe(200);
    const intent = (await start.json()) as { paymentIntentId: string };
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/${type}/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
  }

  async function trail(browser: TestBrowser, id: number): Promise<Row[]> {
    const res = await browser.get(`/api/admin/applications/${id}/audit`);
    expect(res.status).toBe(200);
    return res.json();
  }

  it('records every staff action and read on the application with actor, address, target and before/after', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const passport = await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.pdf, name: 'passport.pdf' }, type: 'passport' });
    const passportId = ((await passport.json()) as { id: number }).id;
    await pay(owner, id, 'initial', { startNow: true });
    const admin = await signInAdmin(t);
    const staff = { id: admin.user.id, email: admin.email };
    const put = (status: string, extra: object = {}) => admin.browser.put(`/api/admin/applications/${id}/status`, { status, ...extra });

    expect((await put('under_process')).status).toBe(200);
    expect((await put('additional_info_required', { additionalInfoMessage: 'Please send your hotel booking.' })).status).toBe(200);
    expect((await put('under_process')).status).toBe(200);
    expect((await owner.browser.post(`/api/applications/${id}/cancel`, { reason: 'Changed plans' })).status).toBe(200);
    expect((await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'decline', message: 'Your visa is nearly ready.' })).status).toBe(200);
    expect((await admin.browser.post(`/api/admin/applications/${id}/notes`, { text: 'Spoke to the applicant.' })).status).toBe(201);
    expect((await admin.browser.post(`/api/admin/applications/${id}/refunds`, { paymentType: 'initial', amountPence: 100, reason: 'Goodwill' })).status).toBe(201);
    // Staff read the passport; the applicant reading their own file is not recorded.
    expect((await admin.browser.get(`/api/documents/${passportId}/file`)).status).toBe(200);
    expect((await owner.browser.get(`/api/documents/${passportId}/file`)).status).toBe(200);
    for (const status of ['verified', 'approved']) expect((await put(status)).status).toBe(200);
    const visa = await admin.browser.upload(`/api/admin/applications/${id}/visa-upload`, { visa: { content: FILES.pdf, name: 'e-visa.pdf', type: 'application/pdf' } });
    const visaId = ((await visa.json()) as { id: number }).id;
    await pay(owner, id, 'final');
    expect((await admin.browser.post(`/api/admin/applications/${id}/send-evisa`, {})).status).toBe(200);

    const rows = await trail(admin.browser, id);
    expect(rows.map((r) => r.action)).toEqual([
      'application.evisa_sent',
      'application.visa_uploaded',
      'application.status_changed',
      'application.status_changed',
      'document.viewed',
      'refund.requested',
      'application.note_written',
      'application.cancellation_decided',
      'application.status_changed',
      'application.status_changed',
      'application.status_changed',
    ]);
    for (const row of rows) expect(row).toMatchObject({ actor: staff, clientAddress: '192.0.2.1', applicationId: id, at: t.clock.now().toISOString() });
    const seqs = rows.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const [sent, uploaded, approved, , viewed, refund, note, declined, , info, started] = rows;
    expect(started).toMatchObject({
      target: { type: 'application', id: String(id) },
      detail: { before: { status: 'application_created' }, after: { status: 'under_process', additionalInfoMessage: null } },
    });
    expect(info!.detail).toEqual({
      before: { status: 'under_process', additionalInfoMessage: null, requiresPassportReupload: false },
      after: { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.', requiresPassportReupload: false },
    });
    expect(declined).toMatchObject({ detail: { decision: 'decline', message: 'Your visa is nearly ready.', refundPence: 0, after: { status: 'under_process' } } });
    expect(declined!.detail.after).toMatchObject({ cancellationDeclinedAt: t.clock.now().toISOString() });
    expect(note).toMatchObject({ target: { type: 'note' }, detail: { length: 'Spoke to the applicant.'.length } });
    expect(JSON.stringify(note)).not.toContain('Spoke to');
    expect(refund).toMatchObject({ target: { type: 'refund' }, detail: { after: { paymentType: 'initial', amount: 100, reason: 'Goodwill', status: 'pending' } } });
    expect(viewed).toMatchObject({ target: { type: 'document', id: String(passportId) }, detail: { documentType: 'passport', fileName: 'passport.pdf' } });
    expect(approved).toMatchObject({ detail: { before: { status: 'verified' }, after: { status: 'approved' } } });
    expect(uploaded).toMatchObject({ target: { type: 'document', id: String(visaId) }, detail: { after: { visaDocument: { fileName: 'e-visa.pdf' } } } });
    expect(sent).toMatchObject({ target: { type: 'application', id: String(id) }, detail: { to: owner.email, document: { id: visaId } } });

    // The same rows in the whole log, filtered by application and by actor.
    const log = await admin.browser.get(`/api/admin/audit?applicationId=${id}`);
    expect(log.status).toBe(200);
    // The whole log's rows are the trail's, each with the application's number.
    expect(await log.json()).toEqual({ items: rows.map((row) => ({ ...row, applicationNumber: owner.application.applicationNumber })), page: 1, pageSize: 50, hasMore: false });
    const mine = (await (await admin.browser.get(`/api/admin/audit?actorId=${admin.user.id}`)).json()) as { items: Row[] };
    expect(mine.items.map((r) => r.seq)).toEqual(seqs);
    expect(await t.agency.useCases.verifyAuditLog()).toMatchObject({ ok: true, rows: rows.length });
  });

  it('records the full admin list before it is sent, a refund approval, and CLI-side exports and erasure by the operator', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    await pay(owner, id, 'initial');
    const requester = await signInAdmin(t);
    const approver = await signInAdmin(t);
    expect((await requester.browser.get('/api/admin/applications')).status).toBe(200);
    const requested = await requester.browser.post(`/api/admin/applications/${id}/refunds`, { paymentType: 'initial', amountPence: 1000, reason: 'Cancelled' });
    const refund = (await requested.json()) as { id: number; status: string };
    expect(refund.status).toBe('pending_approval');
    expect((await approver.browser.post(`/api/admin/refunds/${refund.id}/approve`)).status).toBe(200);
    await t.agency.useCases.exportUserData(owner.email);
    await t.agency.useCases.eraseUser(owner.email);

    const { items } = (await (await requester.browser.get('/api/admin/audit')).json()) as { items: Row[] };
    const [erased, exported, ...staff] = items;
    expect(erased).toMatchObject({ action: 'user.erased', actor: { id: null, email: null }, clientAddress: null, target: { type: 'user', id: String(owner.user.id) }, detail: { applications: 1 } });
    expect(exported).toMatchObject({ action: 'user.exported', actor: { id: null, email: null }, clientAddress: null, target: { type: 'user', id: String(owner.user.id) } });
    expect(JSON.stringify([erased, exported])).not.toContain(owner.email);
    const listed = staff.at(-1);
    expect(listed).toMatchObject({ action: 'applications.listed', actor: { id: requester.user.id, email: requester.email }, clientAddress: '192.0.2.1' });
    expect(staff[0]).toMatchObject({
      action: 'refund.approved',
      actor: { id: approver.user.id },
      target: { type: 'refund', id: String(refund.id) },
      detail: { before: { status: 'pending_approval' } },
    });
    expect(staff.some((r) => r.action === 'refund.requested' && r.actor.id === requester.user.id)).toBe(true);
  });

  it('records a payment staff record from the payment check', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const start = (await (await owner.browser.post(`/api/payments/initial/${id}`)).json()) as { paymentIntentId: string };
    (t.ports.gateway as MemoryPaymentGateway).succeed(start.paymentIntentId);
    const admin = await signInAdmin(t);
    expect((await admin.browser.post(`/api/admin/payment-issues/${start.paymentIntentId}/record`, {})).status).toBe(200);
    expect(await trail(admin.browser, id)).toMatchObject([
      {
        action: 'application.payment_issue_recorded',
        actor: { id: admin.user.id, email: admin.email },
        clientAddress: '192.0.2.1',
        target: { type: 'payment', id: start.paymentIntentId },
        detail: { paymentType: 'initial', amount: 1000, currency: 'gbp' },
      },
    ]);
  });

  it('records an assignment, staff added, a role changed, a deactivation and a two-factor reset', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    const colleague = await signInAdmin(t);
    expect((await admin.browser.put(`/api/admin/applications/${id}/assignee`, { userId: colleague.user.id })).status).toBe(200);
    const added = await admin.browser.post('/api/admin/staff', { email: 'new.reviewer@agency.example', fullName: 'New Reviewer', phoneNumber: '+441234567891', role: 'reviewer' });
    expect(added.status).toBe(201);
    const newId = ((await added.json()) as { member: { id: number } }).member.id;
    expect((await admin.browser.put(`/api/admin/staff/${newId}`, { role: 'support' })).status).toBe(200);
    expect((await admin.browser.put(`/api/admin/staff/${newId}`, { active: false })).status).toBe(200);
    expect((await admin.browser.request(`/api/admin/staff/${colleague.user.id}/two-factor`, { method: 'DELETE', json: {} })).status).toBe(200);

    const assigned = (await trail(admin.browser, id)).find((r) => r.action === 'application.assigned');
    expect(assigned).toMatchObject({ actor: { id: admin.user.id, email: admin.email }, target: { type: 'application', id: String(id) }, applicationId: id });
    expect(assigned!.detail).toMatchObject({ before: { assigneeId: null }, after: { assigneeId: colleague.user.id } });
    const log = await admin.browser.get(`/api/admin/audit?actorId=${admin.user.id}`);
    expect(log.status).toBe(200);
    const rows = ((await log.json()) as { items: Row[] }).items;
    const about = (action: string) => rows.filter((r) => r.action === action).map((r) => ({ target: r.target, detail: r.detail }));
    expect(about('staff.created')).toEqual([{ target: { type: 'user', id: String(newId) }, detail: { after: { role: 'reviewer', active: true } } }]);
    expect(about('staff.role_changed')).toEqual([{ target: { type: 'user', id: String(newId) }, detail: { before: { role: 'reviewer' }, after: { role: 'support' } } }]);
    expect(about('staff.deactivated')).toEqual([{ target: { type: 'user', id: String(newId) }, detail: { before: { active: true }, after: { active: false } } }]);
    expect(about('two_factor.reset')).toEqual([{ target: { type: 'user', id: String(colleague.user.id) }, detail: {} }]);
  });

  it('pages newest first and filters by time; bad input is 400 with a clear message', async () => {
    const owner = await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    const start = t.clock.now();
    for (let i = 0; i < 52; i += 1) {
      await admin.browser.post(`/api/admin/applications/${owner.application.id}/notes`, { text: `Note ${i}` });
      t.clock.advance({ minutes: 1 });
    }
    const first = (await (await admin.browser.get('/api/admin/audit')).json()) as { items: Row[]; hasMore: boolean };
    expect(first.items).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const second = (await (await admin.browser.get('/api/admin/audit?page=2')).json()) as { items: Row[]; hasMore: boolean };
    expect(second.items.map((r) => r.seq)).toEqual([2, 1]);
    expect(second.hasMore).toBe(false);
    const from = new Date(start.getTime() + 60_000).toISOString();
    const to = new Date(start.getTime() + 2 * 60_000).toISOString();
    const window = (await (await admin.browser.get(`/api/admin/audit?from=${from}&to=${to}`)).json()) as { items: Row[] };
    expect(window.items.map((r) => r.seq)).toEqual([3, 2]);

    const bad: [string, string][] = [
      ['from=yesterday', 'from must be a date (YYYY-MM-DD) or a date and time (ISO 8601, e.g. 2026-03-01T09:00:00Z)'],
      ['to=2026-02-30', 'to must be a date (YYYY-MM-DD) or a date and time (ISO 8601, e.g. 2026-03-01T09:00:00Z)'],
      ['from=2026-03-02&to=2026-03-01', 'from must not be after to'],
      ['applicationId=abc', 'applicationId must be a whole number of at least 1'],
      [`actorId=${2 ** 31}`, 'actorId must be a whole number of at least 1'],
      ['page=0', 'page must be a whole number of at least 1'],
    ];
    for (const [query, message] of bad) {
      const res = await admin.browser.get(`/api/admin/audit?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    expect((await admin.browser.get('/api/admin/applications/999999/audit')).status).toBe(404);
  });

  it('filters by action and by application number, and verifies the chain on request (the audit screen)', async () => {
    const first = await applicantWithApplication(t);
    const second = await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    const colleague = await signInAdmin(t);
    await admin.browser.post(`/api/admin/applications/${first.application.id}/notes`, { text: 'Called the applicant.' });
    await admin.browser.put(`/api/admin/applications/${first.application.id}/assignee`, { userId: colleague.user.id });
    await colleague.browser.post(`/api/admin/applications/${second.application.id}/notes`, { text: 'Checked the hotel.' });
    await admin.browser.put(`/api/admin/applications/${second.application.id}/assignee`, { userId: admin.user.id });
    const items = async (query: string) => {
      const res = await admin.browser.get(`/api/admin/audit?${query}`);
      expect(res.status, query).toBe(200);
      return ((await res.json()) as { items: Row[] }).items.map((r) => `${r.action} ${r.applicationId} ${r.actor.id}`);
    };

    expect(await items('action=application.note_written')).toEqual([
      `application.note_written ${second.application.id} ${colleague.user.id}`,
      `application.note_written ${first.application.id} ${admin.user.id}`,
    ]);
    // The number as staff type it (lower case, spaces round it) names the application.
    const number = ` ${second.application.applicationNumber.toLowerCase()} `;
    expect(await items(`applicationNumber=${encodeURIComponent(number)}`)).toEqual([
      `application.assigned ${second.application.id} ${admin.user.id}`,
      `application.note_written ${second.application.id} ${colleague.user.id}`,
    ]);
    // Every filter at once: who, what, which application.
    expect(await items(`applicationNumber=${second.application.applicationNumber}&action=application.assigned&actorId=${admin.user.id}`)).toEqual([
      `application.assigned ${second.application.id} ${admin.user.id}`,
    ]);
    expect(await items(`applicationNumber=${second.application.applicationNumber}&applicationId=${first.application.id}`)).toEqual([]);
    // Each entry carries its application's number: staff know applications by number, not by id.
    const numbered = (await (await admin.browser.get('/api/admin/audit?action=application.note_written')).json()) as { items: { applicationNumber: string | null }[] };
    expect(numbered.items.map((r) => r.applicationNumber)).toEqual([second.application.applicationNumber, first.application.applicationNumber]);

    for (const [query, field, message] of [
      ['action=application.deleted', 'action', "action must be one of the audit log's actions (e.g. application.status_changed)"],
      ['applicationNumber=EV-2611-7K3QX9', 'applicationNumber', 'No application has this number.'],
      [`applicationNumber=${'X'.repeat(41)}`, 'applicationNumber', 'applicationNumber must be an application number (e.g. EV-2611-7K3QX9)'],
    ] as const) {
      const res = await admin.browser.get(`/api/admin/audit?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { message: string; errors?: Record<string, string[]> };
      expect(body.message).toBe(message);
      expect(body.errors?.[field]).toEqual([message]);
    }

    const verification = await admin.browser.get('/api/admin/audit/verification');
    expect(verification.status).toBe(200);
    expect(await verification.json()).toMatchObject({ ok: true, rows: 4, head: { seq: 4 } });
    expect((await first.browser.get('/api/admin/audit/verification')).status).toBe(403);
  });

  it('is for staff only: applicants get 403 and visitors 401, and nothing they do is recorded', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    expect((await owner.browser.get('/api/admin/audit')).status).toBe(403);
    expect((await owner.browser.get(`/api/admin/applications/${id}/audit`)).status).toBe(403);
    const visitor = new TestBrowser(t.app);
    expect((await visitor.get('/api/admin/audit')).status).toBe(401);
    expect((await visitor.get(`/api/admin/applications/${id}/audit`)).status).toBe(401);
    expect(await t.ports.audit.head()).toMatchObject({ seq: 0 });
  });
});

describe('the client address behind a proxy', () => {
  it('is the address the trusted proxy saw (TRUST_PROXY), not one the client wrote', async () => {
    const t = await makeMemoryApp({ app: { trustProxyHops: 1 } });
    try {
      const owner = await applicantWithApplication(t);
      const admin = await signInAdmin(t);
      const res = await admin.browser.request(`/api/admin/applications/${owner.application.id}/notes`, {
        json: { text: 'Checked.' },
        headers: { 'x-forwarded-for': '10.9.9.9, 198.51.100.23' },
      });
      expect(res.status).toBe(201);
      const [row] = await t.ports.audit.list({ limit: 1 });
      expect(row).toMatchObject({ action: 'application.note_written', clientAddress: '198.51.100.23', actorId: admin.user.id });
    } finally {
      await t.close();
    }
  });
});
