/**
 * Every mail the agency sends, as text + HTML, rendered from a template name and that template's
 * data (MAIL_DATA in core/domain/mail.ts: what the core writes into the mail outbox, one typed shape
 * per template), in the reader's language (docs/decisions/0037): every sentence one `mail` message,
 * dates and amounts by the locale's conventions, the HTML right to left in Arabic. Every mail
 * carries the agency's name and links to `settings.publicUrl`; every value taken from `data` is
 * HTML-escaped in the HTML part. A key that is missing or empty gets a sensible fallback, so a mail
 * queued before the key existed still renders.
 */
import type { MailContent, MailData, MailTemplateName } from '../../../core/domain/mail.js';
import type { AgencySettings } from '../../../core/ports/index.js';
import { TOURIST_STAY_DAYS, VISA_VALIDITY_DAYS } from '../../../core/domain/border-pack.js';
import { formatPence } from '../../../core/domain/money.js';
import { FINAL_FEE, INITIAL_FEE } from '../../../core/domain/fees.js';
import { GUARANTEE_WORKING_DAYS } from '../../../core/domain/guarantee.js';
import { DEFAULT_LOCALE, localeDirection, type Locale } from '../../../core/domain/locale.js';
import { PASSWORD_RESET_TTL_TEXT } from '../../../core/domain/password-reset.js';
import { TOTAL_PER_TRAVELLER } from '../../../core/domain/price.js';
import { TRACKING_CODE_TTL_TEXT } from '../../../core/domain/tracking.js';
import { formatDay, formatDayAndTime, personName } from '../../../core/domain/wording.js';
import type { Translate } from '../../../core/i18n/index.js';
import { translator } from '../../i18n/index.js';
import { blockHtml, blockText, escapeHtml, p, slotsHtml, slotsText, strong, value, type Block } from './blocks.js';
import { applicantStatusName, duration, outageMeaning, priceSentence, roleName, statusName, visaOnArrival } from './words.js';

export { escapeHtml } from './blocks.js';

export type MailToRender = MailContent & { to: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
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
  /** The `mail` messages in the reader's locale. */
  t: Translate;
  /** An amount in pence, a calendar day, an instant: in the reader's locale. */
  money(amount: number): string;
  day(value: string): string;
  instant(value: string): string;
}

interface TemplateResult {
  subject: string;
  /** One-line summary shown by mail clients before the mail is opened. */
  preheader: string;
  blocks: Block[];
}

/** Said where a payment's receipt is attached (docs/product.md, "Receipts"). */
const receiptAttached = (t: Translate): Block => p(t('Your receipt is attached to this email as a PDF; you can also download it from your dashboard.'));

/**
 * What happens to the e-visa once its final fee is settled (docs/decisions/0022): it is mailed on its
 * own when staff attach it, or in an email of its own at once when it was attached already
 * (`evisaFollows`). Never 'shortly': nobody knows when staff attach it.
 */
function evisaNext(t: Translate, evisaFollows: boolean | undefined): Block {
  return evisaFollows === true
    ? p(t('Your e-visa is ready: it follows in a separate email, with a border pack to print and carry with it.'))
    : p(t('We email you your e-visa on its own as soon as it is issued, with a border pack to print and carry with it.'));
}

/** Said before the final fee is paid: when the e-visa comes. */
const evisaAfterFinalFee = (t: Translate): Block => p(t('We email you your e-visa once the final fee is paid and the e-visa is issued.'));

/** The price in the words of the payment (core/domain/price.ts), when the amount asked is the list price. */
function priceBlock(ctx: Pick<Ctx<MailTemplateName>, 't' | 'money'>, type: 'initial' | 'final', amount: number): Block[] {
  const list = type === 'final' ? FINAL_FEE.amount : INITIAL_FEE.amount;
  const amounts = { total: ctx.money(TOTAL_PER_TRAVELLER), initial: ctx.money(INITIAL_FEE.amount), final: ctx.money(FINAL_FEE.amount) };
  return amount === list ? [p(priceSentence(ctx.t, type, amounts))] : [];
}

