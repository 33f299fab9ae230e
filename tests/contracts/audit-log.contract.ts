import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditHash } from '../../core/domain/audit-chain.js';
import { GENESIS_HASH, type NewAuditEntry } from '../../core/domain/audit.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { makeAuditLog } from '../../core/use-cases/audit-log.js';
import { aPayment, at, aUser, seedApplication, type MakePersistence } from './persistence-fixtures.js';

function anEntry(overrides: Partial<NewAuditEntry> = {}): NewAuditEntry {
  return {
    at: at(1),
    actorId: 7,
    actorEmail: 'staff@example.com',
    clientAddress: '203.0.113.9',
    action: 'application.status_changed',
    targetType: 'application',
    targetId: '12',
    applicationId: 12,
    detail: { before: { status: 'application_created' }, after: { status: 'in_review' }, note: 'ü and "quotes"' },
    ...overrides,
  };
}

export function describeAuditLogContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: AuditLog`, () => {
    let p: Persistence;
    const verify = () => makeAuditLog(p).verifyAuditLog();
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    describe('audit rows carried by a write (decision 0010)', () => {
      const statusRow = (applicationId: number) => anEntry({ applicationId, targetId: String(applicationId) });

      it('an application change commits its audit row with it, the new document as the target when asked, and the chain verifies', async () => {
        const application = await seedApplication(p);
        const result = await p.applications.commit({
          application: { ...application, status: 'under_process' },
          expectedVersion: application.version,
          document: {
            type: 'visa',
            fileName: 'e-visa.pdf',
            storageKey: 'k-visa',
            contentType: 'application/pdf',
            size: 10,
            status: 'verified',
            verificationNotes: null,
            uploadedAt: at(1),
            verifiedAt: at(1),
          },
          audit: [statusRow(application.id), { ...anEntry({ action: 'application.visa_uploaded', targetType: 'document', targetId: null, applicationId: application.id }), targetIsNew: 'document' }],
        });
        if (result.outcome !== 'committed') throw new Error(result.outcome);
        const rows = await p.audit.walk(null, 10);
        expect(rows.map((r) => [r.seq, r.action, r.targetType, r.targetId])).toEqual([
          [1, 'application.status_changed', 'application', String(application.id)],
          [2, 'application.visa_uploaded', 'document', String(result.documentId)],
        ]);
        expect(await verify()).toMatchObject({ ok: true, rows: 2 });
      });

      it('a change that is stale, or rolls back (a payment recorded twice, a refund above what is left), leaves neither its writes nor its audit row', async () => {
        const application = await seedApplication(p);
        const paid = await p.applications.commit({
          application,
          expectedVersion: application.version,
          payment: aPayment({ type: 'final', providerPaymentId: 'pi_audit_1', amount: 1000, userId: application.userId }),
        });
        if (paid.outcome !== 'committed') throw new Error(paid.outcome);
        const current = paid.application;
        const stale = await p.applications.commit({ application: { ...current, status: 'rejected' }, expectedVersion: current.version - 1, audit: [statusRow(current.id)] });
        expect(stale.outcome).toBe('stale');
        const twice = await p.applications.commit({
          application: { ...current, status: 'rejected' },
          expectedVersion: current.version,
          payment: aPayment({ type: 'final', providerPaymentId: 'pi_audit_2', userId: current.userId }),
          audit: [statusRow(current.id)],
        });
        expect(twice.outcome).toBe('conflict');
        const tooMuch = p.applications.commit({
          application: { ...current, status: 'rejected' },
          expectedVersion: current.version,
          refund: { paymentType: 'final', amount: 5000, reason: 'x', source: 'cancellation', status: 'pending', requestedBy: null, requestedByName: 'A', createdAt: at(2) },
          audit: [statusRow(current.id)],
        });
        await expect(tooMuch).rejects.toMatchObject({ data: { type: 'Validation' } });
        expect(await p.applications.findById(current.id)).toEqual(current);
        expect(await p.audit.walk(null, 10)).toEqual([]);
        expect(await p.audit.head()).toEqual({ seq: 0, hash: GENESIS_HASH });
      });

      it('a refund, its approval and a queued mail carry their audit rows; a replayed or refused one writes none', async () => {
        const application = await seedApplication(p);
        const paid = await p.applications.commit({
          application,
          expectedVersion: application.version,
          payment: aPayment({ type: 'final', providerPaymentId: 'pi_audit_3', amount: 3900, userId: application.userId }),
        });
        if (paid.outcome !== 'committed') throw new Error(paid.outcome);
        const ask = {
          paymentType: 'final' as const,
          amount: 3900,
          reason: 'Goodwill',
          source: 'staff' as const,
          status: 'pending_approval' as const,
          requestedBy: null,
          requestedByName: 'Sam',
          createdAt: at(3),
        };
        const approver = await p.users.create(aUser({ fullName: 'Bo Boss', isAdmin: true }));
        const requested = { ...anEntry({ action: 'refund.requested', targetType: 'refund', targetId: null }), targetIsNew: 'refund' as const };
        const { refund } = await p.refunds.request(application.id, ask, { audit: [requested] });
        expect((await p.refunds.request(application.id, ask, { audit: [requested] })).replayed).toBe(true);
        await expect(p.refunds.request(application.id, { ...ask, reason: 'more' }, { audit: [requested] })).rejects.toMatchObject({ data: { type: 'Validation' } });
        expect(
          await p.refunds.approve(refund.id, { userId: approver.id, name: 'Bo' }, at(4), { audit: [anEntry({ action: 'refund.approved', targetType: 'refund', targetId: String(refund.id) })] }),
        ).not.toBeNull();
        expect(await p.refunds.approve(refund.id, { userId: approver.id, name: 'Bo' }, at(4), { audit: [anEntry({ action: 'refund.approved' })] })).toBeNull();
        await p.outbox.enqueue({ to: 'a@example.com', template: 'status_changed', data: { applicationId: application.id } } as never, at(5), {
          audit: [anEntry({ action: 'application.message_resent', targetType: 'message', targetId: 'email-1' })],
        });
        const rows = await p.audit.walk(null, 10);
        expect(rows.map((r) => [r.action, r.targetId])).toEqual([
          ['refund.requested', String(refund.id)],
          ['refund.approved', String(refund.id)],
          ['application.message_resent', 'email-1'],
        ]);
        expect(await verify()).toMatchObject({ ok: true, rows: 3 });
      });
    });

    it('starts empty at the genesis head, and an empty log verifies', async () => {
      expect(await p.audit.head()).toEqual({ seq: 0, hash: GENESIS_HASH });
      expect(await verify()).toEqual({ ok: true, rows: 0, head: { seq: 0, hash: GENESIS_HASH } });
    });

    it('numbers, chains and hashes what it appends, stores it as given and moves the head', async () => {
      const first = await p.audit.append(anEntry());
      const second = await p.audit.append(
        anEntry({ actorId: null, actorEmail: null, clientAddress: null, action: 'user.exported', targetType: 'user', targetId: '3', applicationId: null, detail: {}, at: at(2) }),
      );
      expect(first).toMatchObject({ seq: 1, prevHash: GENESIS_HASH });
      expect(first.hash).toBe(auditHash(first));
      expect(second).toMatchObject({ seq: 2, prevHash: first.hash, actorId: null, actorEmail: null, clientAddress: null, detail: {} });
      expect(second.hash).toBe(auditHash(second));
      expect(await p.audit.head()).toEqual({ seq: 2, hash: second.hash });
      expect(await p.audit.walk(null, 10)).toEqual([first, second]);
      expect(await p.audit.walk(1, 10)).toEqual([second]);
      expect(await verify()).toEqual({ ok: true, rows: 2, head: { seq: 2, hash: second.hash } });
    });

    it('lists newest first, filtered by application, actor and time (inclusive), in pages', async () => {
      await p.audit.append(anEntry({ at: at(1) }));
      await p.audit.append(anEntry({ at: at(2), applicationId: 13, targetId: '13' }));
      await p.audit.append(anEntry({ at: at(3), actorId: 8, actorEmail: 'other@example.com' }));
      await p.audit.append(anEntry({ at: at(4), applicationId: null }));
      const seqs = async (q: Parameters<Persistence['audit']['list']>[0]) => (await p.audit.list(q)).map((e) => e.seq);
      expect(await seqs({ limit: 10 })).toEqual([4, 3, 2, 1]);
      expect(await seqs({ limit: 2, offset: 1 })).toEqual([3, 2]);
      expect(await seqs({ applicationId: 12, limit: 10 })).toEqual([3, 1]);
      expect(await seqs({ actorId: 7, limit: 10 })).toEqual([4, 2, 1]);
      expect(await seqs({ from: at(2), to: at(3), limit: 10 })).toEqual([3, 2]);
      expect(await seqs({ applicationId: 12, actorId: 8, from: at(3), limit: 10 })).toEqual([3]);
    });

    it('filters by action (the audit screen), alone and with the other filters', async () => {
      await p.audit.append(anEntry({ at: at(1) }));
      await p.audit.append(anEntry({ at: at(2), action: 'application.note_written' }));
      await p.audit.append(anEntry({ at: at(3), action: 'application.note_written', actorId: 8, actorEmail: 'other@example.com' }));
      await p.audit.append(anEntry({ at: at(4) }));
      const seqs = async (q: Parameters<Persistence['audit']['list']>[0]) => (await p.audit.list(q)).map((e) => e.seq);
      expect(await seqs({ action: 'application.note_written', limit: 10 })).toEqual([3, 2]);
      expect(await seqs({ action: 'application.note_written', actorId: 7, limit: 10 })).toEqual([2]);
      expect(await seqs({ action: 'application.note_written', limit: 1, offset: 1 })).toEqual([2]);
      expect(await seqs({ action: 'refund.approved', limit: 10 })).toEqual([]);
    });

    it('gives concurrent appends consecutive numbers and one unbroken chain', async () => {
      const n = 40;
      const appended = await Promise.all(Array.from({ length: n }, (_, i) => p.audit.append(anEntry({ targetId: String(i), detail: { i } }))));
      expect(appended.map((e) => e.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const rows = await p.audit.walk(null, n + 1);
      expect(rows.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(await verify()).toMatchObject({ ok: true, rows: n, head: { seq: n, hash: rows[n - 1]!.hash } });
    });
  });
}
