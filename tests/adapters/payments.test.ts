import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import {
  CARD_DECLINED_MESSAGE,
  CARD_INCORRECT_MESSAGE,
  StripePaymentGateway,
  TestPaymentProvider,
  WebhookSignatureError,
  openPaymentGateway,
  toGatewayPayment,
} from '../../adapters/payments/index.js';
import { isDomainError } from '../../core/domain/errors.js';
import type { GatewayPayment } from '../../core/domain/payment.js';
import { openIntent } from '../support/payments.js';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server.js';

const input = (applicationId: number, paymentType: 'initial' | 'final' = 'initial') => ({
  applicationId,
  paymentType,
  amount: paymentType === 'initial' ? 1000 : 3900,
  currency: 'gbp' as const,
  idempotencyKey: `${applicationId}:${paymentType}`,
  customerEmail: 'amira@example.com',
});

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

describe('StripePaymentGateway (real SDK against the Stripe-compatible test server)', () => {
  let server: StripeTestServer;
  let gateway: StripePaymentGateway;
  beforeAll(async () => {
    server = await startStripeServer();
    gateway = new StripePaymentGateway(server.config);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('sends amount, currency, metadata, receipt e-mail and an Idempotency-Key per fee, amount and request', async () => {
    const before = server.requests.length;
    const intent = await openIntent(gateway, input(71, 'final'));
    const stored = server.intents.get(intent.id)!;
    expect(stored).toMatchObject({ amount: 3900, currency: 'gbp', metadata: { applicationId: '71', paymentType: 'final', evisaFee: 'evisa:71:final' }, receipt_email: 'amira@example.com' });
    expect(stored.description).toBe('Egypt e-visa final fee, application 71');
    const requests = server.requests.slice(before);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payment_intents/search', 'POST /v1/payment_intents']);
    expect(requests[1]!.idempotencyKey).toMatch(/^evisa:71:final:3900:gbp:[0-9a-f]{12}$/);
  });

  it('a second click finds the open intent by its fee; a fee paid but not recorded is reported, never charged twice', async () => {
    const first = await openIntent(gateway, input(72));
    const before = server.requests.length;
    expect(await openIntent(gateway, input(72))).toEqual(first);
    expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payment_intents/search']);
    server.succeed(first.id);
    const again = await gateway.openFeePayment(input(72));
    expect(again).toMatchObject({ status: 'succeeded', payment: { id: first.id, amount: 1000, applicationId: 72, paymentType: 'initial' } });
    expect([...server.intents.values()].filter((i) => i.metadata.applicationId === '72')).toHaveLength(1);
  });

  it('a fee whose payment is processing gets no new intent', async () => {
    const first = await openIntent(gateway, input(76));
    server.intents.get(first.id)!.status = 'processing';
    expect(await gateway.openFeePayment(input(76))).toMatchObject({ status: 'processing', payment: { id: first.id } });
    expect([...server.intents.values()].filter((i) => i.metadata.applicationId === '76')).toHaveLength(1);
  });

  it('without search (lagging or not on the account) the idempotent replay is re-read so the live status decides', async () => {
    server.searchEnabled = false;
    try {
      const first = await openIntent(gateway, input(74));
      const before = server.requests.length;
      expect(await openIntent(gateway, input(74))).toEqual(first);
      expect(server.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.replayed}`)).toEqual([
        'GET /v1/payment_intents/search false',
        'POST /v1/payment_intents true',
        `GET /v1/payment_intents/${first.id} false`,
      ]);
      server.succeed(first.id);
      expect(await gateway.openFeePayment(input(74))).toMatchObject({ status: 'succeeded', payment: { id: first.id } });
      // A canceled intent is never handed out again: the next one is opened under a key derived from it.
      const final = await openIntent(gateway, input(74, 'final'));
      server.intents.get(final.id)!.status = 'canceled';
      const fresh = await openIntent(gateway, input(74, 'final'));
      expect(fresh.id).not.toBe(final.id);
      expect(server.requests.at(-1)!.idempotencyKey).toMatch(new RegExp(`:after:${final.id}$`));
    } finally {
      server.searchEnabled = true;
    }
  });

  it('after Stripe forgot the idempotency key (24 h) the open intent is still reused, and a paid one still reported', async () => {
    const first = await openIntent(gateway, input(75));
    server.forgetIdempotencyKeys();
    expect((await openIntent(gateway, input(75))).id).toBe(first.id);
    server.succeed(first.id);
    server.forgetIdempotencyKeys();
    expect(await gateway.openFeePayment(input(75))).toMatchObject({ status: 'succeeded', payment: { id: first.id } });
    expect([...server.intents.values()].filter((i) => i.metadata.applicationId === '75')).toHaveLength(1);
  });

  it('a changed amount updates the open intent (reused, as Stripe recommends); extra open intents are canceled', async () => {
    const first = await openIntent(gateway, input(77, 'final'));
    const extra = (await gateway.stripe.paymentIntents.create({ amount: 3900, currency: 'gbp', metadata: { applicationId: '77', paymentType: 'final', evisaFee: 'evisa:77:final' } })).id;
    const changed = await openIntent(gateway, { ...input(77, 'final'), amount: 1900 });
    expect([first.id, extra]).toContain(changed.id);
    expect(server.intents.get(changed.id)!.amount).toBe(1900);
    const other = changed.id === first.id ? extra : first.id;
    expect(server.intents.get(other)!.status).toBe('canceled');
    expect(await gateway.cancelOpenPayments('77:final')).toBe(1);
    expect(server.intents.get(changed.id)!.status).toBe('canceled');
  });

  it('the same application id from another database (a reset) has another application number: its own intent, no idempotency conflict', async () => {
    const first = await openIntent(gateway, { ...input(73), idempotencyKey: '73:EV-2611-AAAAAA:initial', customerEmail: 'old@example.com' });
    server.succeed(first.id);
    const other = await openIntent(gateway, { ...input(73), idempotencyKey: '73:EV-2611-BBBBBB:initial', customerEmail: 'new@example.com' });
    expect(other.id).not.toBe(first.id);
    expect(server.intents.get(other.id)!.receipt_email).toBe('new@example.com');
  });

  it('pages through every succeeded intent (250 intents, 3 pages of 100)', async () => {
    const own = new StripePaymentGateway(server.config);
    const since = new Date(Date.now() - 1000);
    const ids: string[] = [];
    for (let i = 0; i < 250; i += 1) ids.push((await openIntent(own, input(10_000 + i))).id);
    const paid = ids.filter((_, i) => i % 5 !== 0); // 200 paid, 50 open
    for (const id of paid) server.succeed(id);
    const before = server.requests.length;
    const listed: GatewayPayment[] = [];
    for await (const p of own.listSucceeded(since)) listed.push(p);
    const ours = listed.filter((p) => ids.includes(p.id));
    expect(ours.map((p) => p.id).sort()).toEqual([...paid].sort());
    expect(new Set(listed.map((p) => p.id)).size).toBe(listed.length);
    expect(server.requests.slice(before).filter((r) => r.path === '/v1/payment_intents' && r.method === 'GET').length).toBeGreaterThanOrEqual(3);
  });

  it('translates Stripe statuses, amounts and metadata at the boundary', () => {
    const base = { id: 'pi_1', amount: 1000, currency: 'gbp', created: 1_764_000_000, last_payment_error: null, metadata: { applicationId: '12', paymentType: 'initial' } };
    const statuses: [Stripe.PaymentIntent.Status, GatewayPayment['status']][] = [
      ['succeeded', 'succeeded'],
      ['processing', 'processing'],
      ['requires_capture', 'processing'],
      ['requires_action', 'requires_action'],
      ['requires_confirmation', 'requires_action'],
      ['requires_payment_method', 'requires_payment_method'],
      ['canceled', 'canceled'],
    ];
    for (const [stripeStatus, ours] of statuses) expect(toGatewayPayment({ ...base, status: stripeStatus }).status).toBe(ours);
    expect(toGatewayPayment({ ...base, status: 'succeeded' })).toEqual({
      id: 'pi_1',
      status: 'succeeded',
      amount: 1000,
      currency: 'gbp',
      applicationId: 12,
      paymentType: 'initial',
      createdAt: new Date(1_764_000_000_000),
    });
    const foreign = toGatewayPayment({ ...base, status: 'succeeded', metadata: { applicationId: '12abc', paymentType: 'deposit' } });
    expect(foreign.applicationId).toBeNull();
    expect(foreign.paymentType).toBeNull();
    // An id beyond the id columns' range names no application (it must never reach a query).
    expect(toGatewayPayment({ ...base, status: 'succeeded', metadata: { applicationId: '2147483648', paymentType: 'initial' } }).applicationId).toBeNull();
    expect(toGatewayPayment({ ...base, status: 'succeeded', metadata: { applicationId: '2147483647', paymentType: 'initial' } }).applicationId).toBe(2147483647);
  });

  it('retrieve answers null for an unknown or malformed id without asking Stripe about odd paths', async () => {
    expect(await gateway.retrieve('pi_unknown123')).toBeNull();
    const before = server.requests.length;
    expect(await gateway.retrieve('../v1/customers')).toBeNull();
    expect(await gateway.retrieve('')).toBeNull();
    expect(server.requests.length).toBe(before);
  });

  it('Stripe failing (HTTP 500) or unreachable → DomainError Unavailable(payments)', async () => {
    server.failNext(1, 500);
    const failing = await errorOf(gateway.openFeePayment(input(80)));
    expect(isDomainError(failing, 'Unavailable')).toBe(true);
    expect((failing as Error).message).toBe('The payment service is unavailable. Please try again later.');

    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const down = new StripePaymentGateway({ ...server.config, apiUrl: `http://127.0.0.1:${port}` });
    for (const attempt of [
      down.openFeePayment(input(81)),
      down.retrieve('pi_abc'),
      (async () => {
        for await (const p of down.listSucceeded(new Date(0))) void p;
      })(),
    ]) {
      const error = await errorOf(attempt);
      expect(isDomainError(error, 'Unavailable')).toBe(true);
    }
  });

  it('a wrong secret key is a configuration error naming STRIPE_SECRET_KEY', async () => {
    const wrong = new StripePaymentGateway({ ...server.config, secretKey: 'sk_test_wrong' });
    const error = await errorOf(wrong.openFeePayment(input(82)));
    expect(isDomainError(error)).toBe(false);
    expect((error as Error).message).toMatch(/STRIPE_SECRET_KEY/);
  });

  describe('parseWebhook', () => {
    it('returns the intent of a correctly signed payment_intent.succeeded event', async () => {
      const intent = await openIntent(gateway, input(90));
      server.succeed(intent.id);
      const { payload, signature } = server.signedEvent(intent.id);
      expect(gateway.parseWebhook(payload, signature)).toMatchObject({ id: intent.id, status: 'succeeded', amount: 1000, applicationId: 90, paymentType: 'initial' });
    });

    it('returns null for other event types', async () => {
      const intent = await openIntent(gateway, input(91));
      for (const type of ['payment_intent.created', 'payment_intent.payment_failed', 'charge.refunded']) {
        const { payload, signature } = server.signedEvent(intent.id, { type });
        expect(gateway.parseWebhook(payload, signature)).toBeNull();
      }
    });

    it('throws WebhookSignatureError for a wrong secret, a changed body, a stale timestamp or no header', async () => {
      const intent = await openIntent(gateway, input(92));
      const good = server.signedEvent(intent.id);
      const cases: [string, string | undefined][] = [
        [good.payload, server.signedEvent(intent.id, { secret: 'whsec_other' }).signature],
        [good.payload.replace('"livemode": false', '"livemode": true'), good.signature],
        [good.payload, Stripe.webhooks.generateTestHeaderString({ payload: good.payload, secret: server.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 600 })],
        [good.payload, ''],
        [good.payload, undefined],
      ];
      for (const [payload, signature] of cases) expect(() => gateway.parseWebhook(payload, signature)).toThrow(WebhookSignatureError);
    });
  });
});

describe('TestPaymentProvider (the built-in card network)', () => {
  it('4242… succeeds; 4000…0002 is declined; any other number is incorrect; spaces and dashes are fine', async () => {
    const provider = new TestPaymentProvider();
    const a = await openIntent(provider, input(1));
    const declined = await provider.confirmWithCard(a.id, '4000-0000-0000-0002');
    expect(declined).toMatchObject({ status: 'requires_payment_method', failureMessage: CARD_DECLINED_MESSAGE });
    expect(CARD_DECLINED_MESSAGE).toBe('Your card was declined.');
    const wrong = await provider.confirmWithCard(a.id, '1234 5678 9012 3456');
    expect(wrong).toMatchObject({ status: 'requires_payment_method', failureMessage: CARD_INCORRECT_MESSAGE });
    expect(CARD_INCORRECT_MESSAGE).toBe('Your card number is incorrect.');
    const ok = await provider.confirmWithCard(a.id, '4242 4242 4242 4242');
    expect(ok.status).toBe('succeeded');
    expect(ok.failureMessage).toBeUndefined();
    expect((await provider.retrieve(a.id))!.status).toBe('succeeded');
  });

  it('charging a paid intent again (even with a declined card) leaves it succeeded', async () => {
    const provider = new TestPaymentProvider();
    const a = await openIntent(provider, input(2));
    await provider.confirmWithCard(a.id, '4242424242424242');
    expect((await provider.confirmWithCard(a.id, '4000000000000002')).status).toBe('succeeded');
  });

  it('accepts the client secret in place of the id, but not a forged secret', async () => {
    const provider = new TestPaymentProvider();
    const a = await openIntent(provider, input(3));
    expect((await provider.confirmWithCard(a.clientSecret, '4242424242424242')).id).toBe(a.id);
    const b = await openIntent(provider, input(4));
    const forged = `${b.id}_secret_forged`;
    const error = await errorOf(provider.confirmWithCard(forged, '4242424242424242'));
    expect(isDomainError(error, 'NotFound')).toBe(true);
    expect((await provider.retrieve(b.id))!.status).toBe('requires_payment_method');
  });

  it('an unknown intent is NotFound', async () => {
    const error = await errorOf(new TestPaymentProvider().confirmWithCard('pi_test_nope', '4242424242424242'));
    expect(isDomainError(error, 'NotFound')).toBe(true);
  });
});

describe('openPaymentGateway', () => {
  it('picks Stripe when configured and the built-in test provider otherwise', async () => {
    expect((await openPaymentGateway(null)).name).toBe('test');
    expect(await openPaymentGateway(null)).toBeInstanceOf(TestPaymentProvider);
    const stripe = await openPaymentGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiUrl: null });
    expect(stripe).toBeInstanceOf(StripePaymentGateway);
    expect(stripe.name).toBe('stripe');
  });
});
