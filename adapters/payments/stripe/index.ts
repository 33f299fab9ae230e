import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { errors } from '../../../core/domain/errors.js';
import { isPaymentType } from '../../../core/domain/fees.js';
import { isStoredId } from '../../../core/domain/ids.js';
import type { GatewayCard, GatewayPayment } from '../../../core/domain/payment.js';
import type { GatewayRefund, RefundOutcome } from '../../../core/domain/refund.js';
import type { CreatePaymentIntent, FeePayment, PaymentGateway, RefundInput } from '../../../core/ports/payment-gateway.js';
import { WebhookSignatureError, type RefundWebhookVerifier, type WebhookVerifier } from '../webhook.js';

export const PAYMENTS_UNAVAILABLE_MESSAGE = 'The payment service is unavailable. Please try again later.';

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey?: string;
  /** STRIPE_API_URL: another API base (a Stripe-compatible server in tests); null for api.stripe.com. */
  apiUrl?: string | null;
}

const OPEN_STATUSES = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action']);
const UNDER_WAY_STATUSES = new Set<Stripe.PaymentIntent.Status>(['processing', 'requires_capture']);
/** Replayed, canceled intents followed before falling back to a fresh idempotency key. */
const MAX_KEY_HOPS = 8;
const INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

/** Stripe's status vocabulary → the core's. */
function translateStatus(status: Stripe.PaymentIntent.Status): GatewayPayment['status'] {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
    default:
      return 'requires_payment_method';
  }
}

/**
 * The card a charge was made on, when the charge is there (an intent retrieved with
 * `expand: ['latest_charge']`; otherwise `latest_charge` is only its id) and is a card payment.
 */
