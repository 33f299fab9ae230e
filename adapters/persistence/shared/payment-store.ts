import { isStoredId } from '../../../core/domain/ids.js';
import { asc, eq, gte } from 'drizzle-orm';
import type { PaymentRepository } from '../../../core/ports/payment-repository.js';
import { paymentFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

export function paymentStore(database: SqlDatabase): PaymentRepository {
  const { db, tables: t } = database;
  return {
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(t.payments).where(eq(t.payments.applicationId, applicationId)).orderBy(asc(t.payments.id));
      return found.map(paymentFromRow);
    },
    async findByProviderPaymentId(providerPaymentId) {
      // A family order's payment is recorded once per application of the group: the first one answers.
      const [row] = await db.select().from(t.payments).where(eq(t.payments.providerPaymentId, providerPaymentId)).orderBy(asc(t.payments.id)).limit(1);
      return row ? paymentFromRow(row) : null;
    },
    async listSince(since) {
      const found = await db.select().from(t.payments).where(gte(t.payments.createdAt, since)).orderBy(asc(t.payments.createdAt), asc(t.payments.id));
      return found.map(paymentFromRow);
    },
  };
}
