import type { Analytics } from './analytics.js';
import type { AssignmentRepository } from './assignment-repository.js';
import type { BorderPackRenderer } from './border-pack-renderer.js';
import type { AttemptCounter } from './attempt-counter.js';
import type { AuditLog } from './audit-log.js';
import type { ApplicationDraftRepository } from './application-draft-repository.js';
import type { ApplicationGroupRepository } from './application-group-repository.js';
import type { ApplicationRepository } from './application-repository.js';
import type { Clock } from './clock.js';
import type { ContactEnquiryRepository } from './contact-enquiry-repository.js';
import type { DocumentRepository } from './document-repository.js';
import type { FileEncryption } from './file-encryption.js';
import type { FileStorage } from './file-storage.js';
import type { EgyptRuleRepository } from './egypt-rule-repository.js';
import type { GovernmentFeeRepository } from './government-fee-repository.js';
import type { PortalOutageRepository } from './portal-outage-repository.js';
import type { IdGenerator } from './id-generator.js';
import type { InternalNoteRepository } from './internal-note-repository.js';
import type { ReplyRepository } from './reply-repository.js';
import type { MailOutbox } from './mail-outbox.js';
import type { OneTimeCodes } from './one-time-codes.js';
import type { QrCodes } from './qr-codes.js';
import type { Mailer } from './mailer.js';
import type { PassportReader } from './passport-reader.js';
import type { PasswordHasher } from './password-hasher.js';
import type { PaymentGateway } from './payment-gateway.js';
import type { PaymentRepository } from './payment-repository.js';
import type { PhoneNumbers } from './phone-numbers.js';
import type { PortalLedgerRepository } from './portal-ledger-repository.js';
import type { ReceiptRenderer } from './receipt-renderer.js';
import type { ReceiptRepository } from './receipt-repository.js';
import type { RefundRepository } from './refund-repository.js';
import type { ReportQueries } from './report-queries.js';
import type { SessionStore } from './session-store.js';
import type { SmsSender } from './sms-sender.js';
import type { TextWriter } from './text-writer.js';
import type { StatusHistoryRepository } from './status-history-repository.js';
import type { TrackingCodeStore } from './tracking-code-store.js';
import type { TextOutbox } from './text-outbox.js';
import type { TwoFactorStore } from './two-factor-store.js';
import type { UserRepository } from './user-repository.js';

/** Values the agency is configured with that the rules and mails need. */
export interface AgencySettings {
  agencyName: string;
  /** The contact address shown where docs/product.md writes {email}. */
  agencyEmail: string;
  /** Base of every link in mails, without a trailing slash. */
  publicUrl: string;
  /** The agency's postal address (receipts), one line per element. */
  agencyAddress: string[];
  /** The agency's VAT number, or null when it is not VAT registered (receipts). */
  vatNumber: string | null;
  /** Staff refunds above this many pence wait for a second, different member of staff. */
  refundApprovalPence: number;
  /** OUTAGE_NOTICE_DAYS: applicants arriving within this many days are mailed when the portal goes down (default 7). */
  outageNoticeDays?: number;
}

/** Secrets the rules need: never shown to anyone, never put in a mail. */
export interface AgencySecrets {
  /**
   * Keys the signatures of password-reset links together with the user's password hash, so that
   * someone who can read the database still cannot forge a link; also the hashes of tracking codes
   * and the signatures of tracking access (core/domain/tracking.ts).
   */
  tokenKey: string;
}

/** Everything the use cases reach the outside world through. */
export interface Ports {
  settings: AgencySettings;
  secrets: AgencySecrets;
  clock: Clock;
  ids: IdGenerator;
  hasher: PasswordHasher;
  users: UserRepository;
  sessions: SessionStore;
  applications: ApplicationRepository;
  drafts: ApplicationDraftRepository;
  groups: ApplicationGroupRepository;
  documents: DocumentRepository;
  payments: PaymentRepository;
  receipts: ReceiptRepository;
  receiptRenderer: ReceiptRenderer;
  /** Draws the border pack PDF (docs/product.md §16.6). */
  borderPackRenderer: BorderPackRenderer;
  refunds: RefundRepository;
  history: StatusHistoryRepository;
  notes: InternalNoteRepository;
  /** The applicants' replies to information requests (docs/product.md §16.7). */
  replies: ReplyRepository;
  /** The portal ledger per application and the dated government fee (docs/product.md §2.16). */
  portal: PortalLedgerRepository;
  governmentFees: GovernmentFeeRepository;
  /** Egypt's rules as dated data (docs/product.md §5.11). */
  egyptRules: EgyptRuleRepository;
  /** The official portal's outages (decision 0032). */
  portalOutages: PortalOutageRepository;
  /** The hash-chained audit log (docs/product.md §6.5). */
  audit: AuditLog;
  assignments: AssignmentRepository;
  enquiries: ContactEnquiryRepository;
  outbox: MailOutbox;
  mailer: Mailer;
  /** The text-message outbox (docs/product.md §16.4), its sender, and how phone numbers are read for it. */
  texts: TextOutbox;
  sms: SmsSender;
  phoneNumbers: PhoneNumbers;
  /** A text's words in its reader's language. */
  textWriter: TextWriter;
  files: FileStorage;
  /** The encryption of the stored files at rest: the operator's migrations (encrypt-files, rotate-file-key). */
  fileEncryption: FileEncryption;
  gateway: PaymentGateway;
  analytics: Analytics;
  /** Rate-limit counts shared by every server process. */
  attempts: AttemptCounter;
  passportReader: PassportReader;
  /** Two-factor sign-in: the stored secrets and pending sign-ins, the codes, their QR codes. */
  twoFactor: TwoFactorStore;
  oneTimeCodes: OneTimeCodes;
  qrCodes: QrCodes;
  /** Codes that open the public tracking page (docs/product.md §16.1), stored hashed. */
  trackingCodes: TrackingCodeStore;
  /** The aggregates of the agency's reports (docs/product.md §17). */
  reports: ReportQueries;
}

export type * from './analytics.js';
export type * from './report-queries.js';
export type * from './assignment-repository.js';
export type * from './border-pack-renderer.js';
export type * from './attempt-counter.js';
export type * from './audit-log.js';
export type * from './application-draft-repository.js';
export type * from './application-group-repository.js';
export type * from './application-repository.js';
export type * from './clock.js';
export type * from './contact-enquiry-repository.js';
export type * from './document-repository.js';
export type * from './file-encryption.js';
export type * from './file-storage.js';
export type * from './egypt-rule-repository.js';
export type * from './government-fee-repository.js';
export type * from './portal-outage-repository.js';
export type * from './id-generator.js';
export type * from './internal-note-repository.js';
export type * from './reply-repository.js';
export type * from './mail-outbox.js';
export type * from './mailer.js';
export type * from './one-time-codes.js';
export type * from './qr-codes.js';
export type * from './passport-reader.js';
export type * from './password-hasher.js';
export type * from './payment-gateway.js';
export type * from './payment-repository.js';
export type * from './phone-numbers.js';
export type * from './portal-ledger-repository.js';
export type * from './receipt-renderer.js';
export type * from './receipt-repository.js';
export type * from './refund-repository.js';
export type * from './session-store.js';
export type * from './sms-sender.js';
export type * from './text-writer.js';
export type * from './status-history-repository.js';
export type * from './tracking-code-store.js';
export type * from './text-outbox.js';
export type * from './two-factor-store.js';
export type * from './user-repository.js';
