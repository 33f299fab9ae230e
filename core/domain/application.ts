import { msg } from '../i18n/index.js';
import { errors } from './errors.js';
import type { RuleNotice } from './egypt-rules.js';
import { FINAL_FEE, INITIAL_FEE, type PaymentType } from './fees.js';
import type { Money } from './money.js';
import { guaranteeDeadline, isGuaranteeBreached, pauseGuarantee, resumeGuarantee, type GuaranteePauseReason } from './guarantee.js';
import { PORTAL_WAITING_STATUSES } from './portal-outage.js';
import { fail, ok, type Result } from './result.js';
import { ALLOWED_TRANSITIONS } from './admin-tabs.js';
import type { ApplicationStatus } from './status.js';
import type { PassportScanRecord } from './passport-check.js';

export type Gender = 'male' | 'female';
export type MaritalStatus = 'married' | 'divorced' | 'widow' | 'single';
export type Entry = 'Single' | 'Multiple';

/** The applicant's answers on the form (docs/product.md §10.2). Form dates are 'YYYY-MM-DD' text. */
export interface ApplicationForm {
  givenName: string;
  surname: string;
  gender: Gender;
  dateOfBirth: string;
  nationality: string;
  countryOfBirth: string;
  originalNationality: string | null;
  otherNationalities: boolean;
  otherNationality: string | null;
  maritalStatus: MaritalStatus;
  profession: string;
  purposeOfVisit: 'tourism';
  entry: Entry;
  expectedArrivalDate: string;
  expectedDepartureDate: string;
  passportNumber: string;
  passportExpiry: string;
  visitedEgyptBefore: boolean;
  lastVisitDateFrom: string | null;
  lastVisitDateTo: string | null;
  lastVisitStayLocation: string | null;
  hasBeenDeported: boolean;
  deportedFrom: string | null;
  deportationDate: string | null;
  deportationReason: string | null;
  privacyPolicyAccepted: boolean;
  /** The applicant asked to be texted when the status changes (docs/product.md §16.4); false when absent. */
  smsUpdates?: boolean;
}

export interface AddressDetails {
  address: string;
  city: string;
  postcode: string;
  hotelDetails: string;
}

export interface Application extends ApplicationForm {
  id: number;
  /** Texts go to the account's phone number for each status change and the visa being sent. */
  smsUpdates: boolean;
  applicationNumber: string;
  userId: number;
  status: ApplicationStatus;
  address: string | null;
  city: string | null;
  postcode: string | null;
  hotelDetails: string | null;
  initialPaymentId: string | null;
  finalPaymentId: string | null;
  /** File name of the attached e-visa document (the document row holds the file). */
  visaDocument: string | null;
  additionalInfoMessage: string | null;
  requiresPassportReupload: boolean;
  passportReuploadedAt: Date | null;
  paymentReminderSent: Date | null;
  /** When the initial fee was confirmed: the 5-working-day guarantee starts here. */
  initialPaymentAt: Date | null;
  /** The end of the guarantee's 5th working day, moved on by every finished pause (docs/product.md §16.3). */
  guaranteeDeadline: Date | null;
  /** Since when the guarantee clock is paused, waiting on the applicant (an information request); null while it runs. */
  guaranteePausedAt: Date | null;
  /** Who the pause waits on: the applicant, or the official portal during an outage (decision 0032); null while the clock runs. */
  guaranteePausedFor: GuaranteePauseReason | null;
  /** The portal outage this applicant was last mailed about (decision 0032: once per outage); null: none. */
  outageNoticeId: number | null;
  /**
   * When the applicant answered the current information request from the dashboard (a reply,
   * core/domain/reply.ts); null until then, and again once staff ask anew. Staff see 'REPLIED'.
   */
  repliedAt: Date | null;
  approvedAt: Date | null;
  /** The family order it was made in (its initial fee paid with the group's), or null. */
  groupId: number | null;
  /** Pence given back so far (succeeded refunds of its fees): shown as refunded, never as a negative payment. */
  refundedAmount: number;
  /**
   * When the applicant, before the first payment, asked for the work to start at once within the
   * 14-day cancellation period and acknowledged what that means (docs/product.md, "Cancelling").
   */
  serviceStartRequestedAt: Date | null;
  /** When the application was cancelled (it is then rejected, and shown as cancelled). */
  cancelledAt: Date | null;
  /** When the applicant asked to cancel and staff have to decide (null once decided, or when cancelled at once). */
  cancellationRequestedAt: Date | null;
  /** The applicant's reason, if they gave one. */
  cancellationReason: string | null;
  /** Staff's answer to a cancellation request (accepted or declined), shown to the applicant. */
  cancellationResponse: string | null;
  /** When staff declined the cancellation request. */
  cancellationDeclinedAt: Date | null;
  /**
   * When the e-visa mail was queued on its own: once per application, by whichever comes second of
   * the visa being attached and the final fee being paid or waived (docs/product.md §3.4). Staff's
   * 'Send E-Visa Email' sends it again and leaves this as it is.
   */
  evisaMailedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic-concurrency counter: every committed change increments it. */
  version: number;
  /**
   * The server's reading of the latest passport upload (null until one is attached). Written only
   * by ApplicationRepository.recordPassportScan, never by create or commit.
   */
  passportScan: PassportScanRecord | null;
  /**
   * The member of staff the application is assigned to (null: unassigned). Written only by
   * AssignmentRepository.assign, never by create or commit, and not an edit: the version stays.
   */
  assigneeId: number | null;
  /**
   * The latest change of Egypt's rules that affected it, and what its applicant was told (null:
   * none; docs/product.md §5.11). Written only by EgyptRuleRepository.noticeAffected, never by create
   * or commit, and not an edit: the version stays.
   */
  ruleNotice: RuleNotice | null;
}

