import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import { isStoredId } from '../../../core/domain/ids.js';
import type { TrackingCodeStore } from '../../../core/ports/tracking-code-store.js';
import { isForeignKeyViolation } from './driver-errors.js';
import { queueMails } from './outbox-store.js';
import type { SqlDatabase } from './sql-database.js';
import { changes } from './unit.js';

/**
 * Tracking codes (docs/product.md §16.1): one row per application. Trying a code is two
 * compare-and-set UPDATEs, each one atomic statement: the first marks the live code used if the
 * hash is its own, the second (only when the first changed nothing) counts a wrong try on the live
 * code. Two tries of the right code at once: one UPDATE finds `used_at` already set.
 */
export function trackingCodeStore(database: SqlDatabase): TrackingCodeStore {
  const { db, tables: t } = database;
  const c = t.trackingCodes;
  const live = (applicationId: number, now: Date, maxWrongTries: number) => and(eq(c.applicationId, applicationId), isNull(c.usedAt), gt(c.expiresAt, now), lt(c.wrongTries, maxWrongTries));
  return {
    async issue(code, mail) {
      try {
        await database.transaction(function* (tx) {
          const row = { ...code, wrongTries: 0, usedAt: null };
          yield* changes(
            tx
              .insert(c)
              .values(row)
              .onConflictDoUpdate({ target: c.applicationId, set: { codeHash: row.codeHash, createdAt: row.createdAt, expiresAt: row.expiresAt, wrongTries: 0, usedAt: null } }),
          );
          yield* queueMails(tx, t, [mail], code.createdAt);
        });
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('Application');
        throw e;
      }
    },
    async attempt(applicationId, codeHash, now, maxWrongTries) {
      if (!isStoredId(applicationId)) return 'dead';
      const used = await db
        .update(c)
        .set({ usedAt: now })
        .where(and(live(applicationId, now, maxWrongTries), eq(c.codeHash, codeHash)))
        .returning({ id: c.applicationId });
      if (used.length > 0) return 'accepted';
      const counted = await db
        .update(c)
        .set({ wrongTries: sql`${c.wrongTries} + 1` })
        .where(live(applicationId, now, maxWrongTries))
        .returning({ id: c.applicationId });
      return counted.length > 0 ? 'wrong' : 'dead';
    },
    async find(applicationId) {
      if (!isStoredId(applicationId)) return null;
      const [row] = await db.select().from(c).where(eq(c.applicationId, applicationId));
      return row ? { ...row } : null;
    },
    async deleteExpired(now) {
      const gone = await db.delete(c).where(lt(c.expiresAt, now)).returning({ id: c.applicationId });
      return gone.length;
    },
  };
}
