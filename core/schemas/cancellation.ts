import { z } from 'zod';

export const CANCELLATION_REASON_MAX = 1000;
export const CANCELLATION_MESSAGE_MAX = 2000;

/** POST /api/applications/{id}/cancel: an optional reason. */
export const cancelApplicationSchema = z.object({
  reason: z
    .string({ error: 'The reason must be text.' })
    .trim()
    .max(CANCELLATION_REASON_MAX, `The reason can be at most ${CANCELLATION_REASON_MAX} characters.`)
    .nullish()
    .transform((reason) => (reason ? reason : null)),
});
export type CancelApplicationInput = z.output<typeof cancelApplicationSchema>;

const staffMessage = z
  .string({ error: 'Please write a message to the applicant.' })
  .trim()
  .min(1, 'Please write a message to the applicant.')
  .max(CANCELLATION_MESSAGE_MAX, `The message can be at most ${CANCELLATION_MESSAGE_MAX} characters.`);

/** POST /api/admin/applications/{id}/cancellation: staff accept (with a refund of their choosing, 0 allowed) or decline with a message. */
export const cancellationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('accept'),
      refundPence: z.number({ error: 'The refund must be a whole number of pence.' }).int('The refund must be a whole number of pence.').min(0, 'The refund cannot be negative.'),
      message: staffMessage.nullish().transform((message) => message ?? null),
    }),
    z.object({ decision: z.literal('decline'), message: staffMessage }),
  ],
  { error: 'The decision must be accept or decline.' },
);
export type CancellationDecisionBody = z.output<typeof cancellationDecisionSchema>;
