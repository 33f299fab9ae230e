import { eq } from 'drizzle-orm';
import type { ApplicationDraft } from '../../../core/domain/application-draft.js';
import { errors } from '../../../core/domain/errors.js';
import type { ApplicationDraftRepository } from '../../../core/ports/application-draft-repository.js';
import { isForeignKeyViolation } from './driver-errors.js';
import type { ApplicationDraftRow } from './schema-parity.js';
import type { SqlDatabase } from './sql-database.js';

const draftFromRow = (row: ApplicationDraftRow): ApplicationDraft => ({ userId: row.userId, fields: row.fields, updatedAt: row.updatedAt });

/** Drafts: one row per user (the user id is the key), saved whole with one upsert. */
export function draftStore(database: SqlDatabase): ApplicationDraftRepository {
  const { db, tables: t } = database;
  return {
    async save(userId, fields, now) {
      try {
        const [row] = await db
          .insert(t.applicationDrafts)
          .values({ userId, fields, updatedAt: now })
          .onConflictDoUpdate({ target: t.applicationDrafts.userId, set: { fields, updatedAt: now } })
          .returning();
        return draftFromRow(row!);
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async find(userId) {
      const [row] = await db.select().from(t.applicationDrafts).where(eq(t.applicationDrafts.userId, userId));
      return row ? draftFromRow(row) : null;
    },
    async delete(userId) {
      const deleted = await db.delete(t.applicationDrafts).where(eq(t.applicationDrafts.userId, userId)).returning({ userId: t.applicationDrafts.userId });
      return deleted.length > 0;
    },
  };
}
