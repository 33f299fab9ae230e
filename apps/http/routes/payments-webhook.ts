import { Hono, type Context } from 'hono';
import { errors, isDomainError } from '../../../core/domain/errors.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import type { UseCases } from '../../../core/use-cases/use-cases.js';
import { isRefundWebhookVerifier, isWebhookVerifier } from '../../../adapters/payments/webhook.js';
import type { AppEnv } from '../context.js';
import { domainErrorResponse, HTTP_ANSWER_OF } from '../error-map.js';
import { logOf } from '../request-context.js';
import { signedWebhook } from '../route-facts.js';

export const WEBHOOKS_OFF_MESSAGE = 'Payment webhooks are not enabled on this installation.';

/**
 * POST /api/payments/webhook: the payment provider tells us a payment succeeded, so it is recorded
 * even when the applicant closed the browser before returning. The signature is verified on the
 * RAW body (a bad one is the domain's InvalidSignature, 400); the intent is then re-read from the
 * provider by the core (confirmPayment), which records it at most once — replays and out-of-order
 * events change nothing twice. Public and exempt from the Origin check: the signature is the
 * authentication.
 *
 * Refund events (`refund.created`, `refund.updated`, `refund.failed`, `charge.refunded`) settle the
 * refunds they carry through settleGatewayRefund: once, whether they arrive before the gateway's
 * answer to our request or after it, however often they are re-sent.
 *
 * Outcomes go through the error table (error-map.ts): a `final` domain answer (e.g. an applicant
 * who paid twice, who needs a refund) is acknowledged with 200 so the provider stops re-sending it,
 * and logged for the operator; anything else (an outage, a concurrent change, a bug) is answered as
 * an error and the provider re-delivers later.
 */
export function paymentsWebhookRoutes(deps: { useCases: UseCases; gateway: PaymentGateway }) {
  const { useCases, gateway } = deps;
  const isFinal = (error: unknown) => isDomainError(error) && HTTP_ANSWER_OF[error.data.type].final;

  async function receive(c: Context<AppEnv>): Promise<Response> {
    if (!isWebhookVerifier(gateway)) throw errors.notFound('Payment webhook', WEBHOOKS_OFF_MESSAGE);
    const rawBody = await c.req.text();
    // Refund events (docs/product.md §4.7): each refund settled once, or recorded once when made at the provider.
    const refunds = isRefundWebhookVerifier(gateway) ? gateway.parseRefundWebhook(rawBody, c.req.header('stripe-signature')) : null;
    if (refunds) {
      for (const refund of refunds) await useCases.settleGatewayRefund(refund);
      return c.json({ received: true }, 200);
    }
    const payment = gateway.parseWebhook(rawBody, c.req.header('stripe-signature'));
    if (!payment) return c.json({ received: true }, 200); // another event type: nothing to do
    if (payment.status !== 'succeeded' || payment.applicationId === null || payment.paymentType === null) {
      // Not ours (no agency metadata) or not a success: acknowledge without touching anything.
      return c.json({ received: true }, 200);
    }
    try {
      await useCases.confirmPayment(null, payment.applicationId, payment.paymentType, payment.id);
      return c.json({ received: true }, 200);
    } catch (error) {
      if (!isFinal(error)) throw error;
      logOf(c).warn(
        { component: 'payments-webhook', paymentId: payment.id, applicationId: payment.applicationId, paymentType: payment.paymentType },
        `a ${payment.paymentType} fee payment was not recorded: ${(error as Error).message}`,
      );
      return c.json({ received: true }, 200);
    }
  }

  // Its raw body (1 MB at most) is the signed payload; exempt from the same-origin check.
  return new Hono<AppEnv>().post('/', signedWebhook(), async (c) => {
    try {
      return await receive(c);
    } catch (error) {
      // A final refusal (no webhooks here, a bad signature) is answered from the table on the spot;
      // anything else reaches the app's error handler (logged; 5xx, so the provider re-delivers).
      if (isDomainError(error) && isFinal(error)) return domainErrorResponse(c, error);
      throw error;
    }
  });
}
