import { readMailContent } from '../domain/mail.js';
import { QUEUES } from '../domain/jobs.js';
import type { MailToDeliver } from '../ports/mailer.js';
import { isReceiptAttachment, type OutboxMail } from '../ports/mail-outbox.js';
import { receiptFileName } from '../domain/receipt.js';
import { receiptIssuer } from './receipts.js';
import type { Ports } from '../ports/index.js';
import { readAll } from './shared.js';

/**
 * How long a claimed mail is reserved for the attempt under way: as long as its job may run, so a
 * retry of a job taken back from a dead node finds the lease ended (the mailer's timeouts are shorter).
 */
export const MAIL_LEASE_MS = QUEUES['deliver-mail'].expireSeconds * 1000;

/** What one delivery did. */
export type MailDelivery = 'sent' | 'already-sent' | 'missing';

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
 * The one window for a second copy: the process dies after the mail server accepted the mail and
 * before the row is marked (docs/deployment.md).
 */
export function makeDeliverMail(ports: Pick<Ports, 'outbox' | 'mailer' | 'files' | 'clock' | 'receipts' | 'receiptRenderer' | 'settings'>) {
  async function send(mail: OutboxMail): Promise<void> {
    // A stored row whose data does not fit its template (an older version's, edited by hand) fails
    // like any attempt, with why.
    const read = readMailContent(mail.template, mail.data);
    if (!read.ok) throw new Error(read.problem);
    const attachments: MailToDeliver['attachments'] = [];
    for (const attachment of mail.attachments ?? []) {
      if (isReceiptAttachment(attachment)) {
        const receipt = await ports.receipts.findByKey(attachment.receiptKey);
        if (!receipt) throw new Error(`Receipt ${attachment.receiptKey} has not been issued.`);
        const content = Buffer.from(await ports.receiptRenderer.render(receipt, receiptIssuer(ports.settings)));
        attachments.push({ fileName: receiptFileName(receipt), contentType: 'application/pdf', content });
        continue;
      }
      const file = await ports.files.get(attachment.storageKey);
      if (!file) throw new Error(`Attachment ${attachment.fileName} is missing from file storage.`);
      attachments.push({ fileName: attachment.fileName, contentType: attachment.contentType, content: await readAll(file.body) });
    }
    await ports.mailer.send({ ...read.content, id: mail.id, to: mail.to, attachments });
  }

  return async function deliverMail(mailId: number): Promise<MailDelivery> {
    const now = ports.clock.now();
    const claim = await ports.outbox.claim(mailId, now, new Date(now.getTime() + MAIL_LEASE_MS));
    if (claim.status !== 'claimed') {
      if (claim.status === 'leased') throw new MailLeased(mailId);
      return claim.status === 'sent' ? 'already-sent' : 'missing';
    }
    try {
      await send(claim.mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await ports.outbox.markFailed(mailId, message.slice(0, 1000), ports.clock.now(), claim.mail.nextAttemptAt);
      throw error;
    }
    await ports.outbox.markSent(mailId, ports.clock.now());
    return 'sent';
  };
}
