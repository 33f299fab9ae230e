import type { Application } from './application.js';
import { pauseGuarantee, resumeGuarantee } from './guarantee.js';
import type { PortalState } from './portal-ledger.js';
import type { ApplicationStatus } from './status.js';
import { addCalendarDays, londonDateOf } from './working-days.js';

/**
 * The official portal's outage mode (docs/product.md "When the official portal is down", decision
 * 0032): staff switch it down with a message when visa2egypt.gov.eg cannot take submissions, and up
 * again when it can.
 */
export const PORTAL_STATES_SWITCHED = ['up', 'down'] as const;
export type PortalSwitch = (typeof PORTAL_STATES_SWITCHED)[number];

/** The staff's message: one short paragraph the public banner shows as written. */
export const PORTAL_MESSAGE_MAX = 500;

/** Applicants arriving within this many days are mailed when the portal goes down (OUTAGE_NOTICE_DAYS). */
export const DEFAULT_OUTAGE_NOTICE_DAYS = 7;

/**
 * A switch down within this many hours of the last switch up continues that outage (a toggle, not a
 * new outage): its notices are not sent again. A switch down later than that is a new outage, and
 * applicants still due to travel within the window hear of it once more.
 */
export const OUTAGE_CONTINUES_HOURS = 24;

/** One outage: from the switch down to the switch up (endedAt null: the portal is down now). */
export interface PortalOutage {
  id: number;
  message: string;
  startedAt: Date;
  startedBy: number | null;
  endedAt: Date | null;
  endedBy: number | null;
  updatedAt: Date;
}
export type NewPortalOutage = Omit<PortalOutage, 'id'>;

/** What everyone may read (GET /api/public/status): `since` is when the current outage began. */
export interface PortalStatus {
  state: PortalSwitch;
  message: string | null;
  since: Date | null;
}

export function portalStatusOf(latest: PortalOutage | null): PortalStatus {
  if (!latest || latest.endedAt !== null) return { state: 'up', message: null, since: latest?.endedAt ?? null };
  return { state: 'down', message: latest.message, since: latest.startedAt };
}

/** Whether switching down at `now` continues `latest` (ended within OUTAGE_CONTINUES_HOURS) rather than starting a new outage. */
export function continuesOutage(latest: PortalOutage | null, now: Date): boolean {
  return latest !== null && latest.endedAt !== null && now.getTime() - latest.endedAt.getTime() <= OUTAGE_CONTINUES_HOURS * 3_600_000;
}

/** The statuses of a paid, undecided application the agency is still working towards the portal. */
export const PORTAL_WAITING_STATUSES: readonly ApplicationStatus[] = ['application_created', 'under_process', 'additional_info_required', 'verified'];

/** The portal ledger states before the portal took the application (a failed government payment is retried there). */
const NOT_YET_SUBMITTED: readonly PortalState[] = ['to_submit', 'gov_payment_failed'];

/**
 * An application in flight towards the portal: its initial fee paid, not decided, not cancelled,
 * and not yet submitted on the portal (its ledger `to_submit` or `gov_payment_failed`, or no
 * ledger row yet). Those are the applications an outage holds up: their applicants are told, and
 * the ones the agency is working on have their guarantee clock paused.
 */
export function waitsForPortal(app: Pick<Application, 'status' | 'initialPaymentId' | 'cancelledAt'>, portalState: PortalState | null): boolean {
  return app.initialPaymentId !== null && app.cancelledAt === null && PORTAL_WAITING_STATUSES.includes(app.status) && (portalState === null || NOT_YET_SUBMITTED.includes(portalState));
}

/**
 * The portal went down: a running clock of an application waiting for the portal pauses, marked as
 * the portal's pause. A clock already paused for the applicant stays theirs (it resumes when they
 * answer; the next switch down catches it if the portal is still down then).
 */
export function pauseForPortal(app: Application, now: Date): Application {
  if (app.guaranteeDeadline === null || app.guaranteePausedAt !== null) return app;
  return { ...pauseGuarantee(app, now, 'portal'), updatedAt: now };
}

/** The portal is back: a clock the portal paused runs again, its deadline moved by the working days it lost. */
export function resumeAfterPortal(app: Application, now: Date): Application {
  if (app.guaranteePausedFor !== 'portal') return app;
  return { ...resumeGuarantee(app, now), updatedAt: now };
}

/** Whether this applicant is mailed about outage `outageId`: arriving from today to today + `days` (London), and not yet told of it. */
export function outageNoticeDue(app: Pick<Application, 'expectedArrivalDate' | 'outageNoticeId'>, outageId: number, now: Date, days: number): boolean {
  if (app.outageNoticeId === outageId) return false;
  const today = londonDateOf(now);
  return app.expectedArrivalDate >= today && app.expectedArrivalDate <= addCalendarDays(today, days);
}

// The words travellers read (the banner, the dashboard, the mail) are in portal-outage-text.ts: the
// public pages load them without the guarantee's calendar.
export { OUTAGE_MEANING, VISA_ON_ARRIVAL_FALLBACK } from './portal-outage-text.js';
