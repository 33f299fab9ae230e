import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditHash } from '../../core/domain/audit-chain.js';
import { GENESIS_HASH, type NewAuditEntry } from '../../core/domain/audit.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { makeAuditLog } from '../../core/use-cases/audit-log.js';
import { at, type MakePersistence } from './persistence-fixtures.js';

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

    it('starts empty at the genesis head, and an empty log verifies', async () => {
      expect(await p.audit.head()).toEqual({ seq: 0, hash: GENESIS_HASH });
      expect(await verify()).toEqual({ ok: true, rows: 0, head: { seq: 0, hash: GENESIS_HASH } });
    });

    it('numbers, chains and hashes what it appends, stores it as given and moves the head', async () => {
      const first = await p.audit.append(anEntry());
      const second = await p.audit.append(anEntry({ actorId: null, actorEmail: null, clientAddress: null, action: 'user.exported', targetType: 'user', targetId: '3', applicationId: null, detail: {}, at: at(2) }));
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
