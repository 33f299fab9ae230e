import { msg } from '../i18n/index.js';

/** The roles a member of the agency's staff can have (docs/product.md §6). Applicants have none. */
export const STAFF_ROLES = ['admin', 'reviewer', 'finance', 'support'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** How a role reads on the staff screens. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  admin: msg('Admin'),
  reviewer: msg('Reviewer'),
  finance: msg('Finance'),
  support: msg('Support'),
};
