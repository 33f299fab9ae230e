import { sql, type SQL } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AnalyticsEvent } from '../../../core/ports/analytics.js';
import type { OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { Entry, Gender, MaritalStatus } from '../../../core/domain/application.js';
import type { PassportScanRecord } from '../../../core/domain/passport-check.js';
import type { PassportScan } from '../../../core/domain/passport-scan.js';
import type { RuleKind, RuleNotice, RuleValues } from '../../../core/domain/egypt-rules.js';
import type { AllowedContentType, DocumentStatus, DocumentType } from '../../../core/domain/document.js';
import type { PaymentType } from '../../../core/domain/fees.js';
import type { Currency } from '../../../core/domain/money.js';
import type { GatewayPayment, PaymentRecordStatus } from '../../../core/domain/payment.js';
import type { MailTemplateName } from '../../../core/domain/mail.js';
import type { TextTemplateName } from '../../../core/domain/texts.js';
import type { DraftFields } from '../../../core/domain/application-draft.js';
import type { ReceiptKind, ReceiptLine } from '../../../core/domain/receipt.js';
import type { GatewayRefund, RefundSource, RefundStatus } from '../../../core/domain/refund.js';
import type { StaffRole } from '../../../core/domain/staff-role.js';
import type { GuaranteePauseReason } from '../../../core/domain/guarantee.js';
import { PORTAL_REFERENCE_MAX, PORTAL_STATES, type GovernmentFeeCurrency, type PortalState } from '../../../core/domain/portal-ledger.js';
import { tabApplicationStatuses } from '../shared/rules.js';
import { APPLICANT_SQL, COUNTED_DECISION_SQL, OVERDUE_CANDIDATE_SQL, PSEUDO_ENTRY_SQL, sqlList, STATUS_VALUES } from '../shared/sql-values.js';

/**
 * SQLite schema (better-sqlite3). Timestamps are integer milliseconds since the epoch (Date in
 * TypeScript); form dates are 'YYYY-MM-DD' text; booleans are 0/1 integers. Kept column-for-column
 * in step with ../postgres/schema.ts: ../shared/schema-parity.ts fails to compile if they drift.
 *
 * Reminder claims have no table of their own: a claim is a compare-and-set UPDATE of
 * applications.payment_reminder_sent / users.application_reminder_sent (see the repositories).
 */
const lower = (c: AnySQLiteColumn): SQL => sql`lower(${c})`;
const ts = (name: string) => integer(name, { mode: 'timestamp_ms' });
const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const bool = (name: string) => integer(name, { mode: 'boolean' });

/** The pseudo-entries' partial-index predicate; queries repeat it literally (see shared/user-store.ts). */
const PSEUDO_ENTRY = sql.raw(PSEUDO_ENTRY_SQL);
/** The initial-payment tab's statuses, as its partial index's predicate (shared/admin-filter.ts writes the same literal list). */
const INITIAL_PAYMENT_TAB = sql.raw(`status in (${sqlList(tabApplicationStatuses('initial-payment'))})`);
/** The overdue filter's candidates (shared/sql-values.ts), as applications_overdue_idx's predicate. */
const OVERDUE_CANDIDATE = sql.raw(OVERDUE_CANDIDATE_SQL);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    isAdmin: bool('is_admin').notNull().default(false),
    needsPasswordChange: bool('needs_password_change').notNull().default(false),
    applicationReminderSent: ts('application_reminder_sent'),
    createdAt: ts('created_at').notNull().default(now),
    /** The email and full name folded for the admin search (core/domain/search.ts's foldForSearch),
     * written by the store with the row; not part of the domain User. */
    searchEmail: text('search_email').notNull().default(''),
    searchName: text('search_name').notNull().default(''),
    /** The user has an application: set in the transaction that stores their first one, so the
     * pseudo-entries (non-admins without one) are a partial index, not an anti-join over every user. */
    hasApplication: bool('has_application').notNull().default(false),
    /** The staff role (core/domain/staff-role.ts), null for applicants; is_admin stays true for every role. */
    role: text('role').$type<StaffRole>(),
    /** A deactivated member of staff cannot sign in; their sessions are ended. */
    deactivatedAt: ts('deactivated_at'),
    /** Two-factor sign-in (TOTP): the confirmed secret, a secret being enrolled, when it was enabled
     * and the last time step accepted (a code is used once). */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: ts('two_factor_enabled_at'),
    twoFactorLastStep: integer('two_factor_last_step'),
    /** The account's language (core/domain/locale.ts): its pages, mails, texts and PDFs. */
    locale: text('locale').notNull().default('en-GB'),
    /** Mail to this address was refused for good (docs/product.md §16.5): the address, when and why.
     * Written by the mail outbox; cleared when a later mail to the address is sent. */
    mailBouncedAddress: text('mail_bounced_address'),
    mailBouncedAt: ts('mail_bounced_at'),
    mailBounceReason: text('mail_bounce_reason'),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(lower(t.email)),
    index('users_pseudo_entries_idx').on(t.createdAt, t.id).where(PSEUDO_ENTRY),
    index('users_pseudo_search_email_idx').on(t.searchEmail).where(PSEUDO_ENTRY),
    index('users_pseudo_search_name_idx').on(t.searchName).where(PSEUDO_ENTRY),
    index('users_created_at_idx').on(t.createdAt),
    // The reports' registered applicants (shared/report-queries.ts).
    index('users_applicants_created_idx').on(t.createdAt).where(sql.raw(APPLICANT_SQL)),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().default(now),
    lastSeenAt: ts('last_seen_at').notNull().default(now),
    /** What the user sees in their list of sessions (GET /api/user/sessions). */
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);

