import { continuesOutage, portalStatusOf, type PortalOutage, type PortalStatus } from '../domain/portal-outage.js';
import { parseInput } from '../schemas/parse.js';
import { portalStatusSchema, type PortalStatusInput } from '../schemas/portal-status.js';
import { CLI_OPERATOR, recordAudit } from './audit.js';
import { sweepPortalOutage, type PortalStatusPorts, type PortalSwitchResult } from './portal-outage-sweep.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

const writerId = (actor: Actor): number | null => (actor.userId === CLI_OPERATOR.userId ? null : actor.userId);

/**
 * Switches the portal's status (admin only; bad input 400, nothing written). `down` while down
 * changes the message and applies the outage again (to applications that came to wait since);
 * `up` while up changes nothing but resumes any clock the portal still holds.
 */
export function makeSetPortalStatus(ports: PortalStatusPorts) {
  return async function setPortalStatus(actor: Actor, input: PortalStatusInput): Promise<PortalSwitchResult> {
    requirePermission(actor, 'operations.run');
    const checked = parseInput(portalStatusSchema, input);
    const now = ports.clock.now();
    const latest = await ports.portalOutages.latest();
    const before = portalStatusOf(latest);
    let outage: PortalOutage | null = null;
    if (checked.state === 'down') {
      const message = checked.message!;
      if (latest && latest.endedAt === null) {
        outage = (await ports.portalOutages.update({ ...latest, message, updatedAt: now })) ?? latest;
      } else if (continuesOutage(latest, now)) {
        // Switched up and down again within a day: the same outage goes on, and nobody is mailed twice.
        outage = (await ports.portalOutages.update({ ...latest!, message, endedAt: null, endedBy: null, updatedAt: now })) ?? latest;
      } else {
        outage = await ports.portalOutages.start({ message, startedAt: now, startedBy: writerId(actor), endedAt: null, endedBy: null, updatedAt: now });
      }
    } else if (latest && latest.endedAt === null) {
      await ports.portalOutages.update({ ...latest, endedAt: now, endedBy: writerId(actor), updatedAt: now });
    }
    const status = portalStatusOf(await ports.portalOutages.latest());
    const counts = await sweepPortalOutage(ports, outage);
    const shown = (s: PortalStatus) => ({ state: s.state, message: s.message, since: s.since });
    await recordAudit(ports, actor, {
      action: 'portal_status.set',
      target: { type: 'portal_status', id: outage?.id ?? latest?.id ?? null },
      before: shown(before),
      after: shown(status),
      detail: counts,
    });
    return { status, ...counts };
  };
}
