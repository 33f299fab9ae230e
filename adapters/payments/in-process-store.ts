import type { GatewayPayment } from '../../core/domain/payment.js';
import type { GatewayRefund } from '../../core/domain/refund.js';

/** A payment an in-process gateway opened: what it reports, and what it keeps to itself. */
export interface StoredIntent {
  payment: GatewayPayment;
  clientSecret: string;
  /** The fee's key (core/domain/payment.ts paymentKeyOf): every payment of one fee carries it. */
  idempotencyKey: string;
}

/**
 * Where an in-process gateway (adapters/payments/in-process.ts) keeps the payments it opened and the
 * refunds it made: the card network's own book. The built-in test provider keeps it in the
 * database (adapters/persistence: `persistence.testPayments`), so a restart forgets nothing; the
 * memory gateway of the tests keeps it in memory. The gateway decides; the store only keeps.
 */
export interface InProcessPaymentStore {
  insertIntent(intent: StoredIntent): Promise<void>;
  /** Writes what the payment now reports (status, amount, currency, failure, card). */
  saveIntent(payment: GatewayPayment): Promise<void>;
  findIntent(id: string): Promise<StoredIntent | null>;
  /** The fee's payments, oldest first. */
  intentsOfFee(idempotencyKey: string): Promise<StoredIntent[]>;
  /** Succeeded payments created at or after `since`, oldest first. */
  succeededSince(since: Date): Promise<GatewayPayment[]>;
  /** Every payment, oldest first (tests, diagnostics). */
  allIntents(): Promise<GatewayPayment[]>;

  /** Stores a new refund; `idempotencyKey` (null for one made outside the product) is unique. */
  insertRefund(refund: GatewayRefund, idempotencyKey: string | null): Promise<void>;
  /** Writes what the refund now reports (status, failure). */
  saveRefund(refund: GatewayRefund): Promise<void>;
  findRefund(id: string): Promise<GatewayRefund | null>;
  refundOfKey(idempotencyKey: string): Promise<GatewayRefund | null>;
  refundsOfPayment(paymentId: string): Promise<GatewayRefund[]>;
  /** Refunds created at or after `since`, oldest first. */
  refundsSince(since: Date): Promise<GatewayRefund[]>;
}

function copyPayment(payment: GatewayPayment): GatewayPayment {
  return payment.card ? { ...payment, card: { ...payment.card } } : { ...payment };
}

function copyIntent(intent: StoredIntent): StoredIntent {
  return { ...intent, payment: copyPayment(intent.payment) };
}

const byCreation = (a: { createdAt: Date }, b: { createdAt: Date }) => a.createdAt.getTime() - b.createdAt.getTime();

/**
 * The book in this process's memory. Reads answer copies; `live` hands the memory gateway's test
 * hooks the stored payment itself, so they change it synchronously.
 */
export class MemoryInProcessStore implements InProcessPaymentStore {
  readonly #intents = new Map<string, StoredIntent>();
  readonly #refunds = new Map<string, { refund: GatewayRefund; key: string | null }>();

  /** The stored payment itself (test hooks), or undefined. */
  live(id: string): StoredIntent | undefined {
    return this.#intents.get(id);
  }

  /** The stored refund itself (test hooks), or undefined. */
  liveRefund(id: string): GatewayRefund | undefined {
    return this.#refunds.get(id)?.refund;
  }

  /** Every payment, oldest first, synchronously (the memory gateway's `all()`). */
  allNow(): GatewayPayment[] {
    return [...this.#intents.values()].map((i) => copyPayment(i.payment));
  }

  /** The refunds of a payment, synchronously (the memory gateway's test hooks). */
  refundsOfPaymentNow(paymentId: string): GatewayRefund[] {
    return [...this.#refunds.values()].filter((r) => r.refund.paymentId === paymentId).map((r) => ({ ...r.refund }));
  }

  /** Stores a refund synchronously (the memory gateway's test hooks). */
  insertRefundNow(refund: GatewayRefund, idempotencyKey: string | null): void {
    this.#refunds.set(refund.id, { refund: { ...refund }, key: idempotencyKey });
  }

  async insertIntent(intent: StoredIntent): Promise<void> {
    this.#intents.set(intent.payment.id, copyIntent(intent));
  }

  async saveIntent(payment: GatewayPayment): Promise<void> {
    const intent = this.#intents.get(payment.id);
    if (intent) intent.payment = copyPayment(payment);
  }

  async findIntent(id: string): Promise<StoredIntent | null> {
    const intent = this.#intents.get(id);
    return intent ? copyIntent(intent) : null;
  }

  async intentsOfFee(idempotencyKey: string): Promise<StoredIntent[]> {
    return [...this.#intents.values()].filter((i) => i.idempotencyKey === idempotencyKey).map(copyIntent);
  }

  async succeededSince(since: Date): Promise<GatewayPayment[]> {
    return [...this.#intents.values()]
      .map((i) => i.payment)
      .filter((p) => p.status === 'succeeded' && p.createdAt.getTime() >= since.getTime())
      .sort(byCreation)
      .map(copyPayment);
  }

  async allIntents(): Promise<GatewayPayment[]> {
    return this.allNow();
  }

  async insertRefund(refund: GatewayRefund, idempotencyKey: string | null): Promise<void> {
    this.insertRefundNow(refund, idempotencyKey);
  }

  async saveRefund(refund: GatewayRefund): Promise<void> {
    const stored = this.#refunds.get(refund.id);
    if (stored) stored.refund = { ...refund };
  }

  async findRefund(id: string): Promise<GatewayRefund | null> {
    const stored = this.#refunds.get(id);
    return stored ? { ...stored.refund } : null;
  }

  async refundOfKey(idempotencyKey: string): Promise<GatewayRefund | null> {
    for (const stored of this.#refunds.values()) if (stored.key === idempotencyKey) return { ...stored.refund };
    return null;
  }

  async refundsOfPayment(paymentId: string): Promise<GatewayRefund[]> {
    return this.refundsOfPaymentNow(paymentId);
  }

  async refundsSince(since: Date): Promise<GatewayRefund[]> {
    return [...this.#refunds.values()]
      .map((r) => r.refund)
      .filter((r) => r.createdAt.getTime() >= since.getTime())
      .sort(byCreation)
      .map((r) => ({ ...r }));
  }
}