export const applications = sqliteTable(
  'applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationNumber: text('application_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull().default('online_entry'),
    givenName: text('given_name').notNull(),
    surname: text('surname').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    nationality: text('nationality').notNull(),
    countryOfBirth: text('country_of_birth').notNull(),
    originalNationality: text('original_nationality'),
    otherNationalities: bool('other_nationalities').notNull().default(false),
    otherNationality: text('other_nationality'),
    maritalStatus: text('marital_status').$type<MaritalStatus>().notNull(),
    profession: text('profession').notNull(),
    purposeOfVisit: text('purpose_of_visit').$type<'tourism'>().notNull().default('tourism'),
    entry: text('entry').$type<Entry>().notNull().default('Single'),
    expectedArrivalDate: text('expected_arrival_date').notNull(),
    expectedDepartureDate: text('expected_departure_date').notNull(),
    passportNumber: text('passport_number').notNull(),
    passportExpiry: text('passport_expiry').notNull(),
    visitedEgyptBefore: bool('visited_egypt_before').notNull().default(false),
    lastVisitDateFrom: text('last_visit_date_from'),
    lastVisitDateTo: text('last_visit_date_to'),
    lastVisitStayLocation: text('last_visit_stay_location'),
    hasBeenDeported: bool('has_been_deported').notNull().default(false),
    deportedFrom: text('deported_from'),
    deportationDate: text('deportation_date'),
    deportationReason: text('deportation_reason'),
    privacyPolicyAccepted: bool('privacy_policy_accepted').notNull().default(false),
    smsUpdates: bool('sms_updates').notNull().default(false),
    address: text('address'),
    city: text('city'),
    postcode: text('postcode'),
    hotelDetails: text('hotel_details'),
    initialPaymentId: text('initial_payment_id'),
    finalPaymentId: text('final_payment_id'),
    visaDocument: text('visa_document'),
    additionalInfoMessage: text('additional_info_message'),
    requiresPassportReupload: bool('requires_passport_reupload').notNull().default(false),
    passportReuploadedAt: ts('passport_reuploaded_at'),
    paymentReminderSent: ts('payment_reminder_sent'),
    initialPaymentAt: ts('initial_payment_at'),
    guaranteeDeadline: ts('guarantee_deadline'),
    /** Since when the guarantee clock is paused, waiting on the applicant (docs/product.md §16.3); null while it runs. */
    guaranteePausedAt: ts('guarantee_paused_at'),
    /** Who the pause waits on: 'applicant' (an information request) or 'portal' (an outage, decision 0032); null while the clock runs. */
    guaranteePausedFor: text('guarantee_paused_for').$type<GuaranteePauseReason>(),
    /** The portal outage (portal_outages.id) this applicant was last mailed about: once per outage (decision 0032). */
    outageNoticeId: integer('outage_notice_id'),
    /** When the applicant answered the current information request in the product (docs/product.md §16.7); null: no answer yet, or a new request since. */
    repliedAt: ts('replied_at'),
    approvedAt: ts('approved_at'),
    /** The decision (core/domain/status.ts DECIDED_STATUSES): when the application first entered
     * approved, rejected or final_payment_received, written by the store with the status-history
     * entry that records it (and by the bulk loader from the loaded history). Not part of the domain
     * Application: the reports read it. */
    decidedAt: ts('decided_at'),
    /** Pence refunded so far (succeeded refunds); the refund's unit adds to it and moves the version. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    serviceStartRequestedAt: ts('service_start_requested_at'),
    cancelledAt: ts('cancelled_at'),
    cancellationRequestedAt: ts('cancellation_requested_at'),
    cancellationReason: text('cancellation_reason'),
    cancellationResponse: text('cancellation_response'),
    cancellationDeclinedAt: ts('cancellation_declined_at'),
    /** When the e-visa mail was queued on its own (docs/product.md §3.4): once per application, when
     * the visa is attached to a paid application or the final fee is paid (or waived) after it was
     * attached. Staff's 'Send E-Visa Email' sends it again without touching it. */
    evisaMailedAt: ts('evisa_mailed_at'),
    /** The member of staff working the application, or null. */
    assigneeId: integer('assignee_id').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().default(now),
    updatedAt: ts('updated_at').notNull().default(now),
    version: integer('version').notNull().default(1),
    /** The server's MRZ reading of the latest passport document (migration 0007): the document read,
     * 'pending' | 'read' | 'unreadable', and what was read. Only recordPassportScan writes them. */
    passportScanDocumentId: integer('passport_scan_document_id'),
    passportScanStatus: text('passport_scan_status').$type<PassportScanRecord['status']>(),
    passportScan: text('passport_scan', { mode: 'json' }).$type<PassportScan>(),
    /** The rule change that last affected it (migration 0027, docs/product.md §5.11): its key, and what the applicant
     * was told. Only EgyptRuleRepository.noticeAffected writes them. */
    ruleNoticeChange: text('rule_notice_change'),
    ruleNotice: text('rule_notice', { mode: 'json' }).$type<RuleNotice>(),
    /** The family order this application was made in (one payment of the initial fees for all), or null. */
    groupId: integer('group_id').references((): AnySQLiteColumn => applicationGroups.id),
    /** Search keys folded by core/domain/search.ts's foldForSearch (accents and case), written by the
     * store with the row so the admin search is one index-backed OR on applications: the applicant's
     * email and full name (copied from users, immutable there), the given name, the surname and
     * "given name + surname". Not part of the domain Application. */
    searchEmail: text('search_email').notNull().default(''),
    searchName: text('search_name').notNull().default(''),
    searchGivenName: text('search_given_name').notNull().default(''),
    searchSurname: text('search_surname').notNull().default(''),
    searchFullName: text('search_full_name').notNull().default(''),
  },
  (t) => [
    uniqueIndex('applications_number_unique').on(t.applicationNumber),
    index('applications_user_idx').on(t.userId, t.createdAt),
    index('applications_status_created_idx').on(t.status, t.createdAt, t.id),
    index('applications_created_idx').on(t.createdAt, t.id),
    index('applications_number_lower_idx').on(lower(t.applicationNumber)),
    index('applications_passport_lower_idx').on(lower(t.passportNumber)),
    // The name and email search keys carry what a search reads of each match — the tab's status, the
    // sort's deadline and arrival date, the id — so it never reads the table (shared/admin-filter.ts).
    index('applications_search_surname_idx').on(t.searchSurname, t.status, t.guaranteeDeadline, t.expectedArrivalDate, t.id),
    index('applications_search_full_name_idx').on(t.searchFullName, t.status, t.guaranteeDeadline, t.expectedArrivalDate, t.id),
    index('applications_initial_payment_tab_idx').on(t.createdAt, t.id).where(INITIAL_PAYMENT_TAB),
    index('applications_search_email_idx').on(t.searchEmail, t.status, t.guaranteeDeadline, t.expectedArrivalDate, t.id),
    index('applications_search_name_idx').on(t.searchName, t.status, t.guaranteeDeadline, t.expectedArrivalDate, t.id),
    index('applications_group_idx').on(t.groupId),
    index('applications_status_deadline_arrival_idx').on(t.status, t.guaranteeDeadline, t.expectedArrivalDate, t.id),
    // The overdue filter's pages and counts (shared/admin-filter.ts repeats the predicate literally).
    index('applications_overdue_idx').on(t.status, t.guaranteeDeadline, t.expectedArrivalDate, t.id).where(OVERDUE_CANDIDATE),
    index('applications_assignee_idx').on(t.assigneeId, t.status, t.guaranteeDeadline, t.expectedArrivalDate, t.id),
    // The reports (shared/report-queries.ts), each a range of one covering index: the counted
    // decisions by decision time, and the cohort (funnel, nationalities) by creation time.
    index('applications_decided_idx').on(t.decidedAt, t.initialPaymentAt, t.guaranteeDeadline, t.cancelledAt).where(sql.raw(COUNTED_DECISION_SQL)),
    index('applications_cohort_idx').on(t.createdAt, t.nationality, t.initialPaymentAt, t.approvedAt, t.finalPaymentId, t.postcode),
    check('applications_status_check', sql.raw(`status in (${sqlList(STATUS_VALUES)})`)),
    check('applications_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * How many applications are in each status, kept by triggers on applications in the writing
 * transaction (migration 0005_agency_scale), so the tab counts and an unfiltered tab's total are a
 * read of 8 rows instead of a count over every application.
 */
export const applicationStatusCounts = sqliteTable('application_status_counts', {
  status: text('status').$type<ApplicationStatus>().primaryKey(),
  n: integer('n').notNull().default(0),
});

/** The overdue filter's candidates per status and UTC deadline day: see the PostgreSQL schema. */
export const applicationOverdueDays = sqliteTable(
  'application_overdue_days',
  {
    status: text('status').$type<ApplicationStatus>().notNull(),
    day: integer('day').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.day] })],
);

