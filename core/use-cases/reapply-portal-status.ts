import { portalStatusOf } from '../domain/portal-outage.js';
import { sweepPortalOutage, type PortalStatusPorts, type PortalSwitchResult } from './portal-outage-sweep.js';

/**
 * The status in force applied again (the portal-outage job, every 10 minutes): while down, an
 * application that came to wait since the switch (paid since, or back from an information request)
 * is paused, and an applicant whose arrival entered the notice window is mailed — once per outage
 * as always; while up, a clock the portal still holds runs again. No audit row: nobody switched.
 */
export function makeReapplyPortalStatus(ports: PortalStatusPorts) {
  return async function reapplyPortalStatus(): Promise<PortalSwitchResult> {
    const latest = await ports.portalOutages.latest();
    const status = portalStatusOf(latest);
    const counts = await sweepPortalOutage(ports, status.state === 'down' ? latest : null);
    return { status, ...counts };
  };
}
