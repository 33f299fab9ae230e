import { asc, eq } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import { isStoredId } from '../../../core/domain/ids.js';
import type { InternalNoteRepository } from '../../../core/ports/internal-note-repository.js';
import { isForeignKeyViolation } from './driver-errors.js';
import type { SqlDatabase } from './sql-database.js';
import { resolveAudit } from '../../../core/domain/audit.js';
import { appendAudit } from './audit-store.js';
import { rows } from './unit.js';

export function internalNoteStore(database: SqlDatabase): InternalNoteRepository {
  const { db, tables: t } = database;
  const n = t.internalNotes;
  return {
    async add(note, audit = []) {
      try {
        return await database.transaction(function* (tx) {
          const [row] = yield* rows(
            tx
              .insert(n)
              .values({ ...note })
              .returning(),
          );
          yield* appendAudit(tx, t, resolveAudit(audit, { note: row!.id }));
          return { ...row! };
        });
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('Application');
        throw e;
      }
    },
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(n).where(eq(n.applicationId, applicationId)).orderBy(asc(n.createdAt), asc(n.id));
      return found.map((row) => ({ ...row }));
    },
  };
}
