import type { User } from '../domain/user.js';
import type * as make from './index.js';

export type { Actor, AdminFullListEntry, AdminListEntry, AdminListUser, ApplicationView, OwnApplicationView, ReminderRunResult, UploadedFile } from './types.js';

/** What a use-case factory builds. */
type Made<F extends (...args: never[]) => unknown> = ReturnType<F>;

/** The drafts' use cases: getApplicationDraft, saveApplicationDraft, deleteApplicationDraft. */
export type ApplicationDrafts = Made<typeof make.makeApplicationDrafts>;
/** Family applications (issue 17): 2 to 10 travellers, their initial fees paid once. */
export type ApplicationGroups = Made<typeof make.makeApplicationGroups>;
/** listPaymentIssues, recordPaymentIssue (the admin dashboard's payment check). */
export type PaymentIssues = Made<typeof make.makePaymentIssues>;
/** cancelApplication (the applicant), decideCancellationRequest (staff). */
export type Cancellations = Made<typeof make.makeCancellations>;
/** replyToRequest (the applicant), listReplies (the applicant and staff): answers to information requests (docs/product.md §16.7). */
export type Replies = Made<typeof make.makeReplies>;
/** addInternalNote, listInternalNotes (staff only). */
export type InternalNotes = Made<typeof make.makeInternalNotes>;
/** readPortal, updatePortal, attachPortalReceipt, openPortalReceipt (staff), listGovernmentFees, setGovernmentFee (docs/product.md §2.16). */
export type PortalLedgerUseCases = Made<typeof make.makePortalLedger>;
/** allRules, publicRules, visaRoute (anyone: the honest router), listRules, showRule, setRule (rules.manage): Egypt's rules (docs/product.md §5.11). */
export type EgyptRulesUseCases = Made<typeof make.makeEgyptRules>;
/** portalStatus (anyone), readPortalStatus and setPortalStatus (operations.run), reapplyPortalStatus (the job): the official portal's outage mode (decision 0032). */
export type PortalStatusUseCases = Made<typeof make.makePortalStatus>;
/** listAuditLog, listApplicationAudit, checkAuditLog (staff), verifyAuditLog (the operator). */
export type AuditLogUseCases = Made<typeof make.makeAuditLog>;
/** requestTrackingCode, verifyTrackingCode, trackedApplication, mailApplicationNumbers (anyone: the public track page). */
export type Tracking = Made<typeof make.makeTracking>;
/** reportsSummary (reports.read), onTimeRecord (anyone: the public on-time record). */
export type Reports = Made<typeof make.makeReports>;
/** listStaff, addStaff, changeStaff (staff.manage). */
export type Staff = Made<typeof make.makeStaff>;
/** setUpTwoFactor, enableTwoFactor, disableTwoFactor, resetStaffTwoFactor, completeTwoFactorSignIn, twoFactorStatus. */
export type TwoFactor = Made<typeof make.makeTwoFactor>;
/** assignApplication, listAssignments, listAssignableStaff (staff only). */
export type Assignments = Made<typeof make.makeAssignments>;
/** readAdminEntry, adminWorkQueue, revealPassportNumber (staff: the side panel's entry, the tab /admin opens on, a passport number in full). */
export type AdminWorkspace = Made<typeof make.makeAdminWorkspace>;
/** listApplicationMessages, resendMessage (staff: the delivery log, docs/product.md §16.5). */
export type DeliveryLog = Made<typeof make.makeDeliveryLog>;

/**
 * Everything the apps can ask of the core: one use case per file in this folder, each typed by its
 * own factory (index.ts lists them), so a use case's signature is written once, beside its
 * implementation. The apps' composition root (apps/shared/container.ts) builds this object from one
 * binding per factory; the type checker makes it build every member.
 */
