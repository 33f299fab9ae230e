import { Hono } from 'hono';
import { isDomainError } from '../../../core/domain/errors.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import type { UseCases } from '../../../core/use-cases/use-cases.js';
import { isWebhookVerifier, WebhookSignatureError } from '../../../adapters/payments/webhook.js';
import type { AppEnv } from '../context.js';

export const WEBHOOKS_OFF_MESSAGE = 'Payment webhooks are not enabled on this installation.';

/**
 * Domain answers that retrying the webhook cannot change: the event is acknowledged (200) so the
 * provider stops re-sending it, and the problem is logged for the operator (e.g. an applicant who
 * paid twice needs a refund). Anything else (database or provider unavailable, a bug) propagates,
 * the provider gets a 5xx and re-delivers later.
 */
const FINAL_OUTCOMES = new Set(['NotFound', 'PaymentNotDue', 'PaymentNotSucceeded', 'InvalidTransition', 'Validation']);

/**
 * POST /api/payments/webhook: the payment provider tells us a payment succeeded, so it is recorded
 * even when the applicant closed the browser before returning. The signature is verified on the
 * RAW body; the intent is then re-read from the provider by the core (confirmPayment), which
 * records it at most once — replays and out-of-order events change nothing twice.
 * Public and exempt from the Origin check: the signature is the authentication.
 */
export function paymentsWebhookRoutes(deps: { useCases: UseCases; gateway: PaymentGateway }) {
  const { useCases, gateway } = deps;
  return new Hono<AppEnv>().post('/', async (c) => {
    if (!isWebhookVerifier(gateway)) return c.json({ message: WEBHOOKS_OFF_MESSAGE }, 404);
    const rawBody = await c.req.text();
    let payment;
    try {
      payment = gateway.parseWebhook(rawBody, c.req.header('stripe-signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) return c.json({ message: error.message }, 400);
      throw error;
    }
    if (!payment) return c.json({ received: true }, 200); // another event type: nothing to do
    if (payment.status !== 'succeeded' || payment.applicationId === null || payment.paymentType === null) {
      // Not ours (no agency metadata) or not a success: acknowledge without touching anything.
      return c.json({ received: true }, 200);
    }
    try {
      const result = await useCases.confirmPayment(null, payment.applicationId, payment.paymentType, payment.id);
      if (result.recorded) c.set('mailQueued', true);
      return c.json({ received: true }, 200);
    } catch (error) {
      if (isDomainError(error) && FINAL_OUTCOMES.has(error.type)) {
        console.warn(
          `[payments-webhook] ${payment.id} (application ${payment.applicationId}, ${payment.paymentType} fee) was not recorded: ${error.message}`,
        );
        return c.json({ received: true }, 200);
      }
      throw error;
    }
  });
}
