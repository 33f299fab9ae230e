import { afterAll, beforeAll } from 'vitest';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import { postgresHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { testPostgresSource } from '../support/postgres.js';
import { describePaymentGatewayContract, describeRestartProofGateway } from './payment-gateway.contract.js';

// The built-in test provider with its book in PostgreSQL (a database of this file's own, see tests/support/postgres.ts).
const source = await testPostgresSource();
let harness: PersistenceHarness;
beforeAll(async () => {
  harness = await postgresHarness();
});
afterAll(async () => {
  await harness?.dispose();
});

describePaymentGatewayContract(`built-in test provider on postgres (${source})`, async () => {
  const gateway = new TestPaymentProvider(undefined, (await harness.create()).testPayments);
  return {
    gateway,
    unknownId: 'pi_test_999999deadbeef',
    unknownRefundId: 're_test_999999deadbeef',
    pay: async (id) => void (await gateway.confirmWithCard(id, '4242 4242 4242 4242')),
    decline: async (id) => void (await gateway.confirmWithCard(id, '4000000000000002')),
  };
});

describeRestartProofGateway(`built-in test provider on postgres (${source})`, async () => {
  const persistence = await harness.create();
  const gateway = new TestPaymentProvider(undefined, persistence.testPayments);
  return {
    gateway,
    pay: async (id) => void (await gateway.confirmWithCard(id, '4242 4242 4242 4242')),
    restart: async () => new TestPaymentProvider(undefined, persistence.testPayments),
  };
});
