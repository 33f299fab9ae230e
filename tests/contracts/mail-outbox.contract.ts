import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aMail, at, aUser, type MakePersistence } from './persistence-fixtures.js';
import type { OutboxMailInput } from '../../core/ports/mail-outbox.js';

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
        applicationId: null,
        refusedAt: null,
        bounced: false,
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

    it('files a mail under the application its data names, lists an application’s mails newest first and finds one by id', async () => {
      const about = (applicationId: unknown) => ({ ...aMail('log@example.com'), data: { applicationNumber: 'EV-7', applicationId } }) as unknown as OutboxMailInput;
      const first = await p.outbox.enqueue(about(7), at(1));
      const other = await p.outbox.enqueue(about(8), at(2));
      const second = await p.outbox.enqueue(about(7), at(3));
      // Not an application's: no id, a mistyped one, one beyond the id columns' range.
      for (const id of [undefined, '7', 7.5, 2 ** 31]) expect((await p.outbox.enqueue(about(id), at(4))).applicationId).toBeNull();
      expect(first.applicationId).toBe(7);
      expect((await p.outbox.listByApplication(7)).map((m) => m.id)).toEqual([second.id, first.id]);
      expect((await p.outbox.listByApplication(8)).map((m) => m.id)).toEqual([other.id]);
      expect(await p.outbox.listByApplication(2 ** 31)).toEqual([]);
      expect(await p.outbox.findById(first.id)).toEqual(first);
      expect(await p.outbox.findById(999_999)).toBeNull();
      expect(await p.outbox.findById(2 ** 31)).toBeNull();
    });

    it("answers when each application's mail of a template was last sent, in one read; unsent and other templates left out", async () => {
      const about = (applicationId: number, template: OutboxMailInput['template']) =>
        ({ ...aMail('sent@example.com', { template }), data: { applicationNumber: `EV-${applicationId}`, applicationId } }) as unknown as OutboxMailInput;
      const a1 = await p.outbox.enqueue(about(21, 'evisa'), at(1));
      const a2 = await p.outbox.enqueue(about(21, 'evisa'), at(2));
      const b = await p.outbox.enqueue(about(22, 'evisa'), at(3));
      await p.outbox.enqueue(about(23, 'evisa'), at(4)); // queued, never sent
      const otherTemplate = await p.outbox.enqueue(about(24, 'status_changed'), at(5));
      for (const [mail, sentAt] of [
        [a1, 10],
        [a2, 30],
        [b, 20],
        [otherTemplate, 40],
      ] as const) {
        expect((await p.outbox.claim(mail.id, at(sentAt - 1), at(sentAt + 100))).status).toBe('claimed');
        await p.outbox.markSent(mail.id, at(sentAt));
      }
      const sent = await p.outbox.lastSentOf('evisa', [21, 22, 23, 24, 99]);
      expect([...sent.entries()].sort(([x], [y]) => x - y)).toEqual([
        [21, at(30)],
        [22, at(20)],
      ]);
      // The same read of another template (its statement is prepared once: the template is bound, not kept).
      expect([...(await p.outbox.lastSentOf('status_changed', [21, 22, 23, 24, 99])).entries()]).toEqual([[24, at(40)]]);
      expect(await p.outbox.lastSentOf('evisa', [])).toEqual(new Map());
    });

    it('a permanent refusal ends the mail; a bounce marks the accounts at its address, and a later mail sent there clears it', async () => {
      const user = await p.users.create(aUser({ email: 'Bouncy@Example.com' }));
      const bystander = await p.users.create(aUser());
      const bounced = await p.outbox.enqueue(aMail('bouncy@example.com'), at(1));
      const refused = await p.outbox.enqueue(aMail('bouncy@example.com'), at(1));
      await p.outbox.claim(bounced.id, at(1), at(30));
      await p.outbox.claim(refused.id, at(1), at(30));
      // A late answer of a taken-over attempt changes nothing.
      await p.outbox.markRefused(bounced.id, { reason: 'stale', bounced: true }, at(2), at(29));
      expect((await p.users.findById(user.id))?.mailBounce).toBeUndefined();
      await p.outbox.markRefused(bounced.id, { reason: '550 5.1.1 No such user here', bounced: true }, at(2), at(30));
      await p.outbox.markRefused(refused.id, { reason: '552 Message too large', bounced: false }, at(3), at(30));
      expect(await p.outbox.findById(bounced.id)).toMatchObject({ refusedAt: at(2), bounced: true, lastError: '550 5.1.1 No such user here', sentAt: null });
      expect(await p.outbox.findById(refused.id)).toMatchObject({ refusedAt: at(3), bounced: false, lastError: '552 Message too large' });
      // Never claimed again, nor failed over.
      expect(await p.outbox.claim(bounced.id, at(60), at(90))).toEqual({ status: 'refused' });
      await p.outbox.markFailed(refused.id, 'late', at(61), at(3));
      expect((await p.outbox.findById(refused.id))?.lastError).toBe('552 Message too large');
      expect((await p.users.findById(user.id))?.mailBounce).toEqual({ address: 'bouncy@example.com', at: at(2), reason: '550 5.1.1 No such user here' });
      expect((await p.users.findByEmail('bouncy@example.com'))?.mailBounce?.at).toEqual(at(2));
      expect((await p.users.findById(bystander.id))?.mailBounce).toBeUndefined();

      // A mail to another address changes nothing; one sent to this address clears the mark.
      const elsewhere = await p.outbox.enqueue(aMail(bystander.email), at(4));
      await p.outbox.claim(elsewhere.id, at(4), at(34));
      await p.outbox.markSent(elsewhere.id, at(5));
      expect((await p.users.findById(user.id))?.mailBounce).toBeDefined();
      const later = await p.outbox.enqueue(aMail('BOUNCY@example.com'), at(6));
      await p.outbox.claim(later.id, at(6), at(36));
      await p.outbox.markSent(later.id, at(7));
      expect((await p.users.findById(user.id))?.mailBounce).toBeUndefined();
    });

    it('queues a deliver-mail job with each mail, committed with it', async () => {
      const mail = await p.outbox.enqueue(aMail('job@example.com'), at(1));
      const [job] = await p.jobs.fetch('deliver-mail', 10);
      expect(job).toMatchObject({ name: 'deliver-mail', input: { mailId: mail.id }, retryCount: 0 });
      expect(await p.jobs.fetch('deliver-mail', 10)).toEqual([]);
    });
  });
}
