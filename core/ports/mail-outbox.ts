import { isStoredId } from '../domain/ids.js';
import type { MailContent, MailTemplateName } from '../domain/mail.js';
import type { OutboxTextInput } from './text-outbox.js';
import type { NewAuditEntry } from '../domain/audit.js';

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

/**
 * The border pack of an application (docs/product.md §16.6), drawn as a PDF when the mail is sent
 * from the application and its visa as they are then.
 */
export interface BorderPackAttachment {
  borderPackApplicationId: number;
}

export type OutboxAttachment = StoredFileAttachment | ReceiptAttachment | BorderPackAttachment;

export function isReceiptAttachment(attachment: OutboxAttachment): attachment is ReceiptAttachment {
  return 'receiptKey' in attachment;
}

export function isBorderPackAttachment(attachment: OutboxAttachment): attachment is BorderPackAttachment {
  return 'borderPackApplicationId' in attachment;
}

/** The application a mail is about (its data's applicationId), or null: the outbox files the mail under it. */
export function mailApplicationId(mail: { data: object }): number | null {
  const id = (mail.data as { applicationId?: unknown }).applicationId;
  return typeof id === 'number' && isStoredId(id) ? id : null;
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
  /** Why the last attempt failed (kept after a later success is impossible: a sent mail is not tried again). */
  lastError: string | null;
  createdAt: Date;
  /** The application the mail is about (its data's applicationId), or null: its delivery log. */
  applicationId: number | null;
  /** When the mail server refused it for good (a 5xx reply): it is never tried again. */
  refusedAt: Date | null;
  /** The permanent refusal was of the recipient's address: the mail bounced. */
  bounced: boolean;
}

/** What claiming a mail for sending found. */
export type MailClaim = { status: 'claimed'; mail: OutboxMail } | { status: 'sent' | 'refused' | 'leased' | 'missing' };

/** A permanent refusal of a claimed mail: why, and whether it was of the recipient's address. */
export interface MailRefusal {
  reason: string;
  bounced: boolean;
}

/**
 * The transactional outbox: a mail is written in the same operation as the state change that
 * causes it, together with the deliver-mail job that sends it (the adapters queue it).
 */
export interface MailOutbox {
  /**
   * Queues one mail, with its job — and, in the same transaction, the text messages that go with it
   * and the audit rows of the staff action that sends it (decision 0010).
   */
  enqueue(mail: OutboxMailInput, now: Date, extras?: { texts?: OutboxTextInput[]; audit?: NewAuditEntry[] }): Promise<OutboxMail>;
  /**
   * Takes one mail for sending, atomically: it is leased until `leaseUntil` (its attempts + 1) —
   * unless it was sent already, refused for good, another attempt holds its lease, or it is gone.
   */
  claim(id: number, now: Date, leaseUntil: Date): Promise<MailClaim>;
  /**
   * Marks a claimed mail sent and, in the same operation, clears the bounce mark of the accounts
   * with its address (a mail reached it: docs/product.md §16.5).
   */
  markSent(id: number, sentAt: Date): Promise<void>;
  /**
   * The mail server refused a claimed mail for good: records why and ends it (it is never claimed
   * again) — while the lease is still this attempt's. A bounce also marks the accounts with its
   * address as bouncing (when, why), in the same operation.
   */
  markRefused(id: number, refusal: MailRefusal, now: Date, leasedUntil: Date): Promise<void>;
  /**
   * The attempt failed: records why and ends its lease (the job's retry decides when to try again)
   * — only while the lease is still the one this attempt took (`leasedUntil`), so a late answer
   * never ends a newer attempt's lease.
   */
  markFailed(id: number, error: string, now: Date, leasedUntil: Date): Promise<void>;
  list(filter?: { sent?: boolean; to?: string }): Promise<OutboxMail[]>;
  findById(id: number): Promise<OutboxMail | null>;
  /** The mails about an application, newest first (its delivery log). */
  listByApplication(applicationId: number): Promise<OutboxMail[]>;
  /**
   * When a mail of `template` about each of these applications was last sent (the mail server
   * accepted it), by application id; applications with none sent are left out. One read for all.
   */
  lastSentOf(template: MailTemplateName, applicationIds: readonly number[]): Promise<Map<number, Date>>;
}
