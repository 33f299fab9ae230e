import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, roleAllows } from '../../core/domain/permissions.js';
import { STAFF_ROLES } from '../../core/domain/staff-role.js';
import { requirePermission, roleOf } from '../../core/use-cases/shared.js';
import { isDomainError } from '../../core/domain/errors.js';

/** The roles of docs/product.md §6, written out here independently of the table. */
const EXPECTED = {
  admin: [...PERMISSIONS],
  reviewer: ['applications.read', 'passports.reveal', 'applications.review', 'visa.send', 'portal.manage', 'applications.assign', 'notes.write', 'applicants.contact'],
  finance: ['applications.read', 'passports.reveal', 'portal.manage', 'applications.assign', 'notes.write', 'payments.manage', 'refunds.manage', 'reports.read'],
  support: ['applications.read', 'applications.assign', 'notes.write', 'applicants.contact'],
};

describe('the permission table', () => {
  it('gives each role exactly the permissions of docs/product.md §6', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...STAFF_ROLES].sort());
    for (const role of STAFF_ROLES) expect([...ROLE_PERMISSIONS[role]].sort(), role).toEqual([...EXPECTED[role]].sort());
  });

  it('keeps staff, the audit and operations to admins; every role reads applications and writes notes', () => {
    for (const permission of ['staff.manage', 'audit.read', 'operations.run', 'personal-data.manage'] as const) {
      expect(STAFF_ROLES.filter((role) => roleAllows(role, permission))).toEqual(['admin']);
    }
    for (const role of STAFF_ROLES) {
      expect(roleAllows(role, 'applications.read')).toBe(true);
      expect(roleAllows(role, 'notes.write')).toBe(true);
    }
  });

  it('allows nothing without a role; a staff actor stored without one is an admin', () => {
    for (const permission of PERMISSIONS) {
      expect(roleAllows(null, permission)).toBe(false);
      expect(roleAllows(undefined, permission)).toBe(false);
    }
    expect(roleOf({ userId: 1, isAdmin: true, email: 'a@x' })).toBe('admin');
    expect(roleOf({ userId: 1, isAdmin: false, email: 'a@x', role: 'admin' })).toBeNull();
  });

  it('requirePermission refuses applicants and roles without the permission with a Forbidden that names it', () => {
    const refused = (fn: () => void) => {
      try {
        fn();
      } catch (error) {
        return isDomainError(error, 'Forbidden') ? error.message : 'other';
      }
      return 'allowed';
    };
    expect(refused(() => requirePermission({ userId: 1, isAdmin: true, email: 'r@x', role: 'reviewer' }, 'refunds.manage'))).toBe('Your role does not allow this (refunds.manage).');
    expect(refused(() => requirePermission({ userId: 1, isAdmin: false, email: 'a@x' }, 'applications.read'))).toBe('Only administrators can do this.');
    expect(refused(() => requirePermission({ userId: 1, isAdmin: true, email: 'f@x', role: 'finance' }, 'refunds.manage'))).toBe('allowed');
  });
});
