import { and, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AttemptCounter, AttemptWindow } from '../../../core/ports/attempt-counter.js';
import type { SqlDatabase } from './sql-database.js';

/**
 * Rate-limit counts in the database, so every server process counts the same attempts. Counting is
 * ONE statement (`INSERT … ON CONFLICT (key) DO UPDATE … RETURNING`), atomic on both dialects: a
 * window that has ended starts again at 1, a live one is incremented; `take` adds `WHERE` to the
 * update so a key at its limit is not counted (no row comes back).
 */
export function attemptStore(database: SqlDatabase): AttemptCounter {
  const { db, tables: t } = database;
  const r = t.rateLimits;
  // A Date bound through the column's own encoder (integer ms on SQLite, timestamptz on PostgreSQL).
  const at = (d: Date): SQL => sql`${sql.param(d, r.resetAt)}`;
  const window = (row: { hits: number; resetAt: Date }): AttemptWindow => ({ count: row.hits, resetAt: row.resetAt });

  function upsert(key: string, now: Date, windowMs: number, limit?: number) {
    const ended = sql`${r.resetAt} <= ${at(now)}`;
    return db
      .insert(r)
      .values({ key, hits: 1, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: r.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${r.hits} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${r.resetAt} end`,
        },
        setWhere: limit === undefined ? undefined : or(ended, sql`${r.hits} < ${limit}`),
      })
      .returning({ hits: r.hits, resetAt: r.resetAt });
  }

  const peek = async (key: string, now: Date) => {
    const [row] = await db
      .select({ hits: r.hits, resetAt: r.resetAt })
      .from(r)
      .where(and(eq(r.key, key), gt(r.resetAt, now)));
    return row ? window(row) : null;
  };

  return {
    async hit(key, now, windowMs) {
      const [row] = await upsert(key, now, windowMs);
      return window(row);
    },
    async take(key, now, windowMs, limit) {
      const [row] = await upsert(key, now, windowMs, limit);
      if (row) return { ...window(row), counted: true };
      // Refused: the window that is full (read after the statement; only its end is needed).
      const full = await peek(key, now);
      return { count: full?.count ?? limit, resetAt: full?.resetAt ?? new Date(now.getTime() + windowMs), counted: false };
    },
    peek,
    async reset(key) {
      await db.delete(r).where(eq(r.key, key));
    },
    async prune(now) {
      const gone = await db.delete(r).where(lte(r.resetAt, now)).returning({ key: r.key });
      return gone.length;
    },
  };
}