/** How many applications match each short search term, per status: see the PostgreSQL schema. */
export const applicationSearchPrefixes = sqliteTable(
  'application_search_prefixes',
  {
    prefix: text('prefix').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.status] })],
);

/** Bulk loads count their own applications' prefixes: see the PostgreSQL schema. */
export const applicationSearchPrefixesLoading = sqliteTable('application_search_prefixes_loading', {
  loader: integer('loader').notNull(),
});

export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    type: text('type').$type<DocumentType>().notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').$type<AllowedContentType>().notNull(),
    size: integer('size').notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('pending'),
    verificationNotes: text('verification_notes'),
    uploadedAt: ts('uploaded_at').notNull().default(now),
    verifiedAt: ts('verified_at'),
    /** The applicant's reply this document came with (type 'reply'), or null. */
    replyId: integer('reply_id').references((): AnySQLiteColumn => applicationReplies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('documents_application_idx').on(t.applicationId),
    index('documents_reply_idx').on(t.replyId),
    index('documents_type_idx').on(t.type),
    // The orphan-file sweep asks which stored files a row points at.
    index('documents_storage_key_idx').on(t.storageKey),
  ],
);

export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // No foreign key: payment records outlive an erased application (kept anonymised for accounting).
    applicationId: integer('application_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<PaymentType>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status').$type<PaymentRecordStatus>().notNull(),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('payments_application_type_unique').on(t.applicationId, t.type),
    // A provider's payment is recorded once per application: a family order's one payment pays each
    // application of the group its own initial fee.
    uniqueIndex('payments_provider_payment_application_unique').on(t.providerPaymentId, t.applicationId),
    index('payments_created_idx').on(t.createdAt),
    // The reports' revenue and waivers: a range per status and month, covering.
    index('payments_status_created_idx').on(t.status, t.createdAt, t.type, t.amount),
  ],
);

