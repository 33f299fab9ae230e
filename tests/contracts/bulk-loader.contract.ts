import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadedApplication, LoadedRefund, Persistence } from '../../adapters/persistence/persistence.js';
import { aDocument, anApplication, aPayment, at, aUser, type MakePersistence } from './persistence-fixtures.js';

function loaded(userId: number, n: number, overrides: Partial<LoadedApplication> = {}): LoadedApplication {
  const { applicationId: _applicationId, ...document } = aDocument(0, { fileName: `passport-${n}.pdf`, uploadedAt: at(n) });
  return {
    application: anApplication(userId, { status: 'under_process', createdAt: at(n), updatedAt: at(n + 1) }),
    payments: [aPayment({ userId, providerPaymentId: `pi_bulk_${n}`, createdAt: at(n) })],
    history: [{ fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: 'Initial fee paid', changedAt: at(n) }],
    documents: [document],
    finalFeeWaived: false,
    ...overrides,
  };
}

export function describeBulkLoaderContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: BulkLoader`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('stores users as they are and answers their ids in input order, across statement-sized chunks', async () => {
      const users = Array.from({ length: 450 }, (_, i) => aUser({ fullName: `Bulk ${i}`, createdAt: at(i) }));
      const ids = await p.bulk.insertUsers(users);
      expect(ids).toHaveLength(450);
      expect(new Set(ids).size).toBe(450);
      for (const i of [0, 399, 400, 449]) expect(await p.users.findById(ids[i])).toEqual({ locale: 'en-GB', ...users[i], id: ids[i] });
    });

    it('stores applications with their payments, history and documents, version 1, a waived final fee pointing at its own id', async () => {
      const [userA, userB] = await p.bulk.insertUsers([aUser(), aUser()]);
      const batch = [
        loaded(userA, 1),
        loaded(userB, 2, { payments: [], history: [], documents: [] }),
        loaded(userA, 3, { application: anApplication(userA, { status: 'final_payment_received', approvedAt: at(4) }), finalFeeWaived: true }),
      ];
      const ids = await p.bulk.insertApplications(batch);
      expect(ids).toHaveLength(3);

      for (const [i, id] of ids.entries()) {
        const stored = await p.applications.findById(id);
        const finalPaymentId = batch[i].finalFeeWaived ? `waived_${id}` : batch[i].application.finalPaymentId;
        expect(stored).toEqual({ ...batch[i].application, id, version: 1, finalPaymentId, passportScan: null, assigneeId: null, ruleNotice: null });
        expect(await p.payments.listByApplication(id)).toEqual(batch[i].payments.map((x) => ({ ...x, id: expect.any(Number), applicationId: id })));
        expect(await p.history.listByApplication(id)).toEqual(batch[i].history.map((x) => ({ ...x, id: expect.any(Number), applicationId: id })));
        expect(await p.documents.listByApplication(id)).toEqual(batch[i].documents.map((x) => ({ ...x, id: expect.any(Number), applicationId: id })));
      }
      expect((await p.applications.listByUser(userA)).map((x) => x.id).sort()).toEqual([ids[0], ids[2]].sort());
      // No mail is queued by a bulk load.
      expect(await p.outbox.list()).toEqual([]);
    });

    it('counts a loaded batch in the search as the store counts one application at a time', async () => {
      const [userA, userB] = await p.bulk.insertUsers([aUser({ email: 'maria.lopez@example.com', fullName: 'María López' }), aUser({ email: 'mark@example.com', fullName: 'Mark Ivanov' })]);
      const form = (givenName: string, surname: string, passportNumber: string) => ({ givenName, surname, passportNumber });
      const batch = [
        loaded(userA, 1, { application: anApplication(userA, { status: 'under_process' }, form('María', 'López', 'AB1234567')) }),
        loaded(userA, 2, { application: anApplication(userA, { status: 'verified' }, form('Marianne', 'Lopez', 'AB7654321')) }),
        loaded(userB, 3, { application: anApplication(userB, { status: 'under_process' }, form('Mark', 'Ivanov', '123456789')) }),
      ];
      await p.bulk.insertApplications(batch);
      // One more, written by the store (its trigger counts it), after the load.
      await p.applications.create(anApplication(userB, { status: 'online_entry' }, form('Mara', 'Ivanova', 'AB1299999')));
      const expected: Record<string, Record<string, number>> = {
        m: { under_process: 2, verified: 1, online_entry: 1 },
        mari: { under_process: 1, verified: 1 },
        'maria lo': { under_process: 1, verified: 1 },
        lop: { under_process: 1, verified: 1 },
        ab1: { under_process: 1, online_entry: 1 },
        ab12: { under_process: 1, online_entry: 1 },
        ab7654: { verified: 1 },
        ivanov: { under_process: 1, online_entry: 1 },
        'mark@exa': { under_process: 1, online_entry: 1 },
        x: {},
      };
      for (const [q, counts] of Object.entries(expected)) expect({ q, counts: await p.applications.countByStatus({ q }) }).toEqual({ q, counts });
    });

    it('stores refunds with the id of the payment they refund, and portal-ledger rows at version 1, in the same call', async () => {
      const [user] = await p.bulk.insertUsers([aUser()]);
      const refund = (n: number, overrides: Partial<LoadedRefund> = {}): LoadedRefund => ({
        paymentType: 'initial',
        amount: 500,
        currency: 'gbp',
        reason: `Goodwill ${n}`,
        status: 'succeeded',
        source: 'staff',
        requestedBy: null,
        requestedByName: 'demo-admin@example.com',
        approvedBy: null,
        approvedByName: null,
        gatewayRefundId: `re_bulk_${n}`,
        failureReason: null,
        createdAt: at(n + 10),
        updatedAt: at(n + 11),
        ...overrides,
      });
      const portal = {
        reference: 'EGV-2026-000001',
        state: 'granted' as const,
        governmentFeeCents: 2500,
        governmentFeeCurrency: 'USD' as const,
        governmentFeePence: 1975,
        feeAtPaymentCents: 2000,
        feeAtPaymentPence: 1580,
        absorbedFeeCents: 500,
        absorbedFeePence: 395,
        paidAt: at(20),
        receipt: null,
        updatedAt: at(30),
        updatedBy: null,
      };
      const batch = [
        loaded(user, 1, {
          payments: [
            aPayment({ userId: user, providerPaymentId: 'pi_bulk_r1', createdAt: at(1) }),
            aPayment({ userId: user, type: 'final', amount: 3900, providerPaymentId: 'pi_bulk_r1_final', createdAt: at(2) }),
          ],
          refunds: [refund(1), refund(2, { status: 'failed', gatewayRefundId: null, failureReason: 'The card was closed.' }), refund(3, { paymentType: 'final', amount: 3900 })],
          portal,
        }),
        loaded(user, 2),
        loaded(user, 3, {
          portal: {
            ...portal,
            reference: null,
            state: 'to_submit',
            governmentFeeCents: null,
            governmentFeePence: null,
            feeAtPaymentCents: null,
            feeAtPaymentPence: null,
            absorbedFeeCents: null,
            absorbedFeePence: null,
            paidAt: null,
          },
        }),
      ];
      const ids = await p.bulk.insertApplications(batch);

      const payments = await p.payments.listByApplication(ids[0]);
      const paymentOf = (type: string) => payments.find((x) => x.type === type)!.id;
      expect(await p.refunds.listByApplication(ids[0])).toEqual(
        batch[0].refunds!.map((r) => ({ ...r, id: expect.any(Number), applicationId: ids[0], paymentId: paymentOf(r.paymentType) })).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
      );
      expect(await p.refunds.listByApplication(ids[1])).toEqual([]);
      expect(await p.portal.find(ids[0])).toEqual({ ...portal, applicationId: ids[0], version: 1 });
      expect(await p.portal.find(ids[1])).toBeNull();
      expect(await p.portal.find(ids[2])).toMatchObject({ state: 'to_submit', reference: null, paidAt: null, version: 1 });
      // A loaded row is an ordinary one: the next write compares against version 1.
      expect(await p.portal.save(ids[0], { ...portal, state: 'submitted' }, 0)).toBe('stale');
      expect(await p.portal.save(ids[0], { ...portal, reference: 'EGV-2026-000002' }, 1)).toMatchObject({ reference: 'EGV-2026-000002', version: 2 });
    });

    it('stores nothing of a batch with a refund of a payment it does not have', async () => {
      const [user] = await p.bulk.insertUsers([aUser()]);
      const orphan = loaded(user, 1, {
        refunds: [
          {
            paymentType: 'final',
            amount: 100,
            currency: 'gbp',
            reason: 'x',
            status: 'succeeded',
            source: 'staff',
            requestedBy: null,
            requestedByName: 'x',
            approvedBy: null,
            approvedByName: null,
            gatewayRefundId: null,
            failureReason: null,
            createdAt: at(1),
            updatedAt: at(1),
          },
        ],
      });
      await expect(p.bulk.insertApplications([loaded(user, 2), orphan])).rejects.toThrow(/names no final payment/);
      expect(await p.applications.listByUser(user)).toEqual([]);
    });

    it('stores nothing of a batch that breaks a constraint', async () => {
      const [user] = await p.bulk.insertUsers([aUser()]);
      const first = loaded(user, 1);
      await p.bulk.insertApplications([first]);
      const fresh = loaded(user, 2);
      const clash = loaded(user, 3, { application: { ...anApplication(user), applicationNumber: first.application.applicationNumber } });

      await expect(p.bulk.insertApplications([fresh, clash])).rejects.toThrow();
      expect(await p.applications.listByUser(user)).toHaveLength(1);
      expect(await p.payments.findByProviderPaymentId(fresh.payments[0].providerPaymentId!)).toBeNull();

      await expect(p.bulk.insertUsers([aUser({ email: 'new@example.com' }), aUser({ email: 'NEW@example.com' })])).rejects.toThrow();
      expect(await p.users.findByEmail('new@example.com')).toBeNull();
    });
  });
}
