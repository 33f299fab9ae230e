import { DEFAULT_LOCALE, type Locale } from '../domain/locale.js';
import { readMailContent, type MailContent } from '../domain/mail.js';
import { QUEUES } from '../domain/jobs.js';
import type { MailToDeliver } from '../ports/mailer.js';
import { isBorderPackAttachment, isReceiptAttachment, type OutboxMail } from '../ports/mail-outbox.js';
import { borderPackFileName } from '../domain/border-pack.js';
import { receiptFileName } from '../domain/receipt.js';
import { drawBorderPack } from './border-pack.js';
import { receiptIssuer } from './receipts.js';
import type { Ports } from '../ports/index.js';
import { applicantLocale, readAll } from './shared.js';

/**
 * How long a claimed mail is reserved for the attempt under way: as long as its job may run, so a
 * retry of a job taken back from a dead node finds the lease ended (the mailer's timeouts are shorter).
 */
export const MAIL_LEASE_MS = QUEUES['deliver-mail'].expireSeconds * 1000;

/**
 * What one delivery did: sent; refused for good by the mail server (`bounced`: the recipient's
 * address; `refused`: the mail); nothing, as it was sent or refused already, or is gone.
 */
export type MailDelivery = 'sent' | 'bounced' | 'refused' | 'already-sent' | 'already-refused' | 'missing';

/** Another attempt holds the mail's lease: the job is retried after it (never sent twice at once). */
export class MailLeased extends Error {
  constructor(mailId: number) {
    super(`Mail ${mailId} is being sent by another worker.`);
  }
}

/**
 * Sends one mail of the outbox (the deliver-mail job): claims it (a lease, so two workers never send
 * it at once, and a sent mail is never sent again), checks it against its template, resolves its
 * attachments from file storage, hands it to the mailer and marks it sent. A failure is recorded on
 * the row and thrown, for the job to be retried; a mail that is gone or already sent is done.
 * The mail is written in its reader's language, looked up as it is sent (not when it was queued, so
 * no verb has to know it): the account of the application it is about, else the account with its
 * address; English when no account has it (an enquiry's first mail is written before one exists).
 * The one window for a second copy: the process dies after the mail server accepted the mail and
 * before the row is marked (docs/deployment.md). A permanent refusal (a 5xx reply) is recorded on
 * the row — a bounce also on the accounts with that address — and ends the job: retrying it
 * cannot help (docs/product.md §16.5).
 */
export function makeDeliverMail(
  ports: Pick<Ports, 'outbox' | 'mailer' | 'files' | 'clock' | 'receipts' | 'receiptRenderer' | 'settings' | 'applications' | 'documents' | 'borderPackRenderer' | 'users'>,
) {
  async function readerLocale(to: string, content: MailContent): Promise<Locale> {
    const applicationId = 'applicationId' in content.data && typeof content.data.applicationId === 'number' ? content.data.applicationId : null;
    const application = applicationId === null ? null : await ports.applications.findById(applicationId);
    const reader = (application ? await ports.users.findById(application.userId) : null) ?? (await ports.users.findByEmail(to));
    return reader?.locale ?? DEFAULT_LOCALE;
  }

  async function send(mail: OutboxMail) {
    // A stored row whose data does not fit its template (an older version's, edited by hand) fails
    // like any attempt, with why.
    const read = readMailContent(mail.template, mail.data);
    if (!read.ok) throw new Error(read.problem);
    const attachments: MailToDeliver['attachments'] = [];
    for (const attachment of mail.attachments ?? []) {
      if (isReceiptAttachment(attachment)) {
        const receipt = await ports.receipts.findByKey(attachment.receiptKey);
        if (!receipt) throw new Error(`Receipt ${attachment.receiptKey} has not been issued.`);
        // In the applicant's language, as the border pack below (drawBorderPack).
        const owner = await ports.applications.findById(receipt.applicationId);
        const content = Buffer.from(await ports.receiptRenderer.render(receipt, receiptIssuer(ports.settings), await applicantLocale(ports, owner?.userId)));
        attachments.push({ fileName: receiptFileName(receipt), contentType: 'application/pdf', content });
        continue;
      }
      if (isBorderPackAttachment(attachment)) {
        const pack = await drawBorderPack(ports, attachment.borderPackApplicationId);
        if (!pack) throw new Error(`Application ${attachment.borderPackApplicationId} is gone: its border pack cannot be drawn.`);
        attachments.push({ fileName: borderPackFileName(pack.applicationNumber), contentType: 'application/pdf', content: Buffer.from(pack.pdf) });
        continue;
      }
      const file = await ports.files.get(attachment.storageKey);
      if (!file) throw new Error(`Attachment ${attachment.fileName} is missing from file storage.`);
      attachments.push({ fileName: attachment.fileName, contentType: attachment.contentType, content: await readAll(file.body) });
    }
    const locale = await readerLocale(mail.to, read.content);
    return ports.mailer.send({ ...read.content, id: mail.id, to: mail.to, locale, attachments });
  }

  return async function deliverMail(mailId: number): Promise<MailDelivery> {
    const now = ports.clock.now();
    const claim = await ports.outbox.claim(mailId, now, new Date(now.getTime() + MAIL_LEASE_MS));
    if (claim.status !== 'claimed') {
      if (claim.status === 'leased') throw new MailLeased(mailId);
      return claim.status === 'sent' ? 'already-sent' : claim.status === 'refused' ? 'already-refused' : 'missing';
    }
    let handover;
    try {
      handover = await send(claim.mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await ports.outbox.markFailed(mailId, message.slice(0, 1000), ports.clock.now(), claim.mail.nextAttemptAt);
      throw error;
    }
    if (handover.status === 'refused') {
      const bounced = handover.refused === 'recipient';
      await ports.outbox.markRefused(mailId, { reason: handover.reason.slice(0, 1000), bounced }, ports.clock.now(), claim.mail.nextAttemptAt);
      return bounced ? 'bounced' : 'refused';
    }
    await ports.outbox.markSent(mailId, ports.clock.now());
    return 'sent';
  };
}
