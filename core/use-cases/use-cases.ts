import type { Readable } from 'node:stream';
import type { ApplicationDraft, DraftFields } from '../domain/application-draft.js';
import type { CreatedGroup } from './application-groups.js';
import type { AddressDetails, Application, ApplicationForm, StatusChangeInput } from '../domain/application.js';
import type { AdminTabId } from '../domain/admin-tabs.js';
import type { VisaDocumentRecord } from '../domain/document.js';
import type { PaymentType } from '../domain/fees.js';
import type { Money } from '../domain/money.js';
import type { GatewayPayment, PaymentRecord } from '../domain/payment.js';
import type { StatusHistoryEntry } from '../domain/status-history.js';
import type { ApplicationStatus, ListedStatus } from '../domain/status.js';
import type { PublicUser, User } from '../domain/user.js';
import type { PassportScan } from '../domain/passport-scan.js';
import type { PassportCheckView } from '../domain/passport-check.js';
import type { PassportUpload } from './attach-passport.js';
import type { AnalyticsEvent, ContactEnquiry, PassportImage } from '../ports/index.js';
import type { UnrecordedPayment } from './reconcile-payments.js';
import type { OrphanSweep } from './sweep-orphan-files.js';

/** Who is asking: use cases check ownership and the admin flag themselves. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
  email: string;
}

/** An application as sent to clients: the stored fields plus the guarantee, derived. */
export interface ApplicationView extends Application {
  guarantee: { deadline: Date | null; breached: boolean };
  /** The latest passport upload's MRZ against the typed fields (null until a passport is attached). */
  passportCheck: PassportCheckView | null;
}

/** The user attached to an admin read (docs/product.md §7.6: email, username, fullName, phoneNumber). */
export type AdminListUser = AdminListEntry['user'];

/**
 * One element of the full admin list (GET /api/admin/applications without parameters, docs/product.md §7.6): an
 * application's own fields at the top level with its `user` attached (docs/product.md §10.2), or a
 * pseudo-entry — a registered user with no application (`id` null, status user_registered).
 */
export type AdminFullListEntry = (ApplicationView & { user: AdminListUser }) | { id: null; userId: number; status: 'user_registered'; user: AdminListUser };

export interface AdminListEntry {
  /** A real application, or null for a registered user with no application (pseudo-entry). */
  application: ApplicationView | null;
  /** 'user_registered' for pseudo-entries. */
  status: ListedStatus;
  user: { id: number; email: string; username: string; fullName: string; phoneNumber: string; createdAt: Date };
}

export interface UploadedFile {
  body: Readable | Buffer;
  fileName: string;
  /** Decided from the file's content (magic bytes) by the app before calling. */
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
}

export interface ReminderRunResult {
  sent: number;
  skipped: number;
  /** Who was (or, in a dry run, would be) reminded. */
  recipients: { email: string; applicationId: number | null; reason: string }[];
}

/** Everything the apps can ask of the core. Implementations live one per file in this folder. */
export interface UseCases {
  // accounts
  registerUser(input: { email: string; password: string; fullName: string; phoneNumber: string }): Promise<PublicUser>;
  logIn(input: { email: string; password: string }): Promise<{ user: PublicUser; needsPasswordChange: boolean }>;
  currentUser(userId: number): Promise<PublicUser | null>;
  submitContactForm(input: { fullName: string; email: string; phoneNumber: string; nationality: string; purposeOfTravel: string }): Promise<{ userId: number; accountCreated: boolean; message: string }>;
  updatePhone(actor: Actor, input: { phoneNumber: string }): Promise<PublicUser>;
  changePassword(actor: Actor, input: { currentPassword: string; newPassword: string }): Promise<void>;
  /** Mails a reset link when the email has an account; the same answer either way. */
  requestPasswordReset(input: { email: string }): Promise<{ message: string }>;
  /** A reset link's token and the new password; ends every session of the user. */
  resetPassword(input: { token: string; newPassword: string }): Promise<{ userId: number; message: string }>;
  /** Creates an admin, or promotes an existing user (CLI). */
  createAdmin(input: { email: string; password: string; fullName: string; phoneNumber: string }): Promise<{ user: PublicUser; created: boolean }>;

  // application drafts (the signed-in user's own, one each)
  saveApplicationDraft(actor: Actor, fields: DraftFields): Promise<DraftFields>;
  /** NotFound when the user has no draft. */
  getApplicationDraft(actor: Actor): Promise<DraftFields>;
  deleteApplicationDraft(actor: Actor): Promise<void>;

  // family applications (issue 17): 2 to 10 travellers, their initial fees paid once
  createApplicationGroup(actor: Actor, travellers: ApplicationForm[]): Promise<CreatedGroup>;
  /** £10 × N for the group's initial fees, one payment. */
  startGroupPayment(actor: Actor, groupId: number): Promise<{ clientSecret: string; paymentIntentId: string } & Money>;
  /** Every application of the group paid with this payment, at most once; `actor` null for webhooks. */
  confirmGroupPayment(actor: Actor | null, groupId: number, paymentIntentId: string): Promise<{ applications: ApplicationView[]; recorded: boolean }>;
  /** Admins: the family application's travellers (the admin list's filter by group). */
  listGroupForAdmin(actor: Actor, groupId: number): Promise<AdminListEntry[]>;

