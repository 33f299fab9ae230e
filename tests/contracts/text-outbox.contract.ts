import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { OutboxTextInput } from '../../core/ports/text-outbox.js';
import { aMail, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

function aText(applicationId: number | null, overrides: Partial<OutboxTextInput> = {}): OutboxTextInput {
  return { applicationId, userId: 1, to: '+447400123456', template: 'status_changed', body: 'Agency: application EV-1 is now being processed. https://x.test/dashboard', ...overrides };
}

export function describeTextOutboxContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: TextOutbox`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('enqueues a text due now, with its deliver-text job, and lists it queued under its application', async () => {
      const text = await p.texts.enqueue(aText(7), at(1));
      expect(text).toEqual({
        id: expect.any(Number),
        applicationId: 7,
        userId: 1,
        to: '+447400123456',
        template: 'status_changed',
        body: expect.stringContaining('EV-1'),
        attempts: 0,
        nextAttemptAt: at(1),
        sentAt: null,
        providerId: null,
        lastError: null,
        failedAt: null,
        createdAt: at(1),
      });
      expect(await p.texts.findById(text.id)).toEqual(text);
      expect(await p.texts.listByApplication(7)).toEqual([
        { id: text.id, channel: 'sms', applicationId: 7, template: 'status_changed', to: '+447400123456', body: text.body, status: 'queued', at: at(1), attempts: 0, error: null },
      ]);
      expect(await p.texts.listByApplication(8)).toEqual([]);
      const [job] = await p.jobs.fetch('deliver-text', 10);
      expect(job).toMatchObject({ name: 'deliver-text', input: { textId: text.id }, retryCount: 0 });
    });

    it('stores a skipped text failed with its reason, and queues no job for it', async () => {
      const skipped = await p.texts.enqueue(aText(7, { to: '12345', skipped: 'Not sent: 12345 is not a valid phone number' }), at(2));
      expect(skipped).toMatchObject({ failedAt: at(2), lastError: 'Not sent: 12345 is not a valid phone number', sentAt: null });
      expect(await p.jobs.fetch('deliver-text', 10)).toEqual([]);
      expect(await p.texts.claim(skipped.id, at(3), at(4))).toEqual({ status: 'failed' });
      expect(await p.texts.listByApplication(7)).toEqual([expect.objectContaining({ status: 'failed', at: at(2), error: 'Not sent: 12345 is not a valid phone number' })]);
      expect(await p.texts.listWaiting()).toEqual([]);
    });

    it('claims with a lease; sent is final and keeps the provider id; a refusal fails it for good', async () => {
      const a = await p.texts.enqueue(aText(1), at(0));
      const b = await p.texts.enqueue(aText(1), at(0));
      const c = await p.texts.enqueue(aText(1), at(0));
      const claimed = await p.texts.claim(a.id, at(1), at(5));
      expect(claimed).toEqual({ status: 'claimed', text: { ...a, attempts: 1, nextAttemptAt: at(5) } });
      expect(await p.texts.claim(a.id, at(4), at(9))).toEqual({ status: 'leased' });
      await p.texts.markSent(a.id, at(2), 'SM123');
      expect(await p.texts.claim(a.id, at(10), at(15))).toEqual({ status: 'sent' });

      // A temporary failure ends the lease (only the attempt's own) and keeps the error; the next claim counts again.
      await p.texts.claim(b.id, at(1), at(5));
      await p.texts.markFailed(b.id, 'stale answer', at(2), at(4));
      await p.texts.markFailed(b.id, 'HTTP 503', at(2), at(5));
      const again = await p.texts.claim(b.id, at(2), at(7));
      expect(again.status === 'claimed' && [again.text.attempts, again.text.lastError]).toEqual([2, 'HTTP 503']);

      await p.texts.claim(c.id, at(1), at(5));
      await p.texts.markRefused(c.id, "Twilio refused the text (21211): invalid 'To' phone number", at(3), at(5));
      expect(await p.texts.claim(c.id, at(10), at(15))).toEqual({ status: 'failed' });
      expect(await p.texts.claim(999_999, at(10), at(15))).toEqual({ status: 'missing' });

      const log = await p.texts.listByApplication(1);
      expect(log.map((t) => [t.id, t.status, t.at, t.error])).toEqual([
        [a.id, 'sent', at(2), null],
        [b.id, 'queued', at(0), 'HTTP 503'],
        [c.id, 'failed', at(3), "Twilio refused the text (21211): invalid 'To' phone number"],
      ]);
      expect((await p.texts.findById(a.id))?.providerId).toBe('SM123');
      expect((await p.texts.listWaiting()).map((t) => t.id)).toEqual([b.id]);
    });

    it('concurrent claims of one text hand it to exactly one sender', async () => {
      for (let i = 0; i < 5; i++) {
        const text = await p.texts.enqueue(aText(2), at(0));
        const claims = await Promise.all(Array.from({ length: 5 }, () => p.texts.claim(text.id, at(1), at(10))));
        expect(claims.filter((c) => c.status === 'claimed')).toHaveLength(1);
        expect(claims.filter((c) => c.status === 'leased')).toHaveLength(4);
      }
    });

    it('a mail and its texts are queued together; an application change commits its texts with it', async () => {
      await p.outbox.enqueue(aMail('a@example.com'), at(1), { texts: [aText(3), aText(3, { template: 'evisa_sent' })] });
      expect((await p.texts.listByApplication(3)).map((t) => t.template)).toEqual(['status_changed', 'evisa_sent']);

      const app = await seedApplication(p);
      const changed = { ...app, status: 'under_process' as const, updatedAt: at(5) };
      const text = aText(app.id, { template: 'status_changed' });
      expect((await p.applications.commit({ application: changed, expectedVersion: app.version, texts: [text] })).outcome).toBe('committed');
      // A stale change writes nothing: no text.
      expect((await p.applications.commit({ application: changed, expectedVersion: app.version, texts: [text] })).outcome).toBe('stale');
      expect((await p.texts.listByApplication(app.id)).map((t) => [t.status, t.at])).toEqual([['queued', at(5)]]);
      const jobs = await p.jobs.fetch('deliver-text', 10);
      expect(jobs).toHaveLength(3);
    });

    it('goes with its user when the user is erased: no phone number or words are kept', async () => {
      const erased = await seedApplication(p, {}, { email: 'erased@example.com' });
      const kept = await seedApplication(p, {}, { email: 'kept@example.com' });
      await p.texts.enqueue(aText(erased.id, { userId: erased.userId }), at(1));
      await p.texts.enqueue(aText(erased.id, { userId: erased.userId, template: 'evisa_sent' }), at(2));
      const other = await p.texts.enqueue(aText(kept.id, { userId: kept.userId }), at(3));
      await p.users.erase(erased.userId);
      expect(await p.texts.listByApplication(erased.id)).toEqual([]);
      expect((await p.texts.listWaiting()).map((t) => t.id)).toEqual([other.id]);
      expect((await p.texts.listByApplication(kept.id)).map((t) => t.id)).toEqual([other.id]);
    });

    it('keeps an application’s smsUpdates choice', async () => {
      const yes = await seedApplication(p, {}, {}, { smsUpdates: true });
      const no = await seedApplication(p);
      expect((await p.applications.findById(yes.id))?.smsUpdates).toBe(true);
      expect((await p.applications.findById(no.id))?.smsUpdates).toBe(false);
    });
  });
}
