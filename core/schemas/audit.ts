import { z } from 'zod';
import { AUDIT_ACTIONS } from '../domain/audit.js';
import { MAX_STORED_ID } from '../domain/ids.js';
import { normaliseApplicationNumber } from '../domain/tracking.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A day (YYYY-MM-DD, UTC) or an instant (ISO 8601 with its offset). A day as `from` means its first
 * millisecond, as `to` its last, so ?from=2026-03-01&to=2026-03-01 is that whole day.
 */
function instant(name: string, edge: 'start' | 'end') {
  const message = `${name} must be a date (YYYY-MM-DD) or a date and time (ISO 8601, e.g. 2026-03-01T09:00:00Z)`;
  return z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const day = DATE_ONLY.test(v);
      const parsed = day ? new Date(`${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`) : DATE_TIME.test(v) ? new Date(v) : null;
      if (!parsed || Number.isNaN(parsed.getTime()) || (day && parsed.toISOString().slice(0, 10) !== v)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    });
}

function id(name: string) {
  const message = `${name} must be a whole number of at least 1`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_STORED_ID, message);
}

const PAGE_MESSAGE = 'page must be a whole number of at least 1';
const NUMBER_MESSAGE = 'applicationNumber must be an application number (e.g. EV-2611-7K3QX9)';
const ACTION_MESSAGE = "action must be one of the audit log's actions (e.g. application.status_changed)";

/** GET /api/admin/audit's query string (?applicationId=&applicationNumber=&actorId=&action=&from=&to=&page=). */
export const auditQuerySchema = z
  .object({
    applicationId: id('applicationId').optional(),
    /** The number staff know an application by; the log is filtered by the application it names. */
    // Any number as typed, looked up as issued (not the /track pattern: demo data and older numbers differ).
    applicationNumber: z.string({ error: NUMBER_MESSAGE }).max(40, NUMBER_MESSAGE).transform(normaliseApplicationNumber).pipe(z.string().min(1, NUMBER_MESSAGE)).optional(),
    actorId: id('actorId').optional(),
    action: z.enum(AUDIT_ACTIONS, { error: ACTION_MESSAGE }).optional(),
    from: instant('from', 'start').optional(),
    to: instant('to', 'end').optional(),
    page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(100_000, PAGE_MESSAGE).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), { message: 'from must not be after to', path: ['from'] });
export type AuditQueryInput = z.output<typeof auditQuerySchema>;
