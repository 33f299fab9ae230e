import type { Ports } from '../ports/index.js';
import { makeMailApplicationNumbers } from './mail-application-numbers.js';
import { makeRequestTrackingCode } from './request-tracking-code.js';
import { makeTrackedApplication } from './tracked-application.js';
import type { ApplicationTimeline } from './tracking-lookup.js';
import { makeVerifyTrackingCode } from './verify-tracking-code.js';

export type { TrackedApplicationView, TrackingAccess } from './tracking-lookup.js';

/**
 * Tracking without signing in (docs/product.md §16.1; decision 0012). Every answer that could tell
 * whether an application number exists is the same either way: the request and the "forgot"
 * answers are one fixed message, and every refusal of a code is one 400. Rate limits are the HTTP
 * app's job.
 * The group's face: each verb is its own file; what they share is tracking-lookup.ts.
 */
export function makeTracking(ports: Pick<Ports, 'applications' | 'users' | 'trackingCodes' | 'outbox' | 'clock' | 'secrets'>, applicationTimeline: ApplicationTimeline) {
  return {
    requestTrackingCode: makeRequestTrackingCode(ports),
    verifyTrackingCode: makeVerifyTrackingCode(ports, applicationTimeline),
    trackedApplication: makeTrackedApplication(ports, applicationTimeline),
    mailApplicationNumbers: makeMailApplicationNumbers(ports),
  };
}
