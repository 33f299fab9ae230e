import type { PortalStatus } from '../domain/portal-outage.js';
import type { Ports } from '../ports/index.js';
import { makePublicPortalStatus } from './public-portal-status.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** The same status as staff's switch page reads it: for those who may switch it (`operations.run`). */
export function makeReadPortalStatus(ports: Pick<Ports, 'portalOutages'>) {
  const portalStatus = makePublicPortalStatus(ports);
  return async function readPortalStatus(actor: Actor): Promise<PortalStatus> {
    requirePermission(actor, 'operations.run');
    return portalStatus();
  };
}