  // applications (applicant)
  createApplication(actor: Actor, form: ApplicationForm): Promise<ApplicationView>;
  listOwnApplications(actor: Actor): Promise<ApplicationView[]>;
  /** Owner or admin; anyone else gets NotFound. */
  getApplication(actor: Actor, applicationId: number): Promise<ApplicationView>;
  updateAddressDetails(actor: Actor, applicationId: number, details: AddressDetails): Promise<ApplicationView>;
  listDocuments(actor: Actor, applicationId: number): Promise<VisaDocumentRecord[]>;
  /** Passport upload at submission, or the re-upload while requiresPassportReupload is true. */
  attachPassport(actor: Actor, applicationId: number, file: PassportUpload): Promise<VisaDocumentRecord>;
  /** Reads a passport document's MRZ and records it on its application (run after the upload's answer). */
  checkPassport(documentId: number): Promise<PassportCheckView | null>;
  /** The passport documents whose reading is still pending (resumed when the server starts). */
  pendingPassportChecks(): Promise<number[]>;
  /** Admin: a passport document as the official portal takes it (JPEG ≤ 500 KB). */
  portalCopy(actor: Actor, documentId: number): Promise<{ fileName: string; body: Buffer }>;
  /** Owner of the document's application or an admin. */
  openDocument(actor: Actor, documentId: number): Promise<{ document: VisaDocumentRecord; body: Readable }>;

  // payments
  startPayment(actor: Actor, applicationId: number, type: PaymentType): Promise<{ clientSecret: string; paymentIntentId: string } & Money>;
  /** Idempotent; verifies with the gateway before recording. `actor` null for webhooks and reconciliation. */
  confirmPayment(actor: Actor | null, applicationId: number, type: PaymentType, paymentIntentId: string): Promise<{ application: ApplicationView; recorded: boolean }>;
  /** The payment behind an intent id or client secret, for its applicant only (others: NotFound). */
  findOwnPayment(actor: Actor, paymentRef: string): Promise<GatewayPayment>;

  // passport scan
  /** Reads a passport photo's MRZ into the application form's fields; Unreadable when there is none. Nothing is stored. */
  scanPassport(actor: Actor, image: PassportImage): Promise<PassportScan>;

  // admin
  /**
   * The full admin list, applications newest first then the pseudo-entries, produced as it is read
   * (keyset pages from the store): the caller writes each element out before the next page is read.
   * Refuses a non-admin before anything is read.
   */
  listAdminApplications(actor: Actor): Promise<AsyncIterable<AdminFullListEntry>>;
  searchAdminApplications(actor: Actor, query: { tab?: AdminTabId; q?: string; overdue?: boolean; page: number; pageSize: number }): Promise<{ items: AdminListEntry[]; total: number; page: number; pageSize: number }>;
  countAdminTabs(actor: Actor, query?: { q?: string; overdue?: boolean }): Promise<Record<AdminTabId, number>>;
  changeApplicationStatus(actor: Actor, applicationId: number, input: StatusChangeInput): Promise<ApplicationView>;
  statusHistory(actor: Actor, applicationId: number): Promise<StatusHistoryEntry[]>;
  attachVisa(actor: Actor, applicationId: number, file: UploadedFile): Promise<VisaDocumentRecord>;
  sendEvisa(actor: Actor, applicationId: number): Promise<{ message: string }>;
  sendPaymentReminders(actor: Actor | null, options?: { dryRun?: boolean }): Promise<ReminderRunResult & { message: string }>;
  sendApplicationReminders(actor: Actor | null, options?: { dryRun?: boolean }): Promise<ReminderRunResult & { message: string }>;
  /** Payments taken in the last 30 days that are not recorded, with why (admin dashboard). */
  listPaymentIssues(actor: Actor): Promise<{ checked: number; issues: UnrecordedPayment[] }>;
  /** Records one of them through confirmPayment's checks. */
  recordPaymentIssue(actor: Actor, paymentIntentId: string): Promise<{ applicationId: number; paymentType: PaymentType }>;

  // mail delivery (the outbox sender)
  deliverPendingMail(options?: { limit?: number }): Promise<{ sent: number; failed: number }>;

  // analytics
  recordEvent(event: Omit<AnalyticsEvent, 'occurredAt'>): Promise<void>;

  // operator tasks (CLI)
  exportApplications(query: { tab?: AdminTabId; status?: ApplicationStatus; since?: Date }): AsyncIterable<AdminListEntry>;
  reconcilePayments(options: { since: Date; fix: boolean }): Promise<{ missing: UnrecordedPayment[]; checked: number }>;
  exportUserData(email: string): Promise<{ user: PublicUser; applications: ApplicationView[]; payments: PaymentRecord[]; statusHistory: StatusHistoryEntry[]; documents: VisaDocumentRecord[]; contactEnquiries: ContactEnquiry[]; applicationDraft: ApplicationDraft | null }>;
  eraseUser(email: string): Promise<{ applications: number; documents: number; files: number; paymentsAnonymised: number }>;
  purgeDocuments(options: { olderThanDays: number; dryRun: boolean }): Promise<{ documents: number; files: number }>;
  /** Stored files no document points at, older than the grace period (default 24 h). */
  sweepOrphanFiles(options: { graceHours?: number; dryRun: boolean }): Promise<OrphanSweep>;
}

export type { User };
