import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aMail, at, type MakePersistence } from './persistence-fixtures.js';

export function describeMailOutboxContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: MailOutbox`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('enqueues a mail due now with no attempts', async () => {
      const mail = await p.outbox.enqueue(aMail('a@example.com', { template: 'evisa', attachments: [{ storageKey: 'k', fileName: 'visa.pdf', contentType: 'application/pdf' }] }), at(1));
      expect(mail).toEqual({
        id: expect.any(Number),
        to: 'a@example.com',
        template: 'evisa',
        data: { applicationNumber: 'EV-1', amount: 1000, urgent: false, note: null },
        attachments: [{ storageKey: 'k', fileName: 'visa.pdf', contentType: 'application/pdf' }],
        attempts: 0,
        nextAttemptAt: at(1),
        sentAt: null,
        lastError: null,
        createdAt: at(1),
      });
      expect(await p.outbox.list()).toEqual([mail]);
    });

    it('claims due mails in order up to the limit, leasing them and counting the attempt', async () => {
      const m1 = await p.outbox.enqueue(aMail('1@example.com'), at(1));
      const m2 = await p.outbox.enqueue(aMail('2@example.com'), at(2));
      const m3 = await p.outbox.enqueue(aMail('3@example.com'), at(3));
      await p.outbox.enqueue(aMail('later@example.com'), at(50));
      const claimed = await p.outbox.claimDue(at(10), at(15), 2);
      expect(claimed.map((m) => m.id)).toEqual([m1.id, m2.id]);
      expect(claimed.every((m) => m.attempts === 1 && m.nextAttemptAt.getTime() === at(15).getTime())).toBe(true);
      // Leased mails are not claimed again before the lease ends; the third is.
      expect((await p.outbox.claimDue(at(11), at(16), 10)).map((m) => m.id)).toEqual([m3.id]);
      expect(await p.outbox.claimDue(at(12), at(17), 10)).toEqual([]);
      // After the lease ends, an unsent mail is due again.
      const again = await p.outbox.claimDue(at(15), at(20), 10);
      expect(again.map((m) => [m.id, m.attempts])).toEqual([[m1.id, 2], [m2.id, 2]]);
    });

    it('never claims a sent mail, and reschedules a failed one', async () => {
      const ok = await p.outbox.enqueue(aMail('ok@example.com'), at(1));
      const bad = await p.outbox.enqueue(aMail('bad@example.com'), at(1));
      await p.outbox.claimDue(at(1), at(2), 10);
      await p.outbox.markSent(ok.id, at(2));
      await p.outbox.markFailed(bad.id, 'SMTP 451 try later', at(30));
      expect(await p.outbox.claimDue(at(29), at(40), 10)).toEqual([]);
      const retried = await p.outbox.claimDue(at(30), at(40), 10);
      expect(retried.map((m) => [m.id, m.attempts, m.lastError])).toEqual([[bad.id, 2, 'SMTP 451 try later']]);
      expect((await p.outbox.list({ sent: true })).map((m) => [m.id, m.sentAt?.toISOString()])).toEqual([[ok.id, at(2).toISOString()]]);
      expect((await p.outbox.list({ sent: false })).map((m) => m.id)).toEqual([bad.id]);
      expect((await p.outbox.list({ to: 'OK@example.com' })).map((m) => m.id)).toEqual([ok.id]);
    });

    it('concurrent senders never receive the same mail', async () => {
      const queued = [];
      for (let i = 0; i < 30; i++) queued.push(await p.outbox.enqueue(aMail(`m${i}@example.com`), at(0)));
      const batches = await Promise.all(Array.from({ length: 6 }, () => p.outbox.claimDue(at(1), at(10), 8)));
      const claimedIds = batches.flat().map((m) => m.id);
      expect(new Set(claimedIds).size).toBe(claimedIds.length);
      expect(claimedIds.sort((a, b) => a - b)).toEqual(queued.map((m) => m.id));
      expect((await p.outbox.list()).every((m) => m.attempts === 1)).toBe(true);
    });
  });
}
