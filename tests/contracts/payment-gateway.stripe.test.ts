import { StripePaymentGateway } from '../../adapters/payments/stripe/index.js';
import { startStripeServer } from '../support/stripe-server.js';
import { describePaymentGatewayContract } from './payment-gateway.contract.js';

// The in-process adapters run the same contract in payment-gateway.test.ts.
describePaymentGatewayContract('Stripe (real SDK against a Stripe-compatible server)', async () => {
  const server = await startStripeServer();
  const gateway = new StripePaymentGateway(server.config);
  return {
    gateway,
    unknownId: 'pi_3NeverIssuedByThisServer',
    unknownRefundId: 're_3NeverIssuedByThisServer',
    // The applicant's browser confirms with a card; here the SDK does it with Stripe's test payment methods.
    pay: async (id) => void (await gateway.stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' })),
    decline: async (id) => {
      await gateway.stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclined' }).catch((error: { type?: string }) => {
        if (error.type !== 'StripeCardError') throw error;
      });
    },
    close: () => server.stop(),
  };
});
