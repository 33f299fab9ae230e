import { portalStatusOf, type PortalStatus } from '../domain/portal-outage.js';
import type { Ports } from '../ports/index.js';

/** Anyone: the official portal's status in force (the banner, GET /api/public/status). */
export function makePublicPortalStatus(ports: Pick<Ports, 'portalOutages'>) {
  return async function portalStatus(): Promise<PortalStatus> {
    return portalStatusOf(await ports.portalOutages.latest());
  };
}
