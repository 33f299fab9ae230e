/**
 * Every use-case factory, one per file in this folder (a factory that builds a few related use
 * cases — drafts, family applications, payment issues — builds them together). The apps compose
 * them, with the ports and with each other, in their one composition root (the container in
 * apps/shared/container.ts); `UseCases` (use-cases.ts) is what that composition answers.
 */
export { makeApplicationDrafts } from './application-draft.js';
export { makeApplicationGroups } from './application-groups.js';
export { makeApproveRefund } from './approve-refund.js';
export { makeCancellations } from './cancel-application.js';
export { makeInternalNotes } from './internal-notes.js';
export { makeReplies } from './replies.js';
export { makePortalLedger } from './portal-ledger.js';
export { makeAuditLog } from './audit-log.js';
export { makeStaff } from './staff.js';
export { makeAssignments } from './assignments.js';
export { makeAdminWorkspace } from './admin-workspace.js';
export { makeAttachPassport } from './attach-passport.js';
export { makeAttachVisa } from './attach-visa.js';
export { makeCheckPassport } from './check-passport.js';
export { makeChangeApplicationStatus } from './change-application-status.js';
export { makeChangePassword } from './change-password.js';
export { makeConfirmPayment } from './confirm-payment.js';
export { makeCountAdminTabs } from './count-admin-tabs.js';
export { makeCreateAdmin } from './create-admin.js';
export { makeCreateApplication } from './create-application.js';
export { makeCurrentUser } from './current-user.js';
export { makeDeliverMail } from './deliver-mail.js';
export { makeDeliveryLog } from './delivery-log.js';
export { makeOpenBorderPack } from './border-pack.js';
export { makeEraseUser } from './erase-user.js';
export { makeExportApplications } from './export-applications.js';
export { makeExportUserData } from './export-user-data.js';
export { makeFindOwnPayment } from './find-own-payment.js';
export { makeGetApplication } from './get-application.js';
export { makeListAdminApplications } from './list-admin-applications.js';
export { makeListDocuments } from './list-documents.js';
export { makeListOwnApplications } from './list-own-applications.js';
export { makeListRefunds, makeListRefundsAwaitingApproval } from './list-refunds.js';
export { makeListReceipts, makeOpenReceipt } from './list-receipts.js';
export { makeLogIn } from './log-in.js';
export { makeOpenDocument } from './open-document.js';
export { makePaymentIssues, makeReconcilePayments } from './reconcile-payments.js';
export { makePortalCopy } from './portal-copy.js';
export { makePruneExpired } from './prune-expired.js';
export { makePurgeDocuments } from './purge-documents.js';
export { makeRecordEvent } from './record-event.js';
export { makeRegisterUser } from './register-user.js';
export { makeRequestPasswordReset } from './request-password-reset.js';
export { makeRequestRefund } from './request-refund.js';
export { makeResetPassword } from './reset-password.js';
export { makeScanPassport } from './scan-passport.js';
export { makeSearchAdminApplications } from './search-admin-applications.js';
export { makeSendApplicationReminders } from './send-application-reminders.js';
export { makeSendEvisa } from './send-evisa.js';
export { makeSendPaymentReminders } from './send-payment-reminders.js';
export { makeSendRefund } from './send-refund.js';
export { makeSettleGatewayRefund } from './settle-gateway-refund.js';
export { makeStartPayment } from './start-payment.js';
export { makeStatusHistory } from './status-history.js';
export { makeSubmitContactForm } from './submit-contact-form.js';
export { makeSweepOrphanFiles } from './sweep-orphan-files.js';
export { makeApplicationTimeline } from './timeline.js';
export { makeTracking } from './tracking.js';
export { makeReports } from './reports.js';
export { makeTwoFactor } from './two-factor.js';
export { makeUpdateAddressDetails } from './update-address-details.js';
export { makeUpdatePhone } from './update-phone.js';
export { makeDeliverText } from './texts.js';
