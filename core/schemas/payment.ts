import { z } from 'zod';
import { PAYMENT_TYPES } from '../domain/fees.js';

/** POST /api/payments/{paymentType}/confirm/{applicationId}. */
export const paymentConfirmSchema = z.object({
  paymentIntentId: z
    .string({ error: 'No payment confirmation received. Please try again.' })
    .trim()
    .min(1, 'No payment confirmation received. Please try again.')
    .max(255, 'The payment id is too long'),
});
export type PaymentConfirmInput = z.output<typeof paymentConfirmSchema>;

export const paymentTypeSchema = z.enum(PAYMENT_TYPES, { error: 'The payment type must be initial or final' });

/** A payment intent id (or client secret) in a path. */
export const paymentIntentIdSchema = z.string().trim().min(1, 'Unknown payment.').max(255, 'Unknown payment.');

export const SERVICE_START_REQUIRED_MESSAGE = 'Please confirm that you want us to start work at once and that you understand what this means for your right to cancel.';

/**
 * POST /api/payments/initial/{applicationId} (and a family's): before the first payment the applicant
 * asks for the work to start at once within the 14-day cancellation period and acknowledges what that
 * means (`startNow: true`, stored with the application). No body is accepted too (older clients).
 */
export const paymentStartSchema = z.object({
  startNow: z.literal(true, { error: SERVICE_START_REQUIRED_MESSAGE }).optional(),
});
