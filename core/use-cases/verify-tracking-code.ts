import { createTrackingAccess, hashTrackingCode, TRACKING_ACCESS_TTL_MS, TRACKING_CODE_MAX_WRONG_TRIES } from '../domain/tracking.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { trackVerifySchema } from '../schemas/tracking.js';
import { invalidCode, matchingApplication, NO_APPLICATION_ID, trackedView, type ApplicationTimeline, type TrackingAccess } from './tracking-lookup.js';

/**
 * POST /api/track/verify: the live code of this application, asked for with this email, opens it.
 * A wrong code counts against the live code (the fifth kills it); a code that is wrong, expired,
 * used, dead or another application's is one 400, whatever the reason.
 */
export function makeVerifyTrackingCode(ports: Pick<Ports, 'applications' | 'users' | 'trackingCodes' | 'clock' | 'secrets'>, applicationTimeline: ApplicationTimeline) {
  return async function verifyTrackingCode(input: { applicationNumber: string; email: string; code: string }): Promise<TrackingAccess> {
    const data = parseInput(trackVerifySchema, input);
    const application = (await matchingApplication(ports, data.applicationNumber, data.email))?.application;
    const codeHash = await hashTrackingCode(ports.secrets.tokenKey, application?.id ?? NO_APPLICATION_ID, data.code);
    if (!application) throw invalidCode();
    const now = ports.clock.now();
    const outcome = await ports.trackingCodes.attempt(application.id, codeHash, now, TRACKING_CODE_MAX_WRONG_TRIES);
    if (outcome !== 'accepted') throw invalidCode();
    const expiresAt = new Date(now.getTime() + TRACKING_ACCESS_TTL_MS);
    return { application: await trackedView(applicationTimeline, application, now), token: await createTrackingAccess(ports.secrets.tokenKey, application.id, expiresAt), expiresAt };
  };
}
