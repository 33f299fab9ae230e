import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccessChange } from '../../adapters/persistence/access-changes.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aUser, at, T0, type MakePersistence } from './persistence-fixtures.js';

/**
 * Every store write that ends a session or changes what a user may do is announced on the
 * persistence's accessChanges as soon as the write's promise resolves (the servers' session caches
 * drop their copy on it); writes that decide nothing about access announce nothing.
 */
export function describeAccessChangesContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: accessChanges`, () => {
    let p: Persistence;
    let heard: AccessChange[];
    let userId: number;
    beforeEach(async () => {
      p = await makeAdapter();
      userId = (await p.users.create(aUser())).id;
      heard = [];
      p.accessChanges.subscribe((change) => heard.push(change));
    });
    afterEach(async () => {
      await p.close();
    });

    it('announces each ended session, by its id hash or its user', async () => {
      await p.sessions.create({ idHash: 'h1', userId, createdAt: T0, lastSeenAt: T0 });
      await p.sessions.touch('h1', at(5));
      expect(heard).toEqual([]);
      await p.sessions.delete('h1');
      expect(heard).toEqual([{ session: 'h1' }]);
      await p.sessions.deleteAllForUser(userId);
      expect(heard).toEqual([{ session: 'h1' }, { user: userId }]);
      heard.length = 0;
      await p.sessions.create({ idHash: 'idle', userId, createdAt: T0, lastSeenAt: T0 });
      await p.sessions.create({ idHash: 'fresh', userId, createdAt: at(100), lastSeenAt: at(100) });
      await p.sessions.deleteExpired(at(60), at(-1));
      expect(heard).toEqual([{ session: 'idle' }]);
    });

    it("announces every change to a user's account or rights, and their erasure", async () => {
      await p.users.updatePhone(userId, '+447700900999');
      await p.users.updatePassword(userId, '$argon2id$new', false);
      await p.users.setAdmin(userId, true);
      await p.users.create(aUser({ isAdmin: true, role: 'admin' })); // so the user is not the last admin
      await p.users.updateStaff(userId, { role: 'reviewer' });
      await p.users.updateStaff(userId, { deactivatedAt: at(1) });
      await p.users.erase(userId);
      expect(heard).toEqual([{ user: userId }, { user: userId }, { user: userId }, { user: userId }, { user: userId }, { user: userId }]);
    });

    it('answers whether a cache may trust it: memory and SQLite at once', async () => {
      // The memory and SQLite feeds answer at once; PostgreSQL's is not trusted until its listener
      // is up (it is opened on this first call), so only the type of the answer is the contract here.
      const synced = p.accessChanges.sync();
      expect(typeof synced === 'boolean' || synced instanceof Promise).toBe(true);
      if (p.dialect !== 'postgres') expect(synced).toBe(true);
    });
  });
}
