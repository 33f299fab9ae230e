import { eq } from 'drizzle-orm';
import { waivedPaymentId } from '../../../core/domain/application.js';
import type { BulkLoader } from '../persistence.js';
import { applicationToRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';
import { changes, insertMany } from './unit.js';

/** Bulk loads, one transaction per call, the rows written by the dialect's fastest insert (insertMany). */
export function bulkLoader(database: SqlDatabase): BulkLoader {
  const { tables: t } = database;
  return {
    insertUsers(users) {
      return database.transaction(function* () {
        return yield* insertMany(
          t.users,
          users,
          'email',
        );
      });
    },
    insertApplications(loaded) {
      return database.transaction(function* (tx) {
        const ids = yield* insertMany(
          t.applications,
          loaded.map((l) => ({ ...applicationToRow(l.application), version: 1 })),
          'applicationNumber',
        );
        const payments = loaded.flatMap((l, i) => l.payments.map((p) => ({ ...p, applicationId: ids[i] })));
        const history = loaded.flatMap((l, i) => l.history.map((h) => ({ ...h, applicationId: ids[i] })));
        const documents = loaded.flatMap((l, i) => l.documents.map((d) => ({ ...d, applicationId: ids[i] })));
        if (payments.length > 0) yield* insertMany(t.payments, payments);
        if (history.length > 0) yield* insertMany(t.statusHistory, history);
        if (documents.length > 0) yield* insertMany(t.documents, documents);
        for (let i = 0; i < loaded.length; i++) {
          if (loaded[i].finalFeeWaived) {
            yield* changes(tx.update(t.applications).set({ finalPaymentId: waivedPaymentId(ids[i]) }).where(eq(t.applications.id, ids[i])));
          }
        }
        return ids;
      });
    },
  };
}
