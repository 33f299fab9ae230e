import type { MailOutbox } from '../../../core/ports/mail-outbox.js';
import { appendAudit, copy, queueMails, queueTexts, time, type MemoryState } from './state.js';

export function outboxStore(s: MemoryState): MailOutbox {
  const usersAt = (address: string) => {
    const wanted = address.trim().toLowerCase();
    return [...s.users.values()].filter((user) => user.email.toLowerCase() === wanted);
  };
  return {
    async enqueue(mail, now, extras) {
      const [queued] = queueMails(s, [mail], now);
      queueTexts(s, extras?.texts, now);
      appendAudit(s, extras?.audit ?? []);
      return copy(queued);
    },
    async claim(id, now, leaseUntil) {
      const m = s.outbox.get(id);
      if (!m) return { status: 'missing' };
      if (m.sentAt !== null) return { status: 'sent' };
      if (m.refusedAt !== null) return { status: 'refused' };
      if (time(m.nextAttemptAt) > time(now)) return { status: 'leased' };
      m.nextAttemptAt = new Date(time(leaseUntil));
      m.attempts += 1;
      return { status: 'claimed', mail: copy(m) };
    },
    async markSent(id, sentAt) {
      const m = s.outbox.get(id);
      if (!m || m.sentAt !== null) return;
      m.sentAt = new Date(time(sentAt));
      // The address took a mail: whatever bounced before no longer stands.
      for (const user of usersAt(m.to)) {
        if (!user.mailBounce) continue;
        delete user.mailBounce;
        s.access.announce({ user: user.id });
      }
    },
    async markRefused(id, refusal, now, leasedUntil) {
      const m = s.outbox.get(id);
      if (!m || m.sentAt !== null || m.refusedAt !== null || time(m.nextAttemptAt) !== time(leasedUntil)) return;
      Object.assign(m, { lastError: refusal.reason, refusedAt: new Date(time(now)), bounced: refusal.bounced, nextAttemptAt: new Date(time(now)) });
      if (refusal.bounced) {
        for (const user of usersAt(m.to)) {
          user.mailBounce = { address: m.to.trim().toLowerCase(), at: new Date(time(now)), reason: refusal.reason };
          s.access.announce({ user: user.id });
        }
      }
    },
    async markFailed(id, error, now, leasedUntil) {
      const m = s.outbox.get(id);
      if (m && m.sentAt === null && m.refusedAt === null && time(m.nextAttemptAt) === time(leasedUntil)) {
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
    async findById(id) {
      const m = s.outbox.get(id);
      return m ? copy(m) : null;
    },
    async listByApplication(applicationId) {
      return [...s.outbox.values()]
        .filter((m) => m.applicationId === applicationId)
        .sort((a, b) => b.id - a.id)
        .map(copy);
    },
    async lastSentOf(template, applicationIds) {
      const wanted = new Set(applicationIds);
      const sent = new Map<number, Date>();
      for (const m of s.outbox.values()) {
        if (m.applicationId === null || !wanted.has(m.applicationId) || m.template !== template || !m.sentAt) continue;
        const last = sent.get(m.applicationId);
        if (!last || m.sentAt.getTime() > last.getTime()) sent.set(m.applicationId, new Date(m.sentAt));
      }
      return sent;
    },
  };
}
