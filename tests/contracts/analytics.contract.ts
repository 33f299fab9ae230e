import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { at, type MakePersistence } from './persistence-fixtures.js';

export function describeAnalyticsContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: Analytics`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('records events and lists them in time order, optionally by name', async () => {
      await p.analytics.record({ name: 'page_view', path: '/apply', userId: null, properties: {}, occurredAt: at(2) });
      await p.analytics.record({
        name: 'application_submitted',
        path: null,
        userId: 7,
        properties: { nationality: 'France', entry: 'Single', applicationId: 3, amount: 1000, oldStatus: null, purposeOfVisit: 'tourism' },
        occurredAt: at(1),
      });
      await p.analytics.record({ name: 'page_view', path: '/', userId: 7, properties: {}, occurredAt: at(3) });
      const all = await p.analytics.list();
      expect(all.map((e) => e.name)).toEqual(['application_submitted', 'page_view', 'page_view']);
      expect(all[0]).toEqual({
        name: 'application_submitted',
        path: null,
        userId: 7,
        properties: { nationality: 'France', entry: 'Single', applicationId: 3, amount: 1000, oldStatus: null, purposeOfVisit: 'tourism' },
        occurredAt: at(1),
      });
      expect((await p.analytics.list({ name: 'page_view' })).map((e) => e.path)).toEqual(['/apply', '/']);
      expect(await p.analytics.list({ name: 'none' })).toEqual([]);
    });
  });
}
