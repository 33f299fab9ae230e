import type { Ports } from '../ports/index.js';
import { makeAdminWorkQueue } from './admin-work-queue.js';
import { makeReadAdminEntry } from './read-admin-entry.js';
import { makeRevealPassportNumber } from './reveal-passport-number.js';

/**
 * The admin workspace's own reads (docs/product.md §2.14): one entry as the list shows it, so the
 * side panel stays on an application a change moved out of the open tab; the tab /admin opens
 * on when the address names none (the work queue); and a passport number revealed.
 * The group's face: each verb is its own file.
 */
export function makeAdminWorkspace(ports: Pick<Ports, 'applications' | 'users' | 'assignments' | 'portal' | 'clock' | 'audit'>) {
  return { readAdminEntry: makeReadAdminEntry(ports), adminWorkQueue: makeAdminWorkQueue(ports), revealPassportNumber: makeRevealPassportNumber(ports) };
}
