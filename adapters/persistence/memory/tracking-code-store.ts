import { errors } from '../../../core/domain/errors.js';
import type { TrackingCode, TrackingCodeStore } from '../../../core/ports/tracking-code-store.js';
import { copy, queueMails, time, type MemoryState } from './state.js';

export function trackingCodeStore(s: MemoryState): TrackingCodeStore {
  const isLive = (code: TrackingCode | undefined, now: Date, maxWrongTries: number): code is TrackingCode =>
    code !== undefined && code.usedAt === null && time(code.expiresAt) > time(now) && code.wrongTries < maxWrongTries;
  return {
    async issue(code, mail) {
      if (!s.applications.has(code.applicationId)) throw errors.notFound('Application');
      s.trackingCodes.set(code.applicationId, { ...copy(code), wrongTries: 0, usedAt: null });
      queueMails(s, [mail], code.createdAt);
    },
    async attempt(applicationId, codeHash, now, maxWrongTries) {
      const code = s.trackingCodes.get(applicationId);
      if (!isLive(code, now, maxWrongTries)) return 'dead';
      if (code.codeHash === codeHash) {
        code.usedAt = new Date(time(now));
        return 'accepted';
      }
      code.wrongTries += 1;
      return 'wrong';
    },
    async find(applicationId) {
      const code = s.trackingCodes.get(applicationId);
      return code ? copy(code) : null;
    },
    async deleteExpired(now) {
      let n = 0;
      for (const [id, code] of s.trackingCodes) {
        if (time(code.expiresAt) < time(now)) {
          s.trackingCodes.delete(id);
          n += 1;
        }
      }
      return n;
    },
  };
}
