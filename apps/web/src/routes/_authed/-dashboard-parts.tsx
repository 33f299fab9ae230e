import { CancelApplication, CancellationNotice } from '../../features/cancellation/index.js';
import type { DashboardParts } from '../../features/dashboard/index.js';
import { EvisaStatus } from '../../features/evisa/index.js';
import { PaymentPanel } from '../../features/payment/index.js';
import { MailBounceNotice } from '../../features/profile/index.js';
import { RefundedNotice } from '../../features/refunds/index.js';
import { ReplyToRequest } from '../../features/replies/index.js';

/**
 * What the applicant's dashboard and its application cards show of other features, each from its
 * public face (features/<name>/index.ts). The dashboard feature never imports them itself
 * (eslint.config.js): the /dashboard route composes them here. (A '-' file in routes/ is not a route.)
 */
export const dashboardParts: DashboardParts = {
  MailBounceNotice,
  PaymentPanel,
  EvisaStatus,
  ReplyToRequest,
  CancellationNotice,
  CancelApplication,
  RefundedNotice,
};
