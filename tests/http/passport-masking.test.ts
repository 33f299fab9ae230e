import { describe, expect, it, vi } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import type { MrzReading } from '../../core/domain/passport-scan.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import type { FakePassportReader } from '../support/fakes.js';
import { applicantWithApplication, applicationForm, FILES, signInAdmin, signInStaff, signUp, TestBrowser, type TestAgency } from '../support/http.js';

/** The number the traveller typed and their passport's zone reads (an invented person). */
const NUMBER = '925076473';
const MASKED = '•••••6473';
const TRAVELLER = { givenName: 'Alice Jane', surname: 'Smith', passportNumber: NUMBER, nationality: 'United Kingdom', dateOfBirth: '1990-05-01', gender: 'female', passportExpiry: '2031-01-01' };
const READING: MrzReading = {
  lines: ['P<GBRSMITH<<ALICE<JANE<<<<<<<<<<<<<<<<<<<<<<', '9250764733GBR9005019F3101012<<<<<<<<<<<<<<<6'],
  surname: 'SMITH',
  givenNames: 'ALICE JANE',
  documentNumber: NUMBER,
  nationality: 'GBR',
  birthDate: '900501',
  sex: 'F',
  expiryDate: '310101',
  checkDigits: { documentNumber: true, birthDate: true, expiryDate: true, personalNumber: true, composite: true },
  uncertain: [],
};

/**
 * Passport numbers masked for staff (docs/product.md §2.14, decision 0030): no admin answer carries a
 * passport number in full — not the typed one, not the one the passport copy's MRZ reads — until
 * "Reveal", which answers it and is recorded in the hash-chained audit log. The applicant reads
 * their own in full; the admin search still finds an application by its full number.
 */
