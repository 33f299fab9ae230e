import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { CryptoIdGenerator } from '../../adapters/security/index.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { applicantWithApplication, makeAppOn, signInAdmin, type TestAgency } from '../support/http.js';

/**
 * The built-in test payment provider on the embedded defaults keeps its payments in the database
 * (docs/product.md §4.2): the agency is stopped and a new one — a new container, a new provider —
 * is started on the same database, and a payment taken before is refunded and reconciled after.
 */
describe.each([
  ['sqlite', () => Promise.resolve(sqliteHarness())],
  ['postgres', () => postgresHarness()],
] as const)('the built-in test provider across a restart on %s', (_name, openHarness) => {
  let harness: PersistenceHarness;
  let persistence: Persistence;
  beforeAll(async () => {
    harness = await openHarness();
    persistence = await harness.create();
  });
  afterAll(async () => {
    await harness.dispose();
  });

  // Real ids: a restarted agency's sessions and numbers must not repeat the first one's (the test ids restart at 1).
  const start = () => makeAppOn(persistence, { configuredPayments: true, overrides: { ids: new CryptoIdGenerator() } });

  it('refunds a payment taken before the restart, and reconciles one taken but never recorded', async () => {
    let t: TestAgency = await start();
    expect(t.agency.adapters.payments).toBe('test');
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const intent = (await (await owner.browser.post(`/api/payments/initial/${id}`, { startNow: true })).json()) as { paymentIntentId: string };
    expect((await owner.browser.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(200);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);

    // Another applicant pays at the provider and closes the browser before the payment is recorded.
    const other = await applicantWithApplication(t);
    const lost = (await (await other.browser.post(`/api/payments/initial/${other.application.id}`, { startNow: true })).json()) as { paymentIntentId: string };
    expect((await other.browser.post(`/api/test-payments/${lost.paymentIntentId}/confirm`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(200);
    await t.close();

    t = await start();
    try {
      const admin = await signInAdmin(t);
      const refund = await admin.browser.post(`/api/admin/applications/${id}/refunds`, { paymentType: 'initial', amountPence: 1000, reason: 'Cancelled within 14 days' });
      expect(refund.status).toBe(201);
      expect(await refund.json()).toMatchObject({ status: 'succeeded', amountPence: 1000, failureReason: null });
      expect((await t.ports.applications.findById(id))!.refundedAmount).toBe(1000);
      expect(await t.ports.gateway.retrieve(intent.paymentIntentId)).toMatchObject({ status: 'succeeded', amount: 1000 });

      const report = await t.agency.useCases.reconcilePayments({ since: new Date(t.clock.now().getTime() - 86_400_000), fix: true });
      expect(report.missing).toEqual([expect.objectContaining({ paymentIntentId: lost.paymentIntentId, applicationId: other.application.id, recordable: true, fixed: true })]);
      expect((await t.ports.applications.findById(other.application.id))!.initialPaymentId).toBe(lost.paymentIntentId);
    } finally {
      await t.close();
    }
  });
});
