import { afterAll } from 'vitest';
import { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import { sqliteHarness } from '../support/persistence-adapters.js';
import { describePaymentGatewayContract, describeRestartProofGateway } from './payment-gateway.contract.js';

describePaymentGatewayContract('memory', async () => {
  const gateway = new MemoryPaymentGateway();
  return {
    gateway,
    unknownId: 'pi_mem_999999deadbeef',
    unknownRefundId: 're_mem_999999deadbeef',
    pay: async (id) => void gateway.succeed(id),
    decline: async (id) => void gateway.decline(id, 'Your card was declined.'),
  };
});

describePaymentGatewayContract('built-in test provider', async () => {
  const gateway = new TestPaymentProvider();
  return {
    gateway,
    unknownId: 'pi_test_999999deadbeef',
    unknownRefundId: 're_test_999999deadbeef',
    pay: async (id) => void (await gateway.confirmWithCard(id, '4242 4242 4242 4242')),
    decline: async (id) => void (await gateway.confirmWithCard(id, '4000000000000002')),
  };
});

// The embedded defaults: the test provider keeps its book in the SQLite file (PostgreSQL: payment-gateway.postgres.test.ts).
const sqlite = sqliteHarness();
afterAll(() => sqlite.dispose());

describePaymentGatewayContract('built-in test provider on SQLite', async () => {
  const gateway = new TestPaymentProvider(undefined, (await sqlite.create()).testPayments);
  return {
    gateway,
    unknownId: 'pi_test_999999deadbeef',
    unknownRefundId: 're_test_999999deadbeef',
    pay: async (id) => void (await gateway.confirmWithCard(id, '4242 4242 4242 4242')),
    decline: async (id) => void (await gateway.confirmWithCard(id, '4000000000000002')),
  };
});

describeRestartProofGateway('built-in test provider on SQLite', async () => {
  const persistence = await sqlite.create();
  const gateway = new TestPaymentProvider(undefined, persistence.testPayments);
  return {
    gateway,
    pay: async (id) => void (await gateway.confirmWithCard(id, '4242 4242 4242 4242')),
    restart: async () => new TestPaymentProvider(undefined, persistence.testPayments),
  };
});
