import type { DeliveryLogEntry, MessageChannel } from '../domain/delivery-log.js';
import { errors } from '../domain/errors.js';
import { auditEntry } from './audit.js';
import { messageSources, type DeliveryLogPorts, type ResentCopy } from './message-sources.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Staff send a message of the delivery log again (docs/product.md §16.5). `message`: a log entry's id, parsed ('email-12'). A channel without its source yet, or an unknown id: NotFound. */
export function makeResendMessage(ports: DeliveryLogPorts) {
  const sources = messageSources(ports);
  return async function resendMessage(actor: Actor, message: { channel: MessageChannel; id: number }): Promise<DeliveryLogEntry> {
    requirePermission(actor, 'applicants.contact');
    const source = sources.find((s) => s.channel === message.channel);
    // The copy and its audit row are queued in one transaction (decision 0010); the copy is the
    // newest entry of the application's delivery log.
    const audit = (copy: ResentCopy) => [
      auditEntry(ports, actor, {
        action: 'application.message_resent',
        target: { type: 'message', id: `${message.channel}-${message.id}` },
        applicationId: copy.applicationId,
        detail: { template: copy.template, to: copy.to },
      }),
    ];
    const resent = source ? await source.resend(message.id, audit) : null;
    if (!resent) throw errors.notFound('Message');
    return resent.entry;
  };
}
