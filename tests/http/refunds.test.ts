import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { StripePaymentGateway } from '../../adapters/payments/stripe/index.js';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import { jobDefinition } from '../../apps/shared/jobs.js';
import { receiptKeyOfRefund } from '../../core/domain/receipt.js';
import { refundIdempotencyKey } from '../../core/domain/refund.js';
import { appDatabases } from '../support/app-databases.js';
import { applicantWithApplication, makeMemoryApp, signInAdmin, signUp, type TestAgency } from '../support/http.js';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server.js';

/**
 * Staff refunds (docs/product.md §4.7) through the HTTP API, on every database: what was stored is
 * checked (refunds, the application's refunded amount, credit notes, mails), never calls made.
 */

type Browser = Awaited<ReturnType<typeof signUp>>['browser'];

/** Signs up an applicant whose initial fee (£10) is paid at `charge`'s provider and recorded. */
async function paidApplicant(t: TestAgency, charge: (browser: Browser, intentId: string) => Promise<void>) {
  const owner = await applicantWithApplication(t);
  const id = owner.application.id;
  const started = await owner.browser.post(`/api/payments/initial/${id}`);
  expect(started.status).toBe(200);
  const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
  await charge(owner.browser, paymentIntentId);
  const confirmed = await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId });
  expect(confirmed.status).toBe(200);
  return { ...owner, id, paymentIntentId };
}

const refundsOf = async (t: TestAgency, id: number) => t.ports.refunds.listByApplication(id);
const refundedOf = async (t: TestAgency, id: number) => (await t.ports.applications.findById(id))!.refundedAmount;
const refundMails = async (t: TestAgency) => (await t.ports.outbox.list()).filter((m) => m.template === 'refund_issued');

