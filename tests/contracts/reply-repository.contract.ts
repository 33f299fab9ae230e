import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { NewReply } from '../../core/domain/reply.js';
import { aDocument, aMail, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

/** A reply as an application's change carries it: its words and its documents' rows. */
function aReply(minutes: number, documents = 0, text = `Reply at ${minutes}`): NewReply {
  return {
    text,
    createdAt: at(minutes),
    documents: Array.from({ length: documents }, (_, i) => {
      const { applicationId: _a, replyId: _r, ...row } = aDocument(0, { type: 'reply', fileName: `page-${i + 1}.pdf`, uploadedAt: at(minutes) });
      return row;
    }),
  };
}

/**
 * Replies are written by an application's change (ApplicationChange.reply: the reply, its documents
 * and the application in one transaction) and read by the ReplyRepository, newest first.
 */
export function describeReplyRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: ReplyRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('stores a reply with its documents in the application’s commit, and lists replies newest first', async () => {
      const app = await seedApplication(p, { status: 'additional_info_required' });
      const other = await seedApplication(p, { status: 'additional_info_required' });
      const first = await p.applications.commit({ application: { ...app, repliedAt: at(1), updatedAt: at(1) }, expectedVersion: app.version, reply: aReply(1, 2) });
      expect(first.outcome).toBe('committed');
      const committed = first.outcome === 'committed' ? first : null;
      expect(committed!.reply).toEqual({ id: expect.any(Number), documentIds: [expect.any(Number), expect.any(Number)] });
      expect(committed!.application.repliedAt).toEqual(at(1));
      const second = await p.applications.commit({
        application: { ...committed!.application, repliedAt: at(2), updatedAt: at(2) },
        expectedVersion: committed!.application.version,
        reply: aReply(2, 0, ''),
      });
      await p.applications.commit({ application: { ...other, updatedAt: at(3) }, expectedVersion: other.version, reply: aReply(3, 1) });

      const replies = await p.replies.listByApplication(app.id);
      expect(replies.map((r) => [r.text, r.createdAt, r.documents.length])).toEqual([
        ['', at(2), 0],
        ['Reply at 1', at(1), 2],
      ]);
      expect(replies[0]!.id).toBe(second.outcome === 'committed' ? second.reply!.id : -1);
      const [page1, page2] = replies[1]!.documents;
      expect(page1).toMatchObject({ id: committed!.reply!.documentIds[0], applicationId: app.id, type: 'reply', fileName: 'page-1.pdf', replyId: committed!.reply!.id, uploadedAt: at(1) });
      expect(page2).toMatchObject({ id: committed!.reply!.documentIds[1], fileName: 'page-2.pdf', replyId: committed!.reply!.id });
      // The documents are the application's documents too (downloads, erasure, the orphan sweep).
      expect((await p.documents.listByApplication(app.id)).map((d) => d.id)).toEqual(committed!.reply!.documentIds);
      expect((await p.applications.findById(app.id))!.repliedAt).toEqual(at(2));
      expect(await p.replies.listByApplication(app.id + other.id + 1000)).toEqual([]);
    });

    it('writes nothing of a reply whose commit is stale', async () => {
      const app = await seedApplication(p, { status: 'additional_info_required' });
      const stale = await p.applications.commit({ application: { ...app, repliedAt: at(1) }, expectedVersion: app.version + 1, reply: aReply(1, 1), mails: [aMail('staff@agency.test')] });
      expect(stale).toEqual({ outcome: 'stale' });
      expect(await p.replies.listByApplication(app.id)).toEqual([]);
      expect(await p.documents.listByApplication(app.id)).toEqual([]);
      expect(await p.outbox.list({ to: 'staff@agency.test' })).toEqual([]);
      expect((await p.applications.findById(app.id))!.repliedAt).toBeNull();
    });

    it('gives each reply as a timeline fact (when, never the words), and goes with its applicant’s erasure', async () => {
      const app = await seedApplication(p, { status: 'additional_info_required' });
      await p.applications.commit({ application: { ...app, updatedAt: at(4) }, expectedVersion: app.version, reply: aReply(4, 1, 'My hotel is the Nile Plaza') });
      const facts = await p.history.listTimelineFacts([app.id]);
      expect(facts.filter((f) => f.kind === 'reply')).toEqual([{ applicationId: app.id, kind: 'reply', at: at(4) }]);
      expect(JSON.stringify(facts)).not.toContain('Nile Plaza');

      await p.users.erase(app.userId);
      expect(await p.replies.listByApplication(app.id)).toEqual([]);
      expect(await p.documents.listByApplication(app.id)).toEqual([]);
    });
  });
}