export interface UseCases
  extends
    ApplicationDrafts,
    ApplicationGroups,
    PaymentIssues,
    Cancellations,
    Replies,
    InternalNotes,
    PortalLedgerUseCases,
    EgyptRulesUseCases,
    PortalStatusUseCases,
    AuditLogUseCases,
    Staff,
    TwoFactor,
    Assignments,
    AdminWorkspace,
    DeliveryLog,
    Tracking,
    Reports {
  // accounts
  registerUser: Made<typeof make.makeRegisterUser>;
  logIn: Made<typeof make.makeLogIn>;
  currentUser: Made<typeof make.makeCurrentUser>;
  submitContactForm: Made<typeof make.makeSubmitContactForm>;
  updatePhone: Made<typeof make.makeUpdatePhone>;
  updateLocale: Made<typeof make.makeUpdateLocale>;
  changePassword: Made<typeof make.makeChangePassword>;
  /** Mails a reset link when the email has an account; the same answer either way. */
  requestPasswordReset: Made<typeof make.makeRequestPasswordReset>;
  /** A reset link's token and the new password; ends every session of the user. */
  resetPassword: Made<typeof make.makeResetPassword>;
  /** Creates a member of staff (admin unless a role is given), or makes an existing user staff (CLI). */
  createAdmin: Made<typeof make.makeCreateAdmin>;

  // applications (applicant); the drafts' use cases come from ApplicationDrafts
  createApplication: Made<typeof make.makeCreateApplication>;
  listOwnApplications: Made<typeof make.makeListOwnApplications>;
  /** Owner or admin; anyone else gets NotFound. */
  getApplication: Made<typeof make.makeGetApplication>;
  updateAddressDetails: Made<typeof make.makeUpdateAddressDetails>;
  listDocuments: Made<typeof make.makeListDocuments>;
  /** Passport upload at submission, or the re-upload while requiresPassportReupload is true. */
  attachPassport: Made<typeof make.makeAttachPassport>;
  /** Reads a passport document's MRZ and records it on its application (the check-passport job, after the upload's answer). */
  checkPassport: Made<typeof make.makeCheckPassport>;
  /** Admin: a passport document as the official portal takes it (JPEG ≤ 500 KB). */
  portalCopy: Made<typeof make.makePortalCopy>;
  /** Owner of the document's application or an admin. */
  openDocument: Made<typeof make.makeOpenDocument>;
  /** An application's timeline as its applicant reads it (docs/product.md §16.2). */
  applicationTimeline: Made<typeof make.makeApplicationTimeline>;
  /** The receipts and credit notes listed under an application (owner or admin; others: NotFound). */
  listReceipts: Made<typeof make.makeListReceipts>;
  /** One of them as a PDF (owner or admin; a receipt not listed under the application: NotFound). */
  openReceipt: Made<typeof make.makeOpenReceipt>;
  /** The owner's border pack PDF, once the e-visa was sent (docs/product.md §16.6). */
  openBorderPack: Made<typeof make.makeOpenBorderPack>;

  // payments; family applications' own come from ApplicationGroups
  startPayment: Made<typeof make.makeStartPayment>;
  /** Idempotent; verifies with the gateway before recording. `actor` null for webhooks and reconciliation. */
  confirmPayment: Made<typeof make.makeConfirmPayment>;
  /** The payment behind an intent id or client secret, for its applicant only (others: NotFound). */
  findOwnPayment: Made<typeof make.makeFindOwnPayment>;

  // passport scan
  /** Reads a passport photo's MRZ into the application form's fields; Unreadable when there is none. Nothing is stored. */
  scanPassport: Made<typeof make.makeScanPassport>;

  // admin; the payment check comes from PaymentIssues
  /**
   * The full admin list, applications newest first then the pseudo-entries, produced as it is read
   * (keyset pages from the store): the caller writes each element out before the next page is read.
   * Refuses a non-admin before anything is read.
   */
  listAdminApplications: Made<typeof make.makeListAdminApplications>;
  searchAdminApplications: Made<typeof make.makeSearchAdminApplications>;
  countAdminTabs: Made<typeof make.makeCountAdminTabs>;
  changeApplicationStatus: Made<typeof make.makeChangeApplicationStatus>;
  statusHistory: Made<typeof make.makeStatusHistory>;
  attachVisa: Made<typeof make.makeAttachVisa>;
  sendEvisa: Made<typeof make.makeSendEvisa>;
  sendPaymentReminders: Made<typeof make.makeSendPaymentReminders>;
  sendApplicationReminders: Made<typeof make.makeSendApplicationReminders>;

  // refunds (docs/product.md §4.7)
  /** Staff refund a fee in full or in part; above REFUND_APPROVAL_PENCE it waits for a second member of staff. */
  requestRefund: Made<typeof make.makeRequestRefund>;
  /** Another member of staff approves a refund waiting for approval (the requester: Forbidden). */
  approveRefund: Made<typeof make.makeApproveRefund>;
  listRefunds: Made<typeof make.makeListRefunds>;
  listRefundsAwaitingApproval: Made<typeof make.makeListRefundsAwaitingApproval>;
  /** Sends a pending refund to the gateway and settles it (the send-refund job). */
  sendRefund: Made<typeof make.makeSendRefund>;
  /** A refund the gateway reports (webhook, reconciliation): settled once, or recorded once when made outside the product. */
  settleGatewayRefund: Made<typeof make.makeSettleGatewayRefund>;

  // mail delivery (the deliver-mail job)
  /** Sends one outbox mail, once; throws, for the job to retry, when it could not be sent now. */
  deliverMail: Made<typeof make.makeDeliverMail>;

  // text messages (docs/product.md §16.4)
  /** Sends one outbox text, once; throws, for the job to retry, when it could not be sent now (a refusal fails it for good). */
  deliverText: Made<typeof make.makeDeliverText>;
  /** Staff queue a text again, to the account's phone as it is now (the delivery log's resend). */

  // analytics
  recordEvent: Made<typeof make.makeRecordEvent>;

  // operator tasks (CLI)
  exportApplications: Made<typeof make.makeExportApplications>;
  reconcilePayments: Made<typeof make.makeReconcilePayments>;
  exportUserData: Made<typeof make.makeExportUserData>;
  eraseUser: Made<typeof make.makeEraseUser>;
  purgeDocuments: Made<typeof make.makePurgeDocuments>;
  /** Stored files no document points at, older than the grace period (default 24 h). */
  sweepOrphanFiles: Made<typeof make.makeSweepOrphanFiles>;
  /** Encrypts the files stored before encryption at rest (the encrypt-files job). */
  encryptStoredFiles: Made<typeof make.makeEncryptStoredFiles>;
  /** Wraps every stored file's data key under the current file encryption key (the rotate-file-key job). */
  rotateFileKey: Made<typeof make.makeRotateFileKey>;
  /** Deletes ended sessions and closed rate-limit windows (the prune-expired job). */
  pruneExpired: Made<typeof make.makePruneExpired>;
}

export type { User };
