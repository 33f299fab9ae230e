import { hashTrackingCode, newTrackingCode, TRACKING_CODE_TTL_MS, TRACKING_REQUESTED_MESSAGE } from '../domain/tracking.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { trackRequestSchema } from '../schemas/tracking.js';
import { matchingApplication, NO_APPLICATION_ID } from './tracking-lookup.js';

/**
 * POST /api/track/request: when the number and email match, a new 6-digit code (replacing the
 * last) is stored hashed and mailed through the outbox in one operation; the answer never waits
 * on the mail. A code is drawn and hashed on both paths.
 */
export function makeRequestTrackingCode(ports: Pick<Ports, 'applications' | 'users' | 'trackingCodes' | 'clock' | 'secrets'>) {
  return async function requestTrackingCode(input: { applicationNumber: string; email: string }): Promise<{ message: string }> {
    const data = parseInput(trackRequestSchema, input);
    const match = await matchingApplication(ports, data.applicationNumber, data.email);
    const code = newTrackingCode();
    const codeHash = await hashTrackingCode(ports.secrets.tokenKey, match?.application.id ?? NO_APPLICATION_ID, code);
    if (match) {
      const { application, owner } = match;
      const now = ports.clock.now();
      await ports.trackingCodes.issue(
        { applicationId: application.id, codeHash, createdAt: now, expiresAt: new Date(now.getTime() + TRACKING_CODE_TTL_MS) },
        { to: owner.email, template: 'tracking_code', data: { fullName: owner.fullName, applicationNumber: application.applicationNumber, code } },
      );
    }
    return { message: TRACKING_REQUESTED_MESSAGE };
  };
}
