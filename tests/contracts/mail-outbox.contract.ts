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

    it('claims one mail at a time: leased until the lease ends, counting the attempt', async () => {
      const m1 = await p.outbox.enqueue(aMail('1@example.com'), at(1));
      const m2 = await p.outbox.enqueue(aMail('2@example.com'), at(1));
      const claimed = await p.outbox.claim(m1.id, at(10), at(15));
      expect(claimed).toEqual({ status: 'claimed', mail: { ...m1, attempts: 1, nextAttemptAt: at(15) } });
      // Held: a second claim before the lease ends is refused; the other mail is free.
      expect(await p.outbox.claim(m1.id, at(14), at(20))).toEqual({ status: 'leased' });
      expect((await p.outbox.claim(m2.id, at(14), at(20))).status).toBe('claimed');
      // After the lease ends an unsent mail can be claimed again.
      const again = await p.outbox.claim(m1.id, at(15), at(25));
      expect(again.status === 'claimed' && [again.mail.attempts, again.mail.nextAttemptAt]).toEqual([2, at(25)]);
      expect(await p.outbox.claim(999_999, at(15), at(25))).toEqual({ status: 'missing' });
      expect(await p.outbox.claim(2 ** 31, at(15), at(25))).toEqual({ status: 'missing' });
    });

    it('never claims a sent mail; a failed attempt records why and ends its lease', async () => {
      const ok = await p.outbox.enqueue(aMail('ok@example.com'), at(1));
      const bad = await p.outbox.enqueue(aMail('bad@example.com'), at(1));
      await p.outbox.claim(ok.id, at(1), at(30));
      await p.outbox.claim(bad.id, at(1), at(30));
      await p.outbox.markSent(ok.id, at(2));
      // A late answer of an attempt whose lease was taken over changes nothing.
      await p.outbox.markFailed(bad.id, 'stale', at(3), at(29));
      await p.outbox.markFailed(bad.id, 'SMTP 451 try later', at(3), at(30));
      expect(await p.outbox.claim(ok.id, at(40), at(50))).toEqual({ status: 'sent' });
      // A failure after the mail was sent (a late duplicate attempt) changes nothing.
      await p.outbox.markFailed(ok.id, 'late', at(41), at(30));
      const retried = await p.outbox.claim(bad.id, at(3), at(33));
      expect(retried.status === 'claimed' && [retried.mail.attempts, retried.mail.lastError]).toEqual([2, 'SMTP 451 try later']);
      expect((await p.outbox.list({ sent: true })).map((m) => [m.id, m.sentAt?.toISOString(), m.lastError])).toEqual([[ok.id, at(2).toISOString(), null]]);
      expect((await p.outbox.list({ sent: false })).map((m) => m.id)).toEqual([bad.id]);
      expect((await p.outbox.list({ to: 'OK@example.com' })).map((m) => m.id)).toEqual([ok.id]);
    });

    it('concurrent claims of one mail hand it to exactly one sender', async () => {
      const queued = [];
      for (let i = 0; i < 10; i++) queued.push(await p.outbox.enqueue(aMail(`m${i}@example.com`), at(0)));
      for (const mail of queued) {
        const claims = await Promise.all(Array.from({ length: 5 }, () => p.outbox.claim(mail.id, at(1), at(10))));
        expect(claims.filter((c) => c.status === 'claimed')).toHaveLength(1);
        expect(claims.filter((c) => c.status === 'leased')).toHaveLength(4);
      }
      expect((await p.outbox.list()).every((m) => m.attempts === 1)).toBe(true);
    });

    it('queues a deliver-mail job with each mail, committed with it', async () => {
      const mail = await p.outbox.enqueue(aMail('job@example.com'), at(1));
      const [job] = await p.jobs.fetch('deliver-mail', 10);
      expect(job).toMatchObject({ name: 'deliver-mail', input: { mailId: mail.id }, retryCount: 0 });
      expect(await p.jobs.fetch('deliver-mail', 10)).toEqual([]);
    });
  });
}