export const statusHistory = sqliteTable(
  'status_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ApplicationStatus>(),
    toStatus: text('to_status').$type<ApplicationStatus>().notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    message: text('message'),
    changedAt: ts('changed_at').notNull().default(now),
  },
  (t) => [index('status_history_application_idx').on(t.applicationId, t.changedAt)],
);

export const contactEnquiries = sqliteTable(
  'contact_enquiries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    nationality: text('nationality').notNull(),
    purposeOfTravel: text('purpose_of_travel').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    existingAccount: bool('existing_account').notNull().default(false),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [index('contact_enquiries_email_lower_idx').on(lower(t.email)), index('contact_enquiries_user_idx').on(t.userId)],
);

export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    path: text('path'),
    // No foreign key: events outlive an erased user (the id is nulled).
    userId: integer('user_id'),
    properties: text('properties', { mode: 'json' }).$type<AnalyticsEvent['properties']>().notNull(),
    occurredAt: ts('occurred_at').notNull().default(now),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.occurredAt), index('analytics_events_occurred_idx').on(t.occurredAt)],
);

export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to_address').notNull(),
    template: text('template').$type<MailTemplateName>().notNull(),
    data: text('data', { mode: 'json' }).$type<OutboxMailInput['data']>().notNull(),
    attachments: text('attachments', { mode: 'json' }).$type<NonNullable<OutboxMailInput['attachments']>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().default(now),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().default(now),
    /** The application the mail is about (its data's applicationId), for its delivery log. No
     * foreign key: erasing an application leaves the outbox as it was before this column. */
    applicationId: integer('application_id'),
    /** Refused for good by the mail server (5xx): never tried again; `bounced` when the recipient was. */
    refusedAt: ts('refused_at'),
    bounced: bool('bounced').notNull().default(false),
  },
  (t) => [
    index('mail_outbox_application_idx').on(t.applicationId, t.id),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`sent_at is null`),
    index('mail_outbox_to_idx').on(lower(t.to)),
  ],
);

