import { DEFAULT_LOCALE, isLocale } from '../../../core/domain/locale.js';
import type { Application, NewApplication } from '../../../core/domain/application.js';
import type { PassportScanRecord } from '../../../core/domain/passport-check.js';
import type { VisaDocumentRecord } from '../../../core/domain/document.js';
import type { PaymentRecord } from '../../../core/domain/payment.js';
import type { NewReceipt, Receipt } from '../../../core/domain/receipt.js';
import type { Refund } from '../../../core/domain/refund.js';
import type { StatusHistoryEntry } from '../../../core/domain/status-history.js';
import type { User } from '../../../core/domain/user.js';
import type { AnalyticsEvent } from '../../../core/ports/analytics.js';
import type { ContactEnquiry } from '../../../core/ports/contact-enquiry-repository.js';
import { mailApplicationId, type OutboxMail, type OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import type { Session } from '../../../core/ports/session-store.js';
import { applicationSearchColumns, userSearchColumns } from './rules.js';
import type {
  ReceiptRow,
  RefundRow,
  AnalyticsEventRow,
  ApplicationInsert,
  ApplicationRow,
  ContactEnquiryRow,
  DocumentRow,
  MailOutboxInsert,
  MailOutboxRow,
  PaymentRow,
  SessionRow,
  StatusHistoryRow,
  StoredApplicationRow,
  UserRow,
} from './schema-parity.js';

/** Row ↔ domain translation shared by the SQLite and PostgreSQL adapters (their rows are identical). */

export function userFromRow(r: UserRow): User {
  return {
    id: r.id,
    email: r.email,
    passwordHash: r.passwordHash,
    fullName: r.fullName,
    phoneNumber: r.phoneNumber,
    isAdmin: r.isAdmin,
    role: r.role,
    deactivatedAt: r.deactivatedAt,
    needsPasswordChange: r.needsPasswordChange,
    applicationReminderSent: r.applicationReminderSent,
    createdAt: r.createdAt,
    locale: isLocale(r.locale) ? r.locale : DEFAULT_LOCALE,
    // Absent while two-factor sign-in is off, so a user reads the same as before it existed.
    ...(r.twoFactorEnabledAt ? { twoFactorEnabledAt: r.twoFactorEnabledAt } : {}),
    // Absent unless the account's address (as it is now) bounced: a changed address clears it.
    ...(r.mailBouncedAt && r.mailBouncedAddress?.toLowerCase() === r.email.toLowerCase()
      ? { mailBounce: { address: r.mailBouncedAddress, at: r.mailBouncedAt, reason: r.mailBounceReason ?? '' } }
      : {}),
  };
}

export function sessionFromRow(r: SessionRow): Session {
  return { idHash: r.idHash, userId: r.userId, createdAt: r.createdAt, lastSeenAt: r.lastSeenAt, userAgent: r.userAgent, clientAddress: r.clientAddress };
}

export function applicationFromRow(r: StoredApplicationRow): Application {
  return {
    id: r.id,
    applicationNumber: r.applicationNumber,
    userId: r.userId,
    status: r.status,
    givenName: r.givenName,
    surname: r.surname,
    gender: r.gender,
    dateOfBirth: r.dateOfBirth,
    nationality: r.nationality,
    countryOfBirth: r.countryOfBirth,
    originalNationality: r.originalNationality,
    otherNationalities: r.otherNationalities,
    otherNationality: r.otherNationality,
    maritalStatus: r.maritalStatus,
    profession: r.profession,
    purposeOfVisit: r.purposeOfVisit,
    entry: r.entry,
    expectedArrivalDate: r.expectedArrivalDate,
    expectedDepartureDate: r.expectedDepartureDate,
    passportNumber: r.passportNumber,
    passportExpiry: r.passportExpiry,
    visitedEgyptBefore: r.visitedEgyptBefore,
    lastVisitDateFrom: r.lastVisitDateFrom,
    lastVisitDateTo: r.lastVisitDateTo,
    lastVisitStayLocation: r.lastVisitStayLocation,
    hasBeenDeported: r.hasBeenDeported,
    deportedFrom: r.deportedFrom,
    deportationDate: r.deportationDate,
    deportationReason: r.deportationReason,
    privacyPolicyAccepted: r.privacyPolicyAccepted,
    smsUpdates: r.smsUpdates,
    address: r.address,
    city: r.city,
    postcode: r.postcode,
    hotelDetails: r.hotelDetails,
    initialPaymentId: r.initialPaymentId,
    finalPaymentId: r.finalPaymentId,
    visaDocument: r.visaDocument,
    additionalInfoMessage: r.additionalInfoMessage,
    requiresPassportReupload: r.requiresPassportReupload,
    passportReuploadedAt: r.passportReuploadedAt,
    paymentReminderSent: r.paymentReminderSent,
    initialPaymentAt: r.initialPaymentAt,
    guaranteeDeadline: r.guaranteeDeadline,
    guaranteePausedAt: r.guaranteePausedAt,
    guaranteePausedFor: r.guaranteePausedFor,
    outageNoticeId: r.outageNoticeId,
    repliedAt: r.repliedAt,
    approvedAt: r.approvedAt,
    groupId: r.groupId,
    refundedAmount: r.refundedAmount,
    serviceStartRequestedAt: r.serviceStartRequestedAt,
    cancelledAt: r.cancelledAt,
    cancellationRequestedAt: r.cancellationRequestedAt,
    cancellationReason: r.cancellationReason,
    cancellationResponse: r.cancellationResponse,
    cancellationDeclinedAt: r.cancellationDeclinedAt,
    evisaMailedAt: r.evisaMailedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
    passportScan: passportScanFromRow(r),
    assigneeId: r.assigneeId,
    ruleNotice: r.ruleNotice ?? null,
  };
}

/** The passport_scan_* columns as the domain's record (null until a passport is attached). */
export function passportScanFromRow(r: Pick<ApplicationRow, 'passportScanDocumentId' | 'passportScanStatus' | 'passportScan'>): PassportScanRecord | null {
  const documentId = r.passportScanDocumentId;
  if (documentId === null) return null;
  // Readings stored before scans said which fields were uncertain carry none.
  if (r.passportScanStatus === 'read' && r.passportScan) return { documentId, status: 'read', scan: { ...r.passportScan, uncertain: r.passportScan.uncertain ?? [] } };
  if (r.passportScanStatus === 'unreadable') return { documentId, status: 'unreadable' };
  return { documentId, status: 'pending' };
}

/** The passport_scan_* columns of a record. */
export function passportScanToRow(record: PassportScanRecord): Pick<ApplicationInsert, 'passportScanDocumentId' | 'passportScanStatus' | 'passportScan'> {
  return {
    passportScanDocumentId: record.documentId,
    passportScanStatus: record.status,
    passportScan: record.status === 'read' ? record.scan : null,
  };
}

/** Every column an application write sets (all but id and version, which the store manages). */
export function applicationToRow(a: NewApplication | Application): Omit<ApplicationInsert, 'id' | 'version'> {
  return {
    applicationNumber: a.applicationNumber,
    userId: a.userId,
    status: a.status,
    givenName: a.givenName,
    surname: a.surname,
    gender: a.gender,
    dateOfBirth: a.dateOfBirth,
    nationality: a.nationality,
    countryOfBirth: a.countryOfBirth,
    originalNationality: a.originalNationality,
    otherNationalities: a.otherNationalities,
    otherNationality: a.otherNationality,
    maritalStatus: a.maritalStatus,
    profession: a.profession,
    purposeOfVisit: a.purposeOfVisit,
    entry: a.entry,
    expectedArrivalDate: a.expectedArrivalDate,
    expectedDepartureDate: a.expectedDepartureDate,
    passportNumber: a.passportNumber,
    passportExpiry: a.passportExpiry,
    visitedEgyptBefore: a.visitedEgyptBefore,
    lastVisitDateFrom: a.lastVisitDateFrom,
    lastVisitDateTo: a.lastVisitDateTo,
    lastVisitStayLocation: a.lastVisitStayLocation,
    hasBeenDeported: a.hasBeenDeported,
    deportedFrom: a.deportedFrom,
    deportationDate: a.deportationDate,
    deportationReason: a.deportationReason,
    privacyPolicyAccepted: a.privacyPolicyAccepted,
    smsUpdates: a.smsUpdates,
    address: a.address,
    city: a.city,
    postcode: a.postcode,
    hotelDetails: a.hotelDetails,
    initialPaymentId: a.initialPaymentId,
    finalPaymentId: a.finalPaymentId,
    visaDocument: a.visaDocument,
    additionalInfoMessage: a.additionalInfoMessage,
    requiresPassportReupload: a.requiresPassportReupload,
    passportReuploadedAt: a.passportReuploadedAt,
    paymentReminderSent: a.paymentReminderSent,
    initialPaymentAt: a.initialPaymentAt,
    guaranteeDeadline: a.guaranteeDeadline,
    guaranteePausedAt: a.guaranteePausedAt,
    guaranteePausedFor: a.guaranteePausedFor,
    outageNoticeId: a.outageNoticeId,
    repliedAt: a.repliedAt,
    approvedAt: a.approvedAt,
    groupId: a.groupId,
    refundedAmount: a.refundedAmount,
    serviceStartRequestedAt: a.serviceStartRequestedAt,
    cancelledAt: a.cancelledAt,
    cancellationRequestedAt: a.cancellationRequestedAt,
    cancellationReason: a.cancellationReason,
    cancellationResponse: a.cancellationResponse,
    cancellationDeclinedAt: a.cancellationDeclinedAt,
    evisaMailedAt: a.evisaMailedAt,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    ...applicationSearchColumns(a),
  };
}

/** A new user's row: the domain fields plus their folded search keys. */
export function userToRow<U extends Pick<User, 'email' | 'fullName'>>(user: U): U & ReturnType<typeof userSearchColumns> {
  return { ...user, ...userSearchColumns(user) };
}

export function documentFromRow(r: DocumentRow): VisaDocumentRecord {
  return {
    id: r.id,
    applicationId: r.applicationId,
    type: r.type,
    fileName: r.fileName,
    storageKey: r.storageKey,
    contentType: r.contentType,
    size: r.size,
    status: r.status,
    verificationNotes: r.verificationNotes,
    uploadedAt: r.uploadedAt,
    verifiedAt: r.verifiedAt,
    ...(r.replyId !== null ? { replyId: r.replyId } : {}),
  };
}

export function paymentFromRow(r: PaymentRow): PaymentRecord {
  return {
    id: r.id,
    applicationId: r.applicationId,
    userId: r.userId,
    type: r.type,
    providerPaymentId: r.providerPaymentId,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    createdAt: r.createdAt,
  };
}

export function historyFromRow(r: StatusHistoryRow): StatusHistoryEntry {
  return {
    id: r.id,
    applicationId: r.applicationId,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    changedBy: r.changedBy,
    changedByName: r.changedByName,
    message: r.message,
    changedAt: r.changedAt,
  };
}

export function enquiryFromRow(r: ContactEnquiryRow): ContactEnquiry {
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    phoneNumber: r.phoneNumber,
    nationality: r.nationality,
    purposeOfTravel: r.purposeOfTravel,
    userId: r.userId,
    existingAccount: r.existingAccount,
    createdAt: r.createdAt,
  };
}

