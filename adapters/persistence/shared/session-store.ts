import { desc, eq, lt, or, sql } from 'drizzle-orm';
import type { SessionStore } from '../../../core/ports/session-store.js';
import { announcing, type AccessChangeFeed } from '../access-changes.js';
import { sessionFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

/** Every ended session is announced on `access`, so process-local caches drop it at once. */
export function sessionStore(database: SqlDatabase, access: AccessChangeFeed): SessionStore {
  const { db, tables: t } = database;
  // Read on every signed-in request that is not served from a node's cache.
  const byIdHash = database.prepare(() =>
    db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.idHash, sql.placeholder('idHash'))),
  );
  return {
    async create(session) {
      await db.insert(t.sessions).values({ ...session });
    },
    async find(idHash) {
      const row = await byIdHash.get({ idHash });
      return row ? sessionFromRow(row) : null;
    },
    async listForUser(userId) {
      const found = await db.select().from(t.sessions).where(eq(t.sessions.userId, userId)).orderBy(desc(t.sessions.createdAt), desc(t.sessions.idHash));
      return found.map(sessionFromRow);
    },
    async touch(idHash, lastSeenAt) {
      await db.update(t.sessions).set({ lastSeenAt }).where(eq(t.sessions.idHash, idHash));
    },
    async delete(idHash) {
      await announcing(access, { session: idHash }, () => db.delete(t.sessions).where(eq(t.sessions.idHash, idHash)));
    },
    async deleteAllForUser(userId) {
      await announcing(access, { user: userId }, () => db.delete(t.sessions).where(eq(t.sessions.userId, userId)));
    },
    async deleteExpired(idleBefore, createdBefore) {
      let gone: { idHash: string }[] | null = null;
      try {
        gone = await db
          .delete(t.sessions)
          .where(or(lt(t.sessions.lastSeenAt, idleBefore), lt(t.sessions.createdAt, createdBefore)))
          .returning({ idHash: t.sessions.idHash });
        return gone.length;
      } finally {
        if (gone) for (const { idHash } of gone) access.announce({ session: idHash });
        else access.announce('everything');
      }
    },
  };
}
