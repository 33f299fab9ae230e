import { msg } from '../i18n/index.js';
import { MAX_STORED_ID } from './ids.js';
import { QUEUES } from './jobs.js';

/**
 * The delivery log (docs/product.md §16.5): every message the agency sent about an application —
 * mails, and texts beside them — with where it stands, and the applicant's replies from the
 * dashboard it received (§16.7). Staff answer "I never got the email" from it.
 */
export const MESSAGE_CHANNELS = ['email', 'sms', 'reply'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * queued: waiting to be sent, or being retried after a temporary failure (its error says why);
 * sent: handed to the mail server (or the text provider); failed: refused for good, or out of
 * retries; bounced: the recipient's address was refused for good; received: an incoming message
 * (the applicant's reply), here since it arrived.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** One message of the log. `at`: when it was sent, refused or last failed; when queued otherwise; when an incoming one arrived. */
export interface DeliveryLogEntry {
  /** The channel and the message's id in its channel's store: 'email-12', 'sms-5', 'reply-3'. */
  id: string;
  channel: MessageChannel;
  template: string;
  to: string;
  /** Who sent an incoming message (the applicant's account email); absent on the agency's own. */
  from?: string;
  status: MessageStatus;
  at: Date;
  error?: string;
}

/** A mail's sending attempts before its job is left failed: its queue's retries plus the first one. */
export const MAIL_ATTEMPTS = QUEUES['deliver-mail'].retryLimit + 1;

/** 'email-12' for mail 12 of the outbox. */
export function messageId(channel: MessageChannel, id: number): string {
  return `${channel}-${id}`;
}

/**
 * A message id as the log writes it, or null when malformed: a known channel, a dash and a record
 * id within the id columns' range (1 to 2^31 − 1).
 */
export function parseMessageId(raw: string): { channel: MessageChannel; id: number } | null {
  const match = /^(email|sms|reply)-([1-9]\d{0,15})$/.exec(raw.trim());
  if (!match) return null;
  const id = Number(match[2]);
  return id <= MAX_STORED_ID ? { channel: match[1] as MessageChannel, id } : null;
}

/** What a stored outbox mail's fields say about it. */
export interface MailDeliveryFacts {
  id: number;
  to: string;
  template: string;
  attempts: number;
  sentAt: Date | null;
  refusedAt: Date | null;
  bounced: boolean;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
}

/**
 * A mail's entry in the log. A mail whose every attempt failed (MAIL_ATTEMPTS) is failed, though
 * the operator may still retry its job (`evisa jobs retry deliver-mail`): it is then queued again
 * by its new attempt's count, and sent or failed by its answer.
 */
export function mailLogEntry(mail: MailDeliveryFacts): DeliveryLogEntry {
  const base = { id: messageId('email', mail.id), channel: 'email' as const, template: mail.template, to: mail.to };
  const error = mail.lastError ? { error: mail.lastError } : {};
  if (mail.sentAt) return { ...base, status: 'sent', at: mail.sentAt };
  if (mail.refusedAt) return { ...base, status: mail.bounced ? 'bounced' : 'failed', at: mail.refusedAt, ...error };
  if (mail.lastError && mail.attempts >= MAIL_ATTEMPTS) return { ...base, status: 'failed', at: mail.nextAttemptAt, ...error };
  return { ...base, status: 'queued', at: mail.createdAt, ...error };
}

/** The template an applicant's reply is logged under (it is no mail: nothing renders it). */
export const REPLY_LOG_TEMPLATE = 'applicant_reply';

/** An applicant's reply as the log lists it: received by the agency (`to`) from the account's address. */
export function replyLogEntry(reply: { id: number; createdAt: Date }, from: string, agencyEmail: string): DeliveryLogEntry {
  return { id: messageId('reply', reply.id), channel: 'reply', template: REPLY_LOG_TEMPLATE, to: agencyEmail, from, status: 'received', at: reply.createdAt };
}

/** Newest first; at the same instant, the later id (of the same channel) first. */
export function newestMessagesFirst(entries: DeliveryLogEntry[]): DeliveryLogEntry[] {
  const seq = (e: DeliveryLogEntry) => Number(e.id.slice(e.id.indexOf('-') + 1));
  return [...entries].sort((a, b) => b.at.getTime() - a.at.getTime() || seq(b) - seq(a));
}

/** A member of staff reads a template's name in words (the admin's Messages section). */
export const TEMPLATE_LABELS: Readonly<Record<string, string>> = {
  account_created: msg('Account created'),
  application_received: msg('Application received'),
  status_changed: msg('Status changed'),
  info_requested: msg('Information requested'),
  passport_reupload_requested: msg('Passport re-upload requested'),
  approved: msg('Application approved'),
  application_cancelled: msg('Application cancelled'),
  cancellation_requested: msg('Cancellation requested'),
  cancellation_declined: msg('Cancellation declined'),
  evisa: msg('E-visa'),
  payment_reminder: msg('Payment reminder'),
  application_reminder: msg('Application reminder'),
  password_changed: msg('Password changed'),
  password_reset: msg('Password reset'),
  account_exists: msg('Account exists'),
  refund_issued: msg('Refund issued'),
  refund_approval_needed: msg('Refund awaiting approval'),
  staff_invitation: msg('Staff invitation'),
  portal_outage: msg('Official portal down'),
  [REPLY_LOG_TEMPLATE]: msg('Reply to our request'),
};

/** A template's name in words; an unknown one (a text's, an older version's) as it is written, spaced. */
export function templateLabel(template: string): string {
  const label = TEMPLATE_LABELS[template];
  if (label) return label;
  const spaced = template.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
