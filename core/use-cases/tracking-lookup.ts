import type { Application } from '../domain/application.js';
import { errors } from '../domain/errors.js';
import type { TimelineEntry } from '../domain/timeline.js';
import { nextStepFor, TRACKING_CODE_INVALID_MESSAGE, type TrackedApplication } from '../domain/tracking.js';
import { normaliseEmail, type User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { toView } from './shared.js';
import type { ApplicationView } from './types.js';

/** What the track page shows (docs/product.md §16.1), with the guarantee as the dashboard reads it. */
export type TrackedApplicationView = TrackedApplication<ApplicationView['guarantee']>;

/** The right code's answer: the application, and the read-only access token for its cookie. */
export interface TrackingAccess {
  application: TrackedApplicationView;
  token: string;
  expiresAt: Date;
}

/** Hashed in place of a code when the number and email do not match, so both paths do the same work. */
export const NO_APPLICATION_ID = 0;

export const invalidCode = () => errors.validation(TRACKING_CODE_INVALID_MESSAGE, { code: [TRACKING_CODE_INVALID_MESSAGE] });

/** What the track page reads of an application's history (the applicationTimeline use case). */
export type ApplicationTimeline = (application: Application) => Promise<TimelineEntry[]>;

/** The application with this number, if its account's email is `email` (case-insensitive). */
export async function matchingApplication(ports: Pick<Ports, 'applications' | 'users'>, applicationNumber: string, email: string): Promise<{ application: Application; owner: User } | null> {
  const application = await ports.applications.findByNumber(applicationNumber);
  if (!application) return null;
  const owner = await ports.users.findById(application.userId);
  return owner && normaliseEmail(owner.email) === normaliseEmail(email) ? { application, owner } : null;
}

/** An application as the track page shows it. */

export async function trackedView(applicationTimeline: ApplicationTimeline, application: Application, now: Date): Promise<TrackedApplicationView> {
  return {
    applicationNumber: application.applicationNumber,
    status: application.status,
    givenName: application.givenName,
    timeline: await applicationTimeline(application),
    guarantee: toView(application, now).guarantee,
    nextStep: nextStepFor(application),
  };
}
