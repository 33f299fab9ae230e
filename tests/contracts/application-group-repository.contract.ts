import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import type { Application } from '../../core/domain/application.js';
import type { ApplicationChange } from '../../core/ports/application-repository.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { anApplication, aPayment, aUser, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

/** A change that pays `a`'s initial fee with `pi`. */
const paid = (a: Application, pi: string, version = a.version): ApplicationChange => ({
  application: { ...a, initialPaymentId: pi, status: 'application_created', initialPaymentAt: at(5), updatedAt: at(5) },
  expectedVersion: version,
  payment: aPayment({ providerPaymentId: pi, userId: a.userId }),
  history: { fromStatus: a.status, toStatus: 'application_created', changedBy: null, changedByName: 'system', message: 'paid', changedAt: at(5) },
  mails: [{ to: 'family@example.com', template: 'application_received', data: { fullName: 'F', applicationNumber: a.applicationNumber, applicationId: a.id, paid: true } }],
});

export function describeApplicationGroupRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: ApplicationGroupRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    async function aFamily(n = 3) {
      const user = await p.users.create(aUser());
      const created = await p.groups.create(
        user.id,
        Array.from({ length: n }, () => anApplication(user.id)),
        at(1),
        (apps) => apps.map((a) => ({ to: user.email, template: 'application_received', data: { fullName: user.fullName, applicationNumber: a.applicationNumber, applicationId: a.id, paid: false } })),
      );
      return { user, ...created };
    }

    it('stores the group and its applications together, in order, each carrying the groupId, with their mails', async () => {
      const { user, group, applications } = await aFamily(3);
      expect(group).toEqual({ id: expect.any(Number), userId: user.id, createdAt: at(1) });
      expect(applications).toHaveLength(3);
      for (const a of applications) expect(a).toMatchObject({ groupId: group.id, userId: user.id, version: 1, status: 'online_entry' });
      expect(await p.groups.findById(group.id)).toEqual(group);
      expect(await p.groups.listApplications(group.id)).toEqual(applications);
      expect(await p.applications.findById(applications[1]!.id)).toEqual(applications[1]);
      expect((await p.outbox.list({ to: user.email })).map((m) => m.data.applicationId)).toEqual(applications.map((a) => a.id));
      // Applications made alone are in no group.
      expect((await seedApplication(p)).groupId).toBeNull();
      expect(await p.groups.findById(999_999)).toBeNull();
      expect(await p.groups.listApplications(999_999)).toEqual([]);
    });

    it('stores nothing when an application number is taken, and refuses an unknown user', async () => {
      const taken = await seedApplication(p);
      const user = await p.users.create(aUser());
      const error = await p.groups.create(user.id, [anApplication(user.id), anApplication(user.id, { applicationNumber: taken.applicationNumber })], at(1)).catch((e) => e);
      expect(isDomainError(error, 'Conflict')).toBe(true);
      expect(await p.applications.listByUser(user.id)).toEqual([]);
      const unknown = await p.groups.create(999_999, [anApplication(999_999), anApplication(999_999)], at(1)).catch((e) => e);
      expect(isDomainError(unknown, 'NotFound')).toBe(true);
    });

    it('commits every change of a group in one go: payments, history and mails for all', async () => {
      const { group, applications } = await aFamily(3);
      const result = await p.groups.commitAll(applications.map((a) => paid(a, 'pi_family')));
      expect(result.outcome).toBe('committed');
      const stored = await p.groups.listApplications(group.id);
      expect(stored.map((a) => [a.initialPaymentId, a.status, a.version])).toEqual(applications.map(() => ['pi_family', 'application_created', 2]));
      expect(result).toEqual({ outcome: 'committed', applications: stored });
      for (const a of applications) {
        expect((await p.payments.listByApplication(a.id)).map((x) => x.providerPaymentId)).toEqual(['pi_family']);
        expect(await p.history.listByApplication(a.id)).toHaveLength(1);
      }
      expect((await p.outbox.list({ to: 'family@example.com' })).map((m) => m.data.applicationId)).toEqual(applications.map((a) => a.id));
    });

    it('writes nothing at all when one application moved (stale) or one payment is recorded already (conflict)', async () => {
      const { group, applications } = await aFamily(3);
      const [first, second, third] = applications as [Application, Application, Application];
      expect(await p.groups.commitAll([paid(first, 'pi_a'), paid(second, 'pi_a'), paid(third, 'pi_a', 7)])).toEqual({ outcome: 'stale' });
      // The third already has its initial fee recorded: the group's commit conflicts.
      expect((await p.applications.commit({ application: third, expectedVersion: 1, payment: aPayment({ type: 'initial' }) })).outcome).toBe('committed');
      expect(await p.groups.commitAll([paid(first, 'pi_b'), paid(second, 'pi_b'), paid(third, 'pi_b', 2)])).toEqual({ outcome: 'conflict' });

      const stored = await p.groups.listApplications(group.id);
      expect(stored.map((a) => [a.initialPaymentId, a.version])).toEqual([
        [null, 1],
        [null, 1],
        [null, 2],
      ]);
      expect(await p.payments.listByApplication(first.id)).toEqual([]);
      expect(await p.payments.listByApplication(second.id)).toEqual([]);
      expect(await p.history.listByApplication(first.id)).toEqual([]);
      expect(await p.outbox.list({ to: 'family@example.com' })).toEqual([]);
    });

    it('goes with its user when the user is erased', async () => {
      const { user, group } = await aFamily(2);
      await p.users.erase(user.id);
      expect(await p.groups.findById(group.id)).toBeNull();
      expect(await p.groups.listApplications(group.id)).toEqual([]);
    });
  });
}
