import type { SessionStore } from '../../../core/ports/session-store.js';
import { copy, time, type MemoryState } from './state.js';

export function sessionStore(s: MemoryState): SessionStore {
  return {
    async create(session) {
      s.sessions.set(session.idHash, copy({ userAgent: null, clientAddress: null, ...session }));
    },
    async find(idHash) {
      const sess = s.sessions.get(idHash);
      return sess ? copy(sess) : null;
    },
    async listForUser(userId) {
      return [...s.sessions.values()]
        .filter((sess) => sess.userId === userId)
        .sort((a, b) => time(b.createdAt) - time(a.createdAt) || (a.idHash < b.idHash ? 1 : -1))
        .map(copy);
    },
    async touch(idHash, lastSeenAt) {
      const sess = s.sessions.get(idHash);
      if (sess) sess.lastSeenAt = new Date(time(lastSeenAt));
    },
    async delete(idHash) {
      s.sessions.delete(idHash);
      s.access.announce({ session: idHash });
    },
    async deleteAllForUser(userId) {
      for (const [key, sess] of s.sessions) if (sess.userId === userId) s.sessions.delete(key);
      s.access.announce({ user: userId });
    },
    async deleteExpired(idleBefore, createdBefore) {
      let n = 0;
      for (const [key, sess] of s.sessions) {
        if (time(sess.lastSeenAt) < time(idleBefore) || time(sess.createdAt) < time(createdBefore)) {
          s.sessions.delete(key);
          s.access.announce({ session: key });
          n += 1;
        }
      }
      return n;
    },
  };
}
