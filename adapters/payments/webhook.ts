import { DomainError } from '../../core/domain/errors.js';
import type { GatewayPayment } from '../../core/domain/payment.js';

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
