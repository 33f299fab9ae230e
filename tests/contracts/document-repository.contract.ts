import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aDocument, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

export function describeDocumentRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: DocumentRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('stores a document and finds it by id', async () => {
      const app = await seedApplication(p);
      const input = aDocument(app.id, { type: 'visa', contentType: 'image/jpeg', size: 5_000_000, status: 'verified', verificationNotes: 'ok', verifiedAt: at(3), uploadedAt: at(2) });
      const doc = await p.documents.create(input);
      expect(doc).toEqual({ ...input, id: expect.any(Number) });
      expect(await p.documents.findById(doc.id)).toEqual(doc);
      expect(await p.documents.findById(doc.id + 1000)).toBeNull();
    });

    it('tells which storage keys a document points at (the orphan-file sweep)', async () => {
      const app = await seedApplication(p);
      const a = await p.documents.create(aDocument(app.id, { storageKey: 'passports/aaa' }));
      await p.documents.create(aDocument(app.id, { storageKey: 'visas/bbb' }));
      expect(await p.documents.storageKeysInUse(['passports/aaa', 'visas/bbb', 'orphans/ccc'])).toEqual(new Set(['passports/aaa', 'visas/bbb']));
      expect(await p.documents.storageKeysInUse([])).toEqual(new Set());
      await p.documents.delete(a.id);
      expect(await p.documents.storageKeysInUse(['passports/aaa'])).toEqual(new Set());
      const many = Array.from({ length: 500 }, (_, i) => `orphans/${i}`);
      expect((await p.documents.storageKeysInUse([...many, 'visas/bbb'])).size).toBe(1);
    });

    it('refuses a document for an application that does not exist', async () => {
      const app = await seedApplication(p);
      const error = await p.documents.create(aDocument(app.id + 1000)).catch((e) => e);
      expect(isDomainError(error, 'NotFound')).toBe(true);
    });

    it("lists one application's documents oldest first, and deletes one", async () => {
      const app = await seedApplication(p);
      const other = await seedApplication(p);
      const later = await p.documents.create(aDocument(app.id, { uploadedAt: at(5) }));
      const earlier = await p.documents.create(aDocument(app.id, { uploadedAt: at(1) }));
      await p.documents.create(aDocument(other.id));
      expect((await p.documents.listByApplication(app.id)).map((d) => d.id)).toEqual([earlier.id, later.id]);
      await p.documents.delete(earlier.id);
      expect((await p.documents.listByApplication(app.id)).map((d) => d.id)).toEqual([later.id]);
      expect(await p.documents.findById(earlier.id)).toBeNull();
      await expect(p.documents.delete(earlier.id)).resolves.toBeUndefined();
    });

    it('lists the documents of given types of applications finished (completed or rejected) before a date', async () => {
      const completedLongAgo = await seedApplication(p, { status: 'final_payment_received', updatedAt: at(10) });
      const rejectedLongAgo = await seedApplication(p, { status: 'rejected', updatedAt: at(20) });
      const rejectedRecently = await seedApplication(p, { status: 'rejected', updatedAt: at(200) });
      const stillOpen = await seedApplication(p, { status: 'approved', updatedAt: at(10) });
      const passportA = await p.documents.create(aDocument(completedLongAgo.id));
      await p.documents.create(aDocument(completedLongAgo.id, { type: 'visa' }));
      const { applicationId: _a, replyId: _r, ...replyPage } = aDocument(0, { type: 'reply' });
      const replied = await p.applications.commit({
        application: { ...completedLongAgo, updatedAt: at(10) },
        expectedVersion: completedLongAgo.version,
        reply: { text: 'Here it is', createdAt: at(5), documents: [replyPage] },
      });
      const replyDocumentId = replied.outcome === 'committed' ? replied.reply!.documentIds[0] : -1;
      const passportB = await p.documents.create(aDocument(rejectedLongAgo.id));
      await p.documents.create(aDocument(rejectedRecently.id));
      await p.documents.create(aDocument(stillOpen.id));
      expect((await p.documents.listOfApplicationsFinishedBefore(['passport'], at(100))).map((d) => d.id)).toEqual([passportA.id, passportB.id]);
      expect((await p.documents.listOfApplicationsFinishedBefore(['passport', 'reply'], at(100))).map((d) => d.id)).toEqual([passportA.id, replyDocumentId, passportB.id]);
    });
  });
}