describe.each(appDatabases())('staff refunds on $name', (db) => {
  let t: TestAgency;
  let gateway: MemoryPaymentGateway;
  const charge = async (_b: Browser, id: string) => void gateway.succeed(id);
  beforeAll(async () => {
    await db.setup?.();
  });
  afterAll(async () => {
    await db.teardown?.();
  });
  beforeEach(async () => {
    gateway = new MemoryPaymentGateway();
    // £6 and more needs a second member of staff here, so the £10 fee can show both paths.
    t = await db.open({ overrides: { gateway }, env: { REFUND_APPROVAL_PENCE: '500' } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('refunds part of a fee at once, with a credit note and a mail; the same request twice is recorded once', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    const body = { paymentType: 'initial', amountPence: 400, reason: 'Goodwill: slow reply' };
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, body);
    expect(res.status).toBe(201);
    const refund = (await res.json()) as { id: number; status: string; amountPence: number };
    expect(refund).toMatchObject({ id: expect.any(Number), status: 'succeeded', amountPence: 400, paymentType: 'initial', reason: 'Goodwill: slow reply', requestedByName: 'Agency Admin' });

    const again = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(refund.id);

    expect(await refundsOf(t, owner.id)).toMatchObject([{ id: refund.id, amount: 400, status: 'succeeded', source: 'staff', gatewayRefundId: expect.stringMatching(/^re_/) }]);
    expect(await refundedOf(t, owner.id)).toBe(400);
    expect(await t.ports.receipts.findByKey(receiptKeyOfRefund(refund.id))).toMatchObject({ kind: 'refund', amount: 400, paymentType: 'initial', payerEmail: owner.email });
    const mails = await refundMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: owner.email, data: { amount: 400, paymentType: 'initial' }, attachments: [{ receiptKey: receiptKeyOfRefund(refund.id) }] });
    expect((await t.ports.analytics.list({ name: 'refund_succeeded' })).map((e) => e.properties)).toEqual([{ applicationId: owner.id, paymentType: 'initial', refunded: 400, currency: 'gbp' }]);

    // The applicant sees a refunded amount next to the payment, never a negative payment.
    const mine = (await (await owner.browser.get('/api/applications')).json()) as { id: number; refundedAmount: number }[];
    expect(mine.find((a) => a.id === owner.id)?.refundedAmount).toBe(400);
    const listed = (await (await admin.browser.get(`/api/admin/applications/${owner.id}/refunds`)).json()) as unknown[];
    expect(listed).toMatchObject([{ id: refund.id, amountPence: 400, status: 'succeeded', requestedByName: 'Agency Admin', approvedByName: null }]);
  });

  it('more than is left of the payment → 400 { message }, nothing written', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    expect((await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 300, reason: 'first' })).status).toBe(201);
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 701, reason: 'too much' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The refund is more than is left of the initial fee (£7.00).' });
    expect((await refundsOf(t, owner.id)).map((r) => r.amount)).toEqual([300]);
    expect(await refundedOf(t, owner.id)).toBe(300);
  });

  it('bad input, a fee never paid, an unknown application, an applicant: a clear 4xx { message }, nothing written', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    const url = `/api/admin/applications/${owner.id}/refunds`;
    const cases: [unknown, number, string][] = [
      [{ paymentType: 'initial', amountPence: 0, reason: 'x' }, 400, 'The amount must be a whole number of pence, at least 1'],
      [{ paymentType: 'initial', amountPence: -5, reason: 'x' }, 400, 'The amount must be a whole number of pence, at least 1'],
      [{ paymentType: 'initial', amountPence: 10.5, reason: 'x' }, 400, 'The amount must be a whole number of pence, at least 1'],
      [{ paymentType: 'initial', amountPence: '100', reason: 'x' }, 400, 'The amount must be a whole number of pence, at least 1'],
      [{ paymentType: 'initial', amountPence: 100 }, 400, 'Please give a reason for the refund (at most 500 characters)'],
      [{ paymentType: 'initial', amountPence: 100, reason: '   ' }, 400, 'Please give a reason for the refund (at most 500 characters)'],
      [{ paymentType: 'initial', amountPence: 100, reason: 'x'.repeat(501) }, 400, 'Please give a reason for the refund (at most 500 characters)'],
      [{ paymentType: 'deposit', amountPence: 100, reason: 'x' }, 400, 'The payment type must be initial or final'],
      [{ paymentType: 'final', amountPence: 100, reason: 'x' }, 400, 'No final fee has been paid on this application: there is nothing to refund.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.browser.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json()).toMatchObject({ message });
    }
    const unknown = await admin.browser.post(`/api/admin/applications/${owner.id + 999}/refunds`, { paymentType: 'initial', amountPence: 100, reason: 'x' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.any(String) });
    // Not staff: the applicant cannot refund even their own application, nor read its refunds.
    expect((await owner.browser.post(url, { paymentType: 'initial', amountPence: 100, reason: 'x' })).status).toBe(403);
    expect((await owner.browser.get(url)).status).toBe(403);
    expect(await refundsOf(t, owner.id)).toEqual([]);
    expect(await refundedOf(t, owner.id)).toBe(0);
  });

  it('above REFUND_APPROVAL_PENCE a second, different admin approves: the requester approving → 403; then it is sent', async () => {
    const owner = await paidApplicant(t, charge);
    const requester = await signInAdmin(t);
    const res = await requester.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 1000, reason: 'Cancelled within 14 days' });
    expect(res.status).toBe(201);
    const refund = (await res.json()) as { id: number; status: string; amountPence: number };
    expect(refund).toMatchObject({ status: 'pending_approval', amountPence: 1000 });
    expect(await refundedOf(t, owner.id)).toBe(0);
    expect(gateway.all()).toHaveLength(1);

    const self = await requester.browser.post(`/api/admin/refunds/${refund.id}/approve`);
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ message: 'A refund above the approval limit must be approved by another member of staff.' });
    expect(await t.ports.refunds.findById(refund.id)).toMatchObject({ status: 'pending_approval', approvedBy: null });
    expect((await owner.browser.post(`/api/admin/refunds/${refund.id}/approve`)).status).toBe(403);

    const second = await signInAdmin(t);
    const approved = await second.browser.post(`/api/admin/refunds/${refund.id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id: refund.id, status: 'succeeded', amountPence: 1000, approvedBy: second.user.id, approvedByName: 'Agency Admin' });
    expect(await refundedOf(t, owner.id)).toBe(1000);
    // A double click answers the same; a third admin finds nothing waiting.
    expect((await second.browser.post(`/api/admin/refunds/${refund.id}/approve`)).status).toBe(200);
    const third = await signInAdmin(t);
    expect((await third.browser.post(`/api/admin/refunds/${refund.id}/approve`)).status).toBe(409);
    expect((await third.browser.post(`/api/admin/refunds/${refund.id + 999}/approve`)).status).toBe(404);
    expect(await refundsOf(t, owner.id)).toHaveLength(1);
    expect(await refundMails(t)).toHaveLength(1);
  });

  it('a gateway that is down → 503, nothing refunded; the send-refund job sends it once the gateway is back', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    gateway.refundBehaviour = 'down';
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 250, reason: 'Outage test' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'The payment service is unavailable. Please try again later.' });
    const [pending] = await refundsOf(t, owner.id);
    expect(pending).toMatchObject({ status: 'pending', gatewayRefundId: null, amount: 250 });
    expect(await refundedOf(t, owner.id)).toBe(0);
    expect(await refundMails(t)).toEqual([]);

    const runner = createJobRunner({ store: t.agency.persistence.jobs, log: () => undefined });
    const sendRefund = jobDefinition(t.agency, 'send-refund');
    if (db.name === 'memory') {
      // The job's first attempt finds the gateway still down: it is retried later (the memory job store follows the test clock).
      expect(await runner.drain(sendRefund)).toEqual({ completed: 0, failed: 1 });
      expect(await t.ports.refunds.findById(pending!.id)).toMatchObject({ status: 'pending' });
      t.clock.advance({ minutes: 5 });
    }
    gateway.refundBehaviour = 'succeed';
    expect(await runner.drain(sendRefund)).toEqual({ completed: 1, failed: 0 });
    expect(await t.ports.refunds.findById(pending!.id)).toMatchObject({ status: 'succeeded', gatewayRefundId: expect.stringMatching(/^re_/) });
    expect(await refundedOf(t, owner.id)).toBe(250);
    expect(await refundMails(t)).toHaveLength(1);
    // Nothing is left to run, and the gateway made one refund.
    expect(await runner.drain(sendRefund)).toEqual({ completed: 0, failed: 0 });
    expect(await sendRefund.run({ refundId: pending!.id })).toBe(`refund ${pending!.id}: succeeded`);
    expect(await refundedOf(t, owner.id)).toBe(250);
  });

  it('a refund the gateway declines is answered failed, with its reason, and gives its amount back', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    gateway.refundBehaviour = 'fail';
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 500, reason: 'Declined test' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'failed', failureReason: 'The card issuer declined the refund.' });
    expect(await refundedOf(t, owner.id)).toBe(0);
    gateway.refundBehaviour = 'succeed';
    expect((await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 500, reason: 'Second try' })).status).toBe(201);
    expect(await refundedOf(t, owner.id)).toBe(500);
  });
});

describe.each(appDatabases())('Stripe refunds and their webhooks on $name', (db) => {
  let t: TestAgency;
  let server: StripeTestServer;
  let gateway: StripePaymentGateway;
  const charge = async (_b: Browser, id: string) => void server.succeed(id);
  beforeAll(async () => {
    await db.setup?.();
  });
  afterAll(async () => {
    await db.teardown?.();
  });
  beforeEach(async () => {
    server = await startStripeServer();
    gateway = new StripePaymentGateway(server.config);
    t = await db.open({ overrides: { gateway } });
  });
  afterEach(async () => {
    await t.close();
    await server.stop();
  });

  const webhook = async (event: { payload: string; signature: string }) => {
    const res = await t.app.request('/api/payments/webhook', { method: 'POST', body: event.payload, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
    expect(res.status).toBe(200);
  };

  it('refunds through the Stripe SDK; the webhook twice and charge.refunded twice change nothing more', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 300, reason: 'Stripe refund' });
    expect(res.status).toBe(201);
    const refund = (await res.json()) as { id: number; status: string; gatewayRefundId: string };
    expect(refund.status).toBe('succeeded');
    expect(server.refunds.get(refund.gatewayRefundId)).toMatchObject({ amount: 300, payment_intent: owner.paymentIntentId, metadata: { refundId: String(refund.id) } });
    for (let i = 0; i < 2; i += 1) {
      await webhook(server.signedRefundEvent('refund.updated', refund.gatewayRefundId));
      await webhook(server.signedRefundEvent('charge.refunded', owner.paymentIntentId));
    }
    expect(await refundsOf(t, owner.id)).toHaveLength(1);
    expect(await refundedOf(t, owner.id)).toBe(300);
    expect(await refundMails(t)).toHaveLength(1);
  });

  it('the webhook before the gateway’s answer: settled by the webhook, the late answer and its job change nothing', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    // Stripe made the refund but its answer never came back (the connection dropped): 503 here.
    server.failNext(1, 503);
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 700, reason: 'Lost answer' });
    expect(res.status).toBe(503);
    const [pending] = await refundsOf(t, owner.id);
    const made = await gateway.stripe.refunds.create(
      { payment_intent: owner.paymentIntentId, amount: 700, metadata: { refundId: String(pending!.id) } },
      { idempotencyKey: `evisa:${refundIdempotencyKey(pending!.id)}` },
    );
    await webhook(server.signedRefundEvent('refund.updated', made.id));
    expect(await t.ports.refunds.findById(pending!.id)).toMatchObject({ status: 'succeeded', gatewayRefundId: made.id });
    expect(await refundedOf(t, owner.id)).toBe(700);
    // The job then sends it "again": the same refund is found at Stripe, nothing is refunded twice.
    expect(await jobDefinition(t.agency, 'send-refund').run({ refundId: pending!.id })).toBe(`refund ${pending!.id}: succeeded`);
    const retried = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 700, reason: 'Lost answer' });
    expect(retried.status).toBe(200);
    expect([...server.refunds.values()].filter((r) => r.payment_intent === owner.paymentIntentId)).toHaveLength(1);
    expect(await refundsOf(t, owner.id)).toHaveLength(1);
    expect(await refundedOf(t, owner.id)).toBe(700);
    expect(await refundMails(t)).toHaveLength(1);
  });

  it('a refund still pending at Stripe is settled by its refund.updated webhook, once', async () => {
    const owner = await paidApplicant(t, charge);
    const admin = await signInAdmin(t);
    server.refundMode = 'pending';
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 200, reason: 'Slow bank' });
    expect(res.status).toBe(201);
    const refund = (await res.json()) as { id: number; status: string; gatewayRefundId: string };
    expect(refund).toMatchObject({ status: 'pending', gatewayRefundId: expect.stringMatching(/^re_/) });
    expect(await refundedOf(t, owner.id)).toBe(0);
    server.settleRefund(refund.gatewayRefundId, 'succeeded');
    await webhook(server.signedRefundEvent('refund.updated', refund.gatewayRefundId));
    await webhook(server.signedRefundEvent('refund.updated', refund.gatewayRefundId));
    expect(await t.ports.refunds.findById(refund.id)).toMatchObject({ status: 'succeeded' });
    expect(await refundedOf(t, owner.id)).toBe(200);
    expect(await refundMails(t)).toHaveLength(1);
  });

  it('a refund made in Stripe’s dashboard is recorded once (source provider) by charge.refunded, and listed by reconcile-payments', async () => {
    const owner = await paidApplicant(t, charge);
    const outside = server.refundOutside(owner.paymentIntentId, 150);
    const since = new Date(t.clock.now().getTime() - 86_400_000);
    const before = await t.agency.useCases.reconcilePayments({ since: new Date(0), fix: false });
    expect(before.refunds).toMatchObject([{ gatewayRefundId: outside.id, applicationId: owner.id, amount: 150, known: false, fixed: false }]);
    await webhook(server.signedRefundEvent('charge.refunded', owner.paymentIntentId));
    await webhook(server.signedRefundEvent('charge.refunded', owner.paymentIntentId));
    expect(await refundsOf(t, owner.id)).toMatchObject([{ source: 'provider', status: 'succeeded', amount: 150, gatewayRefundId: outside.id, requestedByName: 'Payment provider' }]);
    expect(await refundedOf(t, owner.id)).toBe(150);
    const after = await t.agency.useCases.reconcilePayments({ since: new Date(0), fix: true });
    expect(after.refunds).toEqual([]);
    void since;
  });
});

describe('the built-in test provider refunds too', () => {
  let t: TestAgency;
  beforeEach(async () => {
    t = await makeMemoryApp({ overrides: { gateway: new TestPaymentProvider() } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('a staff refund of the whole fee succeeds at once', async () => {
    const owner = await paidApplicant(t, async (browser, id) => {
      expect((await browser.post(`/api/test-payments/${id}/confirm`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(200);
    });
    const admin = await signInAdmin(t);
    const res = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 1000, reason: 'Full refund' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'succeeded', amountPence: 1000 });
    expect(await refundedOf(t, owner.id)).toBe(1000);
    const more = await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 1, reason: 'One more penny' });
    expect(more.status).toBe(400);
    expect(await more.json()).toMatchObject({ message: 'Nothing is left to refund of the initial fee.' });
  });
});
