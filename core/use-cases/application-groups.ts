import type { GroupPorts } from './application-group-members.js';
import { makeConfirmGroupPayment } from './confirm-group-payment.js';
import { makeCreateApplicationGroup } from './create-application-group.js';
import { makeListGroupForAdmin } from './list-group-for-admin.js';
import { makeStartGroupPayment } from './start-group-payment.js';

export type { CreatedGroup } from './application-group-members.js';
export type { ConfirmGroupPayment } from './confirm-group-payment.js';

/**
 * Family orders (issue 17): one user applies for 2 to 10 travellers at once and pays their initial
 * fees once. Each traveller is an application of its own (passport, status, documents, final fee
 * and visa); only the initial payment is shared: it is opened for the group's lead (first)
 * application for £10 × N, and confirming it moves every application of the group to
 * application_created with that payment's id, in one transaction (GroupRepository.commitAll), at
 * most once. The guarantee clock of each starts then.
 * The group's face: each verb is its own file.
 */
export function makeApplicationGroups(ports: GroupPorts) {
  const confirmGroupPayment = makeConfirmGroupPayment(ports);
  return {
    createApplicationGroup: makeCreateApplicationGroup(ports),
    startGroupPayment: makeStartGroupPayment(ports, confirmGroupPayment),
    confirmGroupPayment,
    listGroupForAdmin: makeListGroupForAdmin(ports),
  };
}
