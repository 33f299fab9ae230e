import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aDocument, aPayment, aUser, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

export function describeStatusHistoryRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: StatusHistoryRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it("lists an application's transitions oldest first with who made them", async () => {
      const admin = await p.users.create(aUser({ isAdmin: true, email: 'staff@agency.test' }));
      const app = await seedApplication(p);
      const other = await seedApplication(p);
      await p.applications.commit({
        application: { ...app, status: 'application_created' },
        expectedVersion: 1,
        history: { fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: null, changedAt: at(1) },
      });
      await p.applications.commit({
        application: { ...app, status: 'additional_info_required' },
        expectedVersion: 2,
        history: { fromStatus: 'application_created', toStatus: 'additional_info_required', changedBy: admin.id, changedByName: admin.email, message: 'Please re-upload', changedAt: at(2) },
      });
      await p.applications.commit({
        application: other,
        expectedVersion: 1,
        history: { fromStatus: null, toStatus: 'online_entry', changedBy: null, changedByName: 'system', message: null, changedAt: at(0) },
      });
      const entries = await p.history.listByApplication(app.id);
      expect(entries.map((e) => [e.fromStatus, e.toStatus, e.changedBy, e.changedByName, e.message])).toEqual([
        ['online_entry', 'application_created', null, 'system', null],
        ['application_created', 'additional_info_required', admin.id, 'staff@agency.test', 'Please re-upload'],
      ]);
      expect(entries[1].applicationId).toBe(app.id);
      expect(entries[1].changedAt.toISOString()).toBe(at(2).toISOString());
      expect(await p.history.listByApplication(app.id + 1000)).toEqual([]);
    });

    it('reads the timeline facts of several applications in one batch: only what their applicants may read', async () => {
      const admin = await p.users.create(aUser({ isAdmin: true, email: 'reviewer@agency.test' }));
      const app = await seedApplication(p);
      const other = await seedApplication(p);
      await p.applications.commit({
        application: { ...app, status: 'application_created', initialPaymentId: 'pi_t1' },
        expectedVersion: 1,
        payment: aPayment({ type: 'initial', providerPaymentId: 'pi_t1', amount: 1000, createdAt: at(1) }),
        history: { fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: 'Initial fee paid', changedAt: at(1) },
      });
      await p.applications.commit({
        application: { ...app, status: 'rejected', initialPaymentId: 'pi_t1', version: 2 },
        expectedVersion: 2,
        history: { fromStatus: 'application_created', toStatus: 'rejected', changedBy: admin.id, changedByName: admin.email, message: 'Your passport expires too soon.', changedAt: at(3) },
      });
      await p.documents.create(aDocument(app.id, { type: 'passport', uploadedAt: at(0) }));
      await p.documents.create(aDocument(app.id, { type: 'passport', uploadedAt: at(2) }));
      await p.documents.create(aDocument(app.id, { type: 'visa', uploadedAt: at(4) })); // the visa is no upload of theirs
      await p.applications.commit({
        application: { ...other, status: 'final_payment_received', finalPaymentId: `waived_${other.id}` },
        expectedVersion: 1,
        payment: aPayment({ type: 'final', providerPaymentId: null, amount: 0, status: 'waived', createdAt: at(5) }),
      });

      const facts = await p.history.listTimelineFacts([app.id, other.id, app.id + other.id + 1000]);
      const byTime = (a: { at: Date; kind: string }, b: { at: Date; kind: string }) => a.at.getTime() - b.at.getTime() || a.kind.localeCompare(b.kind);
      expect(facts.filter((f) => f.applicationId === app.id).sort(byTime)).toEqual(
        [
          { applicationId: app.id, kind: 'upload', at: at(0), documentType: 'passport' },
          { applicationId: app.id, kind: 'payment', at: at(1), paymentType: 'initial', amount: 1000, waived: false },
          { applicationId: app.id, kind: 'status', at: at(1), status: 'application_created', message: 'Initial fee paid' },
          { applicationId: app.id, kind: 'upload', at: at(2), documentType: 'passport' },
          { applicationId: app.id, kind: 'status', at: at(3), status: 'rejected', message: 'Your passport expires too soon.' },
        ].sort(byTime),
      );
      expect(facts.filter((f) => f.applicationId === other.id)).toEqual([{ applicationId: other.id, kind: 'payment', at: at(5), paymentType: 'final', amount: 0, waived: true }]);
      expect(JSON.stringify(facts)).not.toContain('reviewer@agency.test');
      expect(await p.history.listTimelineFacts([])).toEqual([]);
    });

    it('reads what was written after its first read (refunds given back, replies), for any number of applications, each fact once', async () => {
      const [a, b, c] = [await seedApplication(p), await seedApplication(p), await seedApplication(p)];
      const ids = [a.id, b.id, c.id];
      expect(await p.history.listTimelineFacts(ids)).toEqual([]);

      const paid = await p.applications.commit({
        application: { ...a, initialPaymentId: 'pi_later' },
        expectedVersion: 1,
        payment: aPayment({ type: 'initial', providerPaymentId: 'pi_later', amount: 1000, createdAt: at(1) }),
      });
      if (paid.outcome !== 'committed') throw new Error(paid.outcome);
      const { refund: given } = await p.refunds.request(a.id, {
        paymentType: 'initial',
        amount: 400,
        reason: 'Goodwill',
        source: 'staff',
        status: 'pending',
        requestedBy: null,
        requestedByName: 'Sam Staff',
        createdAt: at(2),
      });
      await p.refunds.settle(given.id, { status: 'succeeded', gatewayRefundId: `re_${given.id}`, creditNote: null, mails: [] }, at(3));
      // Still on its way back to the card: no step of the traveller's yet.
      await p.refunds.request(a.id, {
        paymentType: 'initial',
        amount: 100,
        reason: 'More goodwill',
        source: 'staff',
        status: 'pending',
        requestedBy: null,
        requestedByName: 'Sam Staff',
        createdAt: at(4),
      });
      const replied = await p.applications.commit({ application: { ...b, repliedAt: at(5), updatedAt: at(5) }, expectedVersion: 1, reply: { text: 'Booked.', createdAt: at(5), documents: [] } });
      expect(replied.outcome).toBe('committed');

      const expected = [
        { applicationId: a.id, kind: 'payment', at: at(1), paymentType: 'initial', amount: 1000, waived: false },
        { applicationId: a.id, kind: 'refund', at: at(3), paymentType: 'initial', amount: 400 },
        { applicationId: b.id, kind: 'reply', at: at(5) },
      ];
      const byTime = (x: { at: Date }, y: { at: Date }) => x.at.getTime() - y.at.getTime();
      expect((await p.history.listTimelineFacts(ids)).sort(byTime)).toEqual(expected);
      // One application, and a list longer than one statement takes (ids repeated, ids of no application): the same facts, once each.
      expect(await p.history.listTimelineFacts([b.id])).toEqual([expected[2]]);
      const many = [c.id, ...Array.from({ length: 70 }, (_, i) => c.id + 1000 + i), a.id, b.id, a.id, b.id];
      expect((await p.history.listTimelineFacts(many)).sort(byTime)).toEqual(expected);
    });
  });
}