/**
 * The text-message outbox (docs/product.md §16.4): one row per text, written with the change that
 * causes it and its deliver-text job; claimed with a lease (next_attempt_at), marked sent (with the
 * provider's id) or failed (refused by the provider, or skipped: the phone cannot receive texts).
 * No foreign keys, like the mail outbox: the delivery log outlives what it reports on.
 */
export const textOutbox = sqliteTable(
  'text_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id'),
    userId: integer('user_id'),
    to: text('to_number').notNull(),
    template: text('template').$type<TextTemplateName>().notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().default(now),
    sentAt: ts('sent_at'),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    failedAt: ts('failed_at'),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [
    index('text_outbox_application_idx').on(t.applicationId, t.id),
    index('text_outbox_waiting_idx')
      .on(t.id)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

/**
 * Rate-limit counts (AttemptCounter), shared by every server process: one row per key and window,
 * counted with one atomic upsert; rows whose window ended are pruned.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** One unfinished application form per user (any subset of its fields, as JSON), private to them. */
export const applicationDrafts = sqliteTable(
  'application_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fields: text('fields', { mode: 'json' }).$type<DraftFields>().notNull(),
    updatedAt: ts('updated_at').notNull().default(now),
  },
  // A table-level key, not the column's: SQLite makes an integer column key the rowid, whose insert may omit it.
  (t) => [primaryKey({ columns: [t.userId] })],
);

/** A family order: several applications made together by one user, whose initial fees are paid once. */
export const applicationGroups = sqliteTable(
  'application_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [index('application_groups_user_idx').on(t.userId)],
);

/**
 * The job engine's queue on SQLite (adapters/jobs/sqlite.ts; on PostgreSQL pg-boss keeps its own
 * tables). Times are integer milliseconds; `input` is the job's JSON. A waiting job's key is unique
 * in its queue. Completed jobs are deleted; failed ones stay (with why) until retried.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    input: text('input').notNull(),
    key: text('key'),
    state: text('state', { enum: ['created', 'retry', 'active', 'failed'] }).notNull(),
    retryCount: integer('retry_count').notNull().default(0),
    retryLimit: integer('retry_limit').notNull(),
    startAfter: integer('start_after').notNull(),
    expireAt: integer('expire_at'),
    lastError: text('last_error'),
    lastErrorAt: integer('last_error_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.name, t.startAfter, t.id)
      .where(sql`state in ('created', 'retry')`),
    index('jobs_active_idx')
      .on(t.name, t.expireAt)
      .where(sql`state = 'active'`),
    uniqueIndex('jobs_waiting_key_idx')
      .on(t.name, t.key)
      .where(sql`state in ('created', 'retry') and key is not null`),
  ],
);

/**
 * The next receipt number of each year: one row per year, incremented in the transaction that issues
 * the receipt (so a rolled-back payment gives its number back and none is ever skipped or shared).
 */
