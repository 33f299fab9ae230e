import { asc, desc, eq, and, inArray } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import { isStoredId } from '../../../core/domain/ids.js';
import type { GovernmentFee, PortalLedger } from '../../../core/domain/portal-ledger.js';
import type { GovernmentFeeRepository } from '../../../core/ports/government-fee-repository.js';
import type { PortalOutage } from '../../../core/domain/portal-outage.js';
import type { PortalOutageRepository } from '../../../core/ports/portal-outage-repository.js';
import type { PortalLedgerRepository, PortalLedgerWrite } from '../../../core/ports/portal-ledger-repository.js';
import { isForeignKeyViolation } from './driver-errors.js';
import type { GovernmentFeeRow, PortalLedgerRow, PortalOutageRow } from './schema-parity.js';
import type { SqlDatabase } from './sql-database.js';
import { changes, rows, type Unit } from './unit.js';
import { appendAudit } from './audit-store.js';

/** A stored ledger row as the domain reads it (the receipt's columns are all set or all null). */
export function portalLedgerFromRow(r: PortalLedgerRow): PortalLedger {
  const receipt =
    r.receiptStorageKey !== null && r.receiptFileName !== null && r.receiptContentType !== null && r.receiptSize !== null && r.receiptUploadedAt !== null
      ? { storageKey: r.receiptStorageKey, fileName: r.receiptFileName, contentType: r.receiptContentType, size: r.receiptSize, uploadedAt: r.receiptUploadedAt }
      : null;
  return {
    applicationId: r.applicationId,
    reference: r.reference,
    state: r.state,
    governmentFeeCents: r.governmentFeeCents,
    governmentFeeCurrency: r.governmentFeeCurrency,
    governmentFeePence: r.governmentFeePence,
    feeAtPaymentCents: r.feeAtPaymentCents,
    feeAtPaymentPence: r.feeAtPaymentPence,
    absorbedFeeCents: r.absorbedFeeCents,
    absorbedFeePence: r.absorbedFeePence,
    paidAt: r.paidAt,
    receipt,
    updatedAt: r.updatedAt,
    updatedBy: r.updatedBy,
    version: r.version,
  };
}

/** A ledger row's columns as written (the store's save, the bulk loader). */
export function portalLedgerToRow(row: PortalLedgerWrite) {
  const { receipt, updatedAt, ...rest } = row;
  return {
    ...rest,
    updatedAt: updatedAt ?? new Date(),
    receiptStorageKey: receipt?.storageKey ?? null,
    receiptFileName: receipt?.fileName ?? null,
    receiptContentType: receipt?.contentType ?? null,
    receiptSize: receipt?.size ?? null,
    receiptUploadedAt: receipt?.uploadedAt ?? null,
  };
}

export function portalLedgerStore(database: SqlDatabase): PortalLedgerRepository {
  const { db, tables: t } = database;
  const p = t.portalLedger;
  return {
    async find(applicationId) {
      if (!isStoredId(applicationId)) return null;
      const [row] = await db.select().from(p).where(eq(p.applicationId, applicationId));
      return row ? portalLedgerFromRow(row) : null;
    },
    async save(applicationId, row, expectedVersion, audit = []) {
      if (!isStoredId(applicationId)) throw errors.notFound('Application');
      const values = portalLedgerToRow(row);
      try {
        return await database.transaction(function* (tx): Unit<PortalLedger | 'stale'> {
          // Compare-and-set in one statement each: the insert only where there is no row, the update
          // only while the version is the one read.
          const [stored] =
            expectedVersion === 0
              ? yield* rows(
                  tx
                    .insert(p)
                    .values({ ...values, applicationId, version: 1 })
                    .onConflictDoNothing({ target: p.applicationId })
                    .returning(),
                )
              : yield* rows(
                  tx
                    .update(p)
                    .set({ ...values, version: expectedVersion + 1 })
                    .where(and(eq(p.applicationId, applicationId), eq(p.version, expectedVersion)))
                    .returning(),
                );
          if (!stored) return 'stale';
          yield* appendAudit(tx, t, audit);
          return portalLedgerFromRow(stored);
        });
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('Application');
        throw e;
      }
    },
    async receiptKeysInUse(storageKeys) {
      if (storageKeys.length === 0) return new Set();
      const found = await db
        .select({ key: p.receiptStorageKey })
        .from(p)
        .where(inArray(p.receiptStorageKey, [...storageKeys]));
      return new Set(found.flatMap((r) => (r.key === null ? [] : [r.key])));
    },
  };
}

const feeFromRow = (r: GovernmentFeeRow): GovernmentFee => ({ ...r });

export function governmentFeeStore(database: SqlDatabase): GovernmentFeeRepository {
  const { db, tables: t } = database;
  const f = t.governmentFees;
  return {
    async list() {
      return (await db.select().from(f).orderBy(asc(f.effectiveFrom))).map(feeFromRow);
    },
    async set(fee, audit) {
      // The replaced entry is read in the same transaction as the write that replaces it.
      return database.transaction(function* (tx) {
        const [previous] = yield* rows(tx.select().from(f).where(eq(f.effectiveFrom, fee.effectiveFrom)));
        yield* changes(
          tx
            .insert(f)
            .values({ ...fee })
            .onConflictDoUpdate({ target: f.effectiveFrom, set: { amountCents: fee.amountCents, pence: fee.pence, createdAt: fee.createdAt, createdBy: fee.createdBy } }),
        );
        const replaced = previous ? feeFromRow(previous) : null;
        yield* appendAudit(tx, t, audit?.(replaced) ?? []);
        return replaced;
      });
    },
  };
}

const outageFromRow = (r: PortalOutageRow): PortalOutage => ({ ...r });

/** The official portal's outages (decision 0032): the latest row is the mode in force. */
export function portalOutageStore(database: SqlDatabase): PortalOutageRepository {
  const { db, tables: t } = database;
  const o = t.portalOutages;
  return {
    async latest() {
      const [row] = await db.select().from(o).orderBy(desc(o.id)).limit(1);
      return row ? outageFromRow(row) : null;
    },
    async start(outage) {
      const [row] = await db
        .insert(o)
        .values({ ...outage })
        .returning();
      return outageFromRow(row!);
    },
    async update(outage) {
      const { id, message, endedAt, endedBy, updatedAt } = outage;
      const [row] = await db.update(o).set({ message, endedAt, endedBy, updatedAt }).where(eq(o.id, id)).returning();
      return row ? outageFromRow(row) : null;
    },
  };
}
