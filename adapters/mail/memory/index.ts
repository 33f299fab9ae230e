import type { AgencySettings } from '../../../core/ports/index.js';
import type { Mailer, MailToDeliver } from '../../../core/ports/mailer.js';
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

  constructor(private readonly settings: AgencySettings) {}

  /** The next `n` sends throw, as an unreachable mail server would. */
  failNext(n = 1, message = 'Mail server unavailable (simulated)'): void {
    this.failures = { remaining: n, message };
  }

  async send(mail: MailToDeliver): Promise<void> {
    const rendered = renderMail(mail, this.settings);
    if (this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      throw new MailDeliveryError(this.failures.message, { temporary: true });
    }
    this.delivered.push({
      id: mail.id,
      messageId: stableMessageId(mail, this.settings.agencyEmail),
      template: mail.template,
      to: mail.to,
      ...rendered,
      attachments: mail.attachments.map((a) => ({ ...a })),
    });
  }

  /** Test helper: mails delivered to an address. */
  deliveredTo(to: string): DeliveredMail[] {
    return this.delivered.filter((d) => d.to.toLowerCase() === to.toLowerCase());
  }

  clear(): void {
    this.delivered.length = 0;
  }
}
