import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import { isStoredId } from '../../../core/domain/ids.js';
import { resolveAudit } from '../../../core/domain/audit.js';
import { resolveJobs } from '../../../core/domain/jobs.js';
import { decideRefund, PROVIDER_REQUESTER, type Refund, type RefundRequest } from '../../../core/domain/refund.js';
import { unwrap } from '../../../core/domain/result.js';
import type { RefundRepository, RefundSettlement, RefundWriteExtras, SettleResult } from '../../../core/ports/refund-repository.js';
import { appendAudit } from './audit-store.js';
import { isUniqueViolation } from './driver-errors.js';
import { refundFromRow } from './mappers.js';
import { queueMails } from './outbox-store.js';
import { issueReceipt } from './receipt-issue.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import { changes, queueJobs, rows, type Unit } from './unit.js';

/**
 * Stores a refund of an application's payment as a step of a unit (docs/product.md §4.7): staff
 * refunds and the refund an applicant's cancellation asks for (ApplicationChange.refund) both go
 * through here. The payment row is locked first — a no-op UPDATE, which PostgreSQL holds as a row
 * lock until the transaction ends and which makes a SQLite transaction the one writer — so two
 * refunds of one payment are decided (core/domain/refund.ts decideRefund) one after the other and
 * never exceed it together. A refused one throws Validation and the whole unit rolls back. `extras`
 * (mails, jobs, audit rows) are written with a refund stored now, the audit rows last.
 */
export function* insertRefund(tx: Db, t: Tables, applicationId: number, request: RefundRequest, extras: RefundWriteExtras = {}): Unit<{ refund: Refund; replayed: boolean }> {
  const p = t.payments;
  const [payment] = yield* rows(
    tx
      .update(p)
      .set({ amount: sql`${p.amount}` })
      .where(and(eq(p.applicationId, applicationId), eq(p.type, request.paymentType), eq(p.status, 'succeeded')))
      .returning(),
  );
  const held = payment ? yield* rows(tx.select().from(t.refunds).where(eq(t.refunds.paymentId, payment.id))) : [];
  const decision = unwrap(decideRefund(payment ?? null, held, request));
  if (decision.kind === 'replay') return { refund: refundFromRow(decision.refund), replayed: true };
  const [row] = yield* rows(
    tx
      .insert(t.refunds)
      .values({
        paymentId: payment!.id,
        applicationId,
        paymentType: request.paymentType,
        amount: request.amount,
        currency: payment!.currency,
        reason: request.reason,
        status: request.status,
        source: request.source,
        requestedBy: request.requestedBy,
        requestedByName: request.requestedByName,
        createdAt: request.createdAt,
        updatedAt: request.createdAt,
      })
      .returning(),
  );
  const created = { refund: row!.id };
  yield* queueMails(tx, t, extras.mails, request.createdAt);
  yield* queueJobs(resolveJobs(extras.jobs, created));
  yield* appendAudit(tx, t, resolveAudit(extras.audit, created));
  return { refund: refundFromRow(row!), replayed: false };
}

/** Settles a pending refund as a step of a unit (see RefundRepository.settle). */
function* settleRefund(tx: Db, t: Tables, refundId: number, settlement: RefundSettlement, now: Date): Unit<SettleResult | null> {
  const r = t.refunds;
  const pending = and(eq(r.id, refundId), eq(r.status, 'pending'));
  const gatewayId = settlement.gatewayRefundId ?? sql`${r.gatewayRefundId}`;
  let updated: typeof r.$inferSelect | undefined;
  if (settlement.status === 'pending') {
    [updated] = yield* rows(
      tx
        .update(r)
        .set({ gatewayRefundId: settlement.gatewayRefundId, updatedAt: now })
        .where(and(pending, isNull(r.gatewayRefundId)))
        .returning(),
    );
  } else if (settlement.status === 'failed') {
    [updated] = yield* rows(tx.update(r).set({ status: 'failed', gatewayRefundId: gatewayId, failureReason: settlement.failureReason, updatedAt: now }).where(pending).returning());
  } else {
    [updated] = yield* rows(tx.update(r).set({ status: 'succeeded', gatewayRefundId: gatewayId, updatedAt: now }).where(pending).returning());
    if (updated) {
      // Money given back: the application's refunded amount grows, and its version moves with it
      // (commits compare-and-set on the version and write every column, so a commit computed before
      // this one answers stale instead of writing the old amount back).
      const a = t.applications;
      yield* changes(
        tx
          .update(a)
          .set({ refundedAmount: sql`${a.refundedAmount} + ${updated.amount}`, version: sql`${a.version} + 1` })
          .where(eq(a.id, updated.applicationId)),
      );
      if (settlement.creditNote) yield* issueReceipt(tx, t, settlement.creditNote);
      yield* queueMails(tx, t, settlement.mails, now);
    }
  }
  if (updated) return { refund: refundFromRow(updated), changed: true };
  const [current] = yield* rows(tx.select().from(r).where(eq(r.id, refundId)));
  return current ? { refund: refundFromRow(current), changed: false } : null;
}

