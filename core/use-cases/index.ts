import type { Ports } from '../ports/index.js';
import type { UseCases } from './use-cases.js';
import { makeApplicationDrafts } from './application-draft.js';
import { makeApplicationGroups } from './application-groups.js';
import { makeAttachPassport } from './attach-passport.js';
import { makeAttachVisa } from './attach-visa.js';
import { makeCheckPassport, makePendingPassportChecks } from './check-passport.js';
import { makeChangeApplicationStatus } from './change-application-status.js';
import { makeChangePassword } from './change-password.js';
import { makeConfirmPayment } from './confirm-payment.js';
import { makeCountAdminTabs } from './count-admin-tabs.js';
import { makeCreateAdmin } from './create-admin.js';
import { makeCreateApplication } from './create-application.js';
import { makeCurrentUser } from './current-user.js';
import { makeDeliverPendingMail } from './deliver-pending-mail.js';
import { makeEraseUser } from './erase-user.js';
import { makeExportApplications } from './export-applications.js';
import { makeExportUserData } from './export-user-data.js';
import { makeGetApplication } from './get-application.js';
import { makeListAdminApplications } from './list-admin-applications.js';
import { makeListDocuments } from './list-documents.js';
import { makeListOwnApplications } from './list-own-applications.js';
import { makeLogIn } from './log-in.js';
import { makeOpenDocument } from './open-document.js';
import { makePortalCopy } from './portal-copy.js';
import { makePurgeDocuments } from './purge-documents.js';
import { makeFindOwnPayment } from './find-own-payment.js';
import { makePaymentIssues, makeReconcilePayments } from './reconcile-payments.js';
import { makeRecordEvent } from './record-event.js';
import { makeRegisterUser } from './register-user.js';
import { makeRequestPasswordReset } from './request-password-reset.js';
import { makeResetPassword } from './reset-password.js';
import { makeScanPassport } from './scan-passport.js';
import { makeSearchAdminApplications } from './search-admin-applications.js';
import { makeSendApplicationReminders } from './send-application-reminders.js';
import { makeSendEvisa } from './send-evisa.js';
import { makeSendPaymentReminders } from './send-payment-reminders.js';
import { makeStartPayment } from './start-payment.js';
import { makeSweepOrphanFiles } from './sweep-orphan-files.js';
import { makeStatusHistory } from './status-history.js';
import { makeSubmitContactForm } from './submit-contact-form.js';
import { makeUpdateAddressDetails } from './update-address-details.js';
import { makeUpdatePhone } from './update-phone.js';

/** Every use-case factory, one per file in this folder. */
export {
  makeApplicationDrafts,
  makeApplicationGroups,
  makeAttachPassport,
  makeAttachVisa,
  makeChangeApplicationStatus,
  makeChangePassword,
  makeCheckPassport,
  makeConfirmPayment,
  makeCountAdminTabs,
  makeCreateAdmin,
  makeCreateApplication,
  makeCurrentUser,
  makeDeliverPendingMail,
  makeEraseUser,
  makeExportApplications,
  makeExportUserData,
  makeFindOwnPayment,
  makeGetApplication,
  makeListAdminApplications,
  makeListDocuments,
  makeListOwnApplications,
  makeLogIn,
  makeOpenDocument,
  makePaymentIssues,
  makePendingPassportChecks,
  makePortalCopy,
  makePurgeDocuments,
  makeReconcilePayments,
  makeRecordEvent,
  makeRegisterUser,
  makeRequestPasswordReset,
  makeResetPassword,
  makeScanPassport,
  makeSearchAdminApplications,
  makeSendApplicationReminders,
  makeSendEvisa,
  makeSendPaymentReminders,
  makeStartPayment,
  makeStatusHistory,
  makeSubmitContactForm,
  makeSweepOrphanFiles,
  makeUpdateAddressDetails,
  makeUpdatePhone,
};

/**
 * Builds every use case from the ports (one composition per app): everything the apps can ask of
 * the core. Its return type is `UseCases` (use-cases.ts); each use case's signature is the one its
 * own file declares, and the fuller description sits beside its implementation.
 */