export const receiptCounters = sqliteTable(
  'receipt_counters',
  {
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  // A table-level key (as application_drafts'): SQLite makes an integer column key the rowid.
  (t) => [primaryKey({ columns: [t.year] })],
);

/** Numbered receipts and credit notes, as issued (core/domain/receipt.ts). Kept for the accounts when an account is erased. */
export const receipts = sqliteTable(
  'receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: text('number').notNull(),
    key: text('key').notNull(),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    // No foreign key: receipts outlive an erased application.
    applicationId: integer('application_id').notNull(),
    groupId: integer('group_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    lines: text('lines', { mode: 'json' }).$type<ReceiptLine[]>().notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refersTo: text('refers_to'),
    issuedAt: ts('issued_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('receipts_number_unique').on(t.number),
    uniqueIndex('receipts_key_unique').on(t.key),
    index('receipts_application_idx').on(t.applicationId),
    index('receipts_group_idx').on(t.groupId),
    index('receipts_issued_idx').on(t.issuedAt),
  ],
);

/** Refunds of recorded payments (core/domain/refund.ts): requested, approved, sent to the gateway, settled. */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    applicationId: integer('application_id').notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    source: text('source').$type<RefundSource>().notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    gatewayRefundId: text('gateway_refund_id'),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull().default(now),
    updatedAt: ts('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('refunds_gateway_refund_unique').on(t.gatewayRefundId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_application_idx').on(t.applicationId),
    index('refunds_created_idx').on(t.createdAt),
    // The reports' refunds: the succeeded ones by when they settled, covering.
    index('refunds_status_updated_idx').on(t.status, t.updatedAt, t.amount),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Staff's notes on an application for each other (core/domain/internal-note.ts): never shown to the applicant. */
export const internalNotes = sqliteTable(
  'internal_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [index('internal_notes_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * The applicant's answers to information requests, sent from the dashboard (core/domain/reply.ts):
 * their words ('' when they sent documents only); the documents they attached are documents rows
 * of type 'reply' pointing here.
 */
export const applicationReplies = sqliteTable(
  'application_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [index('application_replies_application_idx').on(t.applicationId, t.createdAt)],
);

/** Who was assigned an application, by whom and when (the admin row's assignment history). */
export const assignmentHistory = sqliteTable(
  'assignment_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeName: text('assignee_name'),
    assignedById: integer('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    assignedByName: text('assigned_by_name').notNull(),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [index('assignment_history_application_idx').on(t.applicationId, t.createdAt)],
);

/** Two-factor recovery codes: stored hashed, each usable once. */
export const twoFactorRecoveryCodes = sqliteTable(
  'two_factor_recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password accepted for an account with two-factor sign-in: the second step's pending sign-in,
 * keyed by the hash of a token in a short-lived cookie. No session exists until the code is given.
 */
export const twoFactorChallenges = sqliteTable(
  'two_factor_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().default(now),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/**
 * The append-only audit log: every staff action and every read of personal data that matters. Each
 * row's hash is SHA-256 over its content and the previous row's hash; `seq` numbers the rows
 * 1, 2, 3… with no gap. No foreign keys: nothing done elsewhere (an erasure, a deletion) may change a
 * row once written.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    seq: integer('seq').notNull(),
    at: ts('at').notNull(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    applicationId: integer('application_id'),
    /** Canonical JSON (before/after and other details), hashed as stored. */
    detail: text('detail').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seq] }),
    index('audit_log_application_idx').on(t.applicationId, t.seq),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
    // The audit screen's "what action" filter: newest first within one action, without reading the others.
    index('audit_log_action_idx').on(t.action, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);

/**
 * The audit chain's head (one row, id 1): the last row's number and hash. Appending updates it in
 * the appending transaction, which serialises appenders, and lets verify-audit notice rows removed
 * from the end.
 */
export const auditHead = sqliteTable(
  'audit_head',
  {
    id: integer('id').notNull(),
    seq: integer('seq').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id] })],
);

/**
 * The code that opens an application's public tracking page (docs/product.md §16.1): one per
 * application (a new one replaces it), only its HMAC stored, used once, dead after 5 wrong tries.
 */
export const trackingCodes = sqliteTable(
  'tracking_codes',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().default(now),
    expiresAt: ts('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: ts('used_at'),
  },
  // A table-level key, not the column's: SQLite makes an integer column key the rowid, whose insert may omit it.
  (t) => [primaryKey({ columns: [t.applicationId] })],
);

/**
 * The portal ledger (core/domain/portal-ledger.ts, docs/product.md §2.16): what the agency did on
 * Egypt's official portal for one application — at most one row each; none reads as "to submit".
 * The receipt's columns are all set or all null. paid_at is indexed for the monthly margin report.
 */
export const portalLedger = sqliteTable(
  'portal_ledger',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reference: text('reference'),
    state: text('state').$type<PortalState>().notNull().default('to_submit'),
    governmentFeeCents: integer('government_fee_cents'),
    governmentFeeCurrency: text('government_fee_currency').$type<GovernmentFeeCurrency>().notNull().default('USD'),
    governmentFeePence: integer('government_fee_pence'),
    // The government fee shield (decision 0033): the fee in force when the traveller paid, and the rise absorbed.
    feeAtPaymentCents: integer('fee_at_payment_cents'),
    feeAtPaymentPence: integer('fee_at_payment_pence'),
    absorbedFeeCents: integer('absorbed_fee_cents'),
    absorbedFeePence: integer('absorbed_fee_pence'),
    paidAt: ts('paid_at'),
    receiptStorageKey: text('receipt_storage_key'),
    receiptFileName: text('receipt_file_name'),
    receiptContentType: text('receipt_content_type').$type<AllowedContentType>(),
    receiptSize: integer('receipt_size'),
    receiptUploadedAt: ts('receipt_uploaded_at'),
    updatedAt: ts('updated_at').notNull().default(now),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // A table-level key, not the column's: SQLite makes an integer column key the rowid, whose insert may omit it.
    primaryKey({ columns: [t.applicationId] }),
    check('portal_ledger_state_check', sql.raw(`state in (${sqlList(PORTAL_STATES)})`)),
    check('portal_ledger_currency_check', sql`${t.governmentFeeCurrency} = 'USD'`),
    check('portal_ledger_fee_check', sql`${t.governmentFeeCents} >= 0`),
    check('portal_ledger_reference_check', sql`length(${t.reference}) <= ${sql.raw(String(PORTAL_REFERENCE_MAX))}`),
    check('portal_ledger_version_check', sql`${t.version} >= 1`),
    // Covers the reports' government fees per month (paid_at range, the booked and absorbed pence) without the rows.
    index('portal_ledger_paid_at_idx').on(t.paidAt, t.governmentFeePence, t.absorbedFeePence),
    index('portal_ledger_receipt_idx').on(t.receiptStorageKey),
  ],
);

