import type { Ports } from '../ports/index.js';
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
import type { UseCases } from './use-cases.js';

/** Builds every use case from the ports (one composition per app). */
export function makeUseCases(ports: Ports): UseCases {
  const groups = makeApplicationGroups(ports);
  const confirmPayment = makeConfirmPayment(ports, groups.confirmGroupPayment);
  const reconcilePayments = makeReconcilePayments(ports, confirmPayment);
  return {
    registerUser: makeRegisterUser(ports),
    logIn: makeLogIn(ports),
    currentUser: makeCurrentUser(ports),
    submitContactForm: makeSubmitContactForm(ports),
    updatePhone: makeUpdatePhone(ports),
    changePassword: makeChangePassword(ports),
    requestPasswordReset: makeRequestPasswordReset(ports),
    resetPassword: makeResetPassword(ports),
    createAdmin: makeCreateAdmin(ports),

    ...makeApplicationDrafts(ports),
    createApplication: makeCreateApplication(ports),
    listOwnApplications: makeListOwnApplications(ports),
    getApplication: makeGetApplication(ports),
    updateAddressDetails: makeUpdateAddressDetails(ports),
    listDocuments: makeListDocuments(ports),
    attachPassport: makeAttachPassport(ports),
    checkPassport: makeCheckPassport(ports),
    pendingPassportChecks: makePendingPassportChecks(ports),
    portalCopy: makePortalCopy(ports),
    openDocument: makeOpenDocument(ports),

    startPayment: makeStartPayment(ports, confirmPayment),
    confirmPayment,
    ...groups,
    findOwnPayment: makeFindOwnPayment(ports),

    scanPassport: makeScanPassport(ports),

    listAdminApplications: makeListAdminApplications(ports),
    searchAdminApplications: makeSearchAdminApplications(ports),
    countAdminTabs: makeCountAdminTabs(ports),
    changeApplicationStatus: makeChangeApplicationStatus(ports),
    statusHistory: makeStatusHistory(ports),
    attachVisa: makeAttachVisa(ports),
    sendEvisa: makeSendEvisa(ports),
    sendPaymentReminders: makeSendPaymentReminders(ports),
    sendApplicationReminders: makeSendApplicationReminders(ports),
    ...makePaymentIssues(ports, reconcilePayments, confirmPayment),

    deliverPendingMail: makeDeliverPendingMail(ports),
    recordEvent: makeRecordEvent(ports),

    exportApplications: makeExportApplications(ports),
    reconcilePayments,
    exportUserData: makeExportUserData(ports),
    eraseUser: makeEraseUser(ports),
    purgeDocuments: makePurgeDocuments(ports),
    sweepOrphanFiles: makeSweepOrphanFiles(ports),
  };
}