/** The sentence of a status change, in the words of the texts (core/domain/texts.ts); a refusal is said as one. */
function statusSentence(t: Translate, status: string | undefined, number: string): string {
  const values = { number: strong(number) };
  switch (status) {
    case 'online_entry':
      return t('Your Egypt e-visa application {number} is now waiting for its initial fee.', values);
    case 'application_created':
      return t('Your Egypt e-visa application {number} is now paid and with our team.', values);
    case 'under_process':
      return t('Your Egypt e-visa application {number} is now being processed.', values);
    case 'additional_info_required':
      return t('Your Egypt e-visa application {number} is now waiting for your answer.', values);
    case 'verified':
      return t('Your Egypt e-visa application {number} is now submitted to the Egyptian portal.', values);
    case 'approved':
      return t('Your Egypt e-visa application {number} is now approved.', values);
    case 'rejected':
      return t('Your Egypt e-visa application {number} was not approved.', values);
    case 'final_payment_received':
      return t('Your Egypt e-visa application {number} is now paid in full.', values);
    default:
      return t('The status of your Egypt e-visa application has changed.');
  }
}

const templates: { [T in MailTemplateName]: (ctx: Ctx<T>) => TemplateResult } = {
  account_created: ({ data, settings, link, to, t }) => {
    const email = text(data.email, to);
    const password = text(data.temporaryPassword);
    return {
      subject: t('Your {agency} account has been created', { agency: settings.agencyName }),
      preheader: t('Thank you for contacting us. An account has been created for you.'),
      blocks: [
        p(t("Thank you for contacting us. We've received your inquiry and will contact you soon.")),
        p(t('An account has been created for you so you can apply for your Egypt e-visa and follow your application online.')),
        {
          kind: 'fields',
          rows: [
            [t('Email'), email],
            [t('Temporary password'), password],
          ],
        },
        p(t('Sign in with these details. You will be asked to choose a new password the first time you sign in.')),
        { kind: 'button', label: t('Sign in'), href: link('/auth') },
      ],
    };
  },

  application_received: (ctx) => {
    const { data, link, t, money } = ctx;
    const number = text(data.applicationNumber);
    const id = text(data.applicationId);
    const paid = data.paid === true;
    const blocks: Block[] = [p(t('We have received your Egypt e-visa application {number}.', { number: strong(number) }))];
    if (paid) {
      blocks.push(p(t('Your {amount} initial fee is paid and your application is now being processed.', { amount: money(INITIAL_FEE.amount) })));
      if (data.receiptAttached === true) blocks.push(receiptAttached(t));
      const answerBy = text(data.answerBy);
      const finalFee = money(FINAL_FEE.amount);
      const promise = answerBy
        ? t('Guaranteed answer by {date} ({days} working days after your payment), or you do not pay the {amount} final fee.', {
            date: ctx.day(answerBy),
            days: GUARANTEE_WORKING_DAYS,
            amount: finalFee,
          })
        : t('Guaranteed answer within {days} working days of your payment, or you do not pay the {amount} final fee.', { days: GUARANTEE_WORKING_DAYS, amount: finalFee });
      blocks.push(p(`${promise} ${t('If we need more information from you, the working days you take to answer are added.')}`));
      blocks.push({ kind: 'button', label: t('View your application'), href: link('/dashboard') });
    } else {
      blocks.push(p(t('To start processing, please pay the {amount} initial fee.', { amount: money(INITIAL_FEE.amount) })));
      blocks.push(...priceBlock(ctx, 'initial', INITIAL_FEE.amount));
      blocks.push({ kind: 'button', label: t('Pay the initial fee'), href: link(`/payment?applicationId=${idParam(id)}`) });
    }
    return { subject: t('Application {number} received', { number }), preheader: t('We have received application {number}.', { number }), blocks };
  },

  status_changed: ({ data, link, t }) => {
    const number = text(data.applicationNumber);
    const newStatus = statusName(t, text(data.newStatus, 'updated'));
    const oldStatus = text(data.oldStatus);
    const rows: [string, string][] = [[t('Application'), number]];
    if (oldStatus) rows.push([t('Previous status'), statusName(t, oldStatus)]);
    rows.push([t('New status'), newStatus]);
    const blocks: Block[] = [p(statusSentence(t, data.newStatus, number)), { kind: 'fields', rows }];
    if (data.newStatus === 'rejected' && typeof data.reason === 'string' && data.reason.trim() !== '') {
      blocks.push(p(t('The reason our team gave:')), { kind: 'quote', text: data.reason });
    }
    if (data.receiptAttached === true) blocks.push(p(t('Thank you for your payment.')), receiptAttached(t));
    if (data.newStatus === 'final_payment_received') blocks.push(evisaNext(t, data.evisaFollows));
    blocks.push({ kind: 'button', label: t('View your application'), href: link('/dashboard') });
    return {
      subject: t('Application {number}: status changed to {status}', { number, status: newStatus }),
      preheader: t('Your application is now: {status}.', { status: newStatus }),
      blocks,
    };
  },

  info_requested: ({ data, link, t }) => {
    const number = text(data.applicationNumber);
    const message = text(data.message, t('Please contact us for details.'));
    const blocks: Block[] = [
      p(t('Our review team needs more information about your application {number}.', { number: strong(number) })),
      p(t('Message from the reviewer:')),
      { kind: 'quote', text: message },
    ];
    if (data.requiresPassportReupload === true) {
      const id = text(data.applicationId);
      blocks.push(p(t('Please also upload a new copy of your passport.')));
      blocks.push({ kind: 'button', label: t('Upload passport copy'), href: link(`/passport-upload?applicationId=${idParam(id)}`) });
    } else {
      blocks.push({ kind: 'button', label: t('View your application'), href: link('/dashboard') });
    }
    blocks.push(p(t('You can answer this request from your dashboard, and attach documents to your reply if you need to.')));
    return { subject: t('Application {number}: more information required', { number }), preheader: t('Our review team needs more information.'), blocks };
  },

  passport_reupload_requested: ({ data, link, t }) => {
    const number = text(data.applicationNumber);
    const id = text(data.applicationId);
    const message = text(data.message);
    const blocks: Block[] = [p(t('Please upload a new copy of your passport for application {number}.', { number: strong(number) }))];
    if (message) blocks.push(p(t('Message from the reviewer:')), { kind: 'quote', text: message });
    blocks.push(p(t('Accepted files: JPG, PNG or PDF, up to 10 MB. Make sure the photo page is sharp and fully visible.')));
    blocks.push({ kind: 'button', label: t('Upload passport copy'), href: link(`/passport-upload?applicationId=${idParam(id)}`) });
    return { subject: t('Application {number}: please re-upload your passport', { number }), preheader: t('We need a new copy of your passport.'), blocks };
  },

  approved: (ctx) => {
    const { data, link, t, money } = ctx;
    const number = text(data.applicationNumber);
    const amount = pence(data.finalFeeAmount, FINAL_FEE.amount);
    const waived = data.finalFeeWaived === true || amount === 0;
    const blocks: Block[] = [p(t('Good news: your Egypt e-visa application {number} has been approved.', { number: strong(number) }))];
    if (waived) {
      blocks.push(
        p(
          t('We took longer than our {days}-working-day guarantee to answer, so the {amount} final fee is waived: you have nothing more to pay.', {
            days: GUARANTEE_WORKING_DAYS,
            amount: money(FINAL_FEE.amount),
          }),
        ),
      );
      blocks.push(evisaNext(t, data.evisaFollows));
      blocks.push({ kind: 'button', label: t('View your application'), href: link('/dashboard') });
    } else {
      blocks.push({ kind: 'fields', rows: [[t('Final fee due'), money(amount)]] });
      blocks.push(...priceBlock(ctx, 'final', amount));
      blocks.push(evisaAfterFinalFee(t));
      blocks.push({ kind: 'button', label: t('Pay the final fee'), href: link('/dashboard') });
    }
    return {
      subject: t('Application {number} approved', { number }),
      preheader: waived ? t('Your application is approved and the final fee is waived.') : t('Your application is approved. Final fee due: {amount}.', { amount: money(amount) }),
      blocks,
    };
  },

  application_cancelled: ({ data, link, t, money }) => {
    const number = text(data.applicationNumber);
    const refund = pence(data.refundAmount, 0);
    const blocks: Block[] = [p(t('Your Egypt e-visa application {number} has been cancelled. We will not work on it any further.', { number: strong(number) }))];
    if (data.message) blocks.push({ kind: 'quote', text: text(data.message) });
    if (refund > 0) {
      blocks.push({ kind: 'fields', rows: [[t('Refund'), money(refund)]] });
      blocks.push(p(t('The refund goes back to the card you paid with; banks usually show it within 5 to 10 working days. Your credit note follows in a separate email.')));
    }
    blocks.push({ kind: 'button', label: t('View your applications'), href: link('/dashboard') });
    return {
      subject: t('Application {number} cancelled', { number }),
      preheader: refund > 0 ? t('Your application is cancelled and {amount} is being refunded.', { amount: money(refund) }) : t('Your application is cancelled.'),
      blocks,
    };
  },

  cancellation_requested: ({ data, link, t }) => {
    const number = text(data.applicationNumber);
    return {
      subject: t('We received your request to cancel application {number}', { number }),
      preheader: t('Our team will look at your request and reply by email.'),
      blocks: [
        p(t('We received your request to cancel your Egypt e-visa application {number}.', { number: strong(number) })),
        p(t('Our team has already started work on it, so a member of staff will decide what part of the initial fee can be refunded for the work not yet done, and reply to you by email.')),
        { kind: 'button', label: t('View your application'), href: link('/dashboard') },
      ],
    };
  },

  cancellation_declined: ({ data, link, t }) => {
    const number = text(data.applicationNumber);
    return {
      subject: t('Your request to cancel application {number}', { number }),
      preheader: t('Your application has not been cancelled.'),
      blocks: [
        p(t('We have looked at your request to cancel your Egypt e-visa application {number} and could not accept it:', { number: strong(number) })),
        { kind: 'quote', text: text(data.message) },
        p(t('Your application stays as it is. If you have questions, reply to this email or contact us.')),
        { kind: 'button', label: t('View your application'), href: link('/dashboard') },
      ],
    };
  },

  evisa: ({ data, link, t }) => {
    const number = text(data.applicationNumber);
    const name = personName([text(data.givenName), text(data.surname)].filter(Boolean).join(' '));
    const rows: [string, string][] = [[t('Application'), number]];
    if (name) rows.push([t('Traveller'), name]);
    return {
      subject: t('Your Egypt e-visa (application {number})', { number }),
      preheader: t('Your Egypt e-visa is attached.'),
      blocks: [
        // deliverMail attaches the visa file and the border pack, or sends nothing (a missing file fails the mail).
        p(t('Your Egypt e-visa is attached to this email, with your border pack: one page (PDF) with your application, passport and hotel details, to print and carry with the e-visa.')),
        { kind: 'fields', rows },
        p(
          t('Print the e-visa or keep it on your phone, and show it with your passport on arrival. It is valid for about {validity} days from issue, for stays of up to {stay} days.', {
            validity: VISA_VALIDITY_DAYS,
            stay: TOURIST_STAY_DAYS,
          }),
        ),
        { kind: 'button', label: t('View your application'), href: link('/dashboard') },
      ],
    };
  },

  payment_reminder: (ctx) => {
    const { data, link, t, money } = ctx;
    const number = text(data.applicationNumber);
    const id = text(data.applicationId);
    const type = data.paymentType === 'final' ? 'final' : 'initial';
    const fee = type === 'final' ? FINAL_FEE : INITIAL_FEE;
    const amount = pence(data.amount, fee.amount);
    // A family application's initial fees are one payment for the whole group.
    const family = type === 'initial' && typeof data.groupId === 'number' ? { id: text(data.groupId), size: text(data.groupSize ?? '') } : null;
    const href = type === 'final' ? link('/dashboard') : family ? link(`/payment?groupId=${idParam(family.id)}`) : link(`/payment?applicationId=${idParam(id)}`);
    const reminder = family
      ? t('This is a friendly reminder that the initial fees of your family application ({size} travellers, starting with {number}) have not been paid yet.', {
          size: family.size,
          number: strong(number),
        })
      : type === 'final'
        ? t('This is a friendly reminder that the final fee for your application {number} has not been paid yet.', { number: strong(number) })
        : t('This is a friendly reminder that the initial fee for your application {number} has not been paid yet.', { number: strong(number) });
    return {
      subject: family ? t('Reminder: payment due for family application {number}', { number }) : t('Reminder: payment due for application {number}', { number }),
      preheader: type === 'final' ? t('The final fee of {amount} is due.', { amount: money(amount) }) : t('The initial fee of {amount} is due.', { amount: money(amount) }),
      blocks: [
        p(reminder),
        { kind: 'fields', rows: [[t('Amount due'), money(amount)]] },
        ...(family ? [] : priceBlock(ctx, type, amount)),
        type === 'final'
          ? evisaAfterFinalFee(t)
          : p(family ? t('We start processing the applications as soon as their initial fees are paid.') : t('We start processing your application as soon as the initial fee is paid.')),
        { kind: 'button', label: t('Pay {amount}', { amount: money(amount) }), href },
      ],
    };
  },

  refund_issued: ({ data, link, t, money }) => {
    const number = text(data.applicationNumber);
    const amount = money(pence(data.amount, 0));
    const rows: [string, string][] = [
      [t('Application'), number],
      [t('Refunded'), amount],
    ];
    const note = text(data.creditNoteNumber);
    if (note) rows.push([t('Credit note'), note]);
    const values = { amount, number: strong(number) };
    return {
      subject: t('Refund of {amount} for application {number}', { amount, number }),
      preheader: t('We have refunded {amount} to your card.', { amount }),
      blocks: [
        p(
          data.paymentType === 'final'
            ? t('We have refunded {amount} of the final fee for your application {number} to the card you paid with.', values)
            : t('We have refunded {amount} of the initial fee for your application {number} to the card you paid with.', values),
        ),
        { kind: 'fields', rows },
        p(t('Your credit note is attached to this email as a PDF. Refunds usually reach your account within 5 to 10 working days, depending on your bank.')),
        { kind: 'button', label: t('View your application'), href: link('/dashboard') },
      ],
    };
  },

  refund_approval_needed: ({ data, link, t, money }) => {
    const number = text(data.applicationNumber);
    const amount = money(pence(data.amount, 0));
    const requester = personName(text(data.requestedByName, t('A member of staff')));
    const values = { requester: value(requester), amount, number: strong(number) };
    const rule =
      typeof data.approvalLimit === 'number'
        ? t('Refunds above {limit} are sent only once a second member of staff approves them.', { limit: money(data.approvalLimit) })
        : t('Refunds are sent only once a second member of staff approves them.');
    return {
      subject: t('Refund of {amount} for application {number} needs your approval', { amount, number }),
      preheader: t('{requester} asked for it; a second member of staff must approve it.', { requester }),
      blocks: [
        p(
          data.paymentType === 'final'
            ? t('{requester} asked to refund {amount} of the final fee of application {number}.', values)
            : t('{requester} asked to refund {amount} of the initial fee of application {number}.', values),
        ),
        {
          kind: 'fields',
          rows: [
            [t('Application'), number],
            [t('Amount'), amount],
            [t('Reason'), text(data.reason, '—')],
          ],
        },
        p(`${rule} ${t("Approve it under 'Refunds awaiting approval' on the admin dashboard (the one who asked cannot).")}`),
        { kind: 'button', label: t('Open the admin dashboard'), href: link('/admin') },
      ],
    };
  },

  application_reminder: ({ settings, link, t }) => ({
    subject: t('Complete your Egypt e-visa application with {agency}', { agency: settings.agencyName }),
    preheader: t('Your Egypt e-visa application is only a few minutes away.'),
    blocks: [
      p(t('You created an account with us but have not started your Egypt e-visa application yet.')),
      p(t('It takes only a few minutes, and we guarantee an answer within {days} working days of your initial fee — or you do not pay the final fee.', { days: GUARANTEE_WORKING_DAYS })),
      { kind: 'button', label: t('Apply now'), href: link('/apply') },
    ],
  }),

  password_changed: ({ data, settings, link, t, instant }) => {
    const changedAt = text(data.changedAt);
    const when = changedAt && !Number.isNaN(Date.parse(changedAt)) ? instant(changedAt) : '';
    const blocks: Block[] = [p(t('The password of your account has been changed.'))];
    if (when) blocks.push({ kind: 'fields', rows: [[t('Changed at'), when]] });
    blocks.push(p(t('If you did not make this change, please contact us immediately at {email}.', { email: value(settings.agencyEmail) })));
    blocks.push({ kind: 'button', label: t('Go to your profile'), href: link('/profile') });
    return { subject: t('Your {agency} password was changed', { agency: settings.agencyName }), preheader: t('Your password has been changed.'), blocks };
  },

  password_reset: ({ data, settings, link, t }) => {
    const ttl = duration(t, PASSWORD_RESET_TTL_TEXT);
    return {
      subject: t('Reset your {agency} password', { agency: settings.agencyName }),
      preheader: t('Choose a new password. The link works for {duration}.', { duration: ttl }),
      blocks: [
        p(t('We received a request to reset the password of your account.')),
        { kind: 'button', label: t('Choose a new password'), href: resetLink(data.resetToken, link) },
        p(t('The link works for {duration} and only once. After that, ask for a new one on the sign-in page.', { duration: ttl })),
        p(t('If you did not ask for this, you can ignore this email: your password stays as it is.')),
      ],
    };
  },

  staff_invitation: ({ data, settings, link, to, t }) => {
    const ttl = duration(t, PASSWORD_RESET_TTL_TEXT);
    return {
      subject: t('You have been added to the {agency} team', { agency: settings.agencyName }),
      preheader: t('Choose your password. The link works for {duration}.', { duration: ttl }),
      blocks: [
        p(t('An administrator of {agency} has made you a member of staff.', { agency: settings.agencyName })),
        {
          kind: 'fields',
          rows: [
            [t('Email'), to],
            [t('Role'), roleName(t, data.role)],
          ],
        },
        { kind: 'button', label: t('Choose your password'), href: resetLink(data.resetToken, link) },
        p(t("The link works for {duration} and only once. After that, use 'Forgot your password?' on the sign-in page with this email.", { duration: ttl })),
      ],
    };
  },

  account_exists: ({ data, settings, link, to, t }) => ({
    subject: t('Your enquiry to {agency}: you already have an account', { agency: settings.agencyName }),
    preheader: t('Thank you for contacting us. Here is how to sign in to the account you already have.'),
    blocks: [
      p(t("Thank you for contacting us. We've received your inquiry and will contact you soon.")),
      p(t('You already have an account with us for this email address, so no new account was created.')),
      { kind: 'fields', rows: [[t('Email'), text(data.email, to)]] },
      p(t('Sign in with this email and your password to apply and follow your applications.')),
      { kind: 'button', label: t('Sign in'), href: link('/auth') },
      p(
        t("Forgotten your password? Choose a new one with the link below (it works for {duration} and only once), or use 'Forgot your password?' on the sign-in page.", {
          duration: duration(t, PASSWORD_RESET_TTL_TEXT),
        }),
      ),
      { kind: 'button', label: t('Reset your password'), href: resetLink(data.resetToken, link) },
    ],
  }),

  tracking_code: ({ data, settings, link, t }) => {
    const number = text(data.applicationNumber);
    const code = text(data.code);
    const ttl = duration(t, TRACKING_CODE_TTL_TEXT);
    return {
      subject: t('Your code to track application {number}: {code}', { number, code }),
      preheader: t('Your tracking code is {code}. It works for {duration}.', { code, duration: ttl }),
      blocks: [
        p(t('Someone asked to see where your Egypt e-visa application {number} stands, without signing in.', { number: strong(number) })),
        { kind: 'fields', rows: [[t('Your code'), code]] },
        p(t('Enter this code on the tracking page. It works for {duration} and only once.', { duration: ttl })),
        { kind: 'button', label: t('Open the tracking page'), href: link('/track') },
        p(t('If you did not ask for it, you can ignore this email: nobody can see your application without the code. Questions? Write to {email}.', { email: value(settings.agencyEmail) })),
      ],
    };
  },

  applicant_replied: ({ data, link, t, instant }) => {
    const number = text(data.applicationNumber);
    const traveller = personName(text(data.travellerName));
    const documents = typeof data.documents === 'number' && data.documents > 0 ? data.documents : 0;
    const rows: [string, string][] = [[t('Application'), number]];
    if (traveller) rows.push([t('Traveller'), traveller]);
    rows.push([t('Replied'), instant(text(data.repliedAt))], [t('Documents attached'), documents === 0 ? t('None') : String(documents)]);
    return {
      subject: t('Application {number}: the applicant replied to your request', { number }),
      preheader: t('The applicant answered your information request; the guarantee clock runs again.'),
      blocks: [
        p(t('The applicant answered the information request on application {number}, which is assigned to you.', { number: strong(number) })),
        { kind: 'fields', rows },
        p(t("Their reply and its documents are in the application's side panel, under 'Replies from the applicant'. The 5-working-day guarantee clock runs again from their reply.")),
        { kind: 'button', label: t('Open the application'), href: link(`/admin?tab=initial-payment&q=${encodeURIComponent(number)}`) },
      ],
    };
  },

  portal_outage: ({ data, settings, link, t, day, instant }) => {
    const number = text(data.applicationNumber);
    const arrival = text(data.arrivalDate);
    const since = text(data.since);
    const rows: [string, string][] = [[t('Application'), number]];
    if (arrival) rows.push([t('Arrival'), day(arrival)]);
    if (since && !Number.isNaN(Date.parse(since))) rows.push([t('Portal down since'), instant(since)]);
    return {
      subject: t("Egypt's e-visa portal is down: what it means for application {number}", { number }),
      preheader: t('Your application is safe with us; our guarantee is paused; the visa on arrival is the fallback if you travel first.'),
      blocks: [
        p(
          arrival
            ? t("Egypt's official e-visa portal (visa2egypt.gov.eg) is down, and you are due to arrive in Egypt on {date}.", { date: strong(day(arrival)) })
            : t("Egypt's official e-visa portal (visa2egypt.gov.eg) is down, and you are due to arrive in Egypt on {soon}.", { soon: strong(t('a date soon')) }),
        ),
        { kind: 'quote', text: text(data.message, t('The official portal is not taking applications at the moment.')) },
        { kind: 'fields', rows },
        p(outageMeaning(t)),
        p(strong(`${t('The visa on arrival:')} `) + visaOnArrival(t)),
        p(
          t(
            'If you would rather use the visa on arrival, your dashboard says whether your application can still be cancelled and what that means for your fees. We email you once about this outage; the banner on our site and your dashboard show the latest.',
          ),
        ),
        { kind: 'button', label: t('Open your dashboard'), href: link('/dashboard') },
        p(t('Questions? Write to {email}.', { email: value(settings.agencyEmail) })),
      ],
    };
  },

  application_numbers: ({ data, settings, link, t }) => {
    const listed = Array.isArray(data.applications) ? data.applications : [];
    const blocks: Block[] = [p(t('You asked for the numbers of your Egypt e-visa applications with us.'))];
    if (listed.length > 0) {
      blocks.push({
        kind: 'fields',
        // A cancelled application is stored as rejected (docs/decisions/0006): it reads as what happened.
        rows: listed.map((a): [string, string] => [text(a.applicationNumber), a.cancelled === true ? t('Cancelled') : applicantStatusName(t, text(a.status, 'unknown'))]),
      });
    } else {
      blocks.push(p(t('This email address has no applications with us yet.')));
    }
    blocks.push(p(t('Use one of them with this email address on the tracking page, or sign in to see everything.')));
    blocks.push({ kind: 'button', label: t('Track an application'), href: link('/track') });
    blocks.push(p(t('If you did not ask for this, you can ignore this email. Questions? Write to {email}.', { email: value(settings.agencyEmail) })));
    return { subject: t('Your {agency} application numbers', { agency: settings.agencyName }), preheader: t('The numbers of your Egypt e-visa applications.'), blocks };
  },

  rules_changed: ({ data, settings, link, t }) => {
    const listed = Array.isArray(data.applications) ? data.applications : [];
    const blocks: Block[] = [p(t('Egypt has changed a rule of its e-visa, and it affects your application with us. Nothing is lost: here is what it means and what to do.'))];
    for (const a of listed) {
      blocks.push(p(t('Application {number}:', { number: strong(text(a.applicationNumber)) })));
      blocks.push({ kind: 'quote', text: text(a.message) });
    }
    blocks.push({ kind: 'button', label: t('View your application'), href: link('/dashboard') });
    blocks.push(p(t('Our staff have your application marked and will help. Questions? Reply to this email or write to {email}.', { email: value(settings.agencyEmail) })));
    return { subject: t("A change to Egypt's e-visa rules affects your application"), preheader: t('What it means for your application and what to do.'), blocks };
  },
};