/**
 * Egypt's rules as dated data (docs/product.md §5.11, decision 0031): per kind and subject (a
 * nationality, or '' for everyone), one entry per effective_from (a London date) with its value,
 * its source and the day it was last checked. A migration seeds the shipped defaults.
 */
export const egyptRules = sqliteTable(
  'egypt_rules',
  {
    kind: text('kind').$type<RuleKind>().notNull(),
    subject: text('subject').notNull().default(''),
    effectiveFrom: text('effective_from').notNull(),
    value: text('value', { mode: 'json' }).$type<RuleValues[RuleKind]>().notNull(),
    sourceUrl: text('source_url').notNull(),
    sourceTitle: text('source_title').notNull(),
    lastChecked: text('last_checked').notNull(),
    createdAt: ts('created_at').notNull().default(now),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject, t.effectiveFrom] })],
);

/**
 * The government fee as dated configuration (docs/product.md §2.16): from effective_from (a London
 * date, 'YYYY-MM-DD') the portal charges amount_cents (USD) a visa, booked at pence (GBP). A
 * migration seeds the first entry.
 */
export const governmentFees = sqliteTable(
  'government_fees',
  {
    effectiveFrom: text('effective_from').notNull(),
    amountCents: integer('amount_cents').notNull(),
    pence: integer('pence').notNull(),
    createdAt: ts('created_at').notNull().default(now),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.effectiveFrom] }), check('government_fees_amount_check', sql`${t.amountCents} > 0`), check('government_fees_pence_check', sql`${t.pence} > 0`)],
);

