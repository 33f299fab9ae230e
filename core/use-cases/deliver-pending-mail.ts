import { readMailContent } from '../domain/mail.js';
import type { MailToDeliver } from '../ports/mailer.js';
import type { OutboxMail } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import { HOUR_MS, readAll } from './shared.js';

/** How long a claimed mail is reserved for this sender before another may try it. */
export const MAIL_LEASE_MS = 5 * 60_000;
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = HOUR_MS;

/** Exponential backoff after the `attempts`th failed attempt: 1 min, 2, 4, … at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(exponent, 20));
}

/**
 * The outbox sender: claims the mails that are due (leased, so concurrent senders never both send
 * one), checks each against its template, resolves attachments from file storage, hands it to the
 * mailer, and marks it sent — or failed, with why, and the next attempt scheduled by exponential
 * backoff.
 */
export function makeDeliverPendingMail(ports: Pick<Ports, 'outbox' | 'mailer' | 'files' | 'clock'>) {
  async function deliver(mail: OutboxMail): Promise<void> {
    // A stored row whose data does not fit its template (an older version's, edited by hand) is
    // reported on the row like any failed attempt; the other mails go on.
    const read = readMailContent(mail.template, mail.data);
    if (!read.ok) throw new Error(read.problem);
    const attachments: MailToDeliver['attachments'] = [];
    for (const attachment of mail.attachments ?? []) {
      const file = await ports.files.get(attachment.storageKey);
      if (!file) throw new Error(`Attachment ${attachment.fileName} is missing from file storage.`);
      attachments.push({ fileName: attachment.fileName, contentType: attachment.contentType, content: await readAll(file.body) });
    }
    await ports.mailer.send({ ...read.content, id: mail.id, to: mail.to, attachments });
  }

  return async function deliverPendingMail(options: { limit?: number } = {}): Promise<{ sent: number; failed: number }> {
    const now = ports.clock.now();
    const claimed = await ports.outbox.claimDue(now, new Date(now.getTime() + MAIL_LEASE_MS), options.limit ?? 50);
    let sent = 0;
    let failed = 0;
    for (const mail of claimed) {
      try {
        await deliver(mail);
        await ports.outbox.markSent(mail.id, ports.clock.now());
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const at = ports.clock.now();
        await ports.outbox.markFailed(mail.id, message.slice(0, 1000), new Date(at.getTime() + retryDelayMs(mail.attempts)));
        failed += 1;
      }
    }
    return { sent, failed };
  };
}
