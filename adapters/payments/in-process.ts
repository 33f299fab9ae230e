import { randomBytes } from 'node:crypto';
import { errors } from '../../core/domain/errors.js';
import { formatPence } from '../../core/domain/money.js';
import type { GatewayCard, GatewayPayment } from '../../core/domain/payment.js';
import type { GatewayRefund, RefundOutcome } from '../../core/domain/refund.js';
import type { CreatePaymentIntent, FeePayment, RefundInput } from '../../core/ports/payment-gateway.js';
import type { InProcessPaymentStore, StoredIntent } from './in-process-store.js';

/** How the in-process gateway answers refund requests (a test hook): as a card network would, or not at all. */
export type RefundBehaviour = 'succeed' | 'pending' | 'fail' | 'down';

export const REFUND_DECLINED_MESSAGE = 'The card issuer declined the refund.';

const OPEN: ReadonlySet<GatewayPayment['status']> = new Set(['requires_payment_method', 'requires_action']);

/**
 * A gateway that plays the card network in this process (the memory gateway and the built-in test
 * provider), keeping its book in an InProcessPaymentStore: at most one open intent per fee
 * (idempotency key), reused while unpaid with the amount the core asks for; a fee already paid or
 * being paid is reported, never given a second payable intent. What reads and then writes the book
 * runs one at a time in this process (`exclusive`), so two clicks never open two intents and two
 * requests with one key never make two refunds.
 */
export abstract class InProcessGateway {
  private counter = 0;
  private refundCounter = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** Test hook: how the next refunds are answered ('down': the gateway cannot be reached). */
  refundBehaviour: RefundBehaviour = 'succeed';

  protected constructor(
    private readonly idPrefix: string,
    protected readonly now: () => Date,
    protected readonly store: InProcessPaymentStore,
  ) {}

