import { Hono } from 'hono';
import { z } from 'zod';
import { errors } from '../../../core/domain/errors.js';
import type { GatewayPayment } from '../../../core/domain/payment.js';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.js';
import { parseInput } from '../../../core/schemas/parse.js';
import { paymentIntentIdSchema } from '../../../core/schemas/payment.js';
import { actorOf, signedIn } from '../auth.js';
import { readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody } from '../route-facts.js';

export const CARD_NUMBER_MESSAGE = 'Please enter a valid card number.';

const cardSchema = z.object({
  cardNumber: z
    .string({ error: CARD_NUMBER_MESSAGE })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, CARD_NUMBER_MESSAGE)),
});

/** The built-in test provider, which plays the card network in place of Stripe. */
export interface CardNetwork extends PaymentGateway {
  confirmWithCard(paymentIntentId: string, cardNumber: string): Promise<GatewayPayment>;
}

export function isCardNetwork(gateway: PaymentGateway): gateway is CardNetwork {
  return typeof (gateway as Partial<CardNetwork>).confirmWithCard === 'function';
}

/**
 * POST /api/test-payments/{paymentIntentId}/confirm { cardNumber }: "charges" a test card
 * (4242424242424242 succeeds; 4000000000000002 is declined, answered with 402 and the decline
 * message) for the applicant whose application the payment is for; anyone else gets 404. It exists
 * only while Stripe is not configured: otherwise it answers 404.
 */
export function testPaymentRoutes({ agency }: RouteDeps) {
  const gateway = agency.ports.gateway;
  const active = agency.config.stripe === null && isCardNetwork(gateway);
  return new Hono<AppEnv>().use(signedIn).post('/:paymentIntentId/confirm', jsonBody(), async (c: JsonBodyContext<typeof cardSchema>) => {
    if (!active || !isCardNetwork(gateway)) throw errors.notFound('Payment');
    const paymentIntentId = parseInput(paymentIntentIdSchema, c.req.param('paymentIntentId'));
    const { cardNumber } = await readBody(c, cardSchema);
    await agency.useCases.findOwnPayment(actorOf(c), paymentIntentId);
    const payment = await gateway.confirmWithCard(paymentIntentId, cardNumber);
    if (payment.status !== 'succeeded') {
      throw errors.paymentNotSucceeded(payment.failureMessage ?? `Payment status: ${payment.status}. Please try again.`);
    }
    return c.json({ paymentIntentId: payment.id, status: payment.status, amount: payment.amount, currency: payment.currency }, 200);
  });
}
