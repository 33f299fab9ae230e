import nodemailer, { type Transporter } from 'nodemailer';
import type { AgencySettings } from '../../../core/ports/index.js';
import { MAIL_ACCEPTED, type Mailer, type MailHandover, type MailToDeliver } from '../../../core/ports/mailer.js';
import { guard } from '../../shared/guard.js';
import { composeMessage } from '../message.js';
import { MailDeliveryError, permanentRefusal, smtpUnavailable } from '../unavailable.js';

export interface SmtpMailerOptions {
  /**
   * Milliseconds to wait for the connection, the greeting and any reply (defaults 5 s / 5 s / 15 s):
   * a send stays inside its deliver-mail job's 30-second hold on the mail.
   */
  connectionTimeout?: number;
  greetingTimeout?: number;
  socketTimeout?: number;
}

/**
 * Hands mails to an SMTP server (MAIL_URL smtp://[user:pass@]host:port, or smtps://). A permanent
 * 5xx reply to the envelope or the message is the server's final word, answered as a refusal (of
 * the recipient: a bounce; docs/product.md §16.5). Any other failure (connection refused, timeout,
 * a 4xx reply, a refused sign-in) throws MailDeliveryError, the domain's Unavailable('mail')
 * (smtpUnavailable), so the outbox keeps the mail and tries again later; the Message-ID is stable
 * per outbox mail.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    mailUrl: string,
    private readonly from: string,
    private readonly settings: AgencySettings,
    options: SmtpMailerOptions = {},
  ) {
    const url = new URL(mailUrl);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`MAIL_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
    const secure = url.protocol === 'smtps:';
    this.transport = nodemailer.createTransport({
      // A few connections kept open and reused: a mail server answers a new connection slowly
      // (smtp-server waits ~100 ms before its greeting), a message on an open one at once.
      pool: true,
      maxConnections: 8,
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      connectionTimeout: options.connectionTimeout ?? 5_000,
      greetingTimeout: options.greetingTimeout ?? 5_000,
      socketTimeout: options.socketTimeout ?? 15_000,
      // ?tls=false turns STARTTLS off (a local mail catcher); ?rejectUnauthorized=false accepts self-signed certificates.
      ignoreTLS: url.searchParams.get('tls') === 'false',
      tls: url.searchParams.get('rejectUnauthorized') === 'false' ? { rejectUnauthorized: false } : undefined,
    });
    return guard(this, smtpUnavailable);
  }

  async send(mail: MailToDeliver): Promise<MailHandover> {
    let info;
    try {
      info = await this.transport.sendMail(composeMessage(mail, this.from, this.settings));
    } catch (error) {
      const refusal = permanentRefusal(error);
      if (refusal) return refusal;
      throw error;
    }
    if (info.rejected && info.rejected.length > 0) {
      throw new MailDeliveryError(`The mail server refused ${info.rejected.join(', ')}`, { temporary: true });
    }
    return MAIL_ACCEPTED;
  }

  close(): void {
    this.transport.close();
  }
}
