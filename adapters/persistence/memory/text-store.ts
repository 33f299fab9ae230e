import type { TextOutbox } from '../../../core/ports/text-outbox.js';
import { textEntry } from '../shared/rules.js';
import { appendAudit, copy, queueTexts, time, type MemoryState } from './state.js';

export function textStore(s: MemoryState): TextOutbox {
  /** The text if the attempt that leased it until `leasedUntil` still holds it. */
  const held = (id: number, leasedUntil: Date) => {
    const t = s.texts.get(id);
    return t && t.sentAt === null && t.failedAt === null && time(t.nextAttemptAt) === time(leasedUntil) ? t : undefined;
  };
  return {
    async enqueue(text, now, extras) {
      const [queued] = queueTexts(s, [text], now);
      appendAudit(s, extras?.audit ?? []);
      return queued!;
    },
    async findById(id) {
      const t = s.texts.get(id);
      return t ? copy(t) : null;
    },
    async claim(id, now, leaseUntil) {
      const t = s.texts.get(id);
      if (!t) return { status: 'missing' };
      if (t.sentAt !== null) return { status: 'sent' };
      if (t.failedAt !== null) return { status: 'failed' };
      if (time(t.nextAttemptAt) > time(now)) return { status: 'leased' };
      t.nextAttemptAt = new Date(time(leaseUntil));
      t.attempts += 1;
      return { status: 'claimed', text: copy(t) };
    },
    async markSent(id, sentAt, providerId) {
      const t = s.texts.get(id);
      if (t && t.sentAt === null) Object.assign(t, { sentAt: new Date(time(sentAt)), providerId, lastError: null });
    },
    async markFailed(id, error, now, leasedUntil) {
      const t = held(id, leasedUntil);
      if (t) Object.assign(t, { lastError: error, nextAttemptAt: new Date(time(now)) });
    },
    async markRefused(id, error, now, leasedUntil) {
      const t = held(id, leasedUntil);
      if (t) Object.assign(t, { lastError: error, failedAt: new Date(time(now)), nextAttemptAt: new Date(time(now)) });
    },
    async listByApplication(applicationId) {
      return [...s.texts.values()]
        .filter((t) => t.applicationId === applicationId)
        .sort((a, b) => a.id - b.id)
        .map((t) => textEntry(copy(t)));
    },
    async listWaiting() {
      return [...s.texts.values()]
        .filter((t) => t.sentAt === null && t.failedAt === null)
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
  };
}
