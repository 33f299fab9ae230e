import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { ReceiptRepository } from '../../../core/ports/receipt-repository.js';
import { receiptFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

export function receiptStore(database: SqlDatabase): ReceiptRepository {
  const { db, tables: t } = database;
  const r = t.receipts;
  return {
    async listForApplication(application) {
      const ofGroup = application.groupId !== null ? and(isNotNull(r.groupId), eq(r.groupId, application.groupId)) : undefined;
      const found = await db
        .select()
        .from(r)
        .where(ofGroup ? or(eq(r.applicationId, application.id), ofGroup) : eq(r.applicationId, application.id))
        .orderBy(asc(r.issuedAt), asc(r.id));
      return found.map(receiptFromRow);
    },
    async findByNumber(number) {
      const [row] = await db.select().from(r).where(eq(r.number, number)).limit(1);
      return row ? receiptFromRow(row) : null;
    },
    async findByKey(key) {
      const [row] = await db.select().from(r).where(eq(r.key, key)).limit(1);
      return row ? receiptFromRow(row) : null;
    },
  };
}