export function analyticsFromRow(r: AnalyticsEventRow): AnalyticsEvent {
  return { name: r.name, path: r.path, userId: r.userId, properties: r.properties, occurredAt: r.occurredAt };
}

export function outboxFromRow(r: MailOutboxRow): OutboxMail {
  const mail: OutboxMail = {
    id: r.id,
    to: r.to,
    template: r.template,
    data: r.data,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt,
    sentAt: r.sentAt,
    lastError: r.lastError,
    createdAt: r.createdAt,
    applicationId: r.applicationId,
    refusedAt: r.refusedAt,
    bounced: r.bounced,
  };
  if (r.attachments) mail.attachments = r.attachments;
  return mail;
}

/**
 * The outbox row for a mail queued by an operation at `now`. Without a known time the mail is due at
 * once whatever the clock says (next attempt at the epoch).
 */
export function outboxInsert(mail: OutboxMailInput, now: Date | undefined): MailOutboxInsert {
  return {
    to: mail.to,
    template: mail.template,
    data: mail.data,
    attachments: mail.attachments ?? null,
    attempts: 0,
    nextAttemptAt: now ?? new Date(0),
    sentAt: null,
    lastError: null,
    createdAt: now ?? new Date(),
    applicationId: mailApplicationId(mail),
    refusedAt: null,
    bounced: false,
  };
}

export function receiptFromRow(r: ReceiptRow): Receipt {
  return {
    id: r.id,
    number: r.number,
    key: r.key,
    kind: r.kind,
    paymentType: r.paymentType,
    amount: r.amount,
    currency: r.currency,
    applicationId: r.applicationId,
    groupId: r.groupId,
    userId: r.userId,
    payerName: r.payerName,
    payerEmail: r.payerEmail,
    lines: r.lines,
    card: r.cardBrand !== null && r.cardLast4 !== null ? { brand: r.cardBrand, last4: r.cardLast4 } : null,
    refersTo: r.refersTo,
    issuedAt: r.issuedAt,
  };
}

export function receiptToRow(receipt: NewReceipt, number: string): Omit<ReceiptRow, 'id'> {
  const { card, ...fields } = receipt;
  return { ...fields, number, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null };
}

export function refundFromRow(r: RefundRow): Refund {
  return { ...r };
}
