import type { MailContent } from '../domain/mail.js';
import type { OutboxTextInput } from './text-outbox.js';

/** A file in FileStorage to attach (the e-visa). */
export interface StoredFileAttachment {
  storageKey: string;
  fileName: string;
  contentType: string;
}

/**
 * A receipt or credit note to attach, by its key (core/domain/receipt.ts): it is issued in the same
 * transaction as the mail is queued, and drawn as a PDF when the mail is sent (named by its number).
 */
export interface ReceiptAttachment {
  receiptKey: string;
}

export type OutboxAttachment = StoredFileAttachment | ReceiptAttachment;

export function isReceiptAttachment(attachment: OutboxAttachment): attachment is ReceiptAttachment {
  return 'receiptKey' in attachment;
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
  /** Sending attempts so far. */
  attempts: number;
  /** Not claimed again before this time: the lease of the attempt under way, if any. */
  nextAttemptAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/** What claiming a mail for sending found. */
export type MailClaim = { status: 'claimed'; mail: OutboxMail } | { status: 'sent' | 'leased' | 'missing' };

/**
 * The transactional outbox: a mail is written in the same operation as the state change that
 * causes it, together with the deliver-mail job that sends it (the adapters queue it).
 */
export interface MailOutbox {
  /** Queues one mail, with its job — and the text messages that go with it, in the same transaction. */
  enqueue(mail: OutboxMailInput, now: Date, texts?: OutboxTextInput[]): Promise<OutboxMail>;
  /**
   * Takes one mail for sending, atomically: it is leased until `leaseUntil` (its attempts + 1) —
   * unless it was sent already, another attempt holds its lease, or it is gone.
   */
  claim(id: number, now: Date, leaseUntil: Date): Promise<MailClaim>;
  /** Marks a claimed mail sent. */
  markSent(id: number, sentAt: Date): Promise<void>;
  /**
   * The attempt failed: records why and ends its lease (the job's retry decides when to try again)
   * — only while the lease is still the one this attempt took (`leasedUntil`), so a late answer
   * never ends a newer attempt's lease.
   */
  markFailed(id: number, error: string, now: Date, leasedUntil: Date): Promise<void>;
  list(filter?: { sent?: boolean; to?: string }): Promise<OutboxMail[]>;
}
