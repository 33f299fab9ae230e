import { z } from 'zod';

export const ASSIGNEE_MESSAGE = 'userId must be the id of a member of staff, or null';

/** PUT /api/admin/applications/{id}/assignee: a staff member's id, or null to unassign. */
export const assigneeChangeSchema = z.object({
  userId: z.number({ error: ASSIGNEE_MESSAGE }).int(ASSIGNEE_MESSAGE).positive(ASSIGNEE_MESSAGE).max(Number.MAX_SAFE_INTEGER, ASSIGNEE_MESSAGE).nullable(),
});
