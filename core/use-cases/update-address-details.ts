import { applyAddressDetails, type AddressDetails } from '../domain/application.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { addressSchema } from '../schemas/address.js';
import { parseInput } from '../schemas/parse.js';
import { commitWithRetry, loadOwned, toView } from './shared.js';
import type { Actor, ApplicationView } from './types.js';

/** Address and hotel details (after the initial payment); the owner only, until the application is finished. */
export function makeUpdateAddressDetails(ports: Pick<Ports, 'applications' | 'clock'>) {
  return async function updateAddressDetails(actor: Actor, applicationId: number, details: AddressDetails): Promise<ApplicationView> {
    const data = parseInput(addressSchema, details);
    await loadOwned(ports, actor, applicationId);
    const now = ports.clock.now();
    const outcome = await commitWithRetry(ports, applicationId, (current) => {
      if (current.status === 'rejected' || current.status === 'final_payment_received') {
        throw errors.conflict('The address details of a finished application can no longer be changed.');
      }
      return { change: { application: applyAddressDetails(current, data, now), expectedVersion: current.version } };
    });
    if (outcome.kind !== 'committed') throw errors.conflict('The application could not be updated. Please try again.');
    return toView(outcome.result.application, now);
  };
}
