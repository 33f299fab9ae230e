import { makeListApplicationMessages } from './list-application-messages.js';
import type { DeliveryLogPorts } from './message-sources.js';
import { makeResendMessage } from './resend-message.js';

export { REPLY_NOT_RESENDABLE_MESSAGE } from './message-sources.js';

/**
 * The delivery log of an application for staff (docs/product.md §16.5): every message with where
 * it stands — the applicant's replies as received ones — newest first, and sending one again.
 * The group's face: each verb is its own file; the channels' sources are message-sources.ts.
 */
export function makeDeliveryLog(ports: DeliveryLogPorts) {
  return { listApplicationMessages: makeListApplicationMessages(ports), resendMessage: makeResendMessage(ports) };
}