/**
 * The official portal's outages (docs/product.md "When the official portal is down", decision 0032):
 * one row from the switch down to the switch up; the row with ended_at null is the outage in force.
 */
export const portalOutages = sqliteTable('portal_outages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  message: text('message').notNull(),
  startedAt: ts('started_at').notNull(),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  endedAt: ts('ended_at'),
  endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull(),
});

/** The reports' daily rollups: see the PostgreSQL schema (docs/product.md §17.5). */
export const reportDays = sqliteTable('report_days', {
  day: text('day').primaryKey(),
  decided: integer('decided').notNull(),
  onTime: integer('on_time').notNull(),
  waived: integer('waived').notNull(),
  refunds: integer('refunds').notNull(),
  refundedPence: integer('refunded_pence').notNull(),
  initialPence: integer('initial_pence').notNull(),
  finalPence: integer('final_pence').notNull(),
  governmentFeePence: integer('government_fee_pence').notNull(),
  absorbedFeePence: integer('absorbed_fee_pence').notNull().default(0),
  registered: integer('registered').notNull(),
  refreshedAt: ts('refreshed_at').notNull().default(now),
});

export const reportCohortDays = sqliteTable(
  'report_cohort_days',
  {
    day: text('day').notNull(),
    nationality: text('nationality').notNull(),
    applied: integer('applied').notNull(),
    initialPaid: integer('initial_paid').notNull(),
    addressGiven: integer('address_given').notNull(),
    approved: integer('approved').notNull(),
    finalPaid: integer('final_paid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.nationality] })],
);

export const reportTurnaroundDays = sqliteTable(
  'report_turnaround_days',
  {
    day: text('day').notNull(),
    tenths: integer('tenths').notNull(),
    decided: integer('decided').notNull(),
    onTime: integer('on_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.tenths] })],
);

export const reportDirtyHours = sqliteTable(
  'report_dirty_hours',
  {
    hour: integer('hour').notNull(),
  },
  (t) => [index('report_dirty_hours_hour_idx').on(t.hour)],
);

/**
 * The built-in test payment provider's own book (adapters/payments/test-provider): the payments it
 * opened and took, and the refunds it made, as a card network would keep them. It is the provider's
 * side, not the agency's (payments and refunds above are the agency's records), so nothing refers to
 * it and it refers to nothing; kept in the database so a restart forgets nothing (refunds and
 * reconciliation of older payments work on the embedded defaults).
 */
export const testPayments = sqliteTable(
  'test_payments',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    /** The fee's key (core/domain/payment.ts paymentKeyOf): at most one open payment per fee. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<GatewayPayment['status']>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    applicationId: integer('application_id'),
    paymentType: text('payment_type').$type<PaymentType>(),
    failureMessage: text('failure_message'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [index('test_payments_fee_idx').on(t.idempotencyKey, t.createdAt), index('test_payments_status_created_idx').on(t.status, t.createdAt)],
);

export const testRefunds = sqliteTable(
  'test_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<GatewayRefund['status']>().notNull(),
    /** Our refund's id (the metadata a card network keeps with it); null for a refund made outside the product. */
    refundId: integer('refund_id'),
    failureReason: text('failure_reason'),
    /** The key it was asked for with (`refund:{id}`): asking again answers this refund. */
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('test_refunds_key_unique').on(t.idempotencyKey), index('test_refunds_payment_idx').on(t.paymentId), index('test_refunds_created_idx').on(t.createdAt)],
);
