import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aPayment, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

export function describePaymentRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: PaymentRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('finds recorded payments by application, by provider id and since a date', async () => {
      const a = await seedApplication(p);
      const b = await seedApplication(p);
      await p.applications.commit({ application: a, expectedVersion: 1, payment: aPayment({ type: 'initial', providerPaymentId: 'pi_a1', userId: a.userId, createdAt: at(1) }) });
      await p.applications.commit({ application: b, expectedVersion: 1, payment: aPayment({ type: 'initial', providerPaymentId: 'pi_b1', createdAt: at(5) }) });
      await p.applications.commit({ application: a, expectedVersion: 2, payment: aPayment({ type: 'final', providerPaymentId: 'pi_a2', amount: 3900, createdAt: at(9) }) });

      const ofA = await p.payments.listByApplication(a.id);
      expect(ofA.map((x) => [x.type, x.providerPaymentId, x.amount])).toEqual([
        ['initial', 'pi_a1', 1000],
        ['final', 'pi_a2', 3900],
      ]);
      expect(ofA[0]).toEqual({
        id: expect.any(Number),
        applicationId: a.id,
        userId: a.userId,
        type: 'initial',
        providerPaymentId: 'pi_a1',
        amount: 1000,
        currency: 'gbp',
        status: 'succeeded',
        createdAt: at(1),
      });
      expect(await p.payments.findByProviderPaymentId('pi_b1')).toMatchObject({ applicationId: b.id, type: 'initial' });
      expect(await p.payments.findByProviderPaymentId('pi_none')).toBeNull();
      expect((await p.payments.listSince(at(5))).map((x) => x.providerPaymentId)).toEqual(['pi_b1', 'pi_a2']);
      expect(await p.payments.listSince(at(10))).toEqual([]);
      expect(await p.payments.listByApplication(a.id + 1000)).toEqual([]);
    });
  });
}
