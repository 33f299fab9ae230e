import { z } from 'zod';
import { PAYMENT_TYPES } from './fees.js';
import { APPLICATION_STATUSES } from './status.js';

/** Every mail the agency sends; templates (text + HTML) live in adapters/mail/templates. */
export const MAIL_TEMPLATES = [
  'account_created',
  'application_received',
  'status_changed',
  'info_requested',
  'passport_reupload_requested',
  'approved',
  'application_cancelled',
  'cancellation_requested',
  'cancellation_declined',
  'evisa',
  'payment_reminder',
  'application_reminder',
  'password_changed',
  'password_reset',
  'account_exists',
  'refund_issued',
  'refund_approval_needed',
  'staff_invitation',
  'tracking_code',
  'application_numbers',
  'applicant_replied',
  'rules_changed',
  'portal_outage',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

/** Every mail greets its reader by name when it is known. */
const addressed = { fullName: z.string().optional() };
const application = { ...addressed, applicationNumber: z.string() };

/**
 * What each template is rendered from: the data a use case writes into the outbox with the mail,
 * checked by the compiler where the mail is built and by the schema when a stored mail is read back
 * to be sent. Optional keys have a fallback in the template, so a mail queued before a key existed
 * still renders. `applicationId` builds links; `applicationNumber` is what the applicant sees.
 */
export const MAIL_DATA = {
  account_created: z.object({
    ...addressed,
    email: z.string(),
    temporaryPassword: z.string(),
    /** The sign-in page when the account was made, kept with the mail for the record. */
    signInUrl: z.string().optional(),
  }),
  application_received: z.object({
    ...application,
    applicationId: z.number(),
    /** The initial fee is already paid (the mail then says processing has started). */
    paid: z.boolean().optional(),
    /** The payment's receipt is attached as a PDF (the mail says so). */
    receiptAttached: z.boolean().optional(),
    /** ISO date-time: the guarantee's deadline as the payment set it (the mail says 'Guaranteed answer by …'). */
    answerBy: z.string().optional(),
  }),
  status_changed: z.object({
    ...application,
    applicationId: z.number().optional(),
    oldStatus: z.enum(APPLICATION_STATUSES).optional(),
    newStatus: z.enum(APPLICATION_STATUSES),
    /** Why it was rejected, in staff's words for the applicant (docs/product.md §16.2). */
    reason: z.string().optional(),
    /** A fee's payment moved it, and that payment's receipt is attached as a PDF (the mail says so). */
    receiptAttached: z.boolean().optional(),
    /** The final fee settled an application whose visa was attached: the e-visa mail is queued with this one (docs/decisions/0022). */
    evisaFollows: z.boolean().optional(),
  }),
  info_requested: z.object({
    ...application,
    applicationId: z.number().optional(),
    /** The reviewer's words. */
    message: z.string().nullable(),
    requiresPassportReupload: z.boolean().optional(),
  }),
  passport_reupload_requested: z.object({
    ...application,
    applicationId: z.number(),
    /** The reviewer's words, if any. */
    message: z.string().nullable().optional(),
  }),
  approved: z.object({
    ...application,
    applicationId: z.number(),
    /** Pence; the list price when absent. */
    finalFeeAmount: z.number().optional(),
    /** The guarantee waived the final fee. */
    finalFeeWaived: z.boolean().optional(),
    /** Waived with the visa already attached: the e-visa mail is queued with this one. */
    evisaFollows: z.boolean().optional(),
  }),
  application_cancelled: z.object({
    ...application,
    applicationId: z.number(),
    /** Pence of the initial fee refunded with the cancellation (0 or absent: none). */
    refundAmount: z.number().optional(),
    /** Staff's words when they accepted a cancellation request. */
    message: z.string().nullable().optional(),
  }),
  cancellation_requested: z.object({
    ...application,
    applicationId: z.number(),
  }),
  cancellation_declined: z.object({
    ...application,
    applicationId: z.number(),
    /** Staff's reasons. */
    message: z.string(),
  }),
  evisa: z.object({
    ...application,
    applicationId: z.number().optional(),
    givenName: z.string().optional(),
    surname: z.string().optional(),
  }),
  payment_reminder: z.object({
    ...application,
    applicationId: z.number(),
    paymentType: z.enum(PAYMENT_TYPES).optional(),
    /** Pence; the fee's list price when absent. */
    amount: z.number().optional(),
    /** A family application's initial fees: the group's id and size (one reminder for the family). */
    groupId: z.number().optional(),
    groupSize: z.number().optional(),
  }),
  application_reminder: z.object(addressed),
  password_changed: z.object({
    ...addressed,
    /** ISO date-time. */
    changedAt: z.string().optional(),
  }),
  staff_invitation: z.object({
    ...addressed,
    /** The staff role they were given (core/domain/staff-role.ts). */
    role: z.string(),
    /** A password-reset token: the link to choose their first password (valid 1 hour). */
    resetToken: z.string(),
  }),
  password_reset: z.object({
    ...addressed,
    /** The reset link's token (valid 1 hour). */
    resetToken: z.string(),
  }),
  account_exists: z.object({
    ...addressed,
    email: z.string(),
    /** A reset link in case the password is forgotten. */
    resetToken: z.string().optional(),
  }),
  refund_issued: z.object({
    ...application,
    applicationId: z.number(),
    paymentType: z.enum(PAYMENT_TYPES),
    /** Pence refunded by this refund. */
    amount: z.number(),
    /** The credit note's number (the PDF is attached). */
    creditNoteNumber: z.string().optional(),
  }),
  /**
   * To the staff who may approve: a refund waits for a second member of staff (docs/product.md
   * §4.7). It carries no applicationId: it is no mail to the applicant, and stays out of the
   * application's delivery log (whose Resend goes to the applicant).
   */
  refund_approval_needed: z.object({
    ...application,
    paymentType: z.enum(PAYMENT_TYPES),
    /** Pence asked for. */
    amount: z.number(),
    /** The member of staff who asked for it. */
    requestedByName: z.string(),
    reason: z.string(),
    /** REFUND_APPROVAL_PENCE when it was asked for. */
    approvalLimit: z.number().optional(),
  }),
  tracking_code: z.object({
    ...application,
    /** The 6-digit code that opens the track page (valid 15 minutes, once). */
    code: z.string(),
  }),
  application_numbers: z.object({
    ...addressed,
    /** The address's applications, newest first, with their status. */
    applications: z.array(
      z.object({
        applicationNumber: z.string(),
        status: z.enum(APPLICATION_STATUSES),
        /** Cancelled by its applicant (stored as rejected: docs/decisions/0006). */
        cancelled: z.boolean().optional(),
      }),
    ),
  }),
  /**
   * To the member of staff assigned to an application whose applicant replied to an information
   * request (docs/product.md §16.7). No `applicationId`: it is staff's mail, not one of the
   * applicant's delivery log (whose resend goes to the applicant).
   */
  applicant_replied: z.object({
    ...application,
    /** The traveller's name as the form has it. */
    travellerName: z.string().optional(),
    /** ISO date-time of the reply. */
    repliedAt: z.string(),
    /** How many documents came with it. */
    documents: z.number().optional(),
  }),
  /**
   * To an applicant whose open applications a change of Egypt's rules affects (docs/product.md
   * §5.11): what it means for each and what to do. Once per change and applicant. No top-level
   * `applicationId`: one mail may be about several applications.
   */
  rules_changed: z.object({
    ...addressed,
    applications: z.array(
      z.object({
        applicationNumber: z.string(),
        applicationId: z.number(),
        /** What it means and what to do, in the applicant's words. */
        message: z.string(),
      }),
    ),
  }),
  /**
   * To an applicant due to arrive soon whose application waits for the official portal while it is
   * down (decision 0032): what it means, and the visa on arrival if they travel before it is back.
   */
  portal_outage: z.object({
    ...application,
    applicationId: z.number(),
    /** Staff's words about the outage. */
    message: z.string(),
    /** YYYY-MM-DD: the arrival date on the application. */
    arrivalDate: z.string(),
    /** ISO date-time: since when the portal is down. */
    since: z.string().optional(),
  }),
} satisfies Record<MailTemplateName, z.ZodType>;

/** The data of one template's mail. */
export type MailData<T extends MailTemplateName> = z.output<(typeof MAIL_DATA)[T]>;

/** A mail's content: a template and that template's data (a union keyed by template). */
export type MailContent = { [T in MailTemplateName]: { template: T; data: MailData<T> } }[MailTemplateName];

function isTemplate(name: string): name is MailTemplateName {
  return (MAIL_TEMPLATES as readonly string[]).includes(name);
}

/**
 * A stored mail's content read back: its template's data as the schema reads it, or what is wrong
 * with it (an unknown template, a missing or mistyped key) for the outbox to record.
 */
export function readMailContent(template: string, data: unknown): { ok: true; content: MailContent } | { ok: false; problem: string } {
  if (!isTemplate(template)) return { ok: false, problem: `Unknown mail template: ${template}` };
  const parsed = MAIL_DATA[template].safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'data'}: ${issue.message}`).join('; ');
    return { ok: false, problem: `The stored data does not fit the ${template} template (${issues})` };
  }
  return { ok: true, content: { template, data: parsed.data } as MailContent };
}
