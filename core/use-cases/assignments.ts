import type { Ports } from '../ports/index.js';
import { makeAssignApplication } from './assign-application.js';
import { makeListAssignableStaff } from './list-assignable-staff.js';
import { makeListAssignments } from './list-assignments.js';

export { NOT_ACTIVE_STAFF_MESSAGE } from './assign-application.js';
export type { AssignableStaff } from './list-assignable-staff.js';

/**
 * Assignment (docs/product.md §2.14, "Assignment"): staff give an application to one of them (or
 * take it off anyone), read its history and the colleagues it can go to.
 * The group's face: each verb is its own file (assign-application.ts, list-assignments.ts, list-assignable-staff.ts).
 */
export function makeAssignments(ports: Pick<Ports, 'applications' | 'assignments' | 'users' | 'clock' | 'audit'>) {
  return { assignApplication: makeAssignApplication(ports), listAssignments: makeListAssignments(ports), listAssignableStaff: makeListAssignableStaff(ports) };
}
