/**
 * Every mail the agency sends, as text + HTML, rendered from a template name and that template's
 * data (MAIL_DATA in core/domain/mail.ts: what the core writes into the mail outbox, one typed shape
 * per template). Every mail carries the agency's name and links to `settings.publicUrl`; every value
 * taken from `data` is HTML-escaped in the HTML part. A key that is missing or empty gets a sensible
 * fallback, so a mail queued before the key existed still renders.
 */
import type { MailContent, MailData, MailTemplateName } from '../../../core/domain/mail.js';
import type { AgencySettings } from '../../../core/ports/index.js';
import { TOURIST_STAY_DAYS, VISA_VALIDITY_DAYS } from '../../../core/domain/border-pack.js';
import { formatPence } from '../../../core/domain/money.js';
import { FINAL_FEE, INITIAL_FEE } from '../../../core/domain/fees.js';
import { GUARANTEE_WORKING_DAYS } from '../../../core/domain/guarantee.js';
import { PASSWORD_RESET_TTL_TEXT } from '../../../core/domain/password-reset.js';
import { OUTAGE_MEANING, VISA_ON_ARRIVAL_FALLBACK } from '../../../core/domain/portal-outage.js';
import { priceInAll } from '../../../core/domain/price.js';
import { isStaffRole, STAFF_ROLE_LABELS } from '../../../core/domain/staff-role.js';
import { applicantStatusLabel, statusLabel } from '../../../core/domain/status.js';
import { STATUS_PHRASE } from '../../../core/domain/texts.js';
import { TRACKING_CODE_TTL_TEXT } from '../../../core/domain/tracking.js';
import { feeName, formatDay, formatDayAndTime, personName } from '../../../core/domain/wording.js';

