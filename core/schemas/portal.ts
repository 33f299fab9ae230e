import { z } from 'zod';
import { GOVERNMENT_FEE_CURRENCIES, MAX_GOVERNMENT_FEE_CENTS, PORTAL_MESSAGES, PORTAL_REFERENCE_MAX, PORTAL_STATES } from '../domain/portal-ledger.js';
import { londonMidnight } from '../domain/working-days.js';
import { isCalendarDate, toCalendarDate } from './dates.js';

export const PAID_AT_MESSAGE = 'The payment date must be a date such as 2026-11-05 (or a full ISO time).';

/**
 * A payment date: 'YYYY-MM-DD' (a date input; London's midnight that day) or a full ISO time with
 * its offset. Null clears it.
 */
const paidAtSchema = z
  .string({ error: PAID_AT_MESSAGE })
  .trim()
  .transform((value, ctx) => {
    if (isCalendarDate(value)) return londonMidnight(value);
    const day = toCalendarDate(value);
    const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) && day ? new Date(value) : null;
    if (instant && !Number.isNaN(instant.getTime())) return instant;
    ctx.addIssue({ code: 'custom', message: PAID_AT_MESSAGE });
    return z.NEVER;
  });

/**
 * PUT /api/admin/applications/{id}/portal (docs/product.md §7.6): the whole ledger but its receipt.
 * The rules across fields (fee and date together, no future payment, `granted` needs a reference)
 * are core/domain/portal-ledger.ts's checkPortalLedger.
 */
export const portalLedgerSchema = z.object({
  reference: z
    .string({ error: PORTAL_MESSAGES.reference })
    .trim()
    .max(PORTAL_REFERENCE_MAX, PORTAL_MESSAGES.reference)
    .nullable()
    .optional()
    .transform((v) => v || null),
  state: z.enum(PORTAL_STATES, { error: PORTAL_MESSAGES.state }),
  // Cents as a JSON number: "2500", 25.5 and -1 are refused (never rounded or coerced).
  governmentFeeCents: z
    .number({ error: PORTAL_MESSAGES.fee })
    .int(PORTAL_MESSAGES.fee)
    .min(0, PORTAL_MESSAGES.fee)
    .max(MAX_GOVERNMENT_FEE_CENTS, PORTAL_MESSAGES.feeTooLarge)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  governmentFeeCurrency: z.enum(GOVERNMENT_FEE_CURRENCIES, { error: PORTAL_MESSAGES.currency }).optional().default('USD'),
  paidAt: paidAtSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type PortalLedgerBody = z.input<typeof portalLedgerSchema>;

export const FEE_DATE_MESSAGE = 'The date the fee takes effect must be a date such as 2026-12-01.';
export const FEE_AMOUNT_MESSAGE = 'An amount must be more than 0, with at most 2 decimals, such as 45.00.';

/** '45', '45.5' or '45.00' → 4500 minor units; anything else (negative, 0, three decimals, text) null. */
export function minorUnitsOf(text: string): number | null {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return value > 0 ? value : null;
}

/** A government fee entry (`evisa government-fee set`): the date it takes effect, the USD amount in cents, what it is booked at in pence. */
export const governmentFeeSchema = z.object({
  effectiveFrom: z.string({ error: FEE_DATE_MESSAGE }).trim().refine(isCalendarDate, FEE_DATE_MESSAGE),
  amountCents: z.number({ error: FEE_AMOUNT_MESSAGE }).int(FEE_AMOUNT_MESSAGE).positive(FEE_AMOUNT_MESSAGE).max(MAX_GOVERNMENT_FEE_CENTS, FEE_AMOUNT_MESSAGE),
  pence: z.number({ error: FEE_AMOUNT_MESSAGE }).int(FEE_AMOUNT_MESSAGE).positive(FEE_AMOUNT_MESSAGE).max(MAX_GOVERNMENT_FEE_CENTS, FEE_AMOUNT_MESSAGE),
});
export type GovernmentFeeInput = z.output<typeof governmentFeeSchema>;
