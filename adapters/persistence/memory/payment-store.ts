import type { PaymentRepository } from '../../../core/ports/payment-repository.js';
import { copy, time, type MemoryState } from './state.js';

export function paymentStore(s: MemoryState): PaymentRepository {
  return {
    async listByApplication(applicationId) {
      return [...s.payments.values()]
        .filter((p) => p.applicationId === applicationId)
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
    async findByProviderPaymentId(providerPaymentId) {
      for (const p of s.payments.values()) if (p.providerPaymentId === providerPaymentId) return copy(p);
      return null;
    },
    async listSince(since) {
      return [...s.payments.values()]
        .filter((p) => time(p.createdAt) >= time(since))
        .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id)
        .map(copy);
    },
  };
}
