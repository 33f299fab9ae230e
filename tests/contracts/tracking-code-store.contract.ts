import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { OutboxMailInput } from '../../core/ports/mail-outbox.js';
import { aUser, anApplication, at, type MakePersistence } from './persistence-fixtures.js';

const codeMail = (to: string, code: string): OutboxMailInput => ({ to, template: 'tracking_code', data: { applicationNumber: 'EV-2603-000001', code } });

export function describeTrackingCodeStoreContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: TrackingCodeStore`, () => {
    let p: Persistence;
    let applicationId: number;
    let email: string;
    beforeEach(async () => {
      p = await makeAdapter();
      const user = await p.users.create(aUser());
      email = user.email;
      applicationId = (await p.applications.create(anApplication(user.id))).id;
    });
    afterEach(async () => {
      await p.close();
    });

    const issue = (hash: string, minute = 0, id = applicationId) =>
      p.trackingCodes.issue({ applicationId: id, codeHash: hash, createdAt: at(minute), expiresAt: at(minute + 15) }, codeMail(email, hash));

    it('stores a code with its mail in one operation; a new one replaces the last and its tries', async () => {
      await issue('h1');
      expect(await p.trackingCodes.find(applicationId)).toEqual({ applicationId, codeHash: 'h1', createdAt: at(0), expiresAt: at(15), wrongTries: 0, usedAt: null });
      expect(await p.trackingCodes.attempt(applicationId, 'nope', at(1), 5)).toBe('wrong');
      await issue('h2', 2);
      expect(await p.trackingCodes.find(applicationId)).toEqual({ applicationId, codeHash: 'h2', createdAt: at(2), expiresAt: at(17), wrongTries: 0, usedAt: null });
      expect((await p.outbox.list({ to: email })).map((m) => [m.template, m.data.code])).toEqual([
        ['tracking_code', 'h1'],
        ['tracking_code', 'h2'],
      ]);
      expect(await p.trackingCodes.attempt(applicationId, 'h1', at(3), 5)).toBe('wrong');
      expect(await p.trackingCodes.attempt(applicationId, 'h2', at(3), 5)).toBe('accepted');
    });

    it('a code for an application that does not exist is NotFound, and nothing is queued', async () => {
      await expect(issue('h', 0, applicationId + 1000)).rejects.toMatchObject({ data: { type: 'NotFound' } });
      expect(await p.outbox.list()).toEqual([]);
    });

    it('accepts the right code once, before it expires, and only for its own application', async () => {
      const other = (await p.applications.create(anApplication((await p.users.create(aUser())).id))).id;
      await issue('h1');
      expect(await p.trackingCodes.attempt(other, 'h1', at(1), 5)).toBe('dead');
      expect(await p.trackingCodes.attempt(applicationId, 'h1', at(1), 5)).toBe('accepted');
      expect((await p.trackingCodes.find(applicationId))?.usedAt).toEqual(at(1));
      expect(await p.trackingCodes.attempt(applicationId, 'h1', at(2), 5)).toBe('dead');

      await issue('h3', 10);
      expect(await p.trackingCodes.attempt(applicationId, 'h3', at(25), 5)).toBe('dead');
      expect(await p.trackingCodes.find(applicationId)).toMatchObject({ usedAt: null, wrongTries: 0 });
    });

    it('dies after the last allowed wrong try: even the right code is then refused', async () => {
      await issue('right');
      for (let i = 0; i < 5; i += 1) expect(await p.trackingCodes.attempt(applicationId, `wrong${i}`, at(1), 5)).toBe('wrong');
      expect(await p.trackingCodes.attempt(applicationId, 'right', at(2), 5)).toBe('dead');
      expect((await p.trackingCodes.find(applicationId))?.wrongTries).toBe(5);
    });

    it('of two tries of the right code at once, exactly one is accepted; concurrent wrong tries are all counted', async () => {
      await issue('right');
      const both = await Promise.all([p.trackingCodes.attempt(applicationId, 'right', at(1), 5), p.trackingCodes.attempt(applicationId, 'right', at(1), 5)]);
      expect(both.sort()).toEqual(['accepted', 'dead']);

      await issue('again', 2);
      const wrong = await Promise.all(Array.from({ length: 8 }, (_, i) => p.trackingCodes.attempt(applicationId, `w${i}`, at(3), 5)));
      expect(wrong.filter((o) => o === 'wrong')).toHaveLength(5);
      expect((await p.trackingCodes.find(applicationId))?.wrongTries).toBe(5);
      expect(await p.trackingCodes.attempt(applicationId, 'again', at(3), 5)).toBe('dead');
    });

    it('deletes codes that expired, and goes with its application when the account is erased', async () => {
      await issue('h1');
      expect(await p.trackingCodes.deleteExpired(at(10))).toBe(0);
      expect(await p.trackingCodes.deleteExpired(at(16))).toBe(1);
      expect(await p.trackingCodes.find(applicationId)).toBeNull();

      await issue('h2', 20);
      const owner = (await p.applications.findById(applicationId))!.userId;
      await p.users.erase(owner);
      expect(await p.trackingCodes.find(applicationId)).toBeNull();
    });
  });
}
