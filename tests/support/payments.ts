import type { CreatePaymentIntent, PaymentGateway } from '../../core/ports/payment-gateway.js';

/** Opens (or reuses) the fee's payment and answers it, failing the test when the fee is already settled. */
export async function openIntent(gateway: PaymentGateway, input: CreatePaymentIntent): Promise<{ id: string; clientSecret: string }> {
  const payment = await gateway.openFeePayment(input);
  if (payment.status !== 'open') throw new Error(`Expected an open payment for ${input.idempotencyKey}, got ${payment.status} (${payment.payment.id})`);
  return { id: payment.id, clientSecret: payment.clientSecret };
}
