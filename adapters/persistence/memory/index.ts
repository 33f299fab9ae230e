import type { Persistence } from '../persistence.js';
import { MemoryInProcessStore } from '../../payments/in-process-store.js';
import { analyticsStore } from './analytics-store.js';
import { applicationStore } from './application-store.js';
import { attemptStore } from './attempt-store.js';
import { bulkLoader } from './bulk-loader.js';
import { documentStore } from './document-store.js';
import { draftStore } from './draft-store.js';
import { enquiryStore } from './enquiry-store.js';
import { groupStore } from './group-store.js';
import { historyStore } from './history-store.js';
import { reportQueries } from './report-queries.js';
import { outboxStore } from './outbox-store.js';
import { paymentStore } from './payment-store.js';
import { egyptRuleStore } from './egypt-rule-store.js';
import { governmentFeeStore, portalOutageStore, portalLedgerStore } from './portal-store.js';
import { receiptStore } from './receipt-store.js';
import { assignmentStore } from './assignment-store.js';
import { internalNoteStore } from './internal-note-store.js';
import { replyStore } from './reply-store.js';
import { auditStore } from './audit-store.js';
import { refundStore } from './refund-store.js';
import { sessionStore } from './session-store.js';
import { textStore } from './text-store.js';
import { createMemoryState } from './state.js';
import { trackingCodeStore } from './tracking-code-store.js';
import { twoFactorStore } from './two-factor-store.js';
import { userStore } from './user-store.js';

/**
 * A Persistence held in memory: one store per file in this folder, all over one shared state
 * (state.ts), so the operations that touch several stores stay all-or-nothing. `now` is the clock
 * its jobs' retry delays and holds follow (tests pass their fake clock).
 */
export function createMemoryPersistence(options: { now?: () => number } = {}): Persistence {
  const s = createMemoryState(options.now);
  const applications = applicationStore(s);
  return {
    dialect: 'memory',
    // This process makes every change: its stores announce them, nothing else can.
    accessChanges: s.access,
    bulk: bulkLoader(s),
    users: userStore(s),
    sessions: sessionStore(s),
    applications,
    documents: documentStore(s),
    payments: paymentStore(s),
    receipts: receiptStore(s),
    notes: internalNoteStore(s),
    replies: replyStore(s),
    portal: portalLedgerStore(s),
    governmentFees: governmentFeeStore(s),
    egyptRules: egyptRuleStore(s),
    portalOutages: portalOutageStore(s),
    audit: auditStore(s),
    assignments: assignmentStore(s),
    refunds: refundStore(s),
    history: historyStore(s),
    enquiries: enquiryStore(s),
    drafts: draftStore(s),
    groups: groupStore(s, applications),
    outbox: outboxStore(s),
    texts: textStore(s),
    analytics: analyticsStore(s),
    attempts: attemptStore(s),
    twoFactor: twoFactorStore(s),
    trackingCodes: trackingCodeStore(s),
    reports: reportQueries(s),
    jobs: s.jobs,
    testPayments: new MemoryInProcessStore(),
    async migrate() {},
    async ping() {
      return true;
    },
    connections: () => ({ max: 0, inUse: 0, idle: 0, waiting: 0 }),
    async close() {
      await s.jobs.close();
    },
  };
}