export type MailToRender = MailContent & { to: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A block of a mail body: rendered once as plain text and once as HTML. */
type Block = { kind: 'p'; parts: Part[] } | { kind: 'quote'; text: string } | { kind: 'button'; label: string; href: string } | { kind: 'fields'; rows: [string, string][] };
/** A piece of a paragraph: literal copy (trusted) or a value (escaped). */
type Part = string | { value: string } | { strong: string };

const v = (value: string): Part => ({ value });
const strong = (value: string): Part => ({ strong: value });

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A value as mail text: trimmed, or `fallback` when it is missing or empty. */
function text(value: string | number | null | undefined, fallback = ''): string {
  const trimmed = value === null || value === undefined ? '' : String(value).trim();
  return trimmed === '' ? fallback : trimmed;
}

/** An amount in pence, or `fallback` when it is missing. */
function pence(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Keeps only characters that are safe inside a query-string value we build ourselves. */
function idParam(value: string): string {
  return encodeURIComponent(value);
}

interface Ctx<T extends MailTemplateName> {
  settings: AgencySettings;
  data: MailData<T>;
  to: string;
  link(path: string): string;
}

interface TemplateResult {
  subject: string;
  /** One-line summary shown by mail clients before the mail is opened. */
  preheader: string;
  blocks: Block[];
}

/** Said where a payment's receipt is attached (docs/product.md, "Receipts"). */
const RECEIPT_ATTACHED: Block = { kind: 'p', parts: ['Your receipt is attached to this email as a PDF; you can also download it from your dashboard.'] };

/**
 * What happens to the e-visa once its final fee is settled (docs/decisions/0022): it is mailed on its
 * own when staff attach it, or in an email of its own at once when it was attached already
 * (`evisaFollows`). Never 'shortly': nobody knows when staff attach it.
 */
function evisaNext(evisaFollows: boolean | undefined): Block {
  return evisaFollows === true
    ? { kind: 'p', parts: ['Your e-visa is ready: it follows in a separate email, with a border pack to print and carry with it.'] }
    : { kind: 'p', parts: ['We email you your e-visa on its own as soon as it is issued, with a border pack to print and carry with it.'] };
}

/** Said before the final fee is paid: when the e-visa comes. */
const EVISA_AFTER_FINAL_FEE: Block = { kind: 'p', parts: ['We email you your e-visa once the final fee is paid and the e-visa is issued.'] };

/** The price in the words of the payment (core/domain/price.ts), when the amount asked is the list price. */
function priceBlock(type: 'initial' | 'final', amount: number): Block[] {
  const list = type === 'final' ? FINAL_FEE.amount : INITIAL_FEE.amount;
  return amount === list ? [{ kind: 'p', parts: [priceInAll(type)] }] : [];
}

const templates: { [T in MailTemplateName]: (ctx: Ctx<T>) => TemplateResult } = {
  account_created: ({ data, settings, link, to }) => {
    const email = text(data.email, to);
    const password = text(data.temporaryPassword);
    return {
      subject: `Your ${settings.agencyName} account has been created`,
      preheader: 'Thank you for contacting us. An account has been created for you.',
      blocks: [
        { kind: 'p', parts: ["Thank you for contacting us. We've received your inquiry and will contact you soon."] },
        { kind: 'p', parts: ['An account has been created for you so you can apply for your Egypt e-visa and follow your application online.'] },
        {
          kind: 'fields',
          rows: [
            ['Email', email],
            ['Temporary password', password],
          ],
        },
        { kind: 'p', parts: ['Sign in with these details. You will be asked to choose a new password the first time you sign in.'] },
        { kind: 'button', label: 'Sign in', href: link('/auth') },
      ],
    };
  },

  application_received: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const id = text(data.applicationId);
    const paid = data.paid === true;
    const blocks: Block[] = [{ kind: 'p', parts: ['We have received your Egypt e-visa application ', strong(number), '.'] }];
    if (paid) {
      blocks.push({ kind: 'p', parts: [`Your ${formatPence(INITIAL_FEE.amount)} ${feeName('initial')} is paid and your application is now being processed.`] });
      if (data.receiptAttached === true) blocks.push(RECEIPT_ATTACHED);
      const answerBy = text(data.answerBy);
      blocks.push({
        kind: 'p',
        parts: [
          answerBy
            ? `Guaranteed answer by ${formatDay(answerBy)} (${GUARANTEE_WORKING_DAYS} working days after your payment), or you do not pay the ${formatPence(FINAL_FEE.amount)} ${feeName('final')}.`
            : `Guaranteed answer within ${GUARANTEE_WORKING_DAYS} working days of your payment, or you do not pay the ${formatPence(FINAL_FEE.amount)} ${feeName('final')}.`,
          ' If we need more information from you, the working days you take to answer are added.',
        ],
      });
      blocks.push({ kind: 'button', label: 'View your application', href: link('/dashboard') });
    } else {
      blocks.push({ kind: 'p', parts: [`To start processing, please pay the ${formatPence(INITIAL_FEE.amount)} ${feeName('initial')}.`] });
      blocks.push(...priceBlock('initial', INITIAL_FEE.amount));
      blocks.push({ kind: 'button', label: 'Pay the initial fee', href: link(`/payment?applicationId=${idParam(id)}`) });
    }
    return { subject: `Application ${number} received`, preheader: `We have received application ${number}.`, blocks };
  },

  status_changed: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const newStatus = statusLabel(text(data.newStatus, 'updated'));
    const oldStatus = text(data.oldStatus);
    const rows: [string, string][] = [['Application', number]];
    if (oldStatus) rows.push(['Previous status', statusLabel(oldStatus)]);
    rows.push(['New status', newStatus]);
    // Where it stands in the words of the texts (core/domain/texts.ts); a refusal is said as one.
    const phrase = data.newStatus === 'rejected' ? 'was not approved' : data.newStatus ? `is now ${STATUS_PHRASE[data.newStatus]}` : undefined;
    const blocks: Block[] = [
      phrase ? { kind: 'p', parts: ['Your Egypt e-visa application ', strong(number), ` ${phrase}.`] } : { kind: 'p', parts: ['The status of your Egypt e-visa application has changed.'] },
      { kind: 'fields', rows },
    ];
    if (data.newStatus === 'rejected' && typeof data.reason === 'string' && data.reason.trim() !== '') {
      blocks.push({ kind: 'p', parts: ['The reason our team gave:'] }, { kind: 'quote', text: data.reason });
    }
    if (data.receiptAttached === true) blocks.push({ kind: 'p', parts: ['Thank you for your payment.'] }, RECEIPT_ATTACHED);
    if (data.newStatus === 'final_payment_received') blocks.push(evisaNext(data.evisaFollows));
    blocks.push({ kind: 'button', label: 'View your application', href: link('/dashboard') });
    return {
      subject: `Application ${number}: status changed to ${newStatus}`,
      preheader: `Your application is now: ${newStatus}.`,
      blocks,
    };
  },

  info_requested: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const message = text(data.message, 'Please contact us for details.');
    const blocks: Block[] = [
      { kind: 'p', parts: ['Our review team needs more information about your application ', strong(number), '.'] },
      { kind: 'p', parts: ['Message from the reviewer:'] },
      { kind: 'quote', text: message },
    ];
    if (data.requiresPassportReupload === true) {
      const id = text(data.applicationId);
      blocks.push({ kind: 'p', parts: ['Please also upload a new copy of your passport.'] });
      blocks.push({ kind: 'button', label: 'Upload passport copy', href: link(`/passport-upload?applicationId=${idParam(id)}`) });
    } else {
      blocks.push({ kind: 'button', label: 'View your application', href: link('/dashboard') });
    }
    blocks.push({ kind: 'p', parts: ['You can answer this request from your dashboard, and attach documents to your reply if you need to.'] });
    return { subject: `Application ${number}: more information required`, preheader: 'Our review team needs more information.', blocks };
  },

  passport_reupload_requested: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const id = text(data.applicationId);
    const message = text(data.message);
    const blocks: Block[] = [{ kind: 'p', parts: ['Please upload a new copy of your passport for application ', strong(number), '.'] }];
    if (message) blocks.push({ kind: 'p', parts: ['Message from the reviewer:'] }, { kind: 'quote', text: message });
    blocks.push({ kind: 'p', parts: ['Accepted files: JPG, PNG or PDF, up to 10 MB. Make sure the photo page is sharp and fully visible.'] });
    blocks.push({ kind: 'button', label: 'Upload passport copy', href: link(`/passport-upload?applicationId=${idParam(id)}`) });
    return { subject: `Application ${number}: please re-upload your passport`, preheader: 'We need a new copy of your passport.', blocks };
  },

  approved: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const amount = pence(data.finalFeeAmount, FINAL_FEE.amount);
    const waived = data.finalFeeWaived === true || amount === 0;
    const blocks: Block[] = [{ kind: 'p', parts: ['Good news: your Egypt e-visa application ', strong(number), ' has been approved.'] }];
    if (waived) {
      blocks.push({
        kind: 'p',
        parts: [
          `We took longer than our ${GUARANTEE_WORKING_DAYS}-working-day guarantee to answer, so the ${formatPence(FINAL_FEE.amount)} ${feeName('final')} is waived: you have nothing more to pay.`,
        ],
      });
      blocks.push(evisaNext(data.evisaFollows));
      blocks.push({ kind: 'button', label: 'View your application', href: link('/dashboard') });
    } else {
      blocks.push({ kind: 'fields', rows: [[`${feeName('final', { capital: true })} due`, formatPence(amount)]] });
      blocks.push(...priceBlock('final', amount));
      blocks.push(EVISA_AFTER_FINAL_FEE);
      blocks.push({ kind: 'button', label: 'Pay the final fee', href: link('/dashboard') });
    }
    return {
      subject: `Application ${number} approved`,
      preheader: waived ? 'Your application is approved and the final fee is waived.' : `Your application is approved. Final fee due: ${formatPence(amount)}.`,
      blocks,
    };
  },

  application_cancelled: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const refund = pence(data.refundAmount, 0);
    const blocks: Block[] = [{ kind: 'p', parts: ['Your Egypt e-visa application ', strong(number), ' has been cancelled. We will not work on it any further.'] }];
    if (data.message) blocks.push({ kind: 'quote', text: text(data.message) });
    if (refund > 0) {
      blocks.push({ kind: 'fields', rows: [['Refund', formatPence(refund)]] });
      blocks.push({ kind: 'p', parts: ['The refund goes back to the card you paid with; banks usually show it within 5 to 10 working days. Your credit note follows in a separate email.'] });
    }
    blocks.push({ kind: 'button', label: 'View your applications', href: link('/dashboard') });
    return {
      subject: `Application ${number} cancelled`,
      preheader: refund > 0 ? `Your application is cancelled and ${formatPence(refund)} is being refunded.` : 'Your application is cancelled.',
      blocks,
    };
  },

  cancellation_requested: ({ data, link }) => {
    const number = text(data.applicationNumber);
    return {
      subject: `We received your request to cancel application ${number}`,
      preheader: 'Our team will look at your request and reply by email.',
      blocks: [
        { kind: 'p', parts: ['We received your request to cancel your Egypt e-visa application ', strong(number), '.'] },
        {
          kind: 'p',
          parts: ['Our team has already started work on it, so a member of staff will decide what part of the initial fee can be refunded for the work not yet done, and reply to you by email.'],
        },
        { kind: 'button', label: 'View your application', href: link('/dashboard') },
      ],
    };
  },

  cancellation_declined: ({ data, link }) => {
    const number = text(data.applicationNumber);
    return {
      subject: `Your request to cancel application ${number}`,
      preheader: 'Your application has not been cancelled.',
      blocks: [
        { kind: 'p', parts: ['We have looked at your request to cancel your Egypt e-visa application ', strong(number), ' and could not accept it:'] },
        { kind: 'quote', text: text(data.message) },
        { kind: 'p', parts: ['Your application stays as it is. If you have questions, reply to this email or contact us.'] },
        { kind: 'button', label: 'View your application', href: link('/dashboard') },
      ],
    };
  },

  evisa: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const name = personName([text(data.givenName), text(data.surname)].filter(Boolean).join(' '));
    const rows: [string, string][] = [['Application', number]];
    if (name) rows.push(['Traveller', name]);
    return {
      subject: `Your Egypt e-visa (application ${number})`,
      preheader: 'Your Egypt e-visa is attached.',
      blocks: [
        // deliverMail attaches the visa file and the border pack, or sends nothing (a missing file fails the mail).
        {
          kind: 'p',
          parts: ['Your Egypt e-visa is attached to this email, with your border pack: one page (PDF) with your application, passport and hotel details, to print and carry with the e-visa.'],
        },
        { kind: 'fields', rows },
        {
          kind: 'p',
          parts: [
            `Print the e-visa or keep it on your phone, and show it with your passport on arrival. It is valid for about ${VISA_VALIDITY_DAYS} days from issue, for stays of up to ${TOURIST_STAY_DAYS} days.`,
          ],
        },
        { kind: 'button', label: 'View your application', href: link('/dashboard') },
      ],
    };
  },

  payment_reminder: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const id = text(data.applicationId);
    const type = data.paymentType === 'final' ? 'final' : 'initial';
    const fee = type === 'final' ? FINAL_FEE : INITIAL_FEE;
    const amount = pence(data.amount, fee.amount);
    const label = feeName(type);
    // A family application's initial fees are one payment for the whole group.
    const family = type === 'initial' && typeof data.groupId === 'number' ? { id: text(data.groupId), size: text(data.groupSize ?? '') } : null;
    const href = type === 'final' ? link('/dashboard') : family ? link(`/payment?groupId=${idParam(family.id)}`) : link(`/payment?applicationId=${idParam(id)}`);
    return {
      subject: family ? `Reminder: payment due for family application ${number}` : `Reminder: payment due for application ${number}`,
      preheader: `The ${label} of ${formatPence(amount)} is due.`,
      blocks: [
        family
          ? { kind: 'p', parts: [`This is a friendly reminder that the ${label}s of your family application (${family.size} travellers, starting with `, strong(number), ') have not been paid yet.'] }
          : { kind: 'p', parts: [`This is a friendly reminder that the ${label} for your application `, strong(number), ' has not been paid yet.'] },
        { kind: 'fields', rows: [['Amount due', formatPence(amount)]] },
        ...(family ? [] : priceBlock(type, amount)),
        type === 'final'
          ? EVISA_AFTER_FINAL_FEE
          : {
              kind: 'p',
              parts: [family ? 'We start processing the applications as soon as their initial fees are paid.' : 'We start processing your application as soon as the initial fee is paid.'],
            },
        { kind: 'button', label: `Pay ${formatPence(amount)}`, href },
      ],
    };
  },

  refund_issued: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const amount = formatPence(pence(data.amount, 0));
    const fee = feeName(data.paymentType === 'final' ? 'final' : 'initial');
    const rows: [string, string][] = [
      ['Application', number],
      ['Refunded', amount],
    ];
    const note = text(data.creditNoteNumber);
    if (note) rows.push(['Credit note', note]);
    return {
      subject: `Refund of ${amount} for application ${number}`,
      preheader: `We have refunded ${amount} to your card.`,
      blocks: [
        { kind: 'p', parts: [`We have refunded ${amount} of the ${fee} for your application `, strong(number), ' to the card you paid with.'] },
        { kind: 'fields', rows },
        { kind: 'p', parts: ['Your credit note is attached to this email as a PDF. Refunds usually reach your account within 5 to 10 working days, depending on your bank.'] },
        { kind: 'button', label: 'View your application', href: link('/dashboard') },
      ],
    };
  },

  refund_approval_needed: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const amount = formatPence(pence(data.amount, 0));
    const fee = feeName(data.paymentType === 'final' ? 'final' : 'initial');
    const limit = typeof data.approvalLimit === 'number' ? ` above ${formatPence(data.approvalLimit)}` : '';
    const requester = personName(text(data.requestedByName, 'A member of staff'));
    return {
      subject: `Refund of ${amount} for application ${number} needs your approval`,
      preheader: `${requester} asked for it; a second member of staff must approve it.`,
      blocks: [
        { kind: 'p', parts: [v(requester), ` asked to refund ${amount} of the ${fee} of application `, strong(number), '.'] },
        {
          kind: 'fields',
          rows: [
            ['Application', number],
            ['Amount', amount],
            ['Reason', text(data.reason, '—')],
          ],
        },
        {
          kind: 'p',
          parts: [`Refunds${limit} are sent only once a second member of staff approves them. Approve it under 'Refunds awaiting approval' on the admin dashboard (the one who asked cannot).`],
        },
        { kind: 'button', label: 'Open the admin dashboard', href: link('/admin') },
      ],
    };
  },

  application_reminder: ({ settings, link }) => ({
    subject: `Complete your Egypt e-visa application with ${settings.agencyName}`,
    preheader: 'Your Egypt e-visa application is only a few minutes away.',
    blocks: [
      { kind: 'p', parts: ['You created an account with us but have not started your Egypt e-visa application yet.'] },
      {
        kind: 'p',
        parts: [`It takes only a few minutes, and we guarantee an answer within ${GUARANTEE_WORKING_DAYS} working days of your ${feeName('initial')} — or you do not pay the ${feeName('final')}.`],
      },
      { kind: 'button', label: 'Apply now', href: link('/apply') },
    ],
  }),

  password_changed: ({ data, settings, link }) => {
    const changedAt = text(data.changedAt);
    const when = changedAt && !Number.isNaN(Date.parse(changedAt)) ? formatDayAndTime(changedAt) : '';
    const blocks: Block[] = [{ kind: 'p', parts: ['The password of your account has been changed.'] }];
    if (when) blocks.push({ kind: 'fields', rows: [['Changed at', when]] });
    blocks.push({ kind: 'p', parts: ['If you did not make this change, please contact us immediately at ', v(settings.agencyEmail), '.'] });
    blocks.push({ kind: 'button', label: 'Go to your profile', href: link('/profile') });
    return { subject: `Your ${settings.agencyName} password was changed`, preheader: 'Your password has been changed.', blocks };
  },

  password_reset: ({ data, settings, link }) => ({
    subject: `Reset your ${settings.agencyName} password`,
    preheader: `Choose a new password. The link works for ${PASSWORD_RESET_TTL_TEXT}.`,
    blocks: [
      { kind: 'p', parts: ['We received a request to reset the password of your account.'] },
      { kind: 'button', label: 'Choose a new password', href: resetLink(data.resetToken, link) },
      { kind: 'p', parts: [`The link works for ${PASSWORD_RESET_TTL_TEXT} and only once. After that, ask for a new one on the sign-in page.`] },
      { kind: 'p', parts: ['If you did not ask for this, you can ignore this email: your password stays as it is.'] },
    ],
  }),

  staff_invitation: ({ data, settings, link, to }) => ({
    subject: `You have been added to the ${settings.agencyName} team`,
    preheader: `Choose your password. The link works for ${PASSWORD_RESET_TTL_TEXT}.`,
    blocks: [
      { kind: 'p', parts: [`An administrator of ${settings.agencyName} has made you a member of staff.`] },
      {
        kind: 'fields',
        rows: [
          ['Email', to],
          ['Role', isStaffRole(data.role) ? STAFF_ROLE_LABELS[data.role] : text(data.role, 'Staff')],
        ],
      },
      { kind: 'button', label: 'Choose your password', href: resetLink(data.resetToken, link) },
      {
        kind: 'p',
        parts: [`The link works for ${PASSWORD_RESET_TTL_TEXT} and only once. After that, use 'Forgot your password?' on the sign-in page with this email.`],
      },
    ],
  }),

  account_exists: ({ data, settings, link, to }) => ({
    subject: `Your enquiry to ${settings.agencyName}: you already have an account`,
    preheader: 'Thank you for contacting us. Here is how to sign in to the account you already have.',
    blocks: [
      { kind: 'p', parts: ["Thank you for contacting us. We've received your inquiry and will contact you soon."] },
      { kind: 'p', parts: ['You already have an account with us for this email address, so no new account was created.'] },
      { kind: 'fields', rows: [['Email', text(data.email, to)]] },
      { kind: 'p', parts: ['Sign in with this email and your password to apply and follow your applications.'] },
      { kind: 'button', label: 'Sign in', href: link('/auth') },
      {
        kind: 'p',
        parts: [`Forgotten your password? Choose a new one with the link below (it works for ${PASSWORD_RESET_TTL_TEXT} and only once), or use 'Forgot your password?' on the sign-in page.`],
      },
      { kind: 'button', label: 'Reset your password', href: resetLink(data.resetToken, link) },
    ],
  }),

  tracking_code: ({ data, settings, link }) => {
    const number = text(data.applicationNumber);
    const code = text(data.code);
    return {
      subject: `Your code to track application ${number}: ${code}`,
      preheader: `Your tracking code is ${code}. It works for ${TRACKING_CODE_TTL_TEXT}.`,
      blocks: [
        { kind: 'p', parts: ['Someone asked to see where your Egypt e-visa application ', strong(number), ' stands, without signing in.'] },
        { kind: 'fields', rows: [['Your code', code]] },
        { kind: 'p', parts: [`Enter this code on the tracking page. It works for ${TRACKING_CODE_TTL_TEXT} and only once.`] },
        { kind: 'button', label: 'Open the tracking page', href: link('/track') },
        { kind: 'p', parts: ['If you did not ask for it, you can ignore this email: nobody can see your application without the code. Questions? Write to ', v(settings.agencyEmail), '.'] },
      ],
    };
  },

  applicant_replied: ({ data, link }) => {
    const number = text(data.applicationNumber);
    const traveller = personName(text(data.travellerName));
    const documents = typeof data.documents === 'number' && data.documents > 0 ? data.documents : 0;
    const rows: [string, string][] = [['Application', number]];
    if (traveller) rows.push(['Traveller', traveller]);
    rows.push(['Replied', formatDayAndTime(text(data.repliedAt))], ['Documents attached', documents === 0 ? 'None' : String(documents)]);
    return {
      subject: `Application ${number}: the applicant replied to your request`,
      preheader: 'The applicant answered your information request; the guarantee clock runs again.',
      blocks: [
        { kind: 'p', parts: ['The applicant answered the information request on application ', strong(number), ', which is assigned to you.'] },
        { kind: 'fields', rows },
        { kind: 'p', parts: ["Their reply and its documents are in the application's side panel, under 'Replies from the applicant'. The 5-working-day guarantee clock runs again from their reply."] },
        { kind: 'button', label: 'Open the application', href: link(`/admin?tab=initial-payment&q=${encodeURIComponent(number)}`) },
      ],
    };
  },

  portal_outage: ({ data, settings, link }) => {
    const number = text(data.applicationNumber);
    const arrival = text(data.arrivalDate);
    const since = text(data.since);
    const rows: [string, string][] = [['Application', number]];
    if (arrival) rows.push(['Arrival', formatDay(arrival)]);
    if (since && !Number.isNaN(Date.parse(since))) rows.push(['Portal down since', formatDayAndTime(since)]);
    return {
      subject: `Egypt's e-visa portal is down: what it means for application ${number}`,
      preheader: 'Your application is safe with us; our guarantee is paused; the visa on arrival is the fallback if you travel first.',
      blocks: [
        { kind: 'p', parts: ["Egypt's official e-visa portal (visa2egypt.gov.eg) is down, and you are due to arrive in Egypt on ", strong(arrival ? formatDay(arrival) : 'a date soon'), '.'] },
        { kind: 'quote', text: text(data.message, 'The official portal is not taking applications at the moment.') },
        { kind: 'fields', rows },
        { kind: 'p', parts: [OUTAGE_MEANING] },
        { kind: 'p', parts: [strong('The visa on arrival: '), VISA_ON_ARRIVAL_FALLBACK] },
        {
          kind: 'p',
          parts: [
            'If you would rather use the visa on arrival, your dashboard says whether your application can still be cancelled and what that means for your fees. We email you once about this outage; the banner on our site and your dashboard show the latest.',
          ],
        },
        { kind: 'button', label: 'Open your dashboard', href: link('/dashboard') },
        { kind: 'p', parts: ['Questions? Write to ', v(settings.agencyEmail), '.'] },
      ],
    };
  },

  application_numbers: ({ data, settings, link }) => {
    const listed = Array.isArray(data.applications) ? data.applications : [];
    const blocks: Block[] = [{ kind: 'p', parts: ['You asked for the numbers of your Egypt e-visa applications with us.'] }];
    if (listed.length > 0) {
      blocks.push({
        kind: 'fields',
        // A cancelled application is stored as rejected (docs/decisions/0006): it reads as what happened.
        rows: listed.map((a): [string, string] => [text(a.applicationNumber), a.cancelled === true ? 'Cancelled' : applicantStatusLabel(text(a.status, 'unknown'))]),
      });
    } else {
      blocks.push({ kind: 'p', parts: ['This email address has no applications with us yet.'] });
    }
    blocks.push({ kind: 'p', parts: ['Use one of them with this email address on the tracking page, or sign in to see everything.'] });
    blocks.push({ kind: 'button', label: 'Track an application', href: link('/track') });
    blocks.push({ kind: 'p', parts: ['If you did not ask for this, you can ignore this email. Questions? Write to ', v(settings.agencyEmail), '.'] });
    return { subject: `Your ${settings.agencyName} application numbers`, preheader: 'The numbers of your Egypt e-visa applications.', blocks };
  },

  rules_changed: ({ data, settings, link }) => {
    const listed = Array.isArray(data.applications) ? data.applications : [];
    const blocks: Block[] = [{ kind: 'p', parts: ['Egypt has changed a rule of its e-visa, and it affects your application with us. Nothing is lost: here is what it means and what to do.'] }];
    for (const a of listed) {
      blocks.push({ kind: 'p', parts: ['Application ', strong(text(a.applicationNumber)), ':'] });
      blocks.push({ kind: 'quote', text: text(a.message) });
    }
    blocks.push({ kind: 'button', label: 'View your application', href: link('/dashboard') });
    blocks.push({ kind: 'p', parts: ['Our staff have your application marked and will help. Questions? Reply to this email or write to ', v(settings.agencyEmail), '.'] });
    return { subject: "A change to Egypt's e-visa rules affects your application", preheader: 'What it means for your application and what to do.', blocks };
  },
};

