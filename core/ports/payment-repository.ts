import type { PaymentRecord } from '../domain/payment.js';

export interface PaymentRepository {
  listByApplication(applicationId: number): Promise<PaymentRecord[]>;
  /** The first record of this provider payment (a family order's payment is recorded once per application of its group). */
  findByProviderPaymentId(providerPaymentId: string): Promise<PaymentRecord | null>;
  /** Every recorded payment created at or after `since`, oldest first. */
  listSince(since: Date): Promise<PaymentRecord[]>;
}
