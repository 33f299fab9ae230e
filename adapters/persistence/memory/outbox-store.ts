import type { MailOutbox } from '../../../core/ports/mail-outbox.js';
import { copy, queueMails, queueTexts, time, type MemoryState } from './state.js';

export function outboxStore(s: MemoryState): MailOutbox {
  return {
    async enqueue(mail, now, texts) {
      const [queued] = queueMails(s, [mail], now);
      queueTexts(s, texts, now);
      return copy(queued);
    },
    async claim(id, now, leaseUntil) {
      const m = s.outbox.get(id);
      if (!m) return { status: 'missing' };
      if (m.sentAt !== null) return { status: 'sent' };
      if (time(m.nextAttemptAt) > time(now)) return { status: 'leased' };
      m.nextAttemptAt = new Date(time(leaseUntil));
      m.attempts += 1;
      return { status: 'claimed', mail: copy(m) };
    },
    async markSent(id, sentAt) {
      const m = s.outbox.get(id);
      if (m && m.sentAt === null) m.sentAt = new Date(time(sentAt));
    },
    async markFailed(id, error, now, leasedUntil) {
      const m = s.outbox.get(id);
      if (m && m.sentAt === null && time(m.nextAttemptAt) === time(leasedUntil)) {
        m.lastError = error;
        m.nextAttemptAt = new Date(time(now));
      }
    },
    async list(filter = {}) {
      const to = filter.to?.trim().toLowerCase();
      return [...s.outbox.values()]
        .filter((m) => filter.sent === undefined || (m.sentAt !== null) === filter.sent)
        .filter((m) => to === undefined || m.to.toLowerCase() === to)
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
  };
}