export function refundStore(database: SqlDatabase): RefundRepository {
  const { db, tables: t } = database;
  const r = t.refunds;
  const byGatewayId = async (id: string) => {
    const [row] = await db.select().from(r).where(eq(r.gatewayRefundId, id)).limit(1);
    return row ? refundFromRow(row) : null;
  };
  return {
    async request(applicationId, request, extras) {
      // lockFirst: SQLite takes the write lock before the first read (two requests never both read what is left).
      return database.transaction((tx) => insertRefund(tx, t, applicationId, request, extras), { lockFirst: true });
    },
    async approve(refundId, approver, now, extras) {
      if (!isStoredId(refundId)) return null;
      return database.transaction(function* (tx) {
        const [row] = yield* rows(
          tx
            .update(r)
            .set({ status: 'pending', approvedBy: approver.userId, approvedByName: approver.name, updatedAt: now })
            .where(and(eq(r.id, refundId), eq(r.status, 'pending_approval')))
            .returning(),
        );
        if (!row) return null;
        yield* queueJobs(resolveJobs(extras?.jobs, {}));
        yield* appendAudit(tx, t, resolveAudit(extras?.audit, {}));
        return refundFromRow(row);
      });
    },
    async settle(refundId, settlement, now) {
      if (!isStoredId(refundId)) return null;
      return database.transaction((tx) => settleRefund(tx, t, refundId, settlement, now), { lockFirst: true });
    },
    async recordProviderRefund(input, extras) {
      const known = await byGatewayId(input.gateway.id);
      if (known) return { refund: known, recorded: false };
      try {
        const refund = await database.transaction(function* (tx) {
          const [payment] = yield* rows(tx.select().from(t.payments).where(eq(t.payments.id, input.paymentId)));
          if (!payment) throw errors.notFound('Payment');
          const [row] = yield* rows(
            tx
              .insert(r)
              .values({
                paymentId: payment.id,
                applicationId: payment.applicationId,
                paymentType: payment.type,
                amount: input.gateway.amount,
                currency: payment.currency,
                reason: input.reason,
                status: 'pending',
                source: 'provider',
                requestedBy: null,
                requestedByName: PROVIDER_REQUESTER,
                gatewayRefundId: input.gateway.id,
                createdAt: input.createdAt,
                updatedAt: input.createdAt,
              })
              .returning(),
          );
          yield* queueJobs(resolveJobs(extras?.jobs, { refund: row!.id }));
          return refundFromRow(row!);
        });
        return { refund, recorded: true };
      } catch (error) {
        // Recorded by a concurrent delivery of the same event in the meantime.
        if (!isUniqueViolation(error)) throw error;
        const raced = await byGatewayId(input.gateway.id);
        if (!raced) throw error;
        return { refund: raced, recorded: false };
      }
    },
    async findById(id) {
      if (!isStoredId(id)) return null;
      const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
      return row ? refundFromRow(row) : null;
    },
    findByGatewayId: byGatewayId,
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(r).where(eq(r.applicationId, applicationId)).orderBy(asc(r.createdAt), asc(r.id));
      return found.map(refundFromRow);
    },
    async listSince(since) {
      const found = await db.select().from(r).where(gte(r.createdAt, since)).orderBy(asc(r.createdAt), asc(r.id));
      return found.map(refundFromRow);
    },
    async listAwaitingApproval() {
      const a = t.applications;
      // refunds_status_updated_idx finds the few waiting ones.
      const found = await db
        .select({ refund: r, applicationNumber: a.applicationNumber, givenName: a.givenName, surname: a.surname })
        .from(r)
        .innerJoin(a, eq(a.id, r.applicationId))
        .where(eq(r.status, 'pending_approval'))
        .orderBy(asc(r.createdAt), asc(r.id));
      return found.map((row) => ({ refund: refundFromRow(row.refund), applicationNumber: row.applicationNumber, givenName: row.givenName, surname: row.surname }));
    },
  };
}
