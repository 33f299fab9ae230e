import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { applicantWithApplication, FILES, makeMemoryApp, signInAdmin, signUp, type TestAgency } from '../support/http.js';

let t: TestAgency;
beforeEach(async () => {
  t = await makeMemoryApp();
});
afterEach(async () => {
  await t.close();
});

const gateway = () => t.ports.gateway as MemoryPaymentGateway;

async function pay(browser: Awaited<ReturnType<typeof signUp>>['browser'], type: 'initial' | 'final', applicationId: number) {
  const start = await browser.post(`/api/payments/${type}/${applicationId}`);
  expect(start.status).toBe(200);
  const intent = await start.json();
  gateway().succeed(intent.paymentIntentId);
  const confirm = await browser.post(`/api/payments/${type}/confirm/${applicationId}`, { paymentIntentId: intent.paymentIntentId });
  return { intent, confirm };
}

describe('initial payment', () => {
  it('opens a payment for £10 and answers { clientSecret, paymentIntentId, amount, currency }', async () => {
    const owner = await applicantWithApplication(t);
    const res = await owner.browser.post(`/api/payments/initial/${owner.application.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ clientSecret: expect.any(String), paymentIntentId: expect.any(String), amount: 1000, currency: 'gbp' });
    expect(body.clientSecret).not.toBe('');
    // Repeated clicks reuse the open payment.
    const again = await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json();
    expect(again.paymentIntentId).toBe(body.paymentIntentId);
  });

  it('records the payment only after the provider says it succeeded, and only once', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const intent = await (await owner.browser.post(`/api/payments/initial/${id}`)).json();

    const early = await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId });
    expect(early.status).toBe(402);
    expect(await early.json()).toEqual({ message: expect.stringContaining('Payment status: requires_payment_method') });
    expect((await t.ports.applications.findById(id))?.initialPaymentId).toBeNull();

    gateway().succeed(intent.paymentIntentId);
    const confirm = await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId });
    expect(confirm.status).toBe(200);
    const body = await confirm.json();
    expect(body.recorded).toBe(true);
    expect(body.application).toMatchObject({ id, initialPaymentId: intent.paymentIntentId, status: 'application_created' });
    expect(body.application.guarantee.deadline).toEqual(expect.any(String));

    const twice = await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId });
    expect(twice.status).toBe(200);
    expect((await twice.json()).recorded).toBe(false);
    expect(await t.ports.payments.listByApplication(id)).toEqual([expect.objectContaining({ type: 'initial', amount: 1000, currency: 'gbp', providerPaymentId: intent.paymentIntentId })]);

    const nothingDue = await owner.browser.post(`/api/payments/initial/${id}`);
    expect(nothingDue.status).toBe(409);
    expect(await nothingDue.json()).toEqual({ message: 'The initial fee has already been paid.' });
  });

  it('refuses a payment made for another application (402) and a wrong amount', async () => {
    const a = await applicantWithApplication(t);
    const b = await applicantWithApplication(t);
    const intentA = await (await a.browser.post(`/api/payments/initial/${a.application.id}`)).json();
    gateway().succeed(intentA.paymentIntentId);
    const res = await b.browser.post(`/api/payments/initial/confirm/${b.application.id}`, { paymentIntentId: intentA.paymentIntentId });
    expect(res.status).toBe(402);
    expect((await t.ports.applications.findById(b.application.id))?.initialPaymentId).toBeNull();

    const intentB = await (await b.browser.post(`/api/payments/initial/${b.application.id}`)).json();
    gateway().succeed(intentB.paymentIntentId);
    gateway().tamper(intentB.paymentIntentId, { amount: 1 });
    const cheap = await b.browser.post(`/api/payments/initial/confirm/${b.application.id}`, { paymentIntentId: intentB.paymentIntentId });
    expect(cheap.status).toBe(402);
    expect((await t.ports.applications.findById(b.application.id))?.initialPaymentId).toBeNull();
  });

  it('another applicant can neither open nor confirm a payment for someone else’s application (404)', async () => {
    const owner = await applicantWithApplication(t);
    const stranger = await signUp(t.app);
    expect((await stranger.browser.post(`/api/payments/initial/${owner.application.id}`)).status).toBe(404);
    const intent = await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json();
    gateway().succeed(intent.paymentIntentId);
    const res = await stranger.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect(res.status).toBe(404);
    expect((await t.ports.applications.findById(owner.application.id))?.initialPaymentId).toBeNull();
  });

  it('answers 400 for an unknown payment type, a non-numeric id and a missing paymentIntentId', async () => {
    const owner = await applicantWithApplication(t);
    const type = await owner.browser.post(`/api/payments/deposit/${owner.application.id}`);
    expect(type.status).toBe(400);
    expect((await type.json()).message).toBe('The payment type must be initial or final');
    const id = await owner.browser.post('/api/payments/initial/abc');
    expect(id.status).toBe(400);
    expect((await id.json()).message).toBe('Invalid application ID. Please refresh the page and try again.');
    const missing = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('No payment confirmation received. Please try again.');
  });

  it('the final fee is not due before approval (409)', async () => {
    const owner = await applicantWithApplication(t);
    const res = await owner.browser.post(`/api/payments/final/${owner.application.id}`);
    expect(res.status).toBe(409);
  });
});

describe('the whole journey', () => {
  it('applicant pays, admin approves, applicant pays the final fee, admin uploads and emails the visa', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    expect((await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.pdf, name: 'passport.pdf' }, type: 'passport' })).status).toBe(201);
    expect((await pay(owner.browser, 'initial', id)).confirm.status).toBe(200);
    expect((await owner.browser.patch(`/api/applications/${id}`, { address: '1 Nile St', city: 'London', postcode: 'N1 1AA', hotelDetails: 'Hotel' })).status).toBe(200);

    const admin = await signInAdmin(t);
    for (const status of ['under_process', 'verified', 'approved']) {
      const res = await admin.browser.put(`/api/admin/applications/${id}/status`, { status });
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe(status);
    }
    const visa = await admin.browser.upload(`/api/admin/applications/${id}/visa-upload`, {
      visa: { content: FILES.pdf, name: 'e-visa.pdf', type: 'application/pdf' },
    });
    expect(visa.status).toBe(201);
    expect(await visa.json()).toMatchObject({ type: 'visa', fileName: 'e-visa.pdf' });

    const early = await admin.browser.post(`/api/admin/applications/${id}/send-evisa`, {});
    expect(early.status).toBe(409);

    const final = await pay(owner.browser, 'final', id);
    expect(final.intent).toMatchObject({ amount: 3900, currency: 'gbp' });
    expect(final.confirm.status).toBe(200);
    expect((await final.confirm.json()).application.status).toBe('final_payment_received');

    const send = await admin.browser.post(`/api/admin/applications/${id}/send-evisa`, {});
    expect(send.status).toBe(200);
    expect(await send.json()).toEqual({ message: "E-visa document sent successfully to user's email" });
    const queued = await t.ports.outbox.list({ to: owner.email });
    expect(queued.some((m) => m.template === 'evisa' && m.attachments?.some((a) => 'fileName' in a && a.fileName === 'e-visa.pdf'))).toBe(true);

    const history = await (await admin.browser.get(`/api/admin/applications/${id}/history`)).json();
    expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['application_created', 'under_process', 'verified', 'approved', 'final_payment_received']);
  });
});
