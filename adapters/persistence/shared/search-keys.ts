import { eq } from 'drizzle-orm';
import { applicationSearchColumns, userSearchColumns } from './rules.js';
import type { SqlDatabase } from './sql-database.js';
import { changes, rows } from './unit.js';

/** Rows folded per transaction. */
const BATCH = 500;

/**
 * Fills the folded search keys of rows written before the stores wrote them (migration 0005 leaves
 * them ''; no stored row has an empty email or "given name + surname", so '' means "not folded
 * yet"). Run after the SQL migrations; each lookup is an index equality, so on an up-to-date database
 * it costs two empty index probes.
 */
export async function foldMissingSearchKeys(database: SqlDatabase): Promise<void> {
  const { tables: t } = database;
  const u = t.users;
  const a = t.applications;
  for (;;) {
    const done = await database.transaction(function* (tx) {
      const found = yield* rows(tx.select({ id: u.id, email: u.email, fullName: u.fullName }).from(u).where(eq(u.searchEmail, '')).limit(BATCH));
      for (const r of found) yield* changes(tx.update(u).set(userSearchColumns(r)).where(eq(u.id, r.id)));
      return found.length < BATCH;
    });
    if (done) break;
  }
  for (;;) {
    const done = await database.transaction(function* (tx) {
      const found = yield* rows(
        tx
          .select({ id: a.id, givenName: a.givenName, surname: a.surname, searchEmail: u.searchEmail, searchName: u.searchName })
          .from(a)
          .innerJoin(u, eq(u.id, a.userId))
          .where(eq(a.searchFullName, ''))
          .limit(BATCH),
      );
      for (const r of found) {
        yield* changes(
          tx
            .update(a)
            .set({ ...applicationSearchColumns(r), searchEmail: r.searchEmail, searchName: r.searchName })
            .where(eq(a.id, r.id)),
        );
      }
      return found.length < BATCH;
    });
    if (done) break;
  }
}
