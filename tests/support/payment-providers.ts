import { afterEach, beforeEach, expect } from 'vitest';
import { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { StripePaymentGateway } from '../../adapters/payments/stripe/index.js';
import { TestPaymentProvider } from '../../adapters/payments/test-provider/index.js';
import type { PaymentGateway } from '../../core/ports/payment-gateway.js';
import { makeMemoryApp, type signUp, type TestAgency } from './http.js';
import { startStripeServer, type StripeTestServer } from './stripe-server.js';

type Browser = Awaited<ReturnType<typeof signUp>>['browser'];

/** A payment provider as the HTTP tests drive it: the gateway, and what its applicant does there. */
export interface ProviderUnderTest {
  gateway: PaymentGateway;
  /** The applicant's card is charged at the provider for this intent (no confirmation with us). */
  charge(browser: Browser, intentId: string): Promise<void>;
  /** What the provider reports changes (so the payment cannot be recorded). */
  tamperAmount(intentId: string, amount: number): void | Promise<void>;
  close?(): Promise<void>;
}

/** Every provider the product ships, each made fresh for one test. */
export const PAYMENT_PROVIDERS: { name: string; make(): ProviderUnderTest | Promise<ProviderUnderTest> }[] = [
  {
    name: 'memory',
    make() {
      const gateway = new MemoryPaymentGateway();
      return { gateway, charge: async (_b, id) => void gateway.succeed(id), tamperAmount: (id, amount) => void gateway.tamper(id, { amount }) };
    },
  },
  {
    name: 'built-in test provider (its card route)',
    make() {
      const gateway = new TestPaymentProvider();
      return {
        gateway,
        charge: async (browser, id) => {
          const res = await browser.post(`/api/test-payments/${id}/confirm`, { cardNumber: '4242 4242 4242 4242' });
          expect(res.status).toBe(200);
        },
        tamperAmount: (id, amount) => gateway.tamper(id, { amount }),
      };
    },
  },
  {
    name: 'Stripe (real SDK against a Stripe-compatible server)',
    // A server per test: the test ids generator hands out the same application numbers in each app.
    async make() {
      const stripe: StripeTestServer = await startStripeServer();
      return {
        gateway: new StripePaymentGateway(stripe.config),
        charge: async (_b, id) => void stripe.succeed(id),
        tamperAmount: (id, amount) => void (stripe.intents.get(id)!.amount = amount),
        close: () => stripe.stop(),
      };
    },
  },
];

/** Inside a describe: a memory app on this provider for each test, closed after it. */
export function appOnProvider(kind: (typeof PAYMENT_PROVIDERS)[number]): { t: TestAgency; provider: ProviderUnderTest } {
  const current = {} as { t: TestAgency; provider: ProviderUnderTest };
  beforeEach(async () => {
    current.provider = await kind.make();
    current.t = await makeMemoryApp({ overrides: { gateway: current.provider.gateway } });
  });
  afterEach(async () => {
    await current.t.close();
    await current.provider.close?.();
  });
  return current;
}
