import { asc, eq } from 'drizzle-orm';
import type { Analytics } from '../../../core/ports/analytics.js';
import { analyticsFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

export function analyticsStore(database: SqlDatabase): Analytics {
  const { db, tables: t } = database;
  return {
    async record(event) {
      await db.insert(t.analyticsEvents).values({ ...event });
    },
    async list(filter = {}) {
      const found = await db
        .select()
        .from(t.analyticsEvents)
        .where(filter.name === undefined ? undefined : eq(t.analyticsEvents.name, filter.name))
        .orderBy(asc(t.analyticsEvents.occurredAt), asc(t.analyticsEvents.id));
      return found.map(analyticsFromRow);
    },
  };
}
