import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../domain/staff-role.js';
import { emailField, phoneField, requiredText } from './fields.js';
import { idSchemaFor } from './ids.js';

export const UNKNOWN_ROLE_MESSAGE = `Please choose a role: ${STAFF_ROLES.join(', ')}.`;
export const STAFF_CHANGE_MESSAGE = 'Please send either a new role or whether the account is active.';

export const staffRoleField = z.enum(STAFF_ROLES, { error: UNKNOWN_ROLE_MESSAGE });

/** A user id in a staff path (PUT /api/admin/staff/{userId}, DELETE /api/admin/staff/{userId}/two-factor). */
export const staffUserIdSchema = idSchemaFor('Invalid user ID.', 'Staff member');

/** POST /api/admin/staff: a new member of staff (or an existing account made staff). */
export const newStaffSchema = z.object({
  email: emailField,
  fullName: requiredText('Full name is required', { max: 100, maxMessage: 'Full name must be at most 100 characters' }),
  phoneNumber: phoneField,
  role: staffRoleField,
});
export type NewStaffInput = z.output<typeof newStaffSchema>;

/** PUT /api/admin/staff/{userId}: exactly one change, `{ role }` or `{ active }`. */
export const staffChangeSchema = z
  .strictObject({ role: staffRoleField.optional(), active: z.boolean({ error: 'active must be true or false.' }).optional() }, { error: STAFF_CHANGE_MESSAGE })
  .refine((change) => (change.role === undefined) !== (change.active === undefined), { error: STAFF_CHANGE_MESSAGE })
  .transform((change): { role: StaffRole } | { active: boolean } => (change.role !== undefined ? { role: change.role } : { active: change.active! }));
export type StaffChangeInput = z.output<typeof staffChangeSchema>;
