import type { TextTemplateName } from '../domain/texts.js';
import type { NewAuditEntry } from '../domain/audit.js';

/**
 * A text message to queue, written in the same operation as the state change that causes it. `to`
 * is the E.164 number it goes to; `skipped` says why it cannot be sent (the account's phone cannot
 * receive texts): the text is then stored failed with that reason and no job, for the delivery log.
 */
export interface OutboxTextInput {
  applicationId: number | null;
  userId: number | null;
  /** E.164 when it can be sent; otherwise the account's phone number as it was typed. */
  to: string;
  template: TextTemplateName;
  body: string;
  skipped?: string;
}

export type TextState = 'queued' | 'sent' | 'failed';

/** A text of the outbox as stored. */
export interface OutboxText {
  id: number;
  applicationId: number | null;
  userId: number | null;
  to: string;
  template: TextTemplateName;
  body: string;
  /** Sending attempts so far. */
  attempts: number;
  /** Not claimed again before this time: the lease of the attempt under way, if any. */
  nextAttemptAt: Date;
  sentAt: Date | null;
  /** The provider's message id (Twilio's SM…), once sent. */
  providerId: string | null;
  lastError: string | null;
  /** When it was given up: refused by the provider, or skipped (never sent). */
  failedAt: Date | null;
  createdAt: Date;
}

/** A text as the delivery log lists it: its state, when it reached it and why it failed. */
export interface TextMessageEntry {
  id: number;
  channel: 'sms';
  applicationId: number | null;
  template: TextTemplateName;
  to: string;
  body: string;
  status: TextState;
  /** Sent at, failed at, or queued at. */
  at: Date;
  attempts: number;
  /** Why it failed (or why the last attempt failed, while it is still queued for a retry). */
  error: string | null;
}

/** What claiming a text for sending found. */
export type TextClaim = { status: 'claimed'; text: OutboxText } | { status: 'sent' | 'failed' | 'leased' | 'missing' };

/**
 * The text outbox, like the mail outbox (mail-outbox.ts): a text is written with the change that
 * causes it, together with the deliver-text job that sends it (the adapters queue it), and is sent
 * once — claimed with a lease, marked sent or failed.
 */
export interface TextOutbox {
  /**
   * Queues one text with its job (a skipped one is stored failed, without a job), and the audit rows
   * of the staff action that sends it, in the same transaction (decision 0010).
   */
  enqueue(text: OutboxTextInput, now: Date, extras?: { audit?: NewAuditEntry[] }): Promise<OutboxText>;
  findById(id: number): Promise<OutboxText | null>;
  /**
   * Takes one text for sending, atomically: it is leased until `leaseUntil` (its attempts + 1) —
   * unless it was sent or given up already, another attempt holds its lease, or it is gone.
   */
  claim(id: number, now: Date, leaseUntil: Date): Promise<TextClaim>;
  /** Marks a claimed text sent, with the provider's id. */
  markSent(id: number, sentAt: Date, providerId: string): Promise<void>;
  /**
   * The attempt failed for now: records why and ends its lease (the job's retry decides when to try
   * again) — only while the lease is still the one this attempt took (`leasedUntil`).
   */
  markFailed(id: number, error: string, now: Date, leasedUntil: Date): Promise<void>;
  /** The provider refused the text for good: it is failed with why and never claimed again. */
  markRefused(id: number, error: string, now: Date, leasedUntil: Date): Promise<void>;
  /** An application's texts, oldest first, with their state (the staff's delivery log). */
  listByApplication(applicationId: number): Promise<TextMessageEntry[]>;
  /** Texts not sent and not given up (their jobs are queued again when the job store is new). */
  listWaiting(): Promise<OutboxText[]>;
}
