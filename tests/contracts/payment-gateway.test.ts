import { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { StripePaymentGateway } from '../../adapters/payments/stripe/index.js';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import { startStripeServer } from '../support/stripe-server.js';
import { describePaymentGatewayContract } from './payment-gateway.contract.js';

describePaymentGatewayContract('memory', async () => {
  const gateway = new MemoryPaymentGateway();
  return {
    gateway,
    unknownId: 'pi_mem_999999deadbeef',
    pay: async (id) => void gateway.succeed(id),
    decline: async (id) => void gateway.decline(id, 'Your card was declined.'),
  };
});

describePaymentGatewayContract('built-in test provider', async () => {
  const gateway = new TestPaymentProvider();
  return {
    gateway,
    unknownId: 'pi_test_999999deadbeef',
    pay: async (id) => void (await gateway.confirmWithCard(id, '4242 4242 4242 4242')),
    decline: async (id) => void (await gateway.confirmWithCard(id, '4000000000000002')),
  };
});

describePaymentGatewayContract('Stripe (real SDK against a Stripe-compatible server)', async () => {
  const server = await startStripeServer();
  const gateway = new StripePaymentGateway(server.config);
  return {
    gateway,
    unknownId: 'pi_3NeverIssuedByThisServer',
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
