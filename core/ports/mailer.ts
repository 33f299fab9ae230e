import type { Locale } from '../domain/locale.js';
import type { MailContent } from '../domain/mail.js';

/** A mail read from the outbox and checked against its template, with its attachments' bytes. */
export type MailToDeliver = MailContent & {
  /** Outbox id: the adapter uses it as a stable Message-ID so a retried mail is recognisable. */
  id: number;
  to: string;
  /** The language the recipient reads (their account's; English when no account has the address). */
  locale?: Locale;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
};

/**
 * What the mail server answered for good: it accepted the mail, or refused it with a permanent
 * (5xx) reply that no retry can change — `recipient`: the address itself was refused (the mail
 * bounced: no such mailbox, domain gone); `message`: the mail was (its size, content or sender).
 */
export type MailHandover = { status: 'accepted' } | { status: 'refused'; refused: 'recipient' | 'message'; reason: string };

export const MAIL_ACCEPTED: MailHandover = Object.freeze({ status: 'accepted' });

/** Renders a mail from its template and hands it over (SMTP, .eml outbox folder, memory). */
export interface Mailer {
  /**
   * Answers the server's final word (accepted, or permanently refused). Throws the domain's
   * Unavailable('mail') when the mail could not be handed over this time (a connection, a timeout,
   * a 4xx reply); the outbox retries later.
   */
  send(mail: MailToDeliver): Promise<MailHandover>;
}
