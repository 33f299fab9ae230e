import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aUser, at, type MakePersistence } from './persistence-fixtures.js';

export function describeApplicationDraftRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: ApplicationDraftRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('keeps one draft per user: a save replaces the previous one whole, and other users see nothing of it', async () => {
      const user = await p.users.create(aUser());
      const other = await p.users.create(aUser());
      expect(await p.drafts.find(user.id)).toBeNull();

      const first = await p.drafts.save(user.id, { givenName: 'Amelia', visitedEgyptBefore: true, deportationReason: null }, at(1));
      expect(first).toEqual({ userId: user.id, fields: { givenName: 'Amelia', visitedEgyptBefore: true, deportationReason: null }, updatedAt: at(1) });
      expect(await p.drafts.find(user.id)).toEqual(first);

      const second = await p.drafts.save(user.id, { surname: 'Clarke – Ünal ✈', passportNumber: '123456789' }, at(2));
      expect(second).toEqual({ userId: user.id, fields: { surname: 'Clarke – Ünal ✈', passportNumber: '123456789' }, updatedAt: at(2) });
      expect(await p.drafts.find(user.id)).toEqual(second);
      expect(await p.drafts.find(other.id)).toBeNull();
    });

    it('deletes a draft once: true, then false', async () => {
      const user = await p.users.create(aUser());
      await p.drafts.save(user.id, { givenName: 'A' }, at(1));
      expect(await p.drafts.delete(user.id)).toBe(true);
      expect(await p.drafts.find(user.id)).toBeNull();
      expect(await p.drafts.delete(user.id)).toBe(false);
    });

    it('refuses a draft for a user that does not exist', async () => {
      const error = await p.drafts.save(999_999, { givenName: 'A' }, at(1)).catch((e) => e);
      expect(isDomainError(error, 'NotFound')).toBe(true);
      expect(await p.drafts.find(999_999)).toBeNull();
    });

    it('goes with its user when the user is erased', async () => {
      const user = await p.users.create(aUser());
      const kept = await p.users.create(aUser());
      await p.drafts.save(user.id, { givenName: 'Gone' }, at(1));
      await p.drafts.save(kept.id, { givenName: 'Kept' }, at(1));
      await p.users.erase(user.id);
      expect(await p.drafts.find(user.id)).toBeNull();
      expect((await p.drafts.find(kept.id))?.fields).toEqual({ givenName: 'Kept' });
    });
  });
}
