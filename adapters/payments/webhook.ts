import { DomainError } from '../../core/domain/errors.js';
import type { GatewayPayment } from '../../core/domain/payment.js';
import type { GatewayRefund } from '../../core/domain/refund.js';

// What the HTTP app needs to receive provider webhooks, without loading a provider's SDK.

export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature.';

/** A webhook whose signature is missing, malformed, stale or wrong: the domain's InvalidSignature. */
export class WebhookSignatureError extends DomainError {
  constructor(message = INVALID_SIGNATURE_MESSAGE) {
    super({ type: 'InvalidSignature', message });
    this.name = 'WebhookSignatureError';
  }
}

/** A gateway that receives signed webhooks (Stripe). */
export interface WebhookVerifier {
  parseWebhook(rawBody: string, signatureHeader: string | null | undefined): GatewayPayment | null;
}

export function isWebhookVerifier(gateway: unknown): gateway is WebhookVerifier {
  return typeof (gateway as Partial<WebhookVerifier> | null)?.parseWebhook === 'function';
}

/** A gateway whose webhooks also report refunds (Stripe's `charge.refunded`, `refund.updated`). */
export interface RefundWebhookVerifier {
  /** The refunds a signed refund event carries; null for another kind of event. Throws WebhookSignatureError like parseWebhook. */
  parseRefundWebhook(rawBody: string, signatureHeader: string | null | undefined): GatewayRefund[] | null;
}

export function isRefundWebhookVerifier(gateway: unknown): gateway is RefundWebhookVerifier {
  return typeof (gateway as Partial<RefundWebhookVerifier> | null)?.parseRefundWebhook === 'function';
}
