import { and, asc, eq, gte } from 'drizzle-orm';
import type { GatewayPayment } from '../../../core/domain/payment.js';
import type { GatewayRefund } from '../../../core/domain/refund.js';
import type { InProcessPaymentStore, StoredIntent } from '../../payments/in-process-store.js';
import type { TestPaymentRow, TestRefundRow } from './schema-parity.js';
import type { SqlDatabase } from './sql-database.js';

function paymentFromRow(r: TestPaymentRow): GatewayPayment {
  const payment: GatewayPayment = {
    id: r.id,
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    applicationId: r.applicationId,
    paymentType: r.paymentType,
    createdAt: r.createdAt,
  };
  if (r.failureMessage !== null) payment.failureMessage = r.failureMessage;
  if (r.cardBrand !== null && r.cardLast4 !== null) payment.card = { brand: r.cardBrand, last4: r.cardLast4 };
  return payment;
}

function intentFromRow(r: TestPaymentRow): StoredIntent {
  return { payment: paymentFromRow(r), clientSecret: r.clientSecret, idempotencyKey: r.idempotencyKey };
}

/** What a payment reports, as the columns that change. */
function reported(p: GatewayPayment) {
  return {
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    failureMessage: p.failureMessage ?? null,
    cardBrand: p.card?.brand ?? null,
    cardLast4: p.card?.last4 ?? null,
  };
}

function refundFromRow(r: TestRefundRow): GatewayRefund {
  const refund: GatewayRefund = { id: r.id, paymentId: r.paymentId, amount: r.amount, currency: r.currency, status: r.status, refundId: r.refundId, createdAt: r.createdAt };
  if (r.failureReason !== null) refund.failureReason = r.failureReason;
  return refund;
}

/**
 * The built-in test provider's book (test_payments, test_refunds): what a card network would keep,
 * in the agency's own database so a restart forgets nothing. Plain single statements: the provider
 * decides one change at a time (InProcessGateway.exclusive).
 */
export function testPaymentStore(database: SqlDatabase): InProcessPaymentStore {
  const { db, tables: t } = database;
  const p = t.testPayments;
  const r = t.testRefunds;
  return {
    async insertIntent(intent) {
      await db.insert(p).values({
        id: intent.payment.id,
        clientSecret: intent.clientSecret,
        idempotencyKey: intent.idempotencyKey,
        applicationId: intent.payment.applicationId,
        paymentType: intent.payment.paymentType,
        createdAt: intent.payment.createdAt,
        ...reported(intent.payment),
      });
    },
    async saveIntent(payment) {
      await db.update(p).set(reported(payment)).where(eq(p.id, payment.id));
    },
    async findIntent(id) {
      const [row] = await db.select().from(p).where(eq(p.id, id)).limit(1);
      return row ? intentFromRow(row) : null;
    },
    async intentsOfFee(idempotencyKey) {
      const found = await db.select().from(p).where(eq(p.idempotencyKey, idempotencyKey)).orderBy(asc(p.createdAt), asc(p.id));
      return found.map(intentFromRow);
    },
    async succeededSince(since) {
      const found = await db
        .select()
        .from(p)
        .where(and(eq(p.status, 'succeeded'), gte(p.createdAt, since)))
        .orderBy(asc(p.createdAt), asc(p.id));
      return found.map(paymentFromRow);
    },
    async allIntents() {
      const found = await db.select().from(p).orderBy(asc(p.createdAt), asc(p.id));
      return found.map(paymentFromRow);
    },
    async insertRefund(refund, idempotencyKey) {
      await db.insert(r).values({
        id: refund.id,
        paymentId: refund.paymentId,
        amount: refund.amount,
        currency: refund.currency,
        status: refund.status,
        refundId: refund.refundId,
        failureReason: refund.failureReason ?? null,
        idempotencyKey,
        createdAt: refund.createdAt,
      });
    },
    async saveRefund(refund) {
      await db
        .update(r)
        .set({ status: refund.status, failureReason: refund.failureReason ?? null })
        .where(eq(r.id, refund.id));
    },
    async findRefund(id) {
      const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
      return row ? refundFromRow(row) : null;
    },
    async refundOfKey(idempotencyKey) {
      const [row] = await db.select().from(r).where(eq(r.idempotencyKey, idempotencyKey)).limit(1);
      return row ? refundFromRow(row) : null;
    },
    async refundsOfPayment(paymentId) {
      const found = await db.select().from(r).where(eq(r.paymentId, paymentId)).orderBy(asc(r.createdAt), asc(r.id));
      return found.map(refundFromRow);
    },
    async refundsSince(since) {
      const found = await db.select().from(r).where(gte(r.createdAt, since)).orderBy(asc(r.createdAt), asc(r.id));
      return found.map(refundFromRow);
    },
  };
}
