import { randomBytes } from 'node:crypto';
import { errors } from '../../core/domain/errors.js';
import { formatPence } from '../../core/domain/money.js';
import type { GatewayCard, GatewayPayment } from '../../core/domain/payment.js';
import type { GatewayRefund, RefundOutcome } from '../../core/domain/refund.js';
import type { CreatePaymentIntent, FeePayment, RefundInput } from '../../core/ports/payment-gateway.js';

interface Intent {
  payment: GatewayPayment;
  clientSecret: string;
  idempotencyKey: string;
}

/** How the in-process gateway answers refund requests (a test hook): as a card network would, or not at all. */
export type RefundBehaviour = 'succeed' | 'pending' | 'fail' | 'down';

export const REFUND_DECLINED_MESSAGE = 'The card issuer declined the refund.';

/** A copy the caller may change without changing the intent. */
function copyOf(payment: GatewayPayment): GatewayPayment {
  return payment.card ? { ...payment, card: { ...payment.card } } : { ...payment };
}

const OPEN: ReadonlySet<GatewayPayment['status']> = new Set(['requires_payment_method', 'requires_action']);

/**
 * Payment intents kept in this process (the memory gateway and the built-in test provider): at
 * most one open intent per fee (idempotency key), reused while unpaid with the amount the core asks
 * for; a fee already paid or being paid is reported, never given a second payable intent.
 */
export abstract class InProcessGateway {
  private readonly intents = new Map<string, Intent>();
  /** The intents of each fee (idempotency key), oldest first. */
  private readonly byFee = new Map<string, Intent[]>();
  private counter = 0;

  protected constructor(
    private readonly idPrefix: string,
    protected readonly now: () => Date,
  ) {}

