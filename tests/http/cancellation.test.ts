import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { jobDefinition } from '../../apps/shared/jobs.js';
import { StripePaymentGateway } from '../../adapters/payments/stripe/index.js';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import type { PaymentGateway } from '../../core/ports/payment-gateway.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { applicantWithApplication, makeAppOn, makeMemoryApp, signInAdmin, type SignedUp, type TestAgency } from '../support/http.js';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server.js';

let t: TestAgency;
beforeEach(async () => {
  t = await makeMemoryApp();
});
afterEach(async () => {
  await t.close();
});

const gateway = () => t.ports.gateway as MemoryPaymentGateway;

async function payInitial(browser: SignedUp['browser'], applicationId: number, body: object = { startNow: true }) {
  const start = await browser.post(`/api/payments/initial/${applicationId}`, body);
  expect(start.status).toBe(200);
  const intent = await start.json();
  gateway().succeed(intent.paymentIntentId);
  const confirm = await browser.post(`/api/payments/initial/confirm/${applicationId}`, { paymentIntentId: intent.paymentIntentId });
  expect(confirm.status).toBe(200);
}

async function paidApplicant(body?: object) {
  const owner = await applicantWithApplication(t);
  await payInitial(owner.browser, owner.application.id, body);
  return owner;
}

/** Days pass (sessions end meanwhile): the applicant signs in again. */
async function later(owner: SignedUp, days: number) {
  t.clock.advance({ hours: 24 * days });
  const res = await owner.browser.post('/api/login', { email: owner.email, password: owner.password });
  expect(res.status).toBe(200);
}

const stored = async (id: number) => (await t.ports.applications.findById(id))!;
const mailsTo = async (email: string) => (await t.ports.outbox.list({ to: email })).map((m) => m.template);

describe('the express request to start at once', () => {
  it('is stored with the application when the first payment is opened with it, and kept from the first time', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    await owner.browser.post(`/api/payments/initial/${id}`, {});
    expect((await stored(id)).serviceStartRequestedAt).toBeNull();
    const first = t.clock.now();
    await owner.browser.post(`/api/payments/initial/${id}`, { startNow: true });
    t.clock.advance({ hours: 1 });
    await owner.browser.post(`/api/payments/initial/${id}`, { startNow: true });
    expect((await stored(id)).serviceStartRequestedAt).toEqual(first);
  });

  it('refuses anything but true (400), writing nothing', async () => {
    const owner = await applicantWithApplication(t);
    const res = await owner.browser.post(`/api/payments/initial/${owner.application.id}`, { startNow: false });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/start work at once/);
    expect((await stored(owner.application.id)).serviceStartRequestedAt).toBeNull();
  });
});

