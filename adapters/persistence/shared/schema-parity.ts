import type * as pg from '../postgres/schema.js';
import type * as lite from '../sqlite/schema.js';

/**
 * Compile-time proof that the two dialects' schemas describe the same rows: every table's
 * $inferSelect and $inferInsert types are identical in SQLite and PostgreSQL. If a column is added,
 * renamed or retyped in one schema only, `npm run typecheck` fails on the line of that table.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Same<A extends { $inferSelect: unknown; $inferInsert: unknown }, B extends { $inferSelect: unknown; $inferInsert: unknown }> =
  Equal<A['$inferSelect'], B['$inferSelect']> extends true ? Equal<A['$inferInsert'], B['$inferInsert']> : false;

type Tables =
  | 'users'
  | 'sessions'
  | 'applications'
  | 'applicationStatusCounts'
  | 'documents'
  | 'payments'
  | 'statusHistory'
  | 'contactEnquiries'
  | 'analyticsEvents'
  | 'mailOutbox'
  | 'textOutbox'
  | 'rateLimits'
  | 'applicationDrafts'
  | 'applicationGroups'
  | 'receiptCounters'
  | 'receipts'
  | 'refunds'
  | 'internalNotes'
  | 'applicationReplies'
  | 'assignmentHistory'
  | 'twoFactorRecoveryCodes'
  | 'twoFactorChallenges'
  | 'auditLog'
  | 'trackingCodes'
  | 'portalLedger'
  | 'governmentFees'
  | 'egyptRules'
  | 'portalOutages'
  | 'auditHead'
  | 'reportDays'
  | 'reportCohortDays'
  | 'reportTurnaroundDays'
  | 'reportDirtyHours'
  | 'applicationOverdueDays'
  | 'applicationSearchPrefixes'
  | 'applicationSearchPrefixesLoading'
  | 'testPayments'
  | 'testRefunds';
type Parity = { [K in Tables]: Same<(typeof lite)[K], (typeof pg)[K]> };

export const schemaParity: Parity = {
  users: true,
  sessions: true,
  applications: true,
  applicationStatusCounts: true,
  documents: true,
  payments: true,
  statusHistory: true,
  contactEnquiries: true,
  analyticsEvents: true,
  mailOutbox: true,
  textOutbox: true,
  rateLimits: true,
  applicationDrafts: true,
  applicationGroups: true,
  receiptCounters: true,
  receipts: true,
  refunds: true,
  internalNotes: true,
  applicationReplies: true,
  assignmentHistory: true,
  twoFactorRecoveryCodes: true,
  twoFactorChallenges: true,
  auditLog: true,
  trackingCodes: true,
  portalLedger: true,
  governmentFees: true,
  egyptRules: true,
  portalOutages: true,
  auditHead: true,
  reportDays: true,
  reportCohortDays: true,
  reportTurnaroundDays: true,
  reportDirtyHours: true,
  applicationOverdueDays: true,
  applicationSearchPrefixes: true,
  applicationSearchPrefixesLoading: true,
  testPayments: true,
  testRefunds: true,
};

/** The row types both dialects share (taken from SQLite; identical in PostgreSQL by the check above). */
export type UserRow = (typeof lite)['users']['$inferSelect'];
export type SessionRow = (typeof lite)['sessions']['$inferSelect'];
export type ApplicationRow = (typeof lite)['applications']['$inferSelect'];
/** The columns the stores write for the admin search and the reports, and never read back into an Application. */
export type ApplicationSearchColumn = 'searchEmail' | 'searchName' | 'searchGivenName' | 'searchSurname' | 'searchFullName' | 'decidedAt';
/** What an Application is read from: its row without the search and report columns. */
export type StoredApplicationRow = Omit<ApplicationRow, ApplicationSearchColumn>;
export type ApplicationInsert = (typeof lite)['applications']['$inferInsert'];
export type DocumentRow = (typeof lite)['documents']['$inferSelect'];
export type ApplicationReplyRow = (typeof lite)['applicationReplies']['$inferSelect'];
export type PaymentRow = (typeof lite)['payments']['$inferSelect'];
export type StatusHistoryRow = (typeof lite)['statusHistory']['$inferSelect'];
export type ContactEnquiryRow = (typeof lite)['contactEnquiries']['$inferSelect'];
export type AnalyticsEventRow = (typeof lite)['analyticsEvents']['$inferSelect'];
export type MailOutboxRow = (typeof lite)['mailOutbox']['$inferSelect'];
export type ApplicationDraftRow = (typeof lite)['applicationDrafts']['$inferSelect'];
export type ApplicationGroupRow = (typeof lite)['applicationGroups']['$inferSelect'];
export type MailOutboxInsert = (typeof lite)['mailOutbox']['$inferInsert'];
export type TextOutboxRow = (typeof lite)['textOutbox']['$inferSelect'];
export type TextOutboxInsert = (typeof lite)['textOutbox']['$inferInsert'];
export type ReceiptRow = (typeof lite)['receipts']['$inferSelect'];
export type RefundRow = (typeof lite)['refunds']['$inferSelect'];
export type TestPaymentRow = (typeof lite)['testPayments']['$inferSelect'];
export type TestRefundRow = (typeof lite)['testRefunds']['$inferSelect'];
export type PortalLedgerRow = (typeof lite)['portalLedger']['$inferSelect'];
export type GovernmentFeeRow = (typeof lite)['governmentFees']['$inferSelect'];
export type EgyptRuleRow = (typeof lite)['egyptRules']['$inferSelect'];
export type PortalOutageRow = (typeof lite)['portalOutages']['$inferSelect'];
