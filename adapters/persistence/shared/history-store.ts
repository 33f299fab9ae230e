import { isStoredId } from '../../../core/domain/ids.js';
import { asc, eq } from 'drizzle-orm';
import type { StatusHistoryRepository } from '../../../core/ports/status-history-repository.js';
import { historyFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

export function historyStore(database: SqlDatabase): StatusHistoryRepository {
  const { db, tables: t } = database;
  return {
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db
        .select()
        .from(t.statusHistory)
        .where(eq(t.statusHistory.applicationId, applicationId))
        .orderBy(asc(t.statusHistory.changedAt), asc(t.statusHistory.id));
      return found.map(historyFromRow);
    },
  };
}