/** The reset page for a token; without one, the page that sends a new link. */
function resetLink(resetToken: string | undefined, link: (path: string) => string): string {
  const token = text(resetToken);
  return token ? link(`/reset-password?token=${encodeURIComponent(token)}`) : link('/forgot-password');
}

function partText(part: Part): string {
  if (typeof part === 'string') return part;
  return 'value' in part ? part.value : part.strong;
}

function partHtml(part: Part): string {
  if (typeof part === 'string') return escapeHtml(part);
  return 'value' in part ? escapeHtml(part.value) : `<strong>${escapeHtml(part.strong)}</strong>`;
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'p':
      return block.parts.map(partText).join('');
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'p':
      return `<p style="margin:0 0 16px">${block.parts.map(partHtml).join('')}</p>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #c9a227;background:#faf6e8;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
    case 'button':
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(block.label)}</a></p>`;
    case 'fields':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`)
        .join('')}</table>`;
  }
}

/** Renders one mail. Unknown template names throw (the outbox keeps the row and reports the error). */
export function renderMail(mail: MailToRender, settings: AgencySettings): RenderedMail {
  // The template of the mail's own name, so its data is that template's (the union is keyed by it).
  const template = templates[mail.template] as ((ctx: Ctx<MailTemplateName>) => TemplateResult) | undefined;
  if (!template) throw new Error(`Unknown mail template: ${String(mail.template)}`);
  const base = settings.publicUrl.replace(/\/+$/, '');
  // As people write it: an account named in passport capitals is not greeted in them.
  const fullName = personName(text(mail.data.fullName));
  const greeting = fullName ? `Dear ${fullName},` : 'Hello,';
  const rendered = template({ settings, data: mail.data, to: mail.to, link: (path) => `${base}${path}` });
  const { preheader, blocks } = rendered;
  // A header never carries a line break, whatever the data held.
  const subject = rendered.subject.replace(/[\r\n]+/g, ' ').trim();
  const signOff = `Kind regards,\nThe ${settings.agencyName} team`;
  const footer = `${settings.agencyName} is a private agency and not an official government site. Questions? Write to ${settings.agencyEmail} or visit ${base}/contact`;

  const body = [greeting, ...blocks.map(blockText), signOff, '--', footer].join('\n\n') + '\n';

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" style="max-width:600px;width:100%;border-collapse:collapse;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0f172a;border-radius:8px 8px 0 0"><a href="${escapeHtml(base)}/" style="color:#ffffff;font-size:20px;font-weight:700;text-decoration:none">${escapeHtml(settings.agencyName)}</a></td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${blocks.map(blockHtml).join('\n')}
<p style="margin:24px 0 0">Kind regards,<br>The ${escapeHtml(settings.agencyName)} team</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#666;border-top:1px solid #e5e7eb">${escapeHtml(settings.agencyName)} is a private agency and not an official government site. Questions? Write to <a href="mailto:${escapeHtml(settings.agencyEmail)}">${escapeHtml(settings.agencyEmail)}</a> or visit <a href="${escapeHtml(base)}/contact">${escapeHtml(base)}/contact</a>.</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text: body, html };
}
