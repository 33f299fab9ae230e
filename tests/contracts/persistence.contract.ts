import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { describeAccessChangesContract } from './access-changes.contract.js';
import { describeAnalyticsContract } from './analytics.contract.js';
import { describeAttemptCounterContract } from './attempt-counter.contract.js';
import { describeAuditLogContract } from './audit-log.contract.js';
import { describeBulkLoaderContract } from './bulk-loader.contract.js';
import { describeApplicationDraftRepositoryContract } from './application-draft-repository.contract.js';
import { describeApplicationGroupRepositoryContract } from './application-group-repository.contract.js';
import { describeApplicationRepositoryContract } from './application-repository.contract.js';
import { describeContactEnquiryRepositoryContract } from './contact-enquiry-repository.contract.js';
import { describeDocumentRepositoryContract } from './document-repository.contract.js';
import { describeMailOutboxContract } from './mail-outbox.contract.js';
import { describeTextOutboxContract } from './text-outbox.contract.js';
import { describePaymentRepositoryContract } from './payment-repository.contract.js';
import { describeRefundRepositoryContract } from './refund-repository.contract.js';
import { describeReceiptRepositoryContract } from './receipt-repository.contract.js';
import { describeReportQueriesContract } from './report-queries.contract.js';
import { describeReplyRepositoryContract } from './reply-repository.contract.js';
import { aUser, type MakePersistence } from './persistence-fixtures.js';
import { describeSessionStoreContract } from './session-store.contract.js';
import { describeStatusHistoryRepositoryContract } from './status-history-repository.contract.js';
import { describeTrackingCodeStoreContract } from './tracking-code-store.contract.js';
import { describePortalLedgerContract } from './portal-ledger.contract.js';
import { describeEgyptRuleRepositoryContract } from './egypt-rule-repository.contract.js';
import { describeTwoFactorStoreContract } from './two-factor-store.contract.js';
import { describeUserRepositoryContract } from './user-repository.contract.js';

/** Every repository-like port's contract, plus the Persistence lifecycle, against one adapter. */
export function describePersistenceContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: Persistence`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('migrates an already-migrated database again without touching its data, and answers ping', async () => {
      const user = await p.users.create(aUser());
      await p.migrate();
      await p.migrate();
      expect(await p.users.findById(user.id)).toEqual(user);
      expect(await p.ping()).toBe(true);
    });
  });

  describeUserRepositoryContract(name, makeAdapter);
  describeSessionStoreContract(name, makeAdapter);
  describeAccessChangesContract(name, makeAdapter);
  describeApplicationRepositoryContract(name, makeAdapter);
  describeDocumentRepositoryContract(name, makeAdapter);
  describeReplyRepositoryContract(name, makeAdapter);
  describePaymentRepositoryContract(name, makeAdapter);
  describeRefundRepositoryContract(name, makeAdapter);
  describeStatusHistoryRepositoryContract(name, makeAdapter);
  describeContactEnquiryRepositoryContract(name, makeAdapter);
  describeApplicationDraftRepositoryContract(name, makeAdapter);
  describeApplicationGroupRepositoryContract(name, makeAdapter);
  describeMailOutboxContract(name, makeAdapter);
  describeTextOutboxContract(name, makeAdapter);
  describeReceiptRepositoryContract(name, makeAdapter);
  describeAnalyticsContract(name, makeAdapter);
  describeAttemptCounterContract(name, makeAdapter);
  describeAuditLogContract(name, makeAdapter);
  describeBulkLoaderContract(name, makeAdapter);
  describeTwoFactorStoreContract(name, makeAdapter);
  describeTrackingCodeStoreContract(name, makeAdapter);
  describePortalLedgerContract(name, makeAdapter);
  describeEgyptRuleRepositoryContract(name, makeAdapter);
  describeReportQueriesContract(name, makeAdapter);
}
