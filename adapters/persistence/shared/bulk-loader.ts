import { and, eq, inArray, sql } from 'drizzle-orm';
import { waivedPaymentId } from '../../../core/domain/application.js';
import { firstDecisionAt } from '../../../core/domain/status-history.js';
import type { BulkLoader, LoadedApplication } from '../persistence.js';
import { applicationToRow, userToRow } from './mappers.js';
import { portalLedgerToRow } from './portal-store.js';
import { countLoadedPrefixes } from './search-prefixes.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import { changes, insertMany, rows, type Unit } from './unit.js';

/** Ids per read (of users' search keys, of payments' ids): well under either dialect's bound-parameter limit. */
const IDS_PER_READ = 1000;

/**
 * The loaded refunds, each with the id of the payment it refunds: the ids of the batch's payments
 * that have refunds are read back in one select per chunk of applications (a few dozen in a batch
 * of thousands), since the dialects' bulk insert answers no ids without a unique key.
 */
function* insertRefunds(tx: Db, t: Tables, loaded: readonly LoadedApplication[], ids: readonly number[]): Unit<void> {
  const refunded = ids.filter((_, i) => (loaded[i].refunds?.length ?? 0) > 0);
  if (refunded.length === 0) return;
  const paymentIds = new Map<string, number>();
  for (let i = 0; i < refunded.length; i += IDS_PER_READ) {
    const part = refunded.slice(i, i + IDS_PER_READ);
    const found = yield* rows(tx.select({ id: t.payments.id, applicationId: t.payments.applicationId, type: t.payments.type }).from(t.payments).where(inArray(t.payments.applicationId, part)));
    for (const p of found) paymentIds.set(`${p.applicationId}:${p.type}`, p.id);
  }
  const refunds = loaded.flatMap((l, i) =>
    (l.refunds ?? []).map((r) => {
      const paymentId = paymentIds.get(`${ids[i]}:${r.paymentType}`);
      if (paymentId === undefined) throw new Error(`A loaded refund of application ${l.application.applicationNumber} names no ${r.paymentType} payment of it`);
      return { ...r, paymentId, applicationId: ids[i] };
    }),
  );
  yield* insertMany(t.refunds, refunds);
}

/** Bulk loads, one transaction per call, the rows written by the dialect's fastest insert (insertMany). */
export function bulkLoader(database: SqlDatabase): BulkLoader {
  const { tables: t } = database;
  // The dialect's preparation, once, before the first write (SQLite parks its secondary indexes).
  let started: Promise<void> | null = null;
  const start = () => (started ??= database.beforeBulkLoad());
  return {
    finish: async () => {
      await start();
      // A later load prepares again.
      started = null;
      await database.afterBulkLoad();
    },
    async insertUsers(users) {
      await start();
      return database.transaction(function* () {
        return yield* insertMany(t.users, users.map(userToRow), 'email');
      });
    },
    async insertApplications(loaded) {
      await start();
      return database.transaction(function* (tx) {
        // The applicants' folded email and name go on their applications (as create() does), and
        // they stop being pseudo-entries in the same transaction.
        const userIds = [...new Set(loaded.map((l) => l.application.userId))];
        const keys = new Map<number, { searchEmail: string; searchName: string }>();
        for (let i = 0; i < userIds.length; i += IDS_PER_READ) {
          const part = userIds.slice(i, i + IDS_PER_READ);
          const found = yield* rows(tx.select({ id: t.users.id, searchEmail: t.users.searchEmail, searchName: t.users.searchName }).from(t.users).where(inArray(t.users.id, part)));
          for (const u of found) keys.set(u.id, { searchEmail: u.searchEmail, searchName: u.searchName });
          yield* changes(
            tx
              .update(t.users)
              .set({ hasApplication: true })
              .where(and(inArray(t.users.id, part), eq(t.users.hasApplication, false))),
          );
        }
        const applications = loaded.map((l) => ({
          ...applicationToRow(l.application),
          ...(keys.get(l.application.userId) ?? { searchEmail: '', searchName: '' }),
          status: l.application.status,
          decidedAt: firstDecisionAt(l.history),
          version: 1,
        }));
        // The batch's search prefixes are counted here, not by the insert trigger (see countLoadedPrefixes).
        yield* changes(tx.insert(t.applicationSearchPrefixesLoading).values({ loader: 1 }));
        const ids = yield* insertMany(t.applications, applications, 'applicationNumber');
        yield* changes(tx.delete(t.applicationSearchPrefixesLoading));
        yield* countLoadedPrefixes(t, applications);
        const payments = loaded.flatMap((l, i) => l.payments.map((p) => ({ ...p, applicationId: ids[i] })));
        const history = loaded.flatMap((l, i) => l.history.map((h) => ({ ...h, applicationId: ids[i] })));
        const documents = loaded.flatMap((l, i) => l.documents.map((d) => ({ ...d, applicationId: ids[i] })));
        if (payments.length > 0) yield* insertMany(t.payments, payments);
        if (history.length > 0) yield* insertMany(t.statusHistory, history);
        if (documents.length > 0) yield* insertMany(t.documents, documents);
        yield* insertRefunds(tx, t, loaded, ids);
        const portal = loaded.flatMap((l, i) => (l.portal ? [{ ...portalLedgerToRow(l.portal), applicationId: ids[i], version: 1 }] : []));
        if (portal.length > 0) yield* insertMany(t.portalLedger, portal);
        // The waived final fees name their application's id, known only now: one UPDATE for the batch.
        const waived = ids.filter((_, i) => loaded[i].finalFeeWaived);
        if (waived.length > 0) {
          const a = t.applications;
          const cases = sql.join(
            waived.map((id) => sql`when ${id} then ${waivedPaymentId(id)}`),
            sql` `,
          );
          yield* changes(
            tx
              .update(a)
              .set({ finalPaymentId: sql`case ${a.id} ${cases} end` })
              .where(inArray(a.id, waived)),
          );
        }
        return ids;
      });
    },
  };
}
