import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccessChange } from '../../adapters/persistence/access-changes.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aUser, at, type MakePersistence } from './persistence-fixtures.js';

export function describeTwoFactorStoreContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: TwoFactorStore`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('keeps a pending secret, turns on only with that secret, and the user then reads as enabled', async () => {
      const user = await p.users.create(aUser());
      expect(await p.twoFactor.find(user.id)).toEqual({ secret: null, pendingSecret: null, enabledAt: null, lastStep: null });
      expect(await p.twoFactor.find(999_999)).toBeNull();
      await p.twoFactor.setPending(user.id, 'OLDSECRET');
      await p.twoFactor.setPending(user.id, 'NEWSECRET');
      expect(await p.twoFactor.enable(user.id, 'OLDSECRET', 10, at(1), ['a', 'b'])).toBe(false);
      expect(await p.twoFactor.find(user.id)).toEqual({ secret: null, pendingSecret: 'NEWSECRET', enabledAt: null, lastStep: null });
      expect(await p.twoFactor.unusedRecoveryCodes(user.id)).toBe(0);

      const changes: AccessChange[] = [];
      const unsubscribe = p.accessChanges.subscribe((change) => changes.push(change));
      expect(await p.twoFactor.enable(user.id, 'NEWSECRET', 10, at(1), ['a', 'b', 'c'])).toBe(true);
      unsubscribe();
      expect(changes).toContainEqual({ user: user.id });
      expect(await p.twoFactor.find(user.id)).toEqual({ secret: 'NEWSECRET', pendingSecret: null, enabledAt: at(1), lastStep: 10 });
      expect((await p.users.findById(user.id))?.twoFactorEnabledAt).toEqual(at(1));
      expect(await p.twoFactor.unusedRecoveryCodes(user.id)).toBe(3);
    });

    it('moves the last step only forward, once per step', async () => {
      const user = await p.users.create(aUser());
      await p.twoFactor.setPending(user.id, 'S');
      await p.twoFactor.enable(user.id, 'S', 10, at(0), []);
      expect(await p.twoFactor.useStep(user.id, 10)).toBe(false);
      expect(await p.twoFactor.useStep(user.id, 9)).toBe(false);
      const both = await Promise.all([p.twoFactor.useStep(user.id, 11), p.twoFactor.useStep(user.id, 11)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect((await p.twoFactor.find(user.id))?.lastStep).toBe(11);
    });

    it('uses a recovery code once, and only the user’s own', async () => {
      const user = await p.users.create(aUser());
      const other = await p.users.create(aUser());
      await p.twoFactor.setPending(user.id, 'S');
      await p.twoFactor.enable(user.id, 'S', 1, at(0), ['h1', 'h2']);
      expect(await p.twoFactor.useRecoveryCode(other.id, 'h1', at(1))).toBe(false);
      expect(await p.twoFactor.useRecoveryCode(user.id, 'h1', at(1))).toBe(true);
      expect(await p.twoFactor.useRecoveryCode(user.id, 'h1', at(2))).toBe(false);
      expect(await p.twoFactor.useRecoveryCode(user.id, 'nope', at(2))).toBe(false);
      expect(await p.twoFactor.unusedRecoveryCodes(user.id)).toBe(1);
    });

    it('turns off: secrets, codes and pending sign-ins cleared, announced as a change to the user', async () => {
      const user = await p.users.create(aUser());
      await p.twoFactor.setPending(user.id, 'S');
      await p.twoFactor.enable(user.id, 'S', 1, at(0), ['h1']);
      await p.twoFactor.createChallenge({ idHash: 'c1', userId: user.id, createdAt: at(0), expiresAt: at(5) });
      const changes: AccessChange[] = [];
      const unsubscribe = p.accessChanges.subscribe((change) => changes.push(change));
      await p.twoFactor.disable(user.id);
      unsubscribe();
      expect(changes).toContainEqual({ user: user.id });
      expect(await p.twoFactor.find(user.id)).toEqual({ secret: null, pendingSecret: null, enabledAt: null, lastStep: null });
      expect((await p.users.findById(user.id))?.twoFactorEnabledAt ?? null).toBeNull();
      expect(await p.twoFactor.unusedRecoveryCodes(user.id)).toBe(0);
      expect(await p.twoFactor.findChallenge('c1')).toBeNull();
    });

    it('keeps pending sign-ins until deleted or expired', async () => {
      const user = await p.users.create(aUser());
      await p.twoFactor.createChallenge({ idHash: 'c1', userId: user.id, createdAt: at(0), expiresAt: at(5) });
      await p.twoFactor.createChallenge({ idHash: 'c2', userId: user.id, createdAt: at(10), expiresAt: at(15) });
      expect(await p.twoFactor.findChallenge('c1')).toEqual({ idHash: 'c1', userId: user.id, createdAt: at(0), expiresAt: at(5) });
      expect(await p.twoFactor.deleteExpiredChallenges(at(6))).toBe(1);
      expect(await p.twoFactor.findChallenge('c1')).toBeNull();
      await p.twoFactor.deleteChallenge('c2');
      expect(await p.twoFactor.findChallenge('c2')).toBeNull();
    });
  });
}
