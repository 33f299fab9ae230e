import { z } from 'zod';
import { isCalendarDate } from './dates.js';

function day(name: string) {
  const message = `${name} must be a date (YYYY-MM-DD)`;
  return z.string({ error: message }).trim().refine(isCalendarDate, { message });
}

/** GET /api/admin/reports/summary's query string (?from=&to=&format=), London days, both optional. */
export const reportsQuerySchema = z.object({
  from: day('from').optional(),
  to: day('to').optional(),
  format: z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).default('json'),
});

export type ReportsQueryInput = z.infer<typeof reportsQuerySchema>;
