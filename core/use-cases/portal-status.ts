import type { PortalStatusPorts } from './portal-outage-sweep.js';
import { makePublicPortalStatus } from './public-portal-status.js';
import { makeReadPortalStatus } from './read-portal-status.js';
import { makeReapplyPortalStatus } from './reapply-portal-status.js';
import { makeSetPortalStatus } from './set-portal-status.js';

export type { PortalSwitchResult } from './portal-outage-sweep.js';

/**
 * The official portal's outage mode (docs/product.md "When the official portal is down", decision
 * 0032). Anyone reads the status; an admin (`operations.run`) switches it. Switching down pauses the
 * guarantee clock of every application waiting for the portal and mails, once per outage, the
 * applicants among them due to arrive within OUTAGE_NOTICE_DAYS; switching up resumes the clocks the
 * portal paused. Each application is one compare-and-set commit (its pause and its mail together),
 * so a switch sent again (or one that failed half-way) finishes the work without doing any twice.
 * The group's face: each verb is its own file; the sweep both switches share is portal-outage-sweep.ts.
 */
export function makePortalStatus(ports: PortalStatusPorts) {
  return {
    portalStatus: makePublicPortalStatus(ports),
    readPortalStatus: makeReadPortalStatus(ports),
    setPortalStatus: makeSetPortalStatus(ports),
    reapplyPortalStatus: makeReapplyPortalStatus(ports),
  };
}
