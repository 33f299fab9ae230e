import type { MailContent } from '../domain/mail.js';

/** Files in FileStorage to attach (the e-visa). */
export interface OutboxAttachment {
  storageKey: string;
  fileName: string;
  contentType: string;
}

/**
 * A mail to send, written in the same operation as the state change that causes it: a template and
 * that template's data (MailContent, checked by the compiler), its recipient and attachments.
 */
export type OutboxMailInput = MailContent & {
  to: string;
  attachments?: OutboxAttachment[];
};

/**
 * A queued mail as stored: its data is the JSON written with it, read back as it is. The sender
 * checks it against the template (readMailContent) before sending it.
 */
export interface OutboxMail {
  id: number;
  to: string;
  template: string;
  data: Record<string, unknown>;
  attachments?: OutboxAttachment[];
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

export interface MailOutbox {
  enqueue(mail: OutboxMailInput, now: Date): Promise<OutboxMail>;
  /**
   * Atomically claims up to `limit` unsent mails due at `now`, leasing each until `leaseUntil` so
   * a concurrent sender cannot claim it; claiming increments attempts.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxMail[]>;
  markSent(id: number, sentAt: Date): Promise<void>;
  /** Schedules another attempt at `nextAttemptAt`. */
  markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void>;
  list(filter?: { sent?: boolean; to?: string }): Promise<OutboxMail[]>;
}
