import type { Application } from '../domain/application.js';
import { DEFAULT_OUTAGE_NOTICE_DAYS, outageNoticeDue, pauseForPortal, resumeAfterPortal, waitsForPortal, type PortalOutage, type PortalStatus } from '../domain/portal-outage.js';
import type { Ports } from '../ports/index.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import { commitWithRetry } from './shared.js';

export type PortalStatusPorts = Pick<Ports, 'applications' | 'portal' | 'portalOutages' | 'clock' | 'audit' | 'settings'>;

/** What a switch did: the status now, and how many applications it paused, resumed and mailed. */
export interface PortalSwitchResult {
  status: PortalStatus;
  paused: number;
  resumed: number;
  mailed: number;
}

/** Applies the mode in force to every application it concerns. */
export async function sweepPortalOutage(ports: PortalStatusPorts, outage: PortalOutage | null): Promise<Omit<PortalSwitchResult, 'status'>> {
  const counts = { paused: 0, resumed: 0, mailed: 0 };
  for (const { application, user } of await ports.applications.listForPortalOutage(outage !== null)) {
    const did = await applyTo(ports, application.id, outage, user.email, user.fullName);
    counts.paused += did.paused ? 1 : 0;
    counts.resumed += did.resumed ? 1 : 0;
    counts.mailed += did.mailed ? 1 : 0;
  }
  return counts;
}

/** One application's part of a switch: pause or resume its clock, and mail its applicant when due. */
async function applyTo(ports: PortalStatusPorts, applicationId: number, outage: PortalOutage | null, email: string, fullName: string): Promise<{ paused: boolean; resumed: boolean; mailed: boolean }> {
  const days = ports.settings.outageNoticeDays ?? DEFAULT_OUTAGE_NOTICE_DAYS;
  const done = { paused: false, resumed: false, mailed: false };
  await commitWithRetry(ports, applicationId, async (current) => {
    const now = ports.clock.now();
    const portal = await ports.portal.find(current.id);
    let next: Application = current;
    const mails: OutboxMailInput[] = [];
    done.paused = done.resumed = done.mailed = false;
    if (outage === null) {
      next = resumeAfterPortal(current, now);
      done.resumed = next !== current;
    } else if (waitsForPortal(current, portal?.state ?? null)) {
      next = pauseForPortal(current, now);
      done.paused = next !== current;
      if (outageNoticeDue(current, outage.id, now, days)) {
        next = { ...next, outageNoticeId: outage.id, updatedAt: now };
        mails.push({
          to: email,
          template: 'portal_outage',
          data: {
            fullName,
            applicationId: current.id,
            applicationNumber: current.applicationNumber,
            message: outage.message,
            arrivalDate: current.expectedArrivalDate,
            since: outage.startedAt.toISOString(),
          },
        });
        done.mailed = true;
      }
    }
    if (next === current) return { done: undefined };
    return { change: { application: next, expectedVersion: current.version, mails } };
  });
  return done;
}
