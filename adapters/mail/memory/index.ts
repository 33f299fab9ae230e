import type { AgencySettings } from '../../../core/ports/index.js';
import { MAIL_ACCEPTED, type Mailer, type MailHandover, type MailToDeliver } from '../../../core/ports/mailer.js';
import type { MailTemplateName } from '../../../core/domain/mail.js';
import { renderMail } from '../templates/index.js';
import { stableMessageId } from '../message.js';
import { MailDeliveryError } from '../unavailable.js';

export interface DeliveredMail {
  /** The outbox id the mail was sent for. */
  id: number;
  /** The Message-ID a real mailer would give this mail (stable per outbox mail). */
  messageId: string;
  template: MailTemplateName;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

/**
 * Renders mails with the real templates and keeps every successful send in `.delivered` (a mail
 * sent twice shows up twice, so tests of mail delivery can catch duplicates).
 */
export class MemoryMailer implements Mailer {
  readonly delivered: DeliveredMail[] = [];
  private failures: { remaining: number; message: string } = { remaining: 0, message: '' };
  private readonly refusedRecipients = new Map<string, string>();

  constructor(private readonly settings: AgencySettings) {}

  /** The next `n` sends throw, as an unreachable mail server would. */
  failNext(n = 1, message = 'Mail server unavailable (simulated)'): void {
    this.failures = { remaining: n, message };
  }

  /**
   * Mail to `address` is refused for good from now on, as a mail server answers an unknown mailbox
   * (550); `accept` undoes it.
   */
  refuseRecipient(address: string, reason = '550 5.1.1 <' + address + '>: Recipient address rejected: User unknown'): void {
    this.refusedRecipients.set(address.toLowerCase(), reason);
  }

  acceptRecipient(address: string): void {
    this.refusedRecipients.delete(address.toLowerCase());
  }

  async send(mail: MailToDeliver): Promise<MailHandover> {
    const rendered = renderMail(mail, this.settings, mail.locale);
    if (this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      throw new MailDeliveryError(this.failures.message, { temporary: true });
    }
    const refused = this.refusedRecipients.get(mail.to.toLowerCase());
    if (refused !== undefined) return { status: 'refused', refused: 'recipient', reason: refused };
    this.delivered.push({
      id: mail.id,
      messageId: stableMessageId(mail, this.settings.agencyEmail),
      template: mail.template,
      to: mail.to,
      ...rendered,
      attachments: mail.attachments.map((a) => ({ ...a })),
    });
    return MAIL_ACCEPTED;
  }

  /** Test helper: mails delivered to an address. */
  deliveredTo(to: string): DeliveredMail[] {
    return this.delivered.filter((d) => d.to.toLowerCase() === to.toLowerCase());
  }

  clear(): void {
    this.delivered.length = 0;
  }
}
