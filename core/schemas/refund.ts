import { z } from 'zod';
import { msg } from '../i18n/index.js';
import { PAYMENT_TYPES } from '../domain/fees.js';
import { MAX_REFUND_PENCE } from '../domain/refund.js';
import { idSchemaFor } from './ids.js';

export const REFUND_AMOUNT_MESSAGE = 'The amount must be a whole number of pence, at least 1';
export const REFUND_REASON_MESSAGE = msg('Please give a reason for the refund (at most 500 characters)');

/** POST /api/admin/applications/{id}/refunds (docs/product.md §4.7): a staff refund of one fee, in full or in part. */
export const refundRequestSchema = z.object({
  paymentType: z.enum(PAYMENT_TYPES, { error: 'The payment type must be initial or final' }),
  // Pence as a JSON number: "1000", 10.5, 0 and -5 are refused (never rounded or coerced).
  amountPence: z.number({ error: REFUND_AMOUNT_MESSAGE }).int(REFUND_AMOUNT_MESSAGE).positive(REFUND_AMOUNT_MESSAGE).max(MAX_REFUND_PENCE, `The amount must be at most ${MAX_REFUND_PENCE} pence`),
  reason: z.string({ error: REFUND_REASON_MESSAGE }).trim().min(1, REFUND_REASON_MESSAGE).max(500, REFUND_REASON_MESSAGE),
});
export type RefundRequestInput = z.output<typeof refundRequestSchema>;

/** A refund id in a path. */
export const refundIdSchema = idSchemaFor('Unknown refund.', 'Refund');
