import type { Ports } from '../ports/index.js';
import { makeCancelApplication } from './cancel-application.js';
import { makeDecideCancellationRequest } from './decide-cancellation-request.js';
import type { SendRefund } from './send-refund.js';

/**
 * Cancelling an application (docs/product.md, "Cancelling an application"): the applicant cancels
 * (at once, or as a request), and staff accept a request (refunding what they choose) or decline it.
 * The refund is asked for in the same commit as the cancellation and sent to the gateway by its job,
 * so a cancellation never stands without its refund, nor is a refund sent twice.
 * The group's face: each verb is its own file (cancel-application.ts, decide-cancellation-request.ts).
 */
export function makeCancellations(ports: Pick<Ports, 'applications' | 'users' | 'history' | 'clock' | 'gateway' | 'analytics' | 'refunds' | 'audit'>, sendRefund: SendRefund) {
  return { cancelApplication: makeCancelApplication(ports, sendRefund), decideCancellationRequest: makeDecideCancellationRequest(ports, sendRefund) };
}
