import type { MailContent } from '../domain/mail.js';

/** A mail read from the outbox and checked against its template, with its attachments' bytes. */
export type MailToDeliver = MailContent & {
  /** Outbox id: the adapter uses it as a stable Message-ID so a retried mail is recognisable. */
  id: number;
  to: string;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
};

/** Renders a mail from its template and hands it over (SMTP, .eml outbox folder, memory). */
export interface Mailer {
  /** Throws the domain's Unavailable('mail') when the mail could not be handed over; the outbox retries later. */
  send(mail: MailToDeliver): Promise<void>;
}
