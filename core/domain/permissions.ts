import type { StaffRole } from './staff-role.js';

/**
 * What a member of staff may do (docs/product.md §6). Every admin route and CLI command names the
 * permission it needs; a role's permissions are this table, nothing else.
 */
export const PERMISSIONS = [
  /** Read applications, their documents, history, notes and receipts; the admin lists and counts (passport numbers masked). */
  'applications.read',
  /** See a passport number in full ("Reveal"; each reveal is an audited read): those who work on the portal. */
  'passports.reveal',
  /** Change a status, request information, decide nothing about money. */
  'applications.review',
  /** Upload a visa and send it. */
  'visa.send',
  /** Keep the portal ledger: the portal's reference and state, the government fee paid, its receipt. */
  'portal.manage',
  /** Assign an application to oneself or a colleague. */
  'applications.assign',
  /** Write internal notes. */
  'notes.write',
  /** Resend mails and reminders; answer contact enquiries. */
  'applicants.contact',
  /** Payments: issues, recording, reconciliation, payment exports. */
  'payments.manage',
  /** Ask for and approve refunds; decide cancellation requests (they refund). */
  'refunds.manage',
  /** Export or erase a person's data, export every application. */
  'personal-data.manage',
  /** Staff accounts, roles, two-factor resets. */
  'staff.manage',
  /** Read the audit log. */
  'audit.read',
  /** The agency's reports: on-time record, turnaround, money, the funnel (docs/product.md §17). */
  'reports.read',
  /** Egypt's rules as dated data: passport validity, nationality routes, the least days before arrival (docs/product.md §5.11). */
  'rules.manage',
  /** Operate the agency: migrations, jobs, seeding, purges. */
  'operations.run',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: ALL,
  reviewer: ['applications.read', 'passports.reveal', 'applications.review', 'visa.send', 'portal.manage', 'applications.assign', 'notes.write', 'applicants.contact'],
  finance: ['applications.read', 'passports.reveal', 'portal.manage', 'applications.assign', 'notes.write', 'payments.manage', 'refunds.manage', 'reports.read'],
  support: ['applications.read', 'applications.assign', 'notes.write', 'applicants.contact'],
};

export function roleAllows(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}
