import { AccessChangeFeed, type ExternalChanges } from '../access-changes.js';
import type { Persistence } from '../persistence.js';
import { analyticsStore } from './analytics-store.js';
import { applicationStore } from './application-store.js';
import { assignmentStore } from './assignment-store.js';
import { attemptStore } from './attempt-store.js';
import { bulkLoader } from './bulk-loader.js';
import { documentStore } from './document-store.js';
import { draftStore } from './draft-store.js';
import { groupStore } from './group-store.js';
import { enquiryStore } from './enquiry-store.js';
import { guard, translating } from '../../shared/guard.js';
import { historyStore } from './history-store.js';
import { reportQueries } from './report-queries.js';
import { outboxStore } from './outbox-store.js';
import { paymentStore } from './payment-store.js';
import { egyptRuleStore } from './egypt-rule-store.js';
import { governmentFeeStore, portalOutageStore, portalLedgerStore } from './portal-store.js';
import { receiptStore } from './receipt-store.js';
import { internalNoteStore } from './internal-note-store.js';
import { replyStore } from './reply-store.js';
import { auditStore } from './audit-store.js';
import { refundStore } from './refund-store.js';
import { foldMissingSearchKeys } from './search-keys.js';
import { queueWaitingWork } from './waiting-work.js';
import { sessionStore } from './session-store.js';
import { trackingCodeStore } from './tracking-code-store.js';
import { testPaymentStore } from './test-payment-store.js';
import { textStore } from './text-store.js';
import { twoFactorStore } from './two-factor-store.js';
import type { SqlDatabase } from './sql-database.js';
import { userStore } from './user-store.js';

/**
 * A Persistence over one SQL database: the stores are written once (this folder) and run by the
 * dialect's `database`; everything they throw passes the dialect's translation of infrastructure
 * failures into the domain's Unavailable. `othersChanges` is how the dialect learns of changes to
 * sessions and users made by other processes (see AccessChanges).
 */
export function createSqlPersistence(database: SqlDatabase, othersChanges: ExternalChanges): Persistence {
  const translate = (error: unknown) => database.unavailable(error);
  const accessChanges = new AccessChangeFeed();
  const outbox = outboxStore(database, accessChanges);
  const applications = applicationStore(database);
  accessChanges.watch(othersChanges);
  return {
    dialect: database.dialect,
    accessChanges,
    users: guard(userStore(database, accessChanges), translate),
    sessions: guard(sessionStore(database, accessChanges), translate),
    applications: guard(applications, translate),
    drafts: guard(draftStore(database), translate),
    groups: guard(groupStore(database), translate),
    documents: guard(documentStore(database), translate),
    payments: guard(paymentStore(database), translate),
    receipts: guard(receiptStore(database), translate),
    notes: guard(internalNoteStore(database), translate),
    replies: guard(replyStore(database), translate),
    portal: guard(portalLedgerStore(database), translate),
    governmentFees: guard(governmentFeeStore(database), translate),
    egyptRules: guard(egyptRuleStore(database), translate),
    portalOutages: guard(portalOutageStore(database), translate),
    audit: guard(auditStore(database), translate),
    assignments: guard(assignmentStore(database), translate),
    refunds: guard(refundStore(database), translate),
    history: guard(historyStore(database), translate),
    enquiries: guard(enquiryStore(database), translate),
    outbox: guard(outbox, translate),
    texts: guard(textStore(database), translate),
    analytics: guard(analyticsStore(database), translate),
    attempts: guard(attemptStore(database), translate),
    twoFactor: guard(twoFactorStore(database, accessChanges), translate),
    trackingCodes: guard(trackingCodeStore(database), translate),
    reports: guard(reportQueries(database), translate),
    bulk: guard(bulkLoader(database), translate),
    jobs: guard(database.jobs, translate),
    testPayments: guard(testPaymentStore(database), translate),
    migrate: () =>
      translating(async () => {
        await database.migrate();
        await foldMissingSearchKeys(database);
        // A job store created now: the mails and passport checks left waiting from before get their jobs.
        if (await database.jobs.install()) await queueWaitingWork({ jobs: database.jobs, outbox, applications });
      }, translate),
    ping: () => database.ping(),
    connections: () => database.connections(),
    close: async () => {
      await database.jobs.close();
      await accessChanges.close();
      await database.close();
    },
  };
}
