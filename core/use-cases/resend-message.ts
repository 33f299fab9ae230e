import type { DeliveryLogEntry, MessageChannel } from '../domain/delivery-log.js';
import { errors } from '../domain/errors.js';
import { recordAudit } from './audit.js';
import { messageSources, type DeliveryLogPorts } from './message-sources.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Staff send a message of the delivery log again (docs/product.md §16.5). `message`: a log entry's id, parsed ('email-12'). A channel without its source yet, or an unknown id: NotFound. */
export function makeResendMessage(ports: DeliveryLogPorts) {
  const sources = messageSources(ports);
  return async function resendMessage(actor: Actor, message: { channel: MessageChannel; id: number }): Promise<DeliveryLogEntry> {
    requirePermission(actor, 'applicants.contact');
    const source = sources.find((s) => s.channel === message.channel);
    const resent = source ? await source.resend(actor, message.id) : null;
    if (!resent) throw errors.notFound('Message');
    await recordAudit(ports, actor, {
      action: 'application.message_resent',
      target: { type: 'message', id: `${message.channel}-${message.id}` },
      applicationId: resent.applicationId,
      detail: { template: resent.template, to: resent.to, copy: resent.entry.id },
    });
    return resent.entry;
  };
}