describe('POST /api/applications/{id}/cancel', () => {
  it('cancels an unpaid application at once: rejected, cancelledAt, nothing to refund, a mail', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const res = await owner.browser.post(`/api/applications/${id}/cancel`, { reason: 'Trip called off' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ outcome: 'cancelled', refundPence: 0, application: { id, status: 'rejected', cancellationReason: 'Trip called off' } });
    const after = await stored(id);
    expect(after.status).toBe('rejected');
    expect(after.cancelledAt).toEqual(t.clock.now());
    expect(await mailsTo(owner.email)).toContain('application_cancelled');
    const history = await t.ports.history.listByApplication(id);
    expect(history.at(-1)).toMatchObject({ toStatus: 'rejected', changedBy: owner.user.id, message: 'Cancelled by the applicant' });
  });

  it('cancels a paid application at once within 14 days, before staff started, refunding the £10', async () => {
    const owner = await paidApplicant();
    const id = owner.application.id;
    await later(owner, 13);
    const res = await owner.browser.post(`/api/applications/${id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'cancelled', refundPence: 1000, refund: { status: 'succeeded' }, application: { refundedAmount: 1000 } });
    expect((await stored(id)).cancelledAt).not.toBeNull();
    expect(await t.ports.refunds.listByApplication(id)).toMatchObject([{ source: 'cancellation', status: 'succeeded', amount: 1000, paymentType: 'initial' }]);
    expect((await stored(id)).refundedAmount).toBe(1000);
    expect(await mailsTo(owner.email)).toEqual(expect.arrayContaining(['application_cancelled', 'refund_issued']));
  });

  it('with the gateway down, still cancels; the refund waits, counts as nothing refunded, and its job sends it later', async () => {
    const owner = await paidApplicant();
    const id = owner.application.id;
    gateway().refundBehaviour = 'down';
    const res = await owner.browser.post(`/api/applications/${id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'cancelled', refund: { status: 'pending' } });
    expect((await stored(id)).refundedAmount).toBe(0);
    gateway().refundBehaviour = 'succeed';
    t.clock.advance({ minutes: 1 }); // the job's first delay (the memory job store follows the test clock)
    const runner = createJobRunner({ store: t.agency.persistence.jobs, log: () => undefined });
    expect(await runner.drain(jobDefinition(t.agency, 'send-refund'))).toEqual({ completed: 1, failed: 0 });
    expect(await t.ports.refunds.listByApplication(id)).toMatchObject([{ status: 'succeeded', amount: 1000 }]);
    expect((await stored(id)).refundedAmount).toBe(1000);
  });

  it('becomes a request once staff started work; a second cancellation is refused (409)', async () => {
    const owner = await paidApplicant();
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' })).status).toBe(200);
    const res = await owner.browser.post(`/api/applications/${id}/cancel`, { reason: 'Changed plans' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'requested', refundPence: 0, application: { status: 'under_process', cancelledAt: null } });
    expect((await stored(id)).cancellationRequestedAt).toEqual(t.clock.now());
    expect(await mailsTo(owner.email)).toContain('cancellation_requested');

    const again = await owner.browser.post(`/api/applications/${id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'You have already asked to cancel this application.' });
  });

  it('becomes a request after the 14 days, even before staff started', async () => {
    const owner = await paidApplicant();
    await later(owner, 15);
    const res = await owner.browser.post(`/api/applications/${owner.application.id}/cancel`, {});
    expect(await res.json()).toMatchObject({ outcome: 'requested' });
  });

  it('without the express request, cancels at once with the £10 within the 14 days even after staff started (nothing can be charged)', async () => {
    const owner = await paidApplicant({});
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' });
    const res = await owner.browser.post(`/api/applications/${id}/cancel`, {});
    expect(await res.json()).toMatchObject({ outcome: 'cancelled', refundPence: 1000 });
  });

  it('is refused once the application went to the portal (verified), for another user (404) and for an admin who does not own it (403)', async () => {
    const owner = await paidApplicant();
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    const other = await applicantWithApplication(t);
    expect((await other.browser.post(`/api/applications/${id}/cancel`, {})).status).toBe(404);
    expect((await admin.browser.post(`/api/applications/${id}/cancel`, {})).status).toBe(403);

    expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'verified' })).status).toBe(200);
    const late = await owner.browser.post(`/api/applications/${id}/cancel`, {});
    expect(late.status).toBe(409);
    expect((await late.json()).message).toMatch(/submitted to the Egyptian portal/);
    const after = await stored(id);
    expect(after).toMatchObject({ status: 'verified', cancelledAt: null, cancellationRequestedAt: null });
  });

  it('refuses a reason that is too long or not text (400), writing nothing', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    for (const reason of ['x'.repeat(1001), 42]) {
      const res = await owner.browser.post(`/api/applications/${id}/cancel`, { reason });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    expect(await stored(id)).toMatchObject({ status: 'online_entry', cancelledAt: null });
  });
});

describe('POST /api/admin/applications/{id}/cancellation', () => {
  async function requested() {
    const owner = await paidApplicant();
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' });
    await owner.browser.post(`/api/applications/${id}/cancel`, { reason: 'Changed plans' });
    return { owner, admin, id };
  }

  it("accepts with a refund of staff's choosing: cancelled, in the Rejected tab, the applicant told", async () => {
    const { owner, admin, id } = await requested();
    const tooMuch = await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'accept', refundPence: 1001, message: null });
    expect(tooMuch.status).toBe(400);
    expect((await stored(id)).cancelledAt).toBeNull();

    const res = await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'accept', refundPence: 500, message: 'We had checked your documents.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'cancelled', refundPence: 500, application: { status: 'rejected', cancellationResponse: 'We had checked your documents.' } });
    const rejectedTab = await (await admin.browser.get('/api/admin/applications?tab=rejected')).json();
    expect(JSON.stringify(rejectedTab)).toContain(`"cancelledAt"`);
    expect(await mailsTo(owner.email)).toContain('application_cancelled');

    const twice = await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'decline', message: 'No' });
    expect(twice.status).toBe(409);
  });

  it('declines with a message: the application goes on, the applicant is told and cannot ask again', async () => {
    const { owner, admin, id } = await requested();
    const empty = await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'decline', message: ' ' });
    expect(empty.status).toBe(400);
    const res = await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'decline', message: 'Your visa is already with the portal.' });
    expect(res.status).toBe(200);
    const after = await stored(id);
    expect(after).toMatchObject({ status: 'under_process', cancelledAt: null, cancellationResponse: 'Your visa is already with the portal.' });
    expect(after.cancellationDeclinedAt).toEqual(t.clock.now());
    expect(await mailsTo(owner.email)).toContain('cancellation_declined');
    expect((await owner.browser.post(`/api/applications/${id}/cancel`, {})).status).toBe(409);
  });

  it('is for staff only (403), needs a request (409) and a valid decision (400)', async () => {
    const owner = await paidApplicant();
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    expect((await owner.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'decline', message: 'x' })).status).toBe(403);
    expect((await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'decline', message: 'x' })).status).toBe(409);
    expect((await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'maybe' })).status).toBe(400);
    expect((await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'accept', refundPence: -1 })).status).toBe(400);
    expect((await admin.browser.post(`/api/admin/applications/${id}/cancellation`, { decision: 'accept', refundPence: 1.5 })).status).toBe(400);
  });
});

describe.each([
  { db: 'sqlite', harness: () => sqliteHarness() },
  { db: 'postgres', harness: () => postgresHarness() },
])('a cancellation within the 14 days refunds the £10 through each real gateway, on $db', ({ harness: makeHarness }) => {
  let harness: PersistenceHarness;
  let stripe: StripeTestServer;
  beforeAll(async () => {
    harness = await makeHarness();
    stripe = await startStripeServer();
  });
  afterAll(async () => {
    await stripe?.stop();
    await harness?.dispose();
  });

  const providers: { name: string; gateway: () => PaymentGateway; charge: (owner: SignedUp, intentId: string) => Promise<void> }[] = [
    {
      name: 'the Stripe SDK against the Stripe-compatible server',
      gateway: () => new StripePaymentGateway(stripe.config),
      charge: async (_owner, intentId) => void stripe.succeed(intentId),
    },
    {
      name: 'the built-in test provider',
      gateway: () => new TestPaymentProvider(),
      charge: async (owner, intentId) => {
        expect((await owner.browser.post(`/api/test-payments/${intentId}/confirm`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(200);
      },
    },
  ];

  it.each(providers)('$name', async ({ gateway, charge }) => {
    const agency = await makeAppOn(await harness.create(), { overrides: { gateway: gateway() } });
    try {
      const owner = await applicantWithApplication(agency);
      const id = owner.application.id;
      const started = await owner.browser.post(`/api/payments/initial/${id}`, { startNow: true });
      const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
      await charge(owner, paymentIntentId);
      expect((await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId })).status).toBe(200);

      const res = await owner.browser.post(`/api/applications/${id}/cancel`, { reason: 'Trip called off' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ outcome: 'cancelled', refundPence: 1000, refund: { status: 'succeeded' } });
      const [refund] = await agency.ports.refunds.listByApplication(id);
      expect(refund).toMatchObject({ source: 'cancellation', status: 'succeeded', amount: 1000, gatewayRefundId: expect.any(String) });
      const atGateway = await agency.ports.gateway.retrieveRefund(refund!.gatewayRefundId!);
      expect(atGateway).toMatchObject({ status: 'succeeded', amount: 1000, paymentId: paymentIntentId });
      expect(await agency.ports.applications.findById(id)).toMatchObject({ status: 'rejected', refundedAmount: 1000, cancellationReason: 'Trip called off' });
      const receipts = await agency.ports.receipts.listForApplication({ id, groupId: null });
      expect(receipts.filter((r) => r.kind === 'refund')).toMatchObject([{ amount: 1000 }]);
    } finally {
      await agency.close();
    }
  });
});
