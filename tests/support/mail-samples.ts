import { APPLICATION_STATUSES } from '../../core/domain/status.js';
import type { MailData, MailTemplateName } from '../../core/domain/mail.js';
import type { TextData, TextTemplateName } from '../../core/domain/texts.js';
import { ACCOUNT_NAME, APPROVER_NAME, STAFF_NAME, TRAVELLER } from './wording-rules.js';

/*
 * What a journey really carries into every mail and text template: names from a passport scan, in
 * capitals, and dates as the database keeps them, ISO. Shared by the wording test and the snapshots
 * of every template in every language.
 */

export const NUMBER = 'EV-2611-7K3QX9';

/** Realistic data for every template: names in passport capitals, dates ISO, as the outbox keeps them. */
export const SAMPLES: { [T in MailTemplateName]: MailData<T>[] } = {
  account_created: [{ fullName: ACCOUNT_NAME, email: 'maria@example.com', temporaryPassword: 'Xk7#pQ2m', signInUrl: 'https://visa.nilegate.example/auth' }],
  application_received: [
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paid: false },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paid: true, receiptAttached: true },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paid: true, receiptAttached: true, answerBy: '2026-12-01T23:59:59.999Z' },
  ],
  status_changed: [
    ...APPLICATION_STATUSES.map((newStatus) => ({ fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, oldStatus: 'application_created' as const, newStatus })),
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, oldStatus: 'verified', newStatus: 'rejected', reason: 'Your passport expires within six months of arrival.' },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, oldStatus: 'approved', newStatus: 'final_payment_received', receiptAttached: true },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, oldStatus: 'approved', newStatus: 'final_payment_received', receiptAttached: true, evisaFollows: true },
  ],
  info_requested: [
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, message: 'Please send your hotel booking.', requiresPassportReupload: false },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, message: 'The photo page is cut off.', requiresPassportReupload: true },
  ],
  passport_reupload_requested: [
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, message: null },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, message: 'The photo page is blurred.' },
  ],
  approved: [
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, finalFeeAmount: 3900, finalFeeWaived: false },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, finalFeeAmount: 0, finalFeeWaived: true },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, finalFeeAmount: 0, finalFeeWaived: true, evisaFollows: true },
  ],
  application_cancelled: [
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, refundAmount: 1000, message: null },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, refundAmount: 0, message: 'We had already begun: nothing is refunded.' },
  ],
  cancellation_requested: [{ fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42 }],
  cancellation_declined: [{ fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, message: 'Your application is already on the portal.' }],
  evisa: [{ fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, ...TRAVELLER }],
  payment_reminder: [
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paymentType: 'initial', amount: 1000 },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paymentType: 'final', amount: 3900 },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paymentType: 'initial', amount: 3000, groupId: 7, groupSize: 3 },
  ],
  application_reminder: [{ fullName: ACCOUNT_NAME }],
  password_changed: [{ fullName: ACCOUNT_NAME, changedAt: '2026-12-04T14:05:00.000Z' }],
  password_reset: [{ fullName: ACCOUNT_NAME, resetToken: '7.1795000000.c2lnbmF0dXJl' }],
  staff_invitation: [{ fullName: STAFF_NAME, role: 'finance', resetToken: '7.1795000000.c2lnbmF0dXJl' }],
  account_exists: [{ fullName: ACCOUNT_NAME, email: 'maria@example.com', resetToken: '7.1795000000.c2lnbmF0dXJl' }],
  refund_issued: [
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paymentType: 'initial', amount: 1000 },
    { fullName: ACCOUNT_NAME, applicationNumber: NUMBER, applicationId: 42, paymentType: 'final', amount: 1950, creditNoteNumber: 'R-2026-000007' },
  ],
  refund_approval_needed: [
    { fullName: APPROVER_NAME, applicationNumber: NUMBER, paymentType: 'final', amount: 3900, requestedByName: STAFF_NAME, reason: 'Visa refused after payment', approvalLimit: 2500 },
  ],
  tracking_code: [{ fullName: ACCOUNT_NAME, applicationNumber: NUMBER, code: '042917' }],
  application_numbers: [
    {
      fullName: ACCOUNT_NAME,
      applications: [
        { applicationNumber: NUMBER, status: 'under_process' },
        { applicationNumber: 'EV-2610-4M2Q8Z', status: 'final_payment_received' },
        { applicationNumber: 'EV-2609-9H3K1D', status: 'rejected', cancelled: true },
      ],
    },
  ],
  rules_changed: [
    {
      fullName: ACCOUNT_NAME,
      applications: [
        {
          applicationNumber: NUMBER,
          applicationId: 42,
          message: 'Egypt now asks for a passport valid at least 8 months from your arrival date: until 1 November 2027 or later. Yours expires on 1 October 2027.',
        },
      ],
    },
  ],
  applicant_replied: [{ fullName: STAFF_NAME, applicationNumber: NUMBER, travellerName: ACCOUNT_NAME, repliedAt: '2026-12-04T14:05:00.000Z', documents: 2 }],
  portal_outage: [
    { fullName: ACCOUNT_NAME, applicationId: 42, applicationNumber: NUMBER, message: 'The portal answers 404 since this morning.', arrivalDate: '2026-12-10', since: '2026-12-04T09:00:00.000Z' },
  ],
};

/** Realistic data for every text message: the given name as the passport writes it. */
export const TEXT_SAMPLES: { [T in TextTemplateName]: TextData[T][] } = {
  status_changed: APPLICATION_STATUSES.map((newStatus) => ({ applicationNumber: NUMBER, givenName: TRAVELLER.givenName, newStatus })),
  info_requested: [true, false].map((passportReupload) => ({ applicationNumber: NUMBER, givenName: TRAVELLER.givenName, passportReupload })),
  approved: [3900, 0].map((finalFeeAmount) => ({ applicationNumber: NUMBER, givenName: TRAVELLER.givenName, finalFeeAmount })),
  rejected: [{ applicationNumber: NUMBER, givenName: TRAVELLER.givenName }],
  evisa_sent: [{ applicationNumber: NUMBER, givenName: TRAVELLER.givenName }],
};
