import { isStoredId } from '../../../core/domain/ids.js';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import type { DocumentRepository } from '../../../core/ports/document-repository.js';
import { isForeignKeyViolation } from './driver-errors.js';
import { documentFromRow } from './mappers.js';
import { FINISHED_FOR_RETENTION } from './rules.js';
import type { SqlDatabase } from './sql-database.js';

export function documentStore(database: SqlDatabase): DocumentRepository {
  const { db, tables: t } = database;
  return {
    async create(document) {
      try {
        const [row] = await db
          .insert(t.documents)
          .values({ ...document })
          .returning();
        return documentFromRow(row);
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('Application');
        throw e;
      }
    },
    async findById(id) {
      if (!isStoredId(id)) return null;
      const [row] = await db.select().from(t.documents).where(eq(t.documents.id, id));
      return row ? documentFromRow(row) : null;
    },
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(t.documents).where(eq(t.documents.applicationId, applicationId)).orderBy(asc(t.documents.uploadedAt), asc(t.documents.id));
      return found.map(documentFromRow);
    },
    async delete(id) {
      await db.delete(t.documents).where(eq(t.documents.id, id));
    },
    async storageKeysInUse(storageKeys) {
      if (storageKeys.length === 0) return new Set();
      const found = await db
        .select({ storageKey: t.documents.storageKey })
        .from(t.documents)
        .where(inArray(t.documents.storageKey, [...storageKeys]));
      return new Set(found.map((r) => r.storageKey));
    },
    async listOfApplicationsFinishedBefore(types, finishedBefore) {
      const found = await db
        .select({ document: t.documents })
        .from(t.documents)
        .innerJoin(t.applications, eq(t.applications.id, t.documents.applicationId))
        .where(and(inArray(t.documents.type, [...types]), inArray(t.applications.status, [...FINISHED_FOR_RETENTION]), lt(t.applications.updatedAt, finishedBefore)))
        .orderBy(asc(t.documents.id));
      return found.map((r) => documentFromRow(r.document));
    },
  };
}
