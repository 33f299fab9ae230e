import { DomainError } from '../../core/domain/errors.js';
import type { MailHandover } from '../../core/ports/mailer.js';
import type { Translate } from '../shared/guard.js';

// Mail's failures as the domain's Unavailable('mail'): every mailer's `send` either hands the mail
// over or throws a MailDeliveryError, which the outbox records and retries.

/** A mail that could not be handed over; `temporary` is false for a permanent 5xx refusal. */
export class MailDeliveryError extends DomainError {
  readonly temporary: boolean;
  readonly responseCode: number | null;
  constructor(message: string, options: { temporary: boolean; responseCode?: number | null; cause?: unknown }) {
    super({ type: 'Unavailable', service: 'mail', message }, { cause: options.cause });
    this.name = 'MailDeliveryError';
    this.temporary = options.temporary;
    this.responseCode = options.responseCode ?? null;
  }
}

/** SMTP (nodemailer): any failure to hand a mail over — connection, timeout, a 4xx or 5xx reply. */
export const smtpUnavailable: Translate = (error) => {
  const e = error as { message?: string; responseCode?: number };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  return new MailDeliveryError(`SMTP delivery failed: ${e.message ?? String(error)}`, {
    temporary: responseCode === null || responseCode < 500,
    responseCode,
    cause: error,
  });
};

/** nodemailer's phases whose 5xx reply is final: the envelope (MAIL FROM, RCPT TO) and the message (DATA). */
const FINAL_PHASES = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * A permanent SMTP refusal (nodemailer's error for a 5xx reply to the envelope or the message) as
 * the mailer's answer: of the recipient (RCPT TO: the mail bounced) or of the mail. Null for any
 * other failure — connections, timeouts, 4xx replies, a refused sign-in (the operator's to fix):
 * those are retried.
 */
export function permanentRefusal(error: unknown): Extract<MailHandover, { status: 'refused' }> | null {
  const e = error as { code?: string; responseCode?: number; command?: string; response?: string; message?: string };
  if (typeof e?.responseCode !== 'number' || e.responseCode < 500 || e.responseCode > 599 || !FINAL_PHASES.has(e.code ?? '')) return null;
  const reason = (e.response ?? e.message ?? String(e.responseCode)).trim().slice(0, 1000);
  return { status: 'refused', refused: e.command === 'RCPT TO' ? 'recipient' : 'message', reason };
}

/** The .eml outbox folder: any failure to write the file (a full or read-only disk, a file in the way). */
export function outboxFolderUnavailable(dir: string): Translate {
  return (error) => new MailDeliveryError(`Could not write the mail to ${dir}: ${(error as Error).message}`, { temporary: true, cause: error });
}