  /** Runs `work` after the book's earlier changes in this process (a failure does not block the next). */
  protected exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  openFeePayment(input: CreatePaymentIntent): Promise<FeePayment> {
    return this.exclusive(async () => {
      const ofFee = await this.store.intentsOfFee(input.idempotencyKey);
      const settled = ofFee.find((i) => i.payment.status === 'succeeded') ?? ofFee.find((i) => i.payment.status === 'processing');
      if (settled) return { status: settled.payment.status as 'succeeded' | 'processing', payment: settled.payment };
      const open = ofFee.find((i) => OPEN.has(i.payment.status));
      if (open) {
        // The fee follows the core (e.g. an amount that changed since the intent was opened).
        if (open.payment.amount !== input.amount || open.payment.currency !== input.currency) {
          await this.store.saveIntent({ ...open.payment, amount: input.amount, currency: input.currency });
        }
        return { status: 'open', id: open.payment.id, clientSecret: open.clientSecret };
      }
      this.counter += 1;
      const id = `${this.idPrefix}${String(this.counter).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      await this.store.insertIntent({
        idempotencyKey: input.idempotencyKey,
        clientSecret,
        payment: {
          id,
          status: 'requires_payment_method',
          amount: input.amount,
          currency: input.currency,
          applicationId: input.applicationId,
          paymentType: input.paymentType,
          createdAt: this.now(),
        },
      });
      return { status: 'open', id, clientSecret };
    });
  }

  cancelOpenPayments(idempotencyKey: string): Promise<number> {
    return this.exclusive(async () => {
      const open = (await this.store.intentsOfFee(idempotencyKey)).filter((i) => OPEN.has(i.payment.status));
      for (const intent of open) await this.setStatus(intent, 'canceled');
      return open.length;
    });
  }

  async retrieve(paymentIntentId: string): Promise<GatewayPayment | null> {
    return (await this.store.findIntent(paymentIntentId))?.payment ?? null;
  }

  async *listSucceeded(since: Date): AsyncIterable<GatewayPayment> {
    for (const payment of await this.store.succeededSince(since)) yield payment;
  }

  /** The intent for an id or a client secret (`pi_…_secret_…`), or null. */
  protected async find(idOrClientSecret: string): Promise<StoredIntent | null> {
    const secret = idOrClientSecret.includes('_secret_');
    const id = secret ? idOrClientSecret.slice(0, idOrClientSecret.indexOf('_secret_')) : idOrClientSecret;
    const intent = await this.store.findIntent(id);
    if (intent && secret && intent.clientSecret !== idOrClientSecret) return null;
    return intent;
  }

  /** Writes the intent's new status (and decline message): answers what it now reports. */
  protected async setStatus(intent: StoredIntent, status: GatewayPayment['status'], failureMessage?: string): Promise<GatewayPayment> {
    const payment: GatewayPayment = { ...intent.payment, status };
    if (failureMessage) payment.failureMessage = failureMessage;
    else delete payment.failureMessage;
    await this.store.saveIntent(payment);
    return payment;
  }

  /** The intent succeeded, charged to `card`. */
  protected async charge(intent: StoredIntent, card: GatewayCard | undefined): Promise<GatewayPayment> {
    const payment: GatewayPayment = { ...intent.payment };
    if (card) payment.card = { ...card };
    else delete payment.card;
    return this.setStatus({ ...intent, payment }, 'succeeded');
  }

  // ---- refunds (docs/product.md §4.7) ----

  refund(input: RefundInput): Promise<RefundOutcome> {
    if (this.refundBehaviour === 'down') return Promise.reject(errors.unavailable('payments', 'The payment service is unavailable. Please try again later.'));
    return this.exclusive(async () => {
      const known = await this.store.refundOfKey(input.idempotencyKey);
      if (known) return { status: 'made', refund: known };
      const payment = (await this.store.findIntent(input.paymentId))?.payment;
      if (!payment || payment.status !== 'succeeded') return { status: 'refused', reason: `No succeeded payment ${input.paymentId} to refund.` };
      const left = payment.amount - refundedOf(await this.store.refundsOfPayment(payment.id));
      // Never more than was taken, whoever asks.
      if (input.amount > left) return { status: 'refused', reason: `Refund amount (${formatPence(input.amount)}) is greater than unrefunded amount on the payment (${formatPence(left)}).` };
      const refund = this.newRefund(payment, input.amount, input.refundId, this.refundBehaviour as Exclude<RefundBehaviour, 'down'>);
      await this.store.insertRefund(refund, input.idempotencyKey);
      return { status: 'made', refund };
    });
  }

  async retrieveRefund(gatewayRefundId: string): Promise<GatewayRefund | null> {
    return this.store.findRefund(gatewayRefundId);
  }

  async *listRefunds(since: Date): AsyncIterable<GatewayRefund> {
    if (this.refundBehaviour === 'down') throw errors.unavailable('payments', 'The payment service is unavailable. Please try again later.');
    for (const refund of await this.store.refundsSince(since)) yield refund;
  }

  /** A new refund of `payment`, as the network makes it with `behaviour`. */
  protected newRefund(payment: GatewayPayment, amount: number, refundId: number | null, behaviour: Exclude<RefundBehaviour, 'down'>): GatewayRefund {
    this.refundCounter += 1;
    const id = `re_${this.idPrefix.replace(/^pi_/, '')}${String(this.refundCounter).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
    const refund: GatewayRefund = {
      id,
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      status: behaviour === 'succeed' ? 'succeeded' : behaviour === 'pending' ? 'pending' : 'failed',
      refundId,
      createdAt: this.now(),
    };
    if (behaviour === 'fail') refund.failureReason = REFUND_DECLINED_MESSAGE;
    return refund;
  }
}

/** What the refunds that still hold money took from their payment. */
export function refundedOf(refunds: readonly GatewayRefund[]): number {
  return refunds.reduce((sum, r) => sum + (r.status !== 'failed' && r.status !== 'canceled' ? r.amount : 0), 0);
}
