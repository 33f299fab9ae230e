import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aUser, at, type MakePersistence } from './persistence-fixtures.js';

export function describeContactEnquiryRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: ContactEnquiryRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('stores enquiries and lists them by email in any case, oldest first', async () => {
      const user = await p.users.create(aUser({ email: 'ask@example.com' }));
      const other = await p.users.create(aUser());
      const base = { fullName: 'Ask Me', phoneNumber: '+44 1', nationality: 'Egypt', purposeOfTravel: 'Tourism', userId: user.id };
      const first = await p.enquiries.create({ ...base, email: 'ask@example.com', existingAccount: false, createdAt: at(1) });
      expect(first).toEqual({ ...base, email: 'ask@example.com', existingAccount: false, createdAt: at(1), id: expect.any(Number) });
      const second = await p.enquiries.create({ ...base, email: 'ASK@example.com', existingAccount: true, createdAt: at(2) });
      await p.enquiries.create({ ...base, email: other.email, userId: other.id, existingAccount: false, createdAt: at(3) });
      expect(await p.enquiries.listByEmail('Ask@Example.com')).toEqual([first, second]);
      expect(await p.enquiries.listByEmail('none@example.com')).toEqual([]);
    });

    it('refuses an enquiry for a user that does not exist', async () => {
      const error = await p.enquiries
        .create({ fullName: 'X', email: 'x@example.com', phoneNumber: '1', nationality: 'Egypt', purposeOfTravel: 'Tourism', userId: 999_999, existingAccount: false, createdAt: at(0) })
        .catch((e) => e);
      expect(isDomainError(error, 'NotFound')).toBe(true);
    });
  });
}
