import { createHash } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { AgencySettings } from '../../core/ports/index.js';
import type { MailToDeliver } from '../../core/ports/mailer.js';
import { DEFAULT_LOCALE } from '../../core/domain/locale.js';
import { renderMail } from './templates/index.js';

/** The domain part of an address like `Agency <support@agency.example>`. */
function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address.trim());
  return match ? match[1]!.toLowerCase() : 'localhost';
}

/**
 * A Message-ID that is the same every time the same outbox mail is sent (so a retry after an
 * uncertain failure is recognisably the same mail), and differs for another mail that happens to
 * reuse an outbox id (a database that was reset).
 */
export function stableMessageId(mail: Pick<MailToDeliver, 'id' | 'to' | 'template' | 'data'>, from: string): string {
  const data = Object.fromEntries(Object.entries(mail.data).sort(([a], [b]) => a.localeCompare(b)));
  const digest = createHash('sha256')
    .update(JSON.stringify([mail.to, mail.template, data]))
    .digest('hex')
    .slice(0, 16);
  return `<outbox-${mail.id}-${digest}@${domainOf(from)}>`;
}

/** The nodemailer message for an outbox mail: rendered template, attachments, stable Message-ID. */
export function composeMessage(mail: MailToDeliver, from: string, settings: AgencySettings, date = new Date()): Mail.Options {
  const rendered = renderMail(mail, settings, mail.locale);
  return {
    from,
    to: mail.to,
    replyTo: settings.agencyEmail,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: stableMessageId(mail, from),
    date,
    headers: {
      'X-Agency-Template': mail.template,
      'X-Agency-Outbox-Id': String(mail.id),
      // An English mail keeps the headers it always had.
      ...(mail.locale && mail.locale !== DEFAULT_LOCALE ? { 'Content-Language': mail.locale } : {}),
    },
    attachments: mail.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
  };
}
