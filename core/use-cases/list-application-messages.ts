import { newestMessagesFirst, type DeliveryLogEntry } from '../domain/delivery-log.js';
import { errors } from '../domain/errors.js';
import { messageSources, type DeliveryLogPorts } from './message-sources.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** The delivery log of an application for staff (docs/product.md §16.5): every message with where it stands — the applicant's replies as received ones — newest first. */
export function makeListApplicationMessages(ports: DeliveryLogPorts) {
  const sources = messageSources(ports);
  return async function listApplicationMessages(actor: Actor, applicationId: number): Promise<DeliveryLogEntry[]> {
    requirePermission(actor, 'applications.read');
    if (!(await ports.applications.findById(applicationId))) throw errors.notFound('Application');
    const lists = await Promise.all(sources.map((source) => source.listByApplication(applicationId)));
    return newestMessagesFirst(lists.flat());
  };
}
