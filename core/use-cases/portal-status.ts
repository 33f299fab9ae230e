import type { Application } from '../domain/application.js';
import {
  continuesOutage,
  DEFAULT_OUTAGE_NOTICE_DAYS,
  outageNoticeDue,
  pauseForPortal,
  portalStatusOf,
  resumeAfterPortal,
  waitsForPortal,
  type PortalOutage,
  type PortalStatus,
} from '../domain/portal-outage.js';
import type { Ports } from '../ports/index.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import { parseInput } from '../schemas/parse.js';
import { portalStatusSchema, type PortalStatusInput } from '../schemas/portal-status.js';
import { CLI_OPERATOR, recordAudit } from './audit.js';
import { commitWithRetry, requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** What a switch did: the status now, and how many applications it paused, resumed and mailed. */
export interface PortalSwitchResult {
  status: PortalStatus;
  paused: number;
  resumed: number;
  mailed: number;
}

const writerId = (actor: Actor): number | null => (actor.userId === CLI_OPERATOR.userId ? null : actor.userId);

/**
 * The official portal's outage mode (docs/product.md "When the official portal is down", decision
 * 0032). Anyone reads the status; an admin (`operations.run`) switches it. Switching down pauses the
 * guarantee clock of every application waiting for the portal and mails, once per outage, the
 * applicants among them due to arrive within OUTAGE_NOTICE_DAYS; switching up resumes the clocks the
 * portal paused. Each application is one compare-and-set commit (its pause and its mail together),
 * so a switch sent again (or one that failed half-way) finishes the work without doing any twice.
 */
export function makePortalStatus(ports: Pick<Ports, 'applications' | 'portal' | 'portalOutages' | 'clock' | 'audit' | 'settings'>) {
  async function portalStatus(): Promise<PortalStatus> {
    return portalStatusOf(await ports.portalOutages.latest());
  }

  /** The same status as staff's switch page reads it: for those who may switch it (`operations.run`). */
  async function readPortalStatus(actor: Actor): Promise<PortalStatus> {
    requirePermission(actor, 'operations.run');
    return portalStatus();
  }

  /** One application's part of a switch: pause or resume its clock, and mail its applicant when due. */
  async function applyTo(applicationId: number, outage: PortalOutage | null, email: string, fullName: string): Promise<{ paused: boolean; resumed: boolean; mailed: boolean }> {
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

  /** Applies the mode in force to every application it concerns. */
  async function sweep(outage: PortalOutage | null): Promise<Omit<PortalSwitchResult, 'status'>> {
    const counts = { paused: 0, resumed: 0, mailed: 0 };
    for (const { application, user } of await ports.applications.listForPortalOutage(outage !== null)) {
      const did = await applyTo(application.id, outage, user.email, user.fullName);
      counts.paused += did.paused ? 1 : 0;
      counts.resumed += did.resumed ? 1 : 0;
      counts.mailed += did.mailed ? 1 : 0;
    }
    return counts;
  }

  /**
   * Switches the portal's status (admin only; bad input 400, nothing written). `down` while down
   * changes the message and applies the outage again (to applications that came to wait since);
   * `up` while up changes nothing but resumes any clock the portal still holds.
   */
  async function setPortalStatus(actor: Actor, input: PortalStatusInput): Promise<PortalSwitchResult> {
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
    const counts = await sweep(outage);
    const shown = (s: PortalStatus) => ({ state: s.state, message: s.message, since: s.since });
    await recordAudit(ports, actor, {
      action: 'portal_status.set',
      target: { type: 'portal_status', id: outage?.id ?? latest?.id ?? null },
      before: shown(before),
      after: shown(status),
      detail: counts,
    });
    return { status, ...counts };
  }

  /**
   * The status in force applied again (the portal-outage job, every 10 minutes): while down, an
   * application that came to wait since the switch (paid since, or back from an information request)
   * is paused, and an applicant whose arrival entered the notice window is mailed — once per outage
   * as always; while up, a clock the portal still holds runs again. No audit row: nobody switched.
   */
  async function reapplyPortalStatus(): Promise<PortalSwitchResult> {
    const latest = await ports.portalOutages.latest();
    const status = portalStatusOf(latest);
    const counts = await sweep(status.state === 'down' ? latest : null);
    return { status, ...counts };
  }

  return { portalStatus, readPortalStatus, setPortalStatus, reapplyPortalStatus };
}
