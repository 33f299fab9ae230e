import { DEFAULT_LOCALE } from '../../../core/domain/locale.js';
import { waivedPaymentId, type Application } from '../../../core/domain/application.js';
import { errors } from '../../../core/domain/errors.js';
import type { BulkLoader } from '../persistence.js';
import { CONFLICT_MESSAGES } from '../shared/rules.js';
import { addDocument, addHistory, addPayment, copy, userByEmail, type MemoryState } from './state.js';

export function bulkLoader(s: MemoryState): BulkLoader {
  return {
    async finish() {},
    async insertUsers(list) {
      // All or nothing, as the SQL dialects' transaction: the batch is checked before anything is stored.
      const emails = list.map((u) => u.email.toLowerCase());
      if (new Set(emails).size < emails.length || list.some((u) => userByEmail(s, u.email))) throw errors.conflict(CONFLICT_MESSAGES.email);
      return list.map((user) => {
        const id = ++s.seq.users;
        s.users.set(id, { locale: DEFAULT_LOCALE, ...copy(user), id });
        return id;
      });
    },
    async insertApplications(loaded) {
      const numbers = new Set([...s.applications.values()].map((a) => a.applicationNumber));
      for (const l of loaded) {
        if (numbers.has(l.application.applicationNumber)) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
        numbers.add(l.application.applicationNumber);
        for (const r of l.refunds ?? []) {
          if (!l.payments.some((p) => p.type === r.paymentType)) throw new Error(`A loaded refund of application ${l.application.applicationNumber} names no ${r.paymentType} payment of it`);
        }
      }
      return loaded.map((l) => {
        const id = ++s.seq.applications;
        const application: Application = { ...copy(l.application), id, version: 1, passportScan: null, assigneeId: null, ruleNotice: null };
        if (l.finalFeeWaived) application.finalPaymentId = waivedPaymentId(id);
        s.applications.set(id, application);
        const paymentIds = new Map<string, number>();
        for (const payment of l.payments) {
          addPayment(s, id, payment);
          paymentIds.set(payment.type, s.seq.payments);
        }
        for (const entry of l.history) addHistory(s, id, entry);
        for (const document of l.documents) addDocument(s, id, document);
        for (const refund of l.refunds ?? []) {
          const refundId = ++s.seq.refunds;
          s.refunds.set(refundId, { ...copy(refund), id: refundId, paymentId: paymentIds.get(refund.paymentType)!, applicationId: id });
        }
        if (l.portal) s.portal.set(id, { ...copy(l.portal), applicationId: id, version: 1 });
        return id;
      });
    },
  };
}