  async openFeePayment(input: CreatePaymentIntent): Promise<FeePayment> {
    // Synchronous from here on: two clicks in one process cannot both open an intent.
    const ofFee = this.ofFee(input.idempotencyKey);
    const settled = ofFee.find((i) => i.payment.status === 'succeeded') ?? ofFee.find((i) => i.payment.status === 'processing');
    if (settled) return { status: settled.payment.status as 'succeeded' | 'processing', payment: copyOf(settled.payment) };
    const open = ofFee.find((i) => OPEN.has(i.payment.status));
    if (open) {
      // The fee follows the core (e.g. an amount that changed since the intent was opened).
      open.payment.amount = input.amount;
      open.payment.currency = input.currency;
      return { status: 'open', id: open.payment.id, clientSecret: open.clientSecret };
    }
    this.counter += 1;
    const id = `${this.idPrefix}${String(this.counter).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    const intent: Intent = {
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
    };
    this.intents.set(id, intent);
    this.byFee.set(input.idempotencyKey, [...ofFee, intent]);
    return { status: 'open', id, clientSecret };
  }

  async cancelOpenPayments(idempotencyKey: string): Promise<number> {
    const open = this.ofFee(idempotencyKey).filter((i) => OPEN.has(i.payment.status));
    for (const intent of open) this.setStatus(intent, 'canceled');
    return open.length;
  }

  private ofFee(idempotencyKey: string): Intent[] {
    return this.byFee.get(idempotencyKey) ?? [];
  }

  async retrieve(paymentIntentId: string): Promise<GatewayPayment | null> {
    const intent = this.intents.get(paymentIntentId);
    return intent ? copyOf(intent.payment) : null;
  }

  async *listSucceeded(since: Date): AsyncIterable<GatewayPayment> {
    const matching = [...this.intents.values()]
      .map((i) => i.payment)
      .filter((p) => p.status === 'succeeded' && p.createdAt.getTime() >= since.getTime())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const payment of matching) yield copyOf(payment);
  }

  /** Every intent created so far (tests, diagnostics). */
  all(): GatewayPayment[] {
    return [...this.intents.values()].map((i) => copyOf(i.payment));
  }

  /** The intent for an id or a client secret (`pi_…_secret_…`), or undefined. */
  protected find(idOrClientSecret: string): Intent | undefined {
    const id = idOrClientSecret.includes('_secret_') ? idOrClientSecret.slice(0, idOrClientSecret.indexOf('_secret_')) : idOrClientSecret;
    const intent = this.intents.get(id);
    if (intent && idOrClientSecret.includes('_secret_') && intent.clientSecret !== idOrClientSecret) return undefined;
    return intent;
  }

  protected setStatus(intent: Intent, status: GatewayPayment['status'], failureMessage?: string): GatewayPayment {
    intent.payment.status = status;
    if (failureMessage) intent.payment.failureMessage = failureMessage;
    else delete intent.payment.failureMessage;
    return copyOf(intent.payment);
  }

  /** The intent succeeded, charged to `card` (a copy of the intent is answered). */
  protected charge(intent: Intent, card: GatewayCard | undefined): GatewayPayment {
    if (card) intent.payment.card = { ...card };
    else delete intent.payment.card;
    return this.setStatus(intent, 'succeeded');
  }

  protected mutate(intent: Intent, changes: Partial<Omit<GatewayPayment, 'id'>>): GatewayPayment {
    Object.assign(intent.payment, changes);
    return copyOf(intent.payment);
  }

  // ---- refunds (docs/product.md §4.7) ----

  private readonly refunds = new Map<string, GatewayRefund>();
  /** Each idempotency key's refund: asking again with it answers the same refund. */
  private readonly refundOfKey = new Map<string, string>();
  private refundCounter = 0;
  /** Test hook: how the next refunds are answered ('down': the gateway cannot be reached). */
  refundBehaviour: RefundBehaviour = 'succeed';

  async refund(input: RefundInput): Promise<RefundOutcome> {
    if (this.refundBehaviour === 'down') throw errors.unavailable('payments', 'The payment service is unavailable. Please try again later.');
    // Synchronous from here on: two requests with one key in this process make one refund.
    const known = this.refundOfKey.get(input.idempotencyKey);
    if (known) return { status: 'made', refund: { ...this.refunds.get(known)! } };
    const payment = this.intents.get(input.paymentId)?.payment;
    if (!payment || payment.status !== 'succeeded') return { status: 'refused', reason: `No succeeded payment ${input.paymentId} to refund.` };
    const left = payment.amount - this.refundedOf(payment.id);
    // Never more than was taken, whoever asks.
    if (input.amount > left) return { status: 'refused', reason: `Refund amount (${formatPence(input.amount)}) is greater than unrefunded amount on the payment (${formatPence(left)}).` };
    const refund = this.makeRefund(payment, input.amount, input.refundId, this.refundBehaviour);
    this.refundOfKey.set(input.idempotencyKey, refund.id);
    return { status: 'made', refund: { ...refund } };
  }

  async retrieveRefund(gatewayRefundId: string): Promise<GatewayRefund | null> {
    const refund = this.refunds.get(gatewayRefundId);
    return refund ? { ...refund } : null;
  }

  async *listRefunds(since: Date): AsyncIterable<GatewayRefund> {
    if (this.refundBehaviour === 'down') throw errors.unavailable('payments', 'The payment service is unavailable. Please try again later.');
    const matching = [...this.refunds.values()].filter((r) => r.createdAt.getTime() >= since.getTime()).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const refund of matching) yield { ...refund };
  }

  /** Test hook: the gateway settles a refund that was pending. */
  settleRefund(gatewayRefundId: string, status: 'succeeded' | 'failed'): GatewayRefund {
    const refund = this.refunds.get(gatewayRefundId);
    if (!refund) throw new Error(`No such refund: ${gatewayRefundId}`);
    refund.status = status;
    if (status === 'failed') refund.failureReason = REFUND_DECLINED_MESSAGE;
    return { ...refund };
  }

  /** Test hook: staff refund a payment at the provider, outside the product (no refund id of ours). */
  refundOutside(paymentId: string, amount: number): GatewayRefund {
    const payment = this.intents.get(paymentId)?.payment;
    if (!payment || payment.status !== 'succeeded' || amount > payment.amount - this.refundedOf(paymentId)) throw new Error(`Cannot refund ${amount} of ${paymentId}`);
    return { ...this.makeRefund(payment, amount, null, 'succeed') };
  }

  private refundedOf(paymentId: string): number {
    let sum = 0;
    for (const r of this.refunds.values()) if (r.paymentId === paymentId && r.status !== 'failed' && r.status !== 'canceled') sum += r.amount;
    return sum;
  }

  private makeRefund(payment: GatewayPayment, amount: number, refundId: number | null, behaviour: Exclude<RefundBehaviour, 'down'>): GatewayRefund {
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
    this.refunds.set(id, refund);
    return refund;
  }
}
