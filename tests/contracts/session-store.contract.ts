import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aUser, at, T0, type MakePersistence } from './persistence-fixtures.js';

export function describeSessionStoreContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: SessionStore`, () => {
    let p: Persistence;
    let userId: number;
    beforeEach(async () => {
      p = await makeAdapter();
      userId = (await p.users.create(aUser())).id;
    });
    afterEach(async () => {
      await p.close();
    });

    it('stores a session by its id hash and finds it again', async () => {
      await p.sessions.create({ idHash: 'a'.repeat(64), userId, createdAt: T0, lastSeenAt: at(1) });
      expect(await p.sessions.find('a'.repeat(64))).toEqual({ idHash: 'a'.repeat(64), userId, createdAt: T0, lastSeenAt: at(1), userAgent: null, clientAddress: null });
      expect(await p.sessions.find('b'.repeat(64))).toBeNull();
    });

    it('keeps the browser and address a session began from, and lists a user’s sessions newest first', async () => {
      const other = (await p.users.create(aUser())).id;
      await p.sessions.create({ idHash: 'old', userId, createdAt: T0, lastSeenAt: T0, userAgent: 'Laptop', clientAddress: '203.0.113.1' });
      await p.sessions.create({ idHash: 'new', userId, createdAt: at(5), lastSeenAt: at(5), userAgent: null, clientAddress: '2001:db8::1' });
      await p.sessions.create({ idHash: 'others', userId: other, createdAt: at(9), lastSeenAt: at(9) });
      expect(await p.sessions.listForUser(userId)).toEqual([
        { idHash: 'new', userId, createdAt: at(5), lastSeenAt: at(5), userAgent: null, clientAddress: '2001:db8::1' },
        { idHash: 'old', userId, createdAt: T0, lastSeenAt: T0, userAgent: 'Laptop', clientAddress: '203.0.113.1' },
      ]);
      expect(await p.sessions.listForUser(999_999)).toEqual([]);
    });

    it('touches and deletes a session', async () => {
      await p.sessions.create({ idHash: 'h1', userId, createdAt: T0, lastSeenAt: T0 });
      await p.sessions.touch('h1', at(7));
      expect((await p.sessions.find('h1'))?.lastSeenAt.toISOString()).toBe(at(7).toISOString());
      await p.sessions.delete('h1');
      expect(await p.sessions.find('h1')).toBeNull();
      await expect(p.sessions.touch('h1', at(8))).resolves.toBeUndefined();
      await expect(p.sessions.delete('h1')).resolves.toBeUndefined();
    });

    it("deletes every session of one user and nobody else's", async () => {
      const other = (await p.users.create(aUser())).id;
      await p.sessions.create({ idHash: 'u1', userId, createdAt: T0, lastSeenAt: T0 });
      await p.sessions.create({ idHash: 'u2', userId, createdAt: T0, lastSeenAt: T0 });
      await p.sessions.create({ idHash: 'o1', userId: other, createdAt: T0, lastSeenAt: T0 });
      await p.sessions.deleteAllForUser(userId);
      expect(await p.sessions.find('u1')).toBeNull();
      expect(await p.sessions.find('u2')).toBeNull();
      expect(await p.sessions.find('o1')).not.toBeNull();
    });

    it('removes sessions idle too long or created too long ago, and counts them', async () => {
      await p.sessions.create({ idHash: 'idle', userId, createdAt: at(50), lastSeenAt: at(50) });
      await p.sessions.create({ idHash: 'old', userId, createdAt: at(0), lastSeenAt: at(200) });
      await p.sessions.create({ idHash: 'fresh', userId, createdAt: at(100), lastSeenAt: at(200) });
      expect(await p.sessions.deleteExpired(at(60), at(10))).toBe(2);
      expect(await p.sessions.find('idle')).toBeNull();
      expect(await p.sessions.find('old')).toBeNull();
      expect(await p.sessions.find('fresh')).not.toBeNull();
      expect(await p.sessions.deleteExpired(at(60), at(10))).toBe(0);
    });
  });
}
