import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayPayment } from '../../core/domain/payment.js';
import { refundIdempotencyKey, type GatewayRefund } from '../../core/domain/refund.js';
import type { CreatePaymentIntent, PaymentGateway } from '../../core/ports/payment-gateway.js';
import { openIntent } from '../support/payments.js';

export interface PaymentGatewayHarness {
  gateway: PaymentGateway;
  /** The applicant pays the intent successfully (through the gateway's own way of charging a card). */
  pay(intentId: string): Promise<void>;
  /** The applicant's card is declined with `Your card was declined.` */
  decline(intentId: string): Promise<void>;
  /** An id of the gateway's shape that it has never issued. */
  unknownId: string;
  /** A refund id of the gateway's shape that it has never issued. */
  unknownRefundId: string;
  close?: () => Promise<void>;
}

async function collect<T = GatewayPayment>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of iterable) out.push(p);
  return out;
}

/**
 * The PaymentGateway contract: memory, the built-in test provider and Stripe (the real SDK against
 * a Stripe-compatible server) must all open one intent per application and fee, reuse it while
 * unpaid, report status / amount / currency / metadata faithfully and list succeeded payments.
 */
export function describePaymentGatewayContract(name: string, open: () => Promise<PaymentGatewayHarness>): void {
  describe(`PaymentGateway contract: ${name}`, () => {
    let h: PaymentGatewayHarness;
    let app = 5000 + Math.floor(Math.random() * 1000) * 10;
    const input = (overrides: Partial<CreatePaymentIntent> = {}): CreatePaymentIntent => {
      const applicationId = overrides.applicationId ?? (app += 1);
      const paymentType = overrides.paymentType ?? 'initial';
      return {
        applicationId,
        paymentType,
        amount: paymentType === 'initial' ? 1000 : 3900,
        currency: 'gbp',
        idempotencyKey: `${applicationId}:${paymentType}`,
        customerEmail: 'amira@example.com',
        ...overrides,
      };
    };

    const open_ = (i: CreatePaymentIntent) => openIntent(h.gateway, i);

    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.close?.();
    });

    it('opens an intent with the core’s amount, GBP and the application + fee as metadata', async () => {
      const i = input({ paymentType: 'final', amount: 3900 });
      const intent = await open_(i);
      expect(intent.id).toBeTruthy();
      expect(intent.clientSecret).toContain(intent.id);
      const got = await h.gateway.retrieve(intent.id);
      expect(got).toMatchObject({ id: intent.id, status: 'requires_payment_method', amount: 3900, currency: 'gbp', applicationId: i.applicationId, paymentType: 'final' });
      expect(got!.createdAt).toBeInstanceOf(Date);
      expect(Math.abs(got!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(got!.failureMessage).toBeUndefined();
    });

    it('reuses the open intent for the same application and fee; another fee or application gets its own', async () => {
      const i = input();
      const a = await open_(i);
      const b = await open_(i);
      expect(b).toEqual(a);
      const finalFee = await open_(input({ applicationId: i.applicationId, paymentType: 'final' }));
      const otherApp = await open_(input());
      expect(new Set([a.id, finalFee.id, otherApp.id]).size).toBe(3);
    });

    it('five simultaneous clicks open one intent', async () => {
      const i = input();
      const results = await Promise.all(Array.from({ length: 5 }, () => open_(i)));
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
    });

    it('a fee paid at the provider but not yet recorded is reported, never given a second payable intent', async () => {
      const i = input();
      const first = await open_(i);
      await h.pay(first.id);
      const paid = await h.gateway.retrieve(first.id);
      expect(paid).toMatchObject({ id: first.id, status: 'succeeded', amount: 1000, currency: 'gbp', applicationId: i.applicationId, paymentType: 'initial' });
      const again = await h.gateway.openFeePayment(i);
      expect(again).toMatchObject({ status: 'succeeded', payment: { id: first.id, status: 'succeeded', amount: 1000, applicationId: i.applicationId, paymentType: 'initial' } });
      const clicks = await Promise.all(Array.from({ length: 3 }, () => h.gateway.openFeePayment(i)));
      expect(clicks.map((c) => c.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      // The fee's other payment (final) is not affected.
      expect((await h.gateway.openFeePayment(input({ applicationId: i.applicationId, paymentType: 'final' }))).status).toBe('open');
    });

    it("cancelOpenPayments makes the fee's open intent unpayable; the next request opens a fresh one", async () => {
      const i = input({ paymentType: 'final', amount: 3900 });
      const first = await open_(i);
      expect(await h.gateway.cancelOpenPayments(i.idempotencyKey)).toBe(1);
      expect((await h.gateway.retrieve(first.id))!.status).toBe('canceled');
      expect(await h.gateway.cancelOpenPayments(i.idempotencyKey)).toBe(0);
      const next = await open_(i);
      expect(next.id).not.toBe(first.id);
      expect((await h.gateway.retrieve(next.id))!.status).toBe('requires_payment_method');
    });

    it('a declined card leaves the intent open with the decline message; the same intent can then be paid', async () => {
      const i = input();
      const intent = await open_(i);
      await h.decline(intent.id);
      const declined = await h.gateway.retrieve(intent.id);
      expect(declined!.status).toBe('requires_payment_method');
      expect(declined!.failureMessage).toBe('Your card was declined.');
      expect((await open_(i)).id).toBe(intent.id);
      await h.pay(intent.id);
      const paid = await h.gateway.retrieve(intent.id);
      expect(paid!.status).toBe('succeeded');
      expect(paid!.failureMessage).toBeUndefined();
    });

    it('an amount that changed gives the new amount, and the fee still has one payable intent', async () => {
      const i = input({ paymentType: 'final', amount: 3900 });
      const before = await open_(i);
      const changed = await open_({ ...i, amount: 1900 });
      expect((await h.gateway.retrieve(changed.id))!.amount).toBe(1900);
      // Reused with its amount updated, or canceled before the new one was opened.
      const earlier = (await h.gateway.retrieve(before.id))!;
      expect(earlier.id === changed.id || earlier.status === 'canceled').toBe(true);
      expect((await open_({ ...i, amount: 1900 })).id).toBe(changed.id);
    });

    it('reports the card a payment was charged to (brand and last 4 digits, for the receipt); none before it is paid', async () => {
      const intent = await open_(input());
      expect((await h.gateway.retrieve(intent.id))!.card).toBeUndefined();
      await h.pay(intent.id); // every harness pays with the Visa test card 4242 4242 4242 4242
      expect((await h.gateway.retrieve(intent.id))!.card).toEqual({ brand: 'visa', last4: '4242' });
    });

    it('answers null for an intent it never issued', async () => {
      expect(await h.gateway.retrieve(h.unknownId)).toBeNull();
    });

    it('lists exactly the succeeded payments created since a date', async () => {
      const since = new Date(Date.now() - 2000);
      const a = await open_(input());
      const b = await open_(input({ paymentType: 'final' }));
      const c = await open_(input());
      await h.pay(a.id);
      await h.pay(b.id);
      const listed = await collect(h.gateway.listSucceeded(since));
      const ours = listed.filter((p) => [a.id, b.id, c.id].includes(p.id));
      expect(ours.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(listed.every((p) => p.status === 'succeeded' && p.createdAt.getTime() >= Math.floor(since.getTime() / 1000) * 1000)).toBe(true);
      expect(ours.find((p) => p.id === b.id)).toMatchObject({ amount: 3900, paymentType: 'final' });
      const later = await collect(h.gateway.listSucceeded(new Date(Date.now() + 120_000)));
      expect(later.filter((p) => [a.id, b.id].includes(p.id))).toEqual([]);
    });

    // ---- refunds (docs/product.md §4.7) ----
    let refundIds = 700_000 + Math.floor(Math.random() * 1000) * 100;
    const refundOf = (paymentId: string, amount: number, refundId = (refundIds += 1)) =>
      h.gateway.refund({ paymentId, amount, currency: 'gbp', idempotencyKey: refundIdempotencyKey(refundId), refundId });
    const made = (outcome: Awaited<ReturnType<typeof refundOf>>): GatewayRefund => {
      if (outcome.status !== 'made') throw new Error(`refused: ${outcome.reason}`);
      return outcome.refund;
    };
    async function paid(amount = 3900) {
      const intent = await open_(input({ paymentType: 'final', amount }));
      await h.pay(intent.id);
      return intent.id;
    }

    it('refunds part of a payment, then the rest, carrying our refund id; never more than is left', async () => {
      const paymentId = await paid();
      const first = made(await refundOf(paymentId, 1000, 4242));
      expect(first).toMatchObject({ paymentId, amount: 1000, currency: 'gbp', status: 'succeeded', refundId: 4242 });
      expect(first.id).toBeTruthy();
      const refused = await refundOf(paymentId, 3000);
      expect(refused.status).toBe('refused');
      expect((refused as { reason: string }).reason).toMatch(/greater than unrefunded amount/);
      const rest = made(await refundOf(paymentId, 2900));
      expect(rest).toMatchObject({ amount: 2900, status: 'succeeded' });
      expect((await refundOf(paymentId, 1)).status).toBe('refused');
      expect(await h.gateway.retrieveRefund(first.id)).toMatchObject({ id: first.id, paymentId, amount: 1000, status: 'succeeded', refundId: 4242 });
    });

    it('the same idempotency key answers the same refund: a retry never refunds twice', async () => {
      const paymentId = await paid();
      const refundId = (refundIds += 1);
      const [a, b] = await Promise.all([refundOf(paymentId, 1500, refundId), refundOf(paymentId, 1500, refundId)]);
      const c = await refundOf(paymentId, 1500, refundId);
      expect(made(b).id).toBe(made(a).id);
      expect(made(c).id).toBe(made(a).id);
      // Only £15 of the £39 went back: £24 is still refundable.
      expect(made(await refundOf(paymentId, 2400)).amount).toBe(2400);
      expect((await refundOf(paymentId, 1)).status).toBe('refused');
    });

    it('refuses a refund of a payment it never took, or that was not paid', async () => {
      expect((await refundOf(h.unknownId, 100)).status).toBe('refused');
      const unpaid = await open_(input());
      expect((await refundOf(unpaid.id, 100)).status).toBe('refused');
      expect(await h.gateway.retrieveRefund(h.unknownRefundId)).toBeNull();
    });

    it('lists the refunds made since a date', async () => {
      const since = new Date(Date.now() - 2000);
      const paymentId = await paid();
      const a = made(await refundOf(paymentId, 100));
      const b = made(await refundOf(paymentId, 200));
      const listed = (await collect<GatewayRefund>(h.gateway.listRefunds(since))).filter((r) => r.paymentId === paymentId);
      expect(listed.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
      expect(listed.find((r) => r.id === b.id)).toMatchObject({ amount: 200, status: 'succeeded', refundId: b.refundId });
      expect((await collect<GatewayRefund>(h.gateway.listRefunds(new Date(Date.now() + 120_000)))).filter((r) => r.paymentId === paymentId)).toEqual([]);
    });
  });
}

/** A gateway that keeps its book somewhere that outlives it: `restart()` gives a new gateway on the same book. */
export interface RestartableGatewayHarness {
  gateway: PaymentGateway;
  pay(intentId: string): Promise<void>;
  /** A new gateway (as a restarted server makes) over the same stored payments and refunds. */
  restart(): Promise<PaymentGateway>;
  close?: () => Promise<void>;
}

/**
 * The built-in test provider on the embedded defaults: a restart forgets no payment and no refund,
 * so an older payment is refunded (and reconciled) after it, never refunded beyond what is left,
 * and an earlier refund's key still answers that refund.
 */
export function describeRestartProofGateway(name: string, open: () => Promise<RestartableGatewayHarness>): void {
  describe(`PaymentGateway after a restart: ${name}`, () => {
    let h: RestartableGatewayHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.close?.();
    });

    it('knows every payment and refund from before the restart, and refunds only what is left', async () => {
      const since = new Date(Date.now() - 2000);
      const fee = { applicationId: 91, paymentType: 'final' as const, amount: 3900, currency: 'gbp' as const, idempotencyKey: 'EV-RESTART:final' };
      const intent = await openIntent(h.gateway, fee);
      await h.pay(intent.id);
      const unpaid = await openIntent(h.gateway, { ...fee, applicationId: 92, idempotencyKey: 'EV-RESTART-2:final' });
      const first = await h.gateway.refund({ paymentId: intent.id, amount: 900, currency: 'gbp', idempotencyKey: refundIdempotencyKey(1), refundId: 1 });
      expect(first.status).toBe('made');

      const after = await h.restart();
      expect(await after.retrieve(intent.id)).toMatchObject({ id: intent.id, status: 'succeeded', amount: 3900, paymentType: 'final', applicationId: 91, card: { brand: 'visa', last4: '4242' } });
      expect((await collect(after.listSucceeded(since))).map((p) => p.id)).toContain(intent.id);
      // The open payment of the other fee is reused, not opened twice; the paid fee is reported paid.
      expect(await after.openFeePayment({ ...fee, applicationId: 92, idempotencyKey: 'EV-RESTART-2:final' })).toMatchObject({ status: 'open', id: unpaid.id, clientSecret: unpaid.clientSecret });
      expect(await after.openFeePayment(fee)).toMatchObject({ status: 'succeeded', payment: { id: intent.id } });

      const again = await after.refund({ paymentId: intent.id, amount: 900, currency: 'gbp', idempotencyKey: refundIdempotencyKey(1), refundId: 1 });
      expect(again).toEqual(first);
      expect(await after.refund({ paymentId: intent.id, amount: 3001, currency: 'gbp', idempotencyKey: refundIdempotencyKey(2), refundId: 2 })).toMatchObject({ status: 'refused' });
      const rest = await after.refund({ paymentId: intent.id, amount: 3000, currency: 'gbp', idempotencyKey: refundIdempotencyKey(3), refundId: 3 });
      expect(rest).toMatchObject({ status: 'made', refund: { paymentId: intent.id, amount: 3000, status: 'succeeded', refundId: 3 } });
      const listed = (await collect<GatewayRefund>(after.listRefunds(since))).filter((r) => r.paymentId === intent.id);
      expect(listed.map((r) => r.amount).sort()).toEqual([3000, 900].sort());
      if (first.status === 'made') expect(await after.retrieveRefund(first.refund.id)).toMatchObject({ amount: 900, refundId: 1 });
    });
  });
}
