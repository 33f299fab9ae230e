import { errors } from '../domain/errors.js';
import type { GatewayPayment } from '../domain/payment.js';
import type { Ports } from '../ports/index.js';
import type { Actor } from './types.js';

/**
 * The gateway payment behind an intent id (or its client secret, `pi_…_secret_…`) when `actor` is
 * the applicant of the application it pays for. Anyone else — another applicant, an admin — gets
 * "Payment not found", as if the id did not exist: only the owner pays and confirms a fee.
 */
export function makeFindOwnPayment(ports: Pick<Ports, 'gateway' | 'applications'>) {
  return async function findOwnPayment(actor: Actor, paymentRef: string): Promise<GatewayPayment> {
    const id = paymentRef.split('_secret_')[0]!;
    const payment = await ports.gateway.retrieve(id);
    if (!payment || payment.applicationId === null) throw errors.notFound('Payment');
    const application = await ports.applications.findById(payment.applicationId);
    if (!application || application.userId !== actor.userId) throw errors.notFound('Payment');
    return payment;
  };
}
