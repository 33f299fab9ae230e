import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicantWithApplication, FILES, makeSqliteApp, signInAdmin, signUp, TestBrowser, type SignedUp, type TestAgency } from '../support/http.js';

/**
 * The whole applicant and staff journey through app.request on the embedded defaults: SQLite,
 * uploads folder, .eml outbox and the built-in test payment provider, composed from the environment.
 */
let t: TestAgency;
let owner: SignedUp & { application: { id: number; applicationNumber: string } };
let admin: SignedUp;
let passportId = 0;

beforeAll(async () => {
  t = await makeSqliteApp();
  owner = await applicantWithApplication(t);
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const dataDir = () => t.agency.config.dataDir;

async function payWithCard(type: 'initial' | 'final', card: string) {
  const start = await owner.browser.post(`/api/payments/${type}/${owner.application.id}`);
  expect(start.status).toBe(200);
  const intent = await start.json();
  const charge = await owner.browser.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: card });
  return { intent, charge };
}

describe('on SQLite with the embedded adapters', () => {
  it('uses the test payment provider and says so', async () => {
    expect(t.agency.persistence.dialect).toBe('sqlite');
    expect(t.agency.adapters.payments).toBe('test');
    expect(await (await new TestBrowser(t.app).get('/api/config')).json()).toMatchObject({ paymentProvider: 'test' });
  });

  it('stores the passport in the uploads folder under a random key', async () => {
    const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, {
      file: { content: FILES.pdf, name: 'passport.pdf', type: 'application/pdf' },
      type: 'passport',
    });
    expect(res.status).toBe(201);
    passportId = (await res.json()).id;
    const stored = await t.ports.documents.findById(passportId);
    const uploads = path.join(dataDir(), 'uploads');
    expect(existsSync(uploads)).toBe(true);
    const all = readdirSync(uploads, { recursive: true }).map(String);
    expect(all.some((f) => f.includes(stored!.storageKey))).toBe(true);
    expect(all.some((f) => f.includes('passport.pdf'))).toBe(false);
  });

  it('a declined card answers 402 with the decline message and records nothing', async () => {
    const { charge, intent } = await payWithCard('initial', '4000 0000 0000 0002');
    expect(charge.status).toBe(402);
    expect((await charge.json()).message).toMatch(/declined/i);
    const confirm = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect(confirm.status).toBe(402);
    expect((await t.ports.applications.findById(owner.application.id))?.initialPaymentId).toBeNull();
  });

  it('a good card pays the initial fee, recorded once', async () => {
    const { charge, intent } = await payWithCard('initial', '4242424242424242');
    expect(charge.status).toBe(200);
    const confirm = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect(confirm.status).toBe(200);
    expect((await confirm.json()).application.status).toBe('application_created');
    const again = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect((await again.json()).recorded).toBe(false);
    expect(await t.ports.payments.listByApplication(owner.application.id)).toHaveLength(1);
  });

  it('the test card endpoint refuses a bad card number (400) and visitors (401)', async () => {
    const bad = await owner.browser.post('/api/test-payments/pi_whatever/confirm', { cardNumber: 'abcd' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Please enter a valid card number.');
    expect((await new TestBrowser(t.app).post('/api/test-payments/pi_whatever/confirm', { cardNumber: '4242424242424242' })).status).toBe(401);
  });

  it('address details, admin review with history, final payment, visa and e-visa mail', async () => {
    const id = owner.application.id;
    expect((await owner.browser.patch(`/api/applications/${id}`, { address: '1 Nile St', city: 'London', postcode: 'N1 1AA', hotelDetails: 'Nile Hotel' })).status).toBe(200);
    for (const status of ['under_process', 'verified', 'approved']) {
      expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status })).status).toBe(200);
    }
    const list = await (await admin.browser.get('/api/admin/applications?tab=approved')).json();
    expect(list.items.map((e: { application: { id: number } }) => e.application.id)).toEqual([id]);
    const counts = await (await admin.browser.get('/api/admin/applications/counts')).json();
    expect(counts.approved).toBe(1);

    const visa = await admin.browser.upload(`/api/admin/applications/${id}/visa-upload`, { visa: { content: FILES.pdf, name: 'e-visa.pdf' } });
    expect(visa.status).toBe(201);
    const { charge, intent } = await payWithCard('final', '4242424242424242');
    expect(intent.amount).toBe(3900);
    expect(charge.status).toBe(200);
    const confirm = await owner.browser.post(`/api/payments/final/confirm/${id}`, { paymentIntentId: intent.paymentIntentId });
    expect((await confirm.json()).application.status).toBe('final_payment_received');

    const send = await admin.browser.post(`/api/admin/applications/${id}/send-evisa`, {});
    expect(send.status).toBe(200);
    // The deliver-mail jobs queued with each mail, worked as a server node does.
    await t.workJobs();
    // Polled until drained: the ceiling is for a loaded machine (CI runs many files at once), not a speed target.
    await vi.waitFor(async () => expect((await t.agency.persistence.jobs.stats()).find((queue) => queue.name === 'deliver-mail')).toMatchObject({ queued: 0, active: 0, failed: 0 }), {
      timeout: 30_000,
      interval: 50,
    });
    const outbox = path.join(dataDir(), 'outbox');
    const emls = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    const evisa = emls.map((f) => readFileSync(path.join(outbox, f), 'utf8')).find((text) => text.includes('e-visa.pdf'));
    expect(evisa).toBeDefined();
    expect(evisa).toContain(owner.email);

    const history = await (await admin.browser.get(`/api/admin/applications/${id}/history`)).json();
    expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['application_created', 'under_process', 'verified', 'approved', 'final_payment_received']);
  });

  it('documents stay private: owner and admin download, others get 404', async () => {
    const stranger = await signUp(t.app);
    expect((await stranger.browser.get(`/api/documents/${passportId}/file`)).status).toBe(404);
    const mine = await owner.browser.get(`/api/documents/${passportId}/file`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(FILES.pdf);
    expect((await admin.browser.get(`/api/documents/${passportId}/file`)).status).toBe(200);
  });

  it('sessions live in the database, hashed', async () => {
    const raw = owner.browser.cookies.get('evisa_session')!;
    expect(await t.ports.sessions.find(raw)).toBeNull();
    expect((await owner.browser.get('/api/user')).status).toBe(200);
    await owner.browser.post('/api/logout');
    expect((await owner.browser.get('/api/user')).status).toBe(401);
  });
});
