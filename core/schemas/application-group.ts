import { z } from 'zod';
import type { ApplicationForm } from '../domain/application.js';
import { GROUP_MESSAGES, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from '../domain/application-group.js';
import { applicationFormSchema, type ApplicationSchemaContext } from './application.js';
import { idSchemaFor } from './ids.js';

/**
 * POST /api/application-groups: `{ travellers: [form, …] }`, 2 to 10 complete application forms
 * (each as the form of docs/product.md §5.3, its errors under `travellers.N.field`), all with the same arrival and
 * departure dates.
 */
export function applicationGroupSchema(context: ApplicationSchemaContext) {
  const form = applicationFormSchema(context);
  return z
    .object(
      {
        travellers: z.array(form, { error: GROUP_MESSAGES.size }).min(MIN_GROUP_SIZE, GROUP_MESSAGES.size).max(MAX_GROUP_SIZE, GROUP_MESSAGES.size),
      },
      { error: GROUP_MESSAGES.size },
    )
    .superRefine(({ travellers }, ctx) => {
      const [lead] = travellers;
      if (!lead) return;
      travellers.forEach((t: ApplicationForm, i) => {
        if (t.expectedArrivalDate !== lead.expectedArrivalDate) ctx.addIssue({ code: 'custom', message: GROUP_MESSAGES.sharedDates, path: ['travellers', i, 'expectedArrivalDate'] });
        if (t.expectedDepartureDate !== lead.expectedDepartureDate) ctx.addIssue({ code: 'custom', message: GROUP_MESSAGES.sharedDates, path: ['travellers', i, 'expectedDepartureDate'] });
      });
    });
}

export type ApplicationGroupSchema = ReturnType<typeof applicationGroupSchema>;

/** A family application's id in a path. */
export const groupIdSchema = idSchemaFor('Invalid family application ID.', 'Family application');
