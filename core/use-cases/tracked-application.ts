import { verifyTrackingAccess } from '../domain/tracking.js';
import type { Ports } from '../ports/index.js';
import { trackedView, type ApplicationTimeline, type TrackedApplicationView } from './tracking-lookup.js';

/** GET /api/track/application: the application an access token (the cookie) opens, or null. */
export function makeTrackedApplication(ports: Pick<Ports, 'applications' | 'clock' | 'secrets'>, applicationTimeline: ApplicationTimeline) {
  return async function trackedApplication(token: string | undefined): Promise<TrackedApplicationView | null> {
    if (!token || token.length > 200) return null;
    const now = ports.clock.now();
    const applicationId = await verifyTrackingAccess(ports.secrets.tokenKey, token, now);
    if (applicationId === null) return null;
    const application = await ports.applications.findById(applicationId);
    return application ? trackedView(applicationTimeline, application, now) : null;
  };
}