describe.each(appDatabases())('passport numbers masked for staff on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  /** A paid application whose passport copy was read, with a cancellation request waiting, a note and a family beside it. */
  async function travellerWithEverything() {
    (t.ports.passportReader as FakePassportReader).answers(READING);
    await t.workJobs();
    const owner = await applicantWithApplication(t, TRAVELLER);
    const id = owner.application.id;
    const upload = await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.jpeg, name: 'passport.jpg', type: 'image/jpeg' }, type: 'passport' });
    expect(upload.status).toBe(201);
    const document = (await upload.json()) as { id: number };
    await vi.waitFor(async () => expect((await t.ports.applications.findById(id))!.passportScan?.status).toBe('read'), { timeout: 5_000, interval: 20 });
    const intent = (await (await owner.browser.post(`/api/payments/initial/${id}`, { startNow: true })).json()) as { paymentIntentId: string };
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    const family = await owner.browser.post('/api/application-groups', { travellers: [applicationForm(t.clock, TRAVELLER), applicationForm(t.clock, { ...TRAVELLER, givenName: 'Bob' })] });
    expect(family.status).toBe(201);
    const { groupId } = (await family.json()) as { groupId: number };
    return { owner, id, documentId: document.id, groupId };
  }

  it('carries no passport number in full in any admin answer: lists, search, the entry, every read and the writes that answer an application', async () => {
    const { owner, id, documentId, groupId } = await travellerWithEverything();
    const admin = await signInAdmin(t);
    expect((await admin.browser.post(`/api/admin/applications/${id}/notes`, { text: 'Checked the scan.' })).status).toBe(201);

    const answers: { call: string; status: number; text: string }[] = [];
    const record = async (call: string, res: Response) => answers.push({ call, status: res.status, text: await res.text() });

    // Every GET of the admin API, walked from the app itself (a new read is covered as it is added).
    const reads = new Set<string>();
    for (const route of t.app.routes) if (route.method === 'GET' && route.path.startsWith('/api/admin/')) reads.add(route.path);
    for (const path of reads) {
      const concrete = path
        .replace(/^\/api\/admin\/applications\/:id/, `/api/admin/applications/${id}`)
        .replace(/^\/api\/admin\/documents\/:id/, `/api/admin/documents/${documentId}`)
        .replace(':groupId', String(groupId))
        .replace(':userId', String(admin.user.id))
        .replace(/:[A-Za-z]+/g, '1');
      await record(`GET ${concrete}`, await admin.browser.get(concrete));
    }
    for (const query of ['', '?tab=online-entries', '?tab=initial-payment', `?q=${NUMBER}`, `?q=${NUMBER.slice(0, 4)}`, '?tab=initial-payment&assignee=none']) {
      await record(`GET /api/admin/applications${query}`, await admin.browser.get(`/api/admin/applications${query}`));
    }
    // Staff reading the application through the applicant's own calls.
    await record(`GET /api/applications/${id}`, await admin.browser.get(`/api/applications/${id}`));
    await record(`GET /api/applications/${id}/documents`, await admin.browser.get(`/api/applications/${id}/documents`));
    // Writes that answer the application.
    await record('PUT status', await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' }));
    expect((await owner.browser.post(`/api/applications/${id}/cancel`, { reason: 'Plans changed' })).status).toBe(200);
    await record('POST cancellation', await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'decline', message: 'Already on the portal.' }));

    expect(
      answers.filter((a) => a.status >= 500),
      'no admin answer failed',
    ).toEqual([]);
    const leaking = answers.filter((a) => a.text.includes(NUMBER)).map((a) => a.call);
    expect(leaking, 'answers carrying the full number').toEqual([]);

    // What the answers carry instead: the masked number, and the zone's line with its number masked.
    const entry = JSON.parse(answers.find((a) => a.call === `GET /api/admin/applications/${id}`)!.text) as {
      application: { passportNumber: string; passportCheck: { status: string }; passportScan: { scan: { fields: { passportNumber: string }; mrz: string[] } } };
    };
    expect(entry.application.passportNumber).toBe(MASKED);
    expect(entry.application.passportScan.scan.fields.passportNumber).toBe(MASKED);
    expect(entry.application.passportScan.scan.mrz[1]).toBe(`${MASKED}3GBR9005019F3101012<<<<<<<<<<<<<<<6`);
    expect(entry.application.passportScan.scan.mrz[1]).toHaveLength(44);
    // The check is made on the full numbers: masking does not turn a match into a mismatch.
    expect(entry.application.passportCheck.status).toBe('match');
    for (const call of ['PUT status', 'POST cancellation', `GET /api/applications/${id}`]) {
      const text = answers.find((a) => a.call === call)!.text;
      expect(text, call).toContain(MASKED);
    }

    // Searching by the full number still finds the application (the search runs on the server).
    const found = JSON.parse(answers.find((a) => a.call === `GET /api/admin/applications?q=${NUMBER}`)!.text) as { items: { application: { id: number } | null }[]; total: number };
    expect(found.items.map((i) => i.application?.id)).toContain(id);
    const counts = (await (await admin.browser.get(`/api/admin/applications/counts?q=${NUMBER}`)).json()) as Record<string, number>;
    expect(
      Object.values(counts)
        .filter((n) => typeof n === 'number')
        .reduce((a, b) => a + b, 0),
    ).toBeGreaterThanOrEqual(3);

    // The applicant reads their own number in full, the scan's too.
    const own = (await (await owner.browser.get(`/api/applications/${id}`)).json()) as { passportNumber: string; passportScan: { scan: { fields: { passportNumber: string }; mrz: string[] } } };
    expect(own.passportNumber).toBe(NUMBER);
    expect(own.passportScan.scan.fields.passportNumber).toBe(NUMBER);
    expect(own.passportScan.scan.mrz[1]).toBe(READING.lines[1]);
    const ownList = (await (await owner.browser.get('/api/applications')).json()) as { passportNumber: string }[];
    expect(ownList.map((a) => a.passportNumber)).toEqual([NUMBER, NUMBER, NUMBER]);
  });

  it('reveals the number to staff who may see it, recording each reveal in the audit chain first', async () => {
    const { id } = await travellerWithEverything();
    const admin = await signInAdmin(t);
    const reviewer = await signInStaff(t, 'reviewer');
    const finance = await signInStaff(t, 'finance');

    const res = await admin.browser.post(`/api/admin/applications/${id}/reveal-passport`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(await res.json()).toEqual({ passportNumber: NUMBER, scanned: { passportNumber: NUMBER, mrz: READING.lines } });
    for (const staff of [reviewer, finance]) {
      const again = await staff.browser.post(`/api/admin/applications/${id}/reveal-passport`);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { passportNumber: string }).passportNumber).toBe(NUMBER);
    }

    // One audited read per reveal: who, from where, which application; never the number itself.
    const audit = (await (await admin.browser.get('/api/admin/audit?action=application.passport_revealed')).json()) as {
      items: { action: string; actor: { id: number; email: string }; clientAddress: string | null; target: { type: string; id: string }; applicationId: number; detail: Record<string, unknown> }[];
    };
    expect(audit.items.map((r) => [r.actor.id, r.applicationId, r.target])).toEqual([finance, reviewer, admin].map((s) => [s.user.id, id, { type: 'application', id: String(id) }]));
    expect(audit.items[0]!.clientAddress).toBeTruthy();
    expect(JSON.stringify(audit.items)).not.toContain(NUMBER);
    const trail = await (await admin.browser.get(`/api/admin/applications/${id}/audit`)).text();
    expect(trail).toContain('application.passport_revealed');
    expect(trail).not.toContain(NUMBER);

    // The chain still verifies with the reveals in it.
    const verification = (await (await admin.browser.get('/api/admin/audit/verification')).json()) as { ok: boolean; rows: number };
    expect(verification.ok).toBe(true);
    expect(await t.agency.useCases.verifyAuditLog()).toMatchObject({ ok: true, rows: verification.rows });
  });

  it('refuses a role without the right (403), an unknown application (404), an applicant (403) and a visitor (401), recording nothing', async () => {
    const { id, owner } = await travellerWithEverything();
    const admin = await signInAdmin(t);
    const support = await signInStaff(t, 'support');
    const before = await t.agency.useCases.verifyAuditLog();

    const refused = await support.browser.post(`/api/admin/applications/${id}/reveal-passport`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Your role does not allow this (passports.reveal).' });
    // Support still reads the application, masked.
    const entry = (await (await support.browser.get(`/api/admin/applications/${id}`)).json()) as { application: { passportNumber: string } };
    expect(entry.application.passportNumber).toBe(MASKED);

    const unknown = await admin.browser.post('/api/admin/applications/999999/reveal-passport');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.any(String) });
    expect((await admin.browser.post('/api/admin/applications/abc/reveal-passport')).status).toBe(400);
    expect((await owner.browser.post(`/api/admin/applications/${id}/reveal-passport`)).status).toBe(403);
    expect((await (await signUp(t.app)).browser.post(`/api/admin/applications/${id}/reveal-passport`)).status).toBe(403);
    expect((await new TestBrowser(t.app).post(`/api/admin/applications/${id}/reveal-passport`)).status).toBe(401);

    const after = await t.agency.useCases.verifyAuditLog();
    expect(after).toMatchObject({ ok: true });
    expect(after.ok && before.ok && after.rows - before.rows).toBe(0);
  });
});