/** The reset page for a token; without one, the page that sends a new link. */
function resetLink(resetToken: string | undefined, link: (path: string) => string): string {
  const token = text(resetToken);
  return token ? link(`/reset-password?token=${encodeURIComponent(token)}`) : link('/forgot-password');
}

// Where the footer's links go in its translated sentence.
const EMAIL_LINK = '\uE003';
const SITE_LINK = '\uE004';

/**
 * Renders one mail in `locale` (English when none is given). Unknown template names throw (the
 * outbox keeps the row and reports the error).
 */
export function renderMail(mail: MailToRender, settings: AgencySettings, locale: Locale = DEFAULT_LOCALE): RenderedMail {
  // The template of the mail's own name, so its data is that template's (the union is keyed by it).
  const template = templates[mail.template] as ((ctx: Ctx<MailTemplateName>) => TemplateResult) | undefined;
  if (!template) throw new Error(`Unknown mail template: ${String(mail.template)}`);
  const t = translator(locale, 'mail');
  const rtl = localeDirection(locale) === 'rtl';
  const base = settings.publicUrl.replace(/\/+$/, '');
  const agency = settings.agencyName;
  // As people write it: an account named in passport capitals is not greeted in them.
  const fullName = personName(text(mail.data.fullName));
  const greeting = fullName ? t('Dear {name},', { name: value(fullName) }) : t('Hello,');
  const rendered = template({
    settings,
    data: mail.data,
    to: mail.to,
    link: (path) => `${base}${path}`,
    t,
    money: (amount) => formatPence(amount, locale),
    day: (value) => formatDay(value, locale),
    instant: (value) => formatDayAndTime(value, locale),
  });
  const { preheader, blocks } = rendered;
  // A header never carries a line break, whatever the data held.
  const subject = rendered.subject.replace(/[\r\n]+/g, ' ').trim();
  const regards = t('Kind regards,');
  const team = t('The {agency} team', { agency: value(agency) });
  const footer = t('{agency} is a private agency and not an official government site. Questions? Write to {email} or visit {site}', {
    agency: value(agency),
    email: EMAIL_LINK,
    site: SITE_LINK,
  });
  const footerText = slotsText(footer).replace(EMAIL_LINK, settings.agencyEmail).replace(SITE_LINK, `${base}/contact`);
  const isolate = (html: string) => (rtl ? `<bdi>${html}</bdi>` : html);
  const footerHtml = slotsHtml(footer, rtl)
    .replace(EMAIL_LINK, isolate(`<a href="mailto:${escapeHtml(settings.agencyEmail)}">${escapeHtml(settings.agencyEmail)}</a>`))
    .replace(SITE_LINK, isolate(`<a href="${escapeHtml(base)}/contact">${escapeHtml(base)}/contact</a>`));

  const body =
    [slotsText(greeting), ...blocks.map((block) => blockText(block, (label, value) => t('{label}: {value}', { label, value }))), `${regards}\n${slotsText(team)}`, '--', footerText].join('\n\n') +
    '\n';

  // English keeps the page it always had; another language names itself and its direction, and Arabic lines up on the right.
  const htmlTag = locale === DEFAULT_LOCALE ? '<html lang="en">' : `<html lang="${locale}" dir="${rtl ? 'rtl' : 'ltr'}">`;
  const align = rtl ? ';text-align:right' : '';
  const html = `<!doctype html>
${htmlTag}
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" style="max-width:600px;width:100%;border-collapse:collapse;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0f172a;border-radius:8px 8px 0 0${align}"><a href="${escapeHtml(base)}/" style="color:#ffffff;font-size:20px;font-weight:700;text-decoration:none">${escapeHtml(agency)}</a></td></tr>
<tr><td style="padding:24px${align}">
<p style="margin:0 0 16px">${slotsHtml(greeting, rtl)}</p>
${blocks.map((block) => blockHtml(block, rtl)).join('\n')}
<p style="margin:24px 0 0">${escapeHtml(regards)}<br>${slotsHtml(team, rtl)}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#666;border-top:1px solid #e5e7eb${align}">${footerHtml}.</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text: body, html };
}
