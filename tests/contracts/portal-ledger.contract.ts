import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { SEEDED_GOVERNMENT_FEE } from '../../core/domain/portal-ledger.js';
import type { PortalLedgerWrite } from '../../core/ports/portal-ledger-repository.js';
import { aUser, anApplication, at, type MakePersistence } from './persistence-fixtures.js';

/** The portal ledger (one row per application, compare-and-set) and the dated government fee. */
export function describePortalLedgerContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: PortalLedgerRepository and GovernmentFeeRepository`, () => {
    let p: Persistence;
    let applicationId: number;
    let applicantEmail: string;
    let staffId: number;
    beforeEach(async () => {
      p = await makeAdapter();
      const user = await p.users.create(aUser());
      applicantEmail = user.email;
      applicationId = (await p.applications.create(anApplication(user.id))).id;
      staffId = (await p.users.create(aUser({ isAdmin: true, role: 'reviewer' }))).id;
    });
    afterEach(async () => {
      await p.close();
    });

    const written = (overrides: Partial<PortalLedgerWrite> = {}): PortalLedgerWrite => ({
      reference: 'EG-123',
      state: 'submitted',
      governmentFeeCents: 2500,
      governmentFeeCurrency: 'USD',
      governmentFeePence: 1975,
      feeAtPaymentCents: 2000,
      feeAtPaymentPence: 1580,
      absorbedFeeCents: 500,
      absorbedFeePence: 395,
      paidAt: at(-60),
      receipt: null,
      updatedAt: at(0),
      updatedBy: staffId,
      ...overrides,
    });

    it('stores the first row at version 0 and updates it only at the version read', async () => {
      expect(await p.portal.find(applicationId)).toBeNull();
      const first = await p.portal.save(applicationId, written(), 0);
      expect(first).toEqual({ applicationId, version: 1, ...written() });
      expect(await p.portal.find(applicationId)).toEqual(first);

      const receipt = { storageKey: 'key-1', fileName: 'receipt.pdf', contentType: 'application/pdf' as const, size: 1234, uploadedAt: at(5) };
      const second = await p.portal.save(applicationId, written({ state: 'granted', receipt, updatedAt: at(5) }), 1);
      expect(second).toMatchObject({ version: 2, state: 'granted', receipt });
      expect(await p.portal.save(applicationId, written({ state: 'to_submit' }), 1)).toBe('stale');
      expect(await p.portal.save(applicationId, written({ state: 'to_submit' }), 0)).toBe('stale');
      expect(await p.portal.find(applicationId)).toMatchObject({ version: 2, state: 'granted', receipt });
    });

    it('keeps the empty fields empty', async () => {
      const empty = written({
        reference: null,
        state: 'to_submit',
        governmentFeeCents: null,
        governmentFeePence: null,
        feeAtPaymentCents: null,
        feeAtPaymentPence: null,
        absorbedFeeCents: null,
        absorbedFeePence: null,
        paidAt: null,
        updatedBy: null,
      });
      expect(await p.portal.save(applicationId, empty, 0)).toEqual({ applicationId, version: 1, ...empty });
    });

    it('of two first writes at once exactly one is stored', async () => {
      const both = await Promise.all([p.portal.save(applicationId, written({ reference: 'A' }), 0), p.portal.save(applicationId, written({ reference: 'B' }), 0)]);
      expect(both.filter((r) => r === 'stale')).toHaveLength(1);
      const stored = both.find((r) => r !== 'stale');
      expect(await p.portal.find(applicationId)).toEqual(stored);
    });

    it('a row for an application that does not exist is NotFound, and nothing is stored', async () => {
      await expect(p.portal.save(applicationId + 1000, written(), 0)).rejects.toMatchObject({ data: { type: 'NotFound' } });
      expect(await p.portal.find(applicationId + 1000)).toBeNull();
    });

    it('the admin reads carry the row (null without one)', async () => {
      const other = (await p.applications.create(anApplication((await p.users.create(aUser())).id))).id;
      await p.portal.save(applicationId, written(), 0);
      const page = await p.applications.listForAdmin({ page: 1, pageSize: 10 });
      const byId = new Map(page.items.map((i) => [i.application.id, i.portal]));
      expect(byId.get(applicationId)).toMatchObject({ reference: 'EG-123', state: 'submitted', version: 1 });
      expect(byId.get(other)).toBeNull();
      const searched = await p.applications.listForAdmin({ q: 'EG', page: 1, pageSize: 10 });
      for (const item of searched.items) expect(item.portal === null || item.portal?.applicationId === item.application.id).toBe(true);
      const streamed = new Map<number, unknown>();
      for await (const item of p.applications.streamAllWithUsers()) streamed.set(item.application.id, item.portal);
      expect(streamed.get(applicationId)).toMatchObject({ reference: 'EG-123' });
      expect(streamed.get(other)).toBeNull();
    });

    it('says which storage keys a receipt points at', async () => {
      const receipt = { storageKey: 'receipt-key', fileName: 'r.png', contentType: 'image/png' as const, size: 10, uploadedAt: at(1) };
      await p.portal.save(applicationId, written({ receipt }), 0);
      expect(await p.portal.receiptKeysInUse(['receipt-key', 'other-key'])).toEqual(new Set(['receipt-key']));
      expect(await p.portal.receiptKeysInUse([])).toEqual(new Set());
    });

    it('goes with its application when the applicant is erased; erasing the staff member who wrote it keeps it', async () => {
      const other = (await p.applications.create(anApplication((await p.users.create(aUser())).id))).id;
      await p.portal.save(other, written(), 0);
      await p.portal.save(applicationId, written(), 0);
      await p.users.erase(staffId);
      expect(await p.portal.find(other)).toMatchObject({ updatedBy: null, reference: 'EG-123' });
      const applicant = await p.users.findByEmail(applicantEmail);
      await p.users.erase(applicant!.id);
      expect(await p.portal.find(applicationId)).toBeNull();
    });

    it('starts with the seeded government fee; an entry of the same date replaces it', async () => {
      expect(await p.governmentFees.list()).toEqual([SEEDED_GOVERNMENT_FEE]);
      const later = { effectiveFrom: '2026-12-01', amountCents: 4500, pence: 3555, createdAt: at(0), createdBy: staffId };
      expect(await p.governmentFees.set(later)).toBeNull();
      const earlier = { effectiveFrom: '2025-06-01', amountCents: 2500, pence: 1900, createdAt: at(1), createdBy: null };
      expect(await p.governmentFees.set(earlier)).toBeNull();
      expect((await p.governmentFees.list()).map((f) => f.effectiveFrom)).toEqual(['2020-01-01', '2025-06-01', '2026-12-01']);
      const corrected = { ...later, amountCents: 4000, pence: 3200, createdAt: at(2) };
      expect(await p.governmentFees.set(corrected)).toEqual(later);
      expect(await p.governmentFees.list()).toEqual([SEEDED_GOVERNMENT_FEE, earlier, corrected]);
      await p.users.erase(staffId);
      expect((await p.governmentFees.list()).at(-1)).toEqual({ ...corrected, createdBy: null });
    });
  });
}
