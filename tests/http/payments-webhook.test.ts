import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentGateway } from '../../adapters/payments/stripe/index.js';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import type { Ports } from '../../core/ports/index.js';
import { useCasesOn } from '../support/container.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import { paymentsWebhookRoutes } from '../../apps/http/routes/payments-webhook.js';
import type { AppEnv } from '../../apps/http/context.js';
import { makeMemoryPorts, type MemoryPorts } from '../support/memory-ports.js';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server.js';
import { registerApplicant, validForm } from '../core/helpers.js';

let server: StripeTestServer;
beforeAll(async () => {
  server = await startStripeServer();
});
afterAll(async () => {
  await server.stop();
});

let setups = 0;

/** A fresh agency on memory persistence with the REAL Stripe adapter pointed at the test server. */
async function setup(email = 'alice@example.com') {
  const gateway = new StripePaymentGateway(server.config);
  const ports = makeMemoryPorts({ gateway } as Partial<Ports>) as unknown as MemoryPorts & { gateway: StripePaymentGateway };
  const uc = useCasesOn(ports);
  const app = new Hono<AppEnv>().route('/api/payments/webhook', paymentsWebhookRoutes({ useCases: uc, gateway }));
  const applicant = await registerApplicant(uc, email);
  // One Stripe server serves every test: each application gets its own number, as in production.
  ports.ids.queuedApplicationNumbers.push(`EV-2611-W${String((setups += 1)).padStart(5, '0')}`);
  const application = await uc.createApplication(applicant, validForm());
  const started = await uc.startPayment(applicant, application.id, 'initial');
  return { ports, uc, app, applicant, applicationId: application.id, intentId: started.paymentIntentId };
}

function post(app: Hono<AppEnv>, payload: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['stripe-signature'] = signature;
  return app.request('/api/payments/webhook', { method: 'POST', body: payload, headers });
}

async function stored(ports: MemoryPorts, uc: UseCases, applicationId: number) {
  const application = await ports.applications.findById(applicationId);
  const payments = await ports.payments.listByApplication(applicationId);
  const mails = (await ports.outbox.list()).filter((m) => m.template === 'application_received' && m.data.paid === true);
  const history = await ports.history.listByApplication(applicationId);
  void uc;
  return { application, payments, mails, history };
}

