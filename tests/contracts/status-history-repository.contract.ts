import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aUser, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

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
  });
}