export function cardOfCharge(charge: Pick<Stripe.PaymentIntent, 'latest_charge'>['latest_charge'] | undefined): GatewayCard | null {
  if (!charge || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  if (!card?.brand || !card.last4) return null;
  return { brand: card.brand, last4: card.last4 };
}

/** A Stripe PaymentIntent → what the core needs (amount, currency, metadata, status, the card when its charge is expanded). */
export function toGatewayPayment(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'currency' | 'metadata' | 'created' | 'last_payment_error'> & Partial<Pick<Stripe.PaymentIntent, 'latest_charge'>>,
): GatewayPayment {
  const applicationId = Number(intent.metadata?.applicationId);
  const paymentType = intent.metadata?.paymentType ?? '';
  const payment: GatewayPayment = {
    id: intent.id,
    status: translateStatus(intent.status),
    amount: intent.amount,
    currency: intent.currency,
    applicationId: isStoredId(applicationId) ? applicationId : null,
    paymentType: isPaymentType(paymentType) ? paymentType : null,
    createdAt: new Date(intent.created * 1000),
  };
  if (intent.last_payment_error?.message) payment.failureMessage = intent.last_payment_error.message;
  const card = cardOfCharge(intent.latest_charge);
  if (card) payment.card = card;
  return payment;
}

const REFUND_ID = /^(re|pyr)_[A-Za-z0-9_]{1,250}$/;

/** Stripe's refund statuses → the core's ('requires_action' is still under way). */
function translateRefundStatus(status: string | null): GatewayRefund['status'] {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status;
  return 'pending';
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** A Stripe Refund → what the core needs; `paymentIntent` when the refund came inside its charge. */
export function toGatewayRefund(
  refund: Pick<Stripe.Refund, 'id' | 'amount' | 'currency' | 'status' | 'metadata' | 'created' | 'payment_intent' | 'failure_reason'>,
  paymentIntent?: string | { id: string } | null,
): GatewayRefund {
  const ours = Number(refund.metadata?.refundId);
  const out: GatewayRefund = {
    id: refund.id,
    paymentId: idOf(refund.payment_intent) ?? idOf(paymentIntent) ?? '',
    amount: refund.amount,
    currency: refund.currency,
    status: translateRefundStatus(refund.status),
    refundId: isStoredId(ours) ? ours : null,
    createdAt: new Date(refund.created * 1000),
  };
  if (refund.failure_reason) out.failureReason = refund.failure_reason;
  return out;
}

function isStripeError(error: unknown): error is { type: string; code?: string; statusCode?: number; message: string } {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string' && 'rawType' in error;
}

/**
 * A fee already charged or being charged at Stripe, if any of `intents` is; the succeeded one wins.
 * Such a fee is never given another payable intent.
 */
function settledOf(intents: readonly Stripe.PaymentIntent[]): FeePayment | null {
  const succeeded = intents.find((i) => i.status === 'succeeded');
  if (succeeded) return { status: 'succeeded', payment: toGatewayPayment(succeeded) };
  const underWay = intents.find((i) => UNDER_WAY_STATUSES.has(i.status));
  if (underWay) return { status: 'processing', payment: toGatewayPayment(underWay) };
  return null;
}

const opened = (intent: Stripe.PaymentIntent): FeePayment => ({ status: 'open', id: intent.id, clientSecret: intent.client_secret! });

/**
 * Stripe PaymentIntents through the official SDK. Amount and currency come from the core; every
 * intent carries metadata applicationId + paymentType + evisaFee (the fee's key). A fee has at most
 * one open intent, reused as Stripe recommends ("reuse the same PaymentIntent if the checkout is
 * interrupted", updating its amount when the core's changed): found through the search API by its
 * evisaFee, and — because search lags writes by up to a minute — created under an Idempotency-Key
 * per fee, amount and request whose replayed answer is re-read. A fee with an intent that
 * succeeded or is processing gets no new one: that payment is reported instead.
 */
export class StripePaymentGateway implements PaymentGateway, WebhookVerifier, RefundWebhookVerifier {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(config: StripeGatewayConfig) {
    this.webhookSecret = config.webhookSecret;
    const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 0, telemetry: false, timeout: 20_000 };
    if (config.apiUrl) {
      const url = new URL(config.apiUrl);
      options.host = url.hostname.replace(/^\[|\]$/g, '');
      options.port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
      options.protocol = url.protocol === 'https:' ? 'https' : 'http';
    }
    this.stripe = new Stripe(config.secretKey, options);
  }

  async openFeePayment(input: CreatePaymentIntent): Promise<FeePayment> {
    const feeKey = `evisa:${input.idempotencyKey}`;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amount,
      currency: input.currency,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      description: `Egypt e-visa ${input.paymentType} fee, application ${input.applicationId}`,
      metadata: { applicationId: String(input.applicationId), paymentType: input.paymentType, evisaFee: feeKey },
      ...(input.customerEmail ? { receipt_email: input.customerEmail } : {}),
    };
    // Stripe refuses a key reused with other parameters: a digest of the parameters in the key
    // means equal keys always carry equal requests.
    const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 12);
    const requestKey = `${feeKey}:${input.amount}:${input.currency}:${digest}`;
    return this.call(async () => {
      // What Stripe already holds for this fee (also beyond the 24 hours it keeps idempotency keys).
      const known = await this.intentsOfFee(feeKey);
      const settled = settledOf(known);
      if (settled) return settled;
      const [newest, ...older] = known.filter((i) => OPEN_STATUSES.has(i.status) && i.client_secret);
      if (newest) {
        // At most one open intent per fee: any other is canceled before the newest is handed out.
        for (const extra of older) await this.stripe.paymentIntents.cancel(extra.id);
        if (newest.amount === input.amount && newest.currency === input.currency) return opened(newest);
        return opened(await this.stripe.paymentIntents.update(newest.id, { amount: input.amount, currency: input.currency }));
      }
      let key = requestKey;
      for (let hop = 0; hop <= MAX_KEY_HOPS; hop += 1) {
        if (hop === MAX_KEY_HOPS) key = `${requestKey}:${randomUUID()}`;
        const created = await this.stripe.paymentIntents.create(params, { idempotencyKey: key });
        const replayed = created.lastResponse?.headers?.['idempotent-replayed'] === 'true';
        const current = replayed ? await this.stripe.paymentIntents.retrieve(created.id) : created;
        const settledNow = settledOf([current]);
        if (settledNow) return settledNow;
        if (OPEN_STATUSES.has(current.status) && current.client_secret) return opened(current);
        // Canceled: never handed out again; the next key is derived from it (deterministic, so
        // concurrent clicks converge).
        key = `${requestKey}:after:${current.id}`;
      }
      throw new Error(`Could not open a payment intent for ${input.idempotencyKey}`);
    });
  }

  async cancelOpenPayments(idempotencyKey: string): Promise<number> {
    return this.call(async () => {
      const open = (await this.intentsOfFee(`evisa:${idempotencyKey}`)).filter((i) => OPEN_STATUSES.has(i.status));
      for (const intent of open) await this.stripe.paymentIntents.cancel(intent.id);
      return open.length;
    });
  }

  /**
   * Every intent of a fee, newest first, through Stripe's search (which lags writes by up to a
   * minute — the idempotency key covers that window). Empty when search is not available on the
   * account.
   */
  private async intentsOfFee(feeKey: string): Promise<Stripe.PaymentIntent[]> {
    try {
      const query = `metadata['evisaFee']:'${feeKey.replace(/['\\]/g, '\\$&')}'`;
      const result = await this.stripe.paymentIntents.search({ query, limit: 100 });
      return result.data.filter((i) => i.metadata?.evisaFee === feeKey).sort((a, b) => b.created - a.created);
    } catch (error) {
      if (isStripeError(error) && error.type === 'StripeInvalidRequestError') return [];
      throw error;
    }
  }

  async retrieve(paymentIntentId: string): Promise<GatewayPayment | null> {
    if (!INTENT_ID.test(paymentIntentId)) return null;
    try {
      // With its charge, for the card the receipt names.
      return await this.call(async () => toGatewayPayment(await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] })));
    } catch (error) {
      if (isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404)) return null;
      throw error;
    }
  }

  async *listSucceeded(since: Date): AsyncIterable<GatewayPayment> {
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.call(() =>
        this.stripe.paymentIntents.list({
          created: { gte: Math.floor(since.getTime() / 1000) },
          limit: 100,
          ...(startingAfter ? { starting_after: startingAfter } : {}),
        }),
      );
      for (const intent of page.data) {
        if (intent.status === 'succeeded') yield toGatewayPayment(intent);
      }
      if (!page.has_more || page.data.length === 0) return;
      startingAfter = page.data[page.data.length - 1]!.id;
    }
  }

  /**
   * Verifies a webhook's Stripe-Signature over the RAW body with STRIPE_WEBHOOK_SECRET (throws
   * WebhookSignatureError otherwise) and returns the intent of a payment_intent.succeeded event;
   * null for any other event.
   */
  parseWebhook(rawBody: string, signatureHeader: string | null | undefined): GatewayPayment | null {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
    } catch {
      throw new WebhookSignatureError();
    }
    if (event.type !== 'payment_intent.succeeded') return null;
    const intent = event.data.object as Stripe.PaymentIntent;
    if (intent?.object !== 'payment_intent' || typeof intent.id !== 'string') return null;
    return toGatewayPayment(intent);
  }

  // ---- refunds (docs/product.md §4.7): kept apart from the payment methods above ----

  /**
   * `refunds.create` under the refund's own Idempotency-Key, with our refund id as metadata. Stripe
   * keeps keys for 24 hours only, so the payment's refunds are looked through first: a refund
   * already made for this refund id (a retry days later) is answered instead of making another.
   * Stripe's refusals (more than is left, a payment it never took) are answered as 'refused'.
   */
  async refund(input: RefundInput): Promise<RefundOutcome> {
    return this.call(async () => {
      const existing = await this.refundOfOurs(input.paymentId, input.refundId);
      if (existing) return { status: 'made', refund: existing };
      try {
        const made = await this.stripe.refunds.create(
          { payment_intent: input.paymentId, amount: input.amount, metadata: { refundId: String(input.refundId) } },
          { idempotencyKey: `evisa:${input.idempotencyKey}` },
        );
        return { status: 'made', refund: toGatewayRefund(made) };
      } catch (error) {
        if (isStripeError(error) && (error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError')) return { status: 'refused', reason: error.message };
        // The same key in flight elsewhere (the job and the request at once): asked again later, never twice.
        if (isStripeError(error) && (error.type === 'StripeIdempotencyError' || error.statusCode === 409)) {
          throw errors.unavailable('payments', PAYMENTS_UNAVAILABLE_MESSAGE, { busy: true });
        }
        throw error;
      }
    });
  }

  private async refundOfOurs(paymentIntentId: string, refundId: number): Promise<GatewayRefund | null> {
    if (!INTENT_ID.test(paymentIntentId)) return null;
    try {
      for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        if (refund.metadata?.refundId === String(refundId)) return toGatewayRefund(refund);
      }
    } catch (error) {
      // A payment Stripe does not know has no refunds; create answers the refusal.
      if (isStripeError(error) && error.type === 'StripeInvalidRequestError') return null;
      throw error;
    }
    return null;
  }

  async retrieveRefund(gatewayRefundId: string): Promise<GatewayRefund | null> {
    if (!REFUND_ID.test(gatewayRefundId)) return null;
    try {
      return await this.call(async () => toGatewayRefund(await this.stripe.refunds.retrieve(gatewayRefundId)));
    } catch (error) {
      if (isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404)) return null;
      throw error;
    }
  }

  async *listRefunds(since: Date): AsyncIterable<GatewayRefund> {
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.call(() => this.stripe.refunds.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) }));
      for (const refund of page.data) yield toGatewayRefund(refund);
      if (!page.has_more || page.data.length === 0) return;
      startingAfter = page.data[page.data.length - 1]!.id;
    }
  }

  /**
   * The refunds a signed refund event carries: `refund.created` / `refund.updated` / `refund.failed`
   * (a refund object) and `charge.refunded` (a charge with its `refunds.data`). Null for any other
   * event (the payment webhook reads those); a bad signature throws WebhookSignatureError.
   */
  parseRefundWebhook(rawBody: string, signatureHeader: string | null | undefined): GatewayRefund[] | null {
    const event = this.verifiedEvent(rawBody, signatureHeader);
    if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') {
      const refund = event.data.object as Stripe.Refund;
      return refund?.object === 'refund' && typeof refund.id === 'string' ? [toGatewayRefund(refund)] : [];
    }
    if (event.type === 'charge.refunded') {
      const charge = event.data.object as Stripe.Charge;
      const listed = charge?.refunds?.data ?? [];
      return listed.filter((r) => r?.object === 'refund' && typeof r.id === 'string').map((r) => toGatewayRefund(r, charge.payment_intent));
    }
    return null;
  }

  private verifiedEvent(rawBody: string, signatureHeader: string | null | undefined): Stripe.Event {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header.');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
    } catch {
      throw new WebhookSignatureError();
    }
  }

  /** Runs an SDK call, turning "Stripe cannot be reached / is failing" into DomainError Unavailable. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isStripeError(error)) {
        if (error.type === 'StripeConnectionError' || error.type === 'StripeRateLimitError' || (error.type === 'StripeAPIError' && (error.statusCode ?? 500) >= 500)) {
          throw errors.unavailable('payments', PAYMENTS_UNAVAILABLE_MESSAGE);
        }
        if (error.type === 'StripeAuthenticationError') {
          throw new Error(`Stripe rejected the API key (check STRIPE_SECRET_KEY): ${error.message}`, { cause: error });
        }
      }
      throw error;
    }
  }
}
