import type { MailOutbox } from '../../../core/ports/mail-outbox.js';
import { copy, queueMails, time, type MemoryState } from './state.js';

export function outboxStore(s: MemoryState): MailOutbox {
  return {
    async enqueue(mail, now) {
      return copy(queueMails(s, [mail], now)[0]);
    },
    async claimDue(now, leaseUntil, limit) {
      const due = [...s.outbox.values()]
        .filter((m) => m.sentAt === null && time(m.nextAttemptAt) <= time(now))
        .sort((a, b) => time(a.nextAttemptAt) - time(b.nextAttemptAt) || a.id - b.id)
        .slice(0, Math.max(0, limit));
      for (const m of due) {
        m.nextAttemptAt = new Date(time(leaseUntil));
        m.attempts += 1;
      }
      return due.map(copy);
    },
    async markSent(id, sentAt) {
      const m = s.outbox.get(id);
      if (m) m.sentAt = new Date(time(sentAt));
    },
    async markFailed(id, error, nextAttemptAt) {
      const m = s.outbox.get(id);
      if (m) {
        m.lastError = error;
        m.nextAttemptAt = new Date(time(nextAttemptAt));
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