export type NewApplication = Omit<Application, 'id' | 'version' | 'passportScan' | 'assigneeId' | 'ruleNotice'>;

export function newApplication(input: { form: ApplicationForm; userId: number; applicationNumber: string; now: Date; groupId?: number | null }): NewApplication {
  const f = input.form;
  // The form's fields written out, not spread: V8 gives an object built by spreading a form and
  // then adding the other 29 fields a map of its own (~50 µs each), which seed-demo felt at 1M.
  return {
    givenName: f.givenName,
    surname: f.surname,
    gender: f.gender,
    dateOfBirth: f.dateOfBirth,
    nationality: f.nationality,
    countryOfBirth: f.countryOfBirth,
    originalNationality: f.originalNationality,
    otherNationalities: f.otherNationalities,
    otherNationality: f.otherNationality,
    maritalStatus: f.maritalStatus,
    profession: f.profession,
    purposeOfVisit: f.purposeOfVisit,
    entry: f.entry,
    expectedArrivalDate: f.expectedArrivalDate,
    expectedDepartureDate: f.expectedDepartureDate,
    passportNumber: f.passportNumber,
    passportExpiry: f.passportExpiry,
    visitedEgyptBefore: f.visitedEgyptBefore,
    lastVisitDateFrom: f.lastVisitDateFrom,
    lastVisitDateTo: f.lastVisitDateTo,
    lastVisitStayLocation: f.lastVisitStayLocation,
    hasBeenDeported: f.hasBeenDeported,
    deportedFrom: f.deportedFrom,
    deportationDate: f.deportationDate,
    deportationReason: f.deportationReason,
    privacyPolicyAccepted: f.privacyPolicyAccepted,
    smsUpdates: f.smsUpdates ?? false,
    userId: input.userId,
    applicationNumber: input.applicationNumber,
    status: 'online_entry',
    address: null,
    city: null,
    postcode: null,
    hotelDetails: null,
    initialPaymentId: null,
    finalPaymentId: null,
    visaDocument: null,
    additionalInfoMessage: null,
    requiresPassportReupload: false,
    passportReuploadedAt: null,
    paymentReminderSent: null,
    initialPaymentAt: null,
    guaranteeDeadline: null,
    guaranteePausedAt: null,
    guaranteePausedFor: null,
    outageNoticeId: null,
    repliedAt: null,
    approvedAt: null,
    groupId: input.groupId ?? null,
    refundedAmount: 0,
    serviceStartRequestedAt: null,
    cancelledAt: null,
    cancellationRequestedAt: null,
    cancellationReason: null,
    cancellationResponse: null,
    cancellationDeclinedAt: null,
    evisaMailedAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

export interface StatusChangeInput {
  status: ApplicationStatus;
  additionalInfoMessage?: string | null;
  requiresPassportReupload?: boolean;
  /** Why the application was rejected, in words for the applicant (only with status `rejected`). */
  rejectionReason?: string | null;
}

/** A rejection reason is for rejections only. */
export const REJECTION_REASON_ONLY_WHEN_REJECTED = 'A reason can be given only when the application is rejected.';

export interface StatusChangeDecision {
  application: Application;
  /** True when approval came after the guarantee deadline: the final fee is waived. */
  finalFeeWaived: boolean;
}

const STATUSES_FROM_APPROVAL: readonly ApplicationStatus[] = ['approved', 'final_payment_received'];

/** additional_info_required tells the applicant what to do: a message, a passport re-upload, or both. */
export const INFO_REQUEST_NEEDED_MESSAGE = msg('Please enter a message or require a passport re-upload.');

export function infoRequestIsComplete(input: { additionalInfoMessage?: string | null; requiresPassportReupload?: boolean }): boolean {
  return Boolean(input.additionalInfoMessage?.trim()) || Boolean(input.requiresPassportReupload);
}

/** Whether a visa document may be attached to an application in this status (from approval on). */
export function canAttachVisa(status: ApplicationStatus): boolean {
  return STATUSES_FROM_APPROVAL.includes(status);
}

/**
 * An admin may set a status only if ALLOWED_TRANSITIONS has it (the choices of the tab the
 * application is in now).
 * Re-setting the same status is allowed (to change the message or the re-upload flag).
 */
export function decideStatusChange(app: Application, input: StatusChangeInput, now: Date): Result<StatusChangeDecision> {
  const target = input.status;
  if (!ALLOWED_TRANSITIONS[app.status].includes(target)) return fail(errors.invalidTransition(app.status, target));
  if (target === 'final_payment_received' && !app.finalPaymentId) {
    return fail(errors.conflict('The final payment has not been received for this application.'));
  }

  if (input.rejectionReason?.trim() && target !== 'rejected') {
    return fail(errors.validation(REJECTION_REASON_ONLY_WHEN_REJECTED, { rejectionReason: [REJECTION_REASON_ONLY_WHEN_REJECTED] }));
  }

  const message = input.additionalInfoMessage?.trim() || null;
  const requiresReupload = input.requiresPassportReupload ?? false;
  if (target === 'additional_info_required' && !infoRequestIsComplete(input)) {
    return fail(errors.validation(INFO_REQUEST_NEEDED_MESSAGE, { additionalInfoMessage: [INFO_REQUEST_NEEDED_MESSAGE] }));
  }

  let next: Application = { ...app, status: target, updatedAt: now };
  if (target === 'additional_info_required') {
    next = {
      ...next,
      additionalInfoMessage: message,
      requiresPassportReupload: requiresReupload,
      passportReuploadedAt: requiresReupload ? null : app.passportReuploadedAt,
      // A new request: an earlier reply answered the one before.
      repliedAt: null,
    };
    // Waiting on the applicant: the guarantee clock pauses (docs/product.md §16.3).
    next = pauseGuarantee(next, now);
  } else if (app.guaranteePausedFor === 'portal' && PORTAL_WAITING_STATUSES.includes(target)) {
    // Moved on while the official portal is down: the portal's pause holds until it is back (decision 0032).
    next = { ...next, requiresPassportReupload: false };
  } else {
    // Moved on by staff: the clock runs again, its deadline moved by the working days it was paused.
    next = resumeGuarantee({ ...next, requiresPassportReupload: false }, now);
  }

  let finalFeeWaived = false;
  if (target === 'approved' && app.status !== 'approved') {
    next = { ...next, approvedAt: now };
    if (!app.finalPaymentId && isGuaranteeBreached(next.guaranteeDeadline, now)) {
      finalFeeWaived = true;
      next = { ...next, status: 'final_payment_received', finalPaymentId: waivedPaymentId(app.id) };
    }
  }
  return ok({ application: next, finalFeeWaived });
}

export function waivedPaymentId(applicationId: number): string {
  return `waived_${applicationId}`;
}

/** The fee due now for this payment type, or a failure saying why nothing is due. */
export const feeAlreadyPaid = (type: PaymentType) => errors.paymentNotDue(type, `The ${type} fee has already been paid.`);

export function feeDue(app: Application, type: PaymentType, now: Date): Result<Money> {
  if (type === 'initial') {
    if (app.initialPaymentId) return fail(feeAlreadyPaid('initial'));
    if (app.status === 'rejected') return fail(errors.paymentNotDue('initial', 'This application has been rejected.'));
    return ok(INITIAL_FEE);
  }
  if (app.finalPaymentId) return fail(feeAlreadyPaid('final'));
  if (app.status !== 'approved') {
    return fail(errors.paymentNotDue('final', 'The final fee is due only once the application is approved.'));
  }
  if (isGuaranteeBreached(app.guaranteeDeadline, app.approvedAt ?? now)) {
    return ok({ amount: 0, currency: FINAL_FEE.currency });
  }
  return ok(FINAL_FEE);
}

/**
 * A confirmed payment is recorded on the application. The initial payment moves online_entry to
 * application_created (if staff already moved it on, the status is left alone) and starts the
 * guarantee clock; the final payment moves approved to final_payment_received.
 */
export function applyConfirmedPayment(app: Application, type: PaymentType, paymentId: string, now: Date): Result<Application> {
  const due = feeDue(app, type, now);
  if (!due.ok) return due;
  if (type === 'initial') {
    const paid: Application = {
      ...app,
      initialPaymentId: paymentId,
      initialPaymentAt: now,
      guaranteeDeadline: guaranteeDeadline(now),
      guaranteePausedAt: null,
      guaranteePausedFor: null,
      status: app.status === 'online_entry' ? 'application_created' : app.status,
      updatedAt: now,
    };
    // Paid while staff already wait on the applicant: the clock starts paused.
    return ok(paid.status === 'additional_info_required' ? pauseGuarantee(paid, now) : paid);
  }
  return ok({ ...app, finalPaymentId: paymentId, status: 'final_payment_received', updatedAt: now });
}

/** Clears the re-upload request once the applicant has sent a new passport copy. */
export function applyPassportReupload(app: Application, now: Date): Result<Application> {
  if (!app.requiresPassportReupload) {
    return fail(errors.conflict('A passport re-upload has not been requested for this application.'));
  }
  // The new copy is the applicant's answer: the guarantee clock runs again (docs/product.md §16.3).
  return ok(resumeGuarantee({ ...app, requiresPassportReupload: false, passportReuploadedAt: now, updatedAt: now }, now));
}

/** A visa document can be attached only from approval on. */
export function applyVisaAttached(app: Application, fileName: string, now: Date): Result<Application> {
  if (!canAttachVisa(app.status)) {
    return fail(errors.conflict('A visa document can be attached only once the application is approved.'));
  }
  return ok({ ...app, visaDocument: fileName, updatedAt: now });
}

/**
 * The e-visa is mailed on its own once both hold — the final fee settled (paid, or waived under the
 * guarantee) and the visa attached — and only the first time (docs/product.md §3.4): whichever of
 * the two comes second decides it, in the same commit as its own change.
 */
export function evisaMailDue(app: Pick<Application, 'finalPaymentId' | 'visaDocument' | 'evisaMailedAt'>): boolean {
  return app.finalPaymentId !== null && app.visaDocument !== null && app.evisaMailedAt === null;
}

export function applyAddressDetails(app: Application, details: AddressDetails, now: Date): Application {
  return { ...app, ...details, updatedAt: now };
}

/** The guarantee as dashboards show it (docs/product.md §16.3). */
export { guaranteeStatus } from './guarantee.js';
