import type { MailTemplateName } from '../domain/mail.js';

/** A mail to send, written in the same operation as the state change that causes it. */
export interface OutboxMailInput {
  to: string;
  template: MailTemplateName;
  data: Record<string, string | number | boolean | null>;
  /** Files in FileStorage to attach (the e-visa). */
  attachments?: { storageKey: string; fileName: string; contentType: string }[];
}

export interface OutboxMail extends OutboxMailInput {
  id: number;
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
