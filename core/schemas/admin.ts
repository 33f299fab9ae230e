import { z } from 'zod';
import { ADMIN_TAB_IDS } from '../domain/admin-tabs.js';
import { REJECTION_REASON_ONLY_WHEN_REJECTED } from '../domain/application.js';
import { parseStatus } from '../domain/status.js';
import { flag, optionalText } from './fields.js';

export const STATUS_MESSAGE = 'Please choose a valid status';

/** PUT /api/admin/applications/{id}/status: status in lower or UPPER spelling. */
export const statusChangeSchema = z
  .object({
    status: z.string({ error: STATUS_MESSAGE }).transform((v, ctx) => {
      const status = parseStatus(v);
      if (!status) {
        ctx.addIssue({ code: 'custom', message: STATUS_MESSAGE });
        return z.NEVER;
      }
      return status;
    }),
    additionalInfoMessage: optionalText(2000, 'The message must be at most 2000 characters').optional(),
    requiresPassportReupload: flag('requiresPassportReupload must be true or false').optional(),
    /** Why, in words for the applicant: only with status `rejected` (docs/product.md §16.2). */
    rejectionReason: optionalText(2000, 'The reason must be at most 2000 characters').optional(),
  })
  .superRefine((input, ctx) => {
    if (input.rejectionReason && input.status !== 'rejected') {
      ctx.addIssue({ code: 'custom', path: ['rejectionReason'], message: REJECTION_REASON_ONLY_WHEN_REJECTED });
    }
  });
export type StatusChangeSchemaInput = z.output<typeof statusChangeSchema>;

export const ASSIGNEE_FILTERS = ['me', 'none'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

/** The admin list's query string (?tab=&q=&overdue=&assignee=&page=&pageSize=). */
export const adminListQuerySchema = z.object({
  tab: z.enum(ADMIN_TAB_IDS, { error: 'Unknown tab' }).optional(),
  /** me: assigned to the signed-in member of staff; none: assigned to nobody. */
  assignee: z.enum(ASSIGNEE_FILTERS, { error: 'assignee must be me or none' }).optional(),
  q: z
    .string()
    .trim()
    .max(100, 'The search text must be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  overdue: flag('overdue must be true or false').optional(),
  page: z.coerce.number({ error: 'page must be a whole number of at least 1' }).int('page must be a whole number of at least 1').min(1, 'page must be a whole number of at least 1').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be between 1 and 200' })
    .int('pageSize must be between 1 and 200')
    .min(1, 'pageSize must be between 1 and 200')
    .max(200, 'pageSize must be between 1 and 200')
    .default(50),
});
export type AdminListQueryInput = z.output<typeof adminListQuerySchema>;
