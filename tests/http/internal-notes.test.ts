import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, signInAdmin, TestBrowser, type TestAgency } from '../support/http.js';

/**
 * Internal notes (docs/product.md, "Internal notes") through the HTTP API on every database: staff
 * write and read them; nothing the applicant can reach — responses, mails, the draft, the data
 * export — ever carries one.
 */
describe.each(appDatabases())('internal notes on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  it('staff add notes (201) and list them oldest first with author and time', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    const first = await admin.browser.post(`/api/admin/applications/${id}/notes`, { text: '  Called the applicant: hotel booking follows.  ' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      id: expect.any(Number),
      applicationId: id,
      authorId: admin.user.id,
      authorName: 'Agency Admin',
      text: 'Called the applicant: hotel booking follows.',
      createdAt: t.clock.now().toISOString(),
    });
    t.clock.advance({ minutes: 5 });
    expect((await admin.browser.post(`/api/admin/applications/${id}/notes`, { text: 'Booking received.' })).status).toBe(201);
    const list = await admin.browser.get(`/api/admin/applications/${id}/notes`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { text: string }[]).map((n) => n.text)).toEqual(['Called the applicant: hotel booking follows.', 'Booking received.']);
    expect(await t.ports.notes.listByApplication(id)).toHaveLength(2);
  });

  it('refuses an empty or too long note, an unknown application and out-of-range ids, writing nothing', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(4001) }, {}, { text: 42 }]) {
      const res = await admin.browser.post(`/api/admin/applications/${id}/notes`, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    expect((await admin.browser.post(`/api/admin/applications/${id}/notes`, { text: 'x'.repeat(4000) })).status).toBe(201);
    for (const other of [999_999, 2 ** 31]) {
      expect((await admin.browser.post(`/api/admin/applications/${other}/notes`, { text: 'Nope' })).status).toBe(404);
      expect((await admin.browser.get(`/api/admin/applications/${other}/notes`)).status).toBe(404);
    }
    expect(await t.ports.notes.listByApplication(id)).toHaveLength(1);
  });

  it('is for staff only: the applicant gets 403 and a visitor 401', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    expect((await owner.browser.post(`/api/admin/applications/${id}/notes`, { text: 'Let me in' })).status).toBe(403);
    expect((await owner.browser.get(`/api/admin/applications/${id}/notes`)).status).toBe(403);
    const visitor = new TestBrowser(t.app);
    expect((await visitor.get(`/api/admin/applications/${id}/notes`)).status).toBe(401);
    expect(await t.ports.notes.listByApplication(id)).toEqual([]);
  });

  it('never leaks: no applicant response, mail, draft or data export carries a note', async () => {
    const SECRET = 'NOTE-MARKER-7f3a: staff suspect a forged booking';
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    expect((await admin.browser.post(`/api/admin/applications/${id}/notes`, { text: SECRET })).status).toBe(201);
    // Things happen after the note: a payment, a status change with its mail, a draft.
    const start = await owner.browser.post(`/api/payments/initial/${id}`, { startNow: true });
    const { paymentIntentId } = (await start.json()) as { paymentIntentId: string };
    (t.ports.gateway as MemoryPaymentGateway).succeed(paymentIntentId);
    await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId });
    await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' });
    await owner.browser.put('/api/application-draft', { fields: { givenName: 'Ada' } });

    const seen: string[] = [];
    for (const path of ['/api/applications', `/api/applications/${id}`, `/api/applications/${id}/documents`, `/api/applications/${id}/receipts`, '/api/application-draft', '/api/user']) {
      const res = await owner.browser.get(path);
      seen.push(`${path} ${res.status} ${await res.text()}`);
    }
    for (const mail of await t.ports.outbox.list()) seen.push(JSON.stringify(mail));
    seen.push(JSON.stringify(await t.agency.useCases.exportUserData(owner.email)));
    expect(seen.length).toBeGreaterThan(8);
    for (const text of seen) expect(text).not.toContain('NOTE-MARKER-7f3a');
    // Staff still read it.
    expect(JSON.stringify(await (await admin.browser.get(`/api/admin/applications/${id}/notes`)).json())).toContain('NOTE-MARKER-7f3a');
  });

  it('goes with its application when the applicant is erased', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    await admin.browser.post(`/api/admin/applications/${id}/notes`, { text: 'About this person' });
    await t.agency.useCases.eraseUser(owner.email);
    expect(await t.ports.notes.listByApplication(id)).toEqual([]);
  });
});