export function makeUseCases(ports: Ports): UseCases {
  const groups = makeApplicationGroups(ports);
  const confirmPayment = makeConfirmPayment(ports, groups.confirmGroupPayment);
  const reconcilePayments = makeReconcilePayments(ports, confirmPayment);
  return {
    // accounts
    registerUser: makeRegisterUser(ports),
    logIn: makeLogIn(ports),
    currentUser: makeCurrentUser(ports),
    submitContactForm: makeSubmitContactForm(ports),
    updatePhone: makeUpdatePhone(ports),
    changePassword: makeChangePassword(ports),
    /** Mails a reset link when the email has an account; the same answer either way. */
    requestPasswordReset: makeRequestPasswordReset(ports),
    /** A reset link's token and the new password; ends every session of the user. */
    resetPassword: makeResetPassword(ports),
    /** Creates an admin, or promotes an existing user (CLI). */
    createAdmin: makeCreateAdmin(ports),

    // application drafts (the signed-in user's own, one each)
    ...makeApplicationDrafts(ports),

    // applications (applicant)
    createApplication: makeCreateApplication(ports),
    listOwnApplications: makeListOwnApplications(ports),
    /** Owner or admin; anyone else gets NotFound. */
    getApplication: makeGetApplication(ports),
    updateAddressDetails: makeUpdateAddressDetails(ports),
    listDocuments: makeListDocuments(ports),
    /** Passport upload at submission, or the re-upload while requiresPassportReupload is true. */
    attachPassport: makeAttachPassport(ports),
    /** Reads a passport document's MRZ and records it on its application (run after the upload's answer). */
    checkPassport: makeCheckPassport(ports),
    /** The passport documents whose reading is still pending (resumed when the server starts). */
    pendingPassportChecks: makePendingPassportChecks(ports),
    /** Admin: a passport document as the official portal takes it (JPEG ≤ 500 KB). */
    portalCopy: makePortalCopy(ports),
    /** Owner of the document's application or an admin. */
    openDocument: makeOpenDocument(ports),

    // payments
    startPayment: makeStartPayment(ports, confirmPayment),
    /** Idempotent; verifies with the gateway before recording. `actor` null for webhooks and reconciliation. */
    confirmPayment,
    // family applications (issue 17): 2 to 10 travellers, their initial fees paid once
    ...groups,
    /** The payment behind an intent id or client secret, for its applicant only (others: NotFound). */
    findOwnPayment: makeFindOwnPayment(ports),

    // passport scan
    /** Reads a passport photo's MRZ into the application form's fields; Unreadable when there is none. Nothing is stored. */
    scanPassport: makeScanPassport(ports),

    // admin
    /**
     * The full admin list, applications newest first then the pseudo-entries, produced as it is read
     * (keyset pages from the store): the caller writes each element out before the next page is read.
     * Refuses a non-admin before anything is read.
     */
    listAdminApplications: makeListAdminApplications(ports),
    searchAdminApplications: makeSearchAdminApplications(ports),
    countAdminTabs: makeCountAdminTabs(ports),
    changeApplicationStatus: makeChangeApplicationStatus(ports),
    statusHistory: makeStatusHistory(ports),
    attachVisa: makeAttachVisa(ports),
    sendEvisa: makeSendEvisa(ports),
    sendPaymentReminders: makeSendPaymentReminders(ports),
    sendApplicationReminders: makeSendApplicationReminders(ports),
    // listPaymentIssues, recordPaymentIssue (the admin dashboard's payment check)
    ...makePaymentIssues(ports, reconcilePayments, confirmPayment),

    // mail delivery (the outbox sender)
    deliverPendingMail: makeDeliverPendingMail(ports),

    // analytics
    recordEvent: makeRecordEvent(ports),

    // operator tasks (CLI)
    exportApplications: makeExportApplications(ports),
    reconcilePayments,
    exportUserData: makeExportUserData(ports),
    eraseUser: makeEraseUser(ports),
    purgeDocuments: makePurgeDocuments(ports),
    /** Stored files no document points at, older than the grace period (default 24 h). */
    sweepOrphanFiles: makeSweepOrphanFiles(ports),
  };
}
