import type { PaymentRecord } from '../domain/payment.js';

export interface PaymentRepository {
  listByApplication(applicationId: number): Promise<PaymentRecord[]>;
  findByProviderPaymentId(providerPaymentId: string): Promise<PaymentRecord | null>;
  /** Every recorded payment created at or after `since`, oldest first. */
  listSince(since: Date): Promise<PaymentRecord[]>;
}
