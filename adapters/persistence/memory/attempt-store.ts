import type { AttemptCounter } from '../../../core/ports/attempt-counter.js';
import { copy, time, type MemoryState } from './state.js';

/** Rate-limit counts: the SQL stores' upsert, one synchronous step. */
export function attemptStore(s: MemoryState): AttemptCounter {
  const liveWindow = (key: string, now: Date) => {
    const found = s.attempts.get(key);
    return found && time(found.resetAt) > time(now) ? found : null;
  };
  return {
    async hit(key, now, windowMs) {
      const live = liveWindow(key, now);
      const next = live ? { count: live.count + 1, resetAt: live.resetAt } : { count: 1, resetAt: new Date(time(now) + windowMs) };
      s.attempts.set(key, next);
      return copy(next);
    },
    async take(key, now, windowMs, limit) {
      const live = liveWindow(key, now);
      if (live && live.count >= limit) return { ...copy(live), counted: false };
      const next = live ? { count: live.count + 1, resetAt: live.resetAt } : { count: 1, resetAt: new Date(time(now) + windowMs) };
      s.attempts.set(key, next);
      return { ...copy(next), counted: true };
    },
    async peek(key, now) {
      const live = liveWindow(key, now);
      return live ? copy(live) : null;
    },
    async reset(key) {
      s.attempts.delete(key);
    },
    async prune(now) {
      let gone = 0;
      for (const [key, w] of s.attempts) {
        if (time(w.resetAt) <= time(now)) {
          s.attempts.delete(key);
          gone += 1;
        }
      }
      return gone;
    },
  };
}
