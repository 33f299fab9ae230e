import type { ReceiptRepository } from '../../../core/ports/receipt-repository.js';
import { copy, time, type MemoryState } from './state.js';

export function receiptStore(s: MemoryState): ReceiptRepository {
  const find = (match: (key: string, number: string) => boolean) => {
    for (const r of s.receipts.values()) if (match(r.key, r.number)) return copy(r);
    return null;
  };
  return {
    async listForApplication(application) {
      return [...s.receipts.values()]
        .filter((r) => r.applicationId === application.id || (application.groupId !== null && r.groupId === application.groupId))
        .sort((a, b) => time(a.issuedAt) - time(b.issuedAt) || a.id - b.id)
        .map(copy);
    },
    async findByNumber(number) {
      return find((_, n) => n === number);
    },
    async findByKey(key) {
      return find((k) => k === key);
    },
  };
}
