import type { AdminParts } from '../../features/admin/index.js';
import { AuditTrail } from '../../features/audit/index.js';
import { CancellationDecisionPanel } from '../../features/cancellation/index.js';
import { DeliveryLog } from '../../features/messages/index.js';
import { InternalNotes } from '../../features/notes/index.js';
import { PortalSection } from '../../features/portal/index.js';
import { PortalStatusLink } from '../../features/portal-status/index.js';
import { RefundQueue, RefundsSection } from '../../features/refunds/index.js';
import { RepliesSection } from '../../features/replies/index.js';

/**
 * What the admin dashboard and its side panel show of other features, each from its public face
 * (features/<name>/index.ts). The admin feature never imports them itself (eslint.config.js):
 * the /admin route composes them here. (A '-' file in routes/ is not a route.)
 */
export const adminParts: AdminParts = {
  PortalStatusLink,
  RefundQueue,
  CancellationDecision: CancellationDecisionPanel,
  Replies: RepliesSection,
  Portal: PortalSection,
  InternalNotes,
  DeliveryLog,
  AuditTrail,
  Refunds: RefundsSection,
};