describe('POST /api/payments/webhook (Stripe)', () => {
  it('records a succeeded payment the applicant never came back to confirm', async () => {
    const { ports, uc, app, applicationId, intentId } = await setup();
    server.succeed(intentId);
    const { payload, signature } = server.signedEvent(intentId);
    const res = await post(app, payload, signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const s = await stored(ports, uc, applicationId);
    expect(s.application).toMatchObject({ initialPaymentId: intentId, status: 'application_created' });
    expect(s.payments).toHaveLength(1);
    expect(s.payments[0]).toMatchObject({ providerPaymentId: intentId, type: 'initial', amount: 1000, currency: 'gbp', status: 'succeeded' });
    expect(s.mails).toHaveLength(1);
  });

  it('a replay ×10 of the same signed event changes nothing twice', async () => {
    const { ports, uc, app, applicationId, intentId } = await setup();
    server.succeed(intentId);
    const { payload, signature } = server.signedEvent(intentId);
    for (let i = 0; i < 10; i += 1) {
      const res = await post(app, payload, signature);
      expect(res.status).toBe(200);
    }
    const s = await stored(ports, uc, applicationId);
    expect(s.payments).toHaveLength(1);
    expect(s.mails).toHaveLength(1);
    expect(s.history.filter((h) => h.message === 'Initial fee paid')).toHaveLength(1);
    expect(s.application!.initialPaymentId).toBe(intentId);
  });

  it('ten concurrent deliveries, and the webhook racing the browser’s confirmation, record one payment', async () => {
    const { ports, uc, app, applicant, applicationId, intentId } = await setup();
    server.succeed(intentId);
    const { payload, signature } = server.signedEvent(intentId);
    const [browser, ...hooks] = await Promise.all([uc.confirmPayment(applicant, applicationId, 'initial', intentId), ...Array.from({ length: 10 }, () => post(app, payload, signature))]);
    expect(hooks.every((r) => r.status === 200)).toBe(true);
    expect(browser.application.initialPaymentId).toBe(intentId);
    const s = await stored(ports, uc, applicationId);
    expect(s.payments).toHaveLength(1);
    expect(s.mails).toHaveLength(1);
  });

  it('two concurrent confirmations (browser + webhook) give one record, and the later browser call says recorded: false', async () => {
    const { ports, uc, app, applicant, applicationId, intentId } = await setup();
    server.succeed(intentId);
    const { payload, signature } = server.signedEvent(intentId);
    await Promise.all([post(app, payload, signature), post(app, payload, signature)]);
    const again = await uc.confirmPayment(applicant, applicationId, 'initial', intentId);
    expect(again.recorded).toBe(false);
    expect((await stored(ports, uc, applicationId)).payments).toHaveLength(1);
  });

  it('out-of-order events: a failure or creation event after the success changes nothing; a success before the browser returns is kept', async () => {
    const { ports, uc, app, applicationId, intentId } = await setup();
    server.succeed(intentId);
    const success = server.signedEvent(intentId);
    expect((await post(app, success.payload, success.signature)).status).toBe(200);
    for (const type of ['payment_intent.payment_failed', 'payment_intent.created', 'payment_intent.requires_action', 'charge.succeeded']) {
      const late = server.signedEvent(intentId, { type, overrides: { status: 'requires_payment_method' } });
      const res = await post(app, late.payload, late.signature);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    const s = await stored(ports, uc, applicationId);
    expect(s.application).toMatchObject({ initialPaymentId: intentId, status: 'application_created' });
    expect(s.payments).toHaveLength(1);
  });

  it('a signed success event for an intent Stripe says is NOT paid records nothing (the core re-reads the intent)', async () => {
    const { ports, uc, app, applicationId, intentId } = await setup();
    // the event body claims success, but the intent at the provider is still unpaid
    const { payload, signature } = server.signedEvent(intentId, { overrides: { status: 'succeeded' } });
    const res = await post(app, payload, signature);
    expect(res.status).toBe(200);
    const s = await stored(ports, uc, applicationId);
    expect(s.payments).toEqual([]);
    expect(s.application!.initialPaymentId).toBeNull();
  });

  it('an event without the agency’s metadata is acknowledged and ignored', async () => {
    const { ports, uc, app, applicationId, intentId } = await setup();
    server.succeed(intentId);
    const { payload, signature } = server.signedEvent(intentId, { overrides: { metadata: {} } });
    expect((await post(app, payload, signature)).status).toBe(200);
    expect((await stored(ports, uc, applicationId)).payments).toEqual([]);
  });

  describe('bad signatures answer 400 { message } and record nothing', () => {
    it.each([
      ['signed with another secret', (p: string, id: string) => server.signedEvent(id, { secret: 'whsec_not_ours' }).signature + (p ? '' : '')],
      ['a garbage header', () => 't=1,v1=deadbeef'],
      ['a signature older than the 5-minute tolerance', (_p: string, id: string) => server.signedEvent(id, { timestamp: Math.floor(Date.now() / 1000) - 3600 }).signature],
    ])('%s', async (_label, makeSignature) => {
      const { ports, uc, app, applicationId, intentId } = await setup();
      server.succeed(intentId);
      const { payload } = server.signedEvent(intentId);
      const res = await post(app, payload, makeSignature(payload, intentId));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Invalid webhook signature.' });
      expect((await stored(ports, uc, applicationId)).payments).toEqual([]);
    });

    it('a body altered after signing (signature checked on the raw bytes)', async () => {
      const { ports, uc, app, applicationId, intentId } = await setup();
      server.succeed(intentId);
      const { payload, signature } = server.signedEvent(intentId);
      const reformatted = JSON.stringify(JSON.parse(payload)); // same JSON, different bytes
      const res = await post(app, reformatted, signature);
      expect(res.status).toBe(400);
      expect((await stored(ports, uc, applicationId)).payments).toEqual([]);
    });

    it('a missing Stripe-Signature header', async () => {
      const { app, intentId } = await setup();
      server.succeed(intentId);
      const res = await post(app, server.signedEvent(intentId).payload);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Missing Stripe-Signature header.' });
    });
  });

  it('when Stripe cannot be reached while confirming, the webhook fails (5xx) so Stripe re-delivers; the re-delivery records it', async () => {
    const { ports, uc, app, applicationId, intentId } = await setup();
    server.succeed(intentId);
    const { payload, signature } = server.signedEvent(intentId);
    server.failNext(1, 500);
    const failed = await post(app, payload, signature);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await stored(ports, uc, applicationId)).payments).toEqual([]);
    const retried = await post(app, payload, signature);
    expect(retried.status).toBe(200);
    expect((await stored(ports, uc, applicationId)).payments).toHaveLength(1);
  });

  it('answers 404 when the installation uses the built-in test provider (no webhooks)', async () => {
    const gateway = new TestPaymentProvider();
    const ports = makeMemoryPorts({ gateway } as Partial<Ports>);
    const app = new Hono<AppEnv>().route('/api/payments/webhook', paymentsWebhookRoutes({ useCases: useCasesOn(ports), gateway }));
    const res = await post(app, '{}', 't=1,v1=x');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Payment webhooks are not enabled on this installation.' });
  });
});

describe('POST /api/payments/webhook through the whole HTTP app', () => {
  it('is public, needs no Origin or session, and records the payment the applicant started in the browser', async () => {
    const { makeMemoryApp, applicantWithApplication, TestBrowser } = await import('../support/http.js');
    const gateway = new StripePaymentGateway(server.config);
    const t = await makeMemoryApp({ overrides: { gateway } });
    try {
      const owner = await applicantWithApplication(t);
      const started = await owner.browser.post(`/api/payments/initial/${owner.application.id}`);
      expect(started.status).toBe(200);
      const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
      server.succeed(paymentIntentId);
      const { payload, signature } = server.signedEvent(paymentIntentId);
      // Stripe's servers: no cookie, no Origin, JSON with its own signature header.
      const stripe = new TestBrowser(t.app, { ip: '3.18.12.63' });
      const bad = await stripe.request('/api/payments/webhook', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, noOrigin: true });
      expect(bad.status).toBe(400);
      expect(await t.ports.payments.listByApplication(owner.application.id)).toEqual([]);
      const res = await stripe.request('/api/payments/webhook', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, noOrigin: true });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
      expect(await t.ports.payments.listByApplication(owner.application.id)).toHaveLength(1);
      const mine = (await (await owner.browser.get('/api/applications')).json()) as { id: number; initialPaymentId: string | null; status: string }[];
      expect(mine.find((a) => a.id === owner.application.id)).toMatchObject({ initialPaymentId: paymentIntentId, status: 'application_created' });
    } finally {
      await t.close();
    }
  });
});
