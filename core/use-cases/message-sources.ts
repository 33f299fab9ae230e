import { mailLogEntry, messageId, replyLogEntry, type DeliveryLogEntry, type MessageChannel } from '../domain/delivery-log.js';
import { errors } from '../domain/errors.js';
import { readMailContent } from '../domain/mail.js';
import { isBorderPackAttachment, isReceiptAttachment } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import { requireUser } from './shared.js';
import type { NewAuditEntry } from '../domain/audit.js';

/**
 * One channel's messages about an application, and sending one of them again. The log merges
 * every source; texts (docs/product.md §16.4) join as one more source beside the mails.
 */
export interface MessageSource {
  channel: MessageChannel;
  listByApplication(applicationId: number): Promise<DeliveryLogEntry[]>;
  /**
   * Queues a fresh copy of message `id` to the address its account has now, with the audit rows
   * `audit` gives for it in the same transaction; null: no such message.
   */
  resend(id: number, audit: (copy: ResentCopy) => NewAuditEntry[]): Promise<{ entry: DeliveryLogEntry; applicationId: number } | null>;
}

/** What a resent copy is, as its audit row records it. */
export interface ResentCopy {
  applicationId: number;
  template: string;
  to: string;
}

export type DeliveryLogPorts = Pick<Ports, 'applications' | 'outbox' | 'texts' | 'replies' | 'phoneNumbers' | 'users' | 'files' | 'clock' | 'audit' | 'settings'>;

/** The outbox's mails, filed under their application (its data's applicationId). */
function mailSource(ports: DeliveryLogPorts): MessageSource {
  return {
    channel: 'email',
    async listByApplication(applicationId) {
      return (await ports.outbox.listByApplication(applicationId)).map(mailLogEntry);
    },
    async resend(id, audit) {
      const mail = await ports.outbox.findById(id);
      // Only mails about an application: account mails (temporary passwords, reset links) are never resent by staff.
      if (!mail || mail.applicationId === null) return null;
      const application = await ports.applications.findById(mail.applicationId);
      if (!application) return null;
      const read = readMailContent(mail.template, mail.data);
      if (!read.ok) throw errors.conflict(`This mail cannot be sent again: ${read.problem}.`);
      for (const attachment of mail.attachments ?? []) {
        if (isReceiptAttachment(attachment) || isBorderPackAttachment(attachment)) continue; // drawn again when sent
        if (!(await ports.files.exists(attachment.storageKey))) {
          throw errors.conflict(`${attachment.fileName}, attached to this mail, is no longer stored: send the e-visa again instead.`);
        }
      }
      // The account's address now: an applicant who changed it gets the copy at the new one.
      const user = await requireUser(ports, application.userId);
      const copy = await ports.outbox.enqueue({ ...read.content, to: user.email, ...(mail.attachments ? { attachments: mail.attachments } : {}) }, ports.clock.now(), {
        audit: audit({ applicationId: application.id, template: mail.template, to: user.email }),
      });
      return { entry: mailLogEntry(copy), applicationId: application.id };
    },
  };
}

/** The text outbox's texts (docs/product.md §16.4): a copy goes to the account's phone number as it is now. */
function textSource(ports: DeliveryLogPorts): MessageSource {
  return {
    channel: 'sms',
    async listByApplication(applicationId) {
      return (await ports.texts.listByApplication(applicationId)).map((text) => ({
        id: messageId('sms', text.id),
        channel: 'sms' as const,
        template: text.template,
        to: text.to,
        status: text.status,
        at: text.at,
        ...(text.error ? { error: text.error } : {}),
      }));
    },
    async resend(id, audit) {
      const text = await ports.texts.findById(id);
      if (!text || text.applicationId === null || text.userId === null) return null;
      const application = await ports.applications.findById(text.applicationId);
      const user = await ports.users.findById(text.userId);
      if (!application || !user) return null;
      const phone = ports.phoneNumbers.textable(user.phoneNumber);
      if (!phone.ok) {
        const message = `The applicant's phone number cannot receive texts: ${phone.problem}`;
        throw errors.validation(message, { phoneNumber: [message] });
      }
      const copy = await ports.texts.enqueue({ applicationId: application.id, userId: user.id, to: phone.e164, template: text.template, body: text.body }, ports.clock.now(), {
        audit: audit({ applicationId: application.id, template: text.template, to: phone.e164 }),
      });
      const entry: DeliveryLogEntry = { id: messageId('sms', copy.id), channel: 'sms', template: copy.template, to: copy.to, status: 'queued', at: copy.createdAt };
      return { entry, applicationId: application.id };
    },
  };
}

/** The applicant's replies from the dashboard (docs/product.md §16.7): incoming, so never sent again. */
export const REPLY_NOT_RESENDABLE_MESSAGE = "This is the applicant's reply to us: there is nothing to send again.";

function replySource(ports: DeliveryLogPorts): MessageSource {
  return {
    channel: 'reply',
    async listByApplication(applicationId) {
      const replies = await ports.replies.listByApplication(applicationId);
      if (replies.length === 0) return [];
      const application = await ports.applications.findById(applicationId);
      const applicant = application ? await ports.users.findById(application.userId) : null;
      return replies.map((reply) => replyLogEntry(reply, applicant?.email ?? 'the applicant', ports.settings.agencyEmail));
    },
    async resend() {
      throw errors.conflict(REPLY_NOT_RESENDABLE_MESSAGE);
    },
  };
}

/** Every channel's source, in the log's order of merging. */
export function messageSources(ports: DeliveryLogPorts): MessageSource[] {
  return [mailSource(ports), textSource(ports), replySource(ports)];
}
