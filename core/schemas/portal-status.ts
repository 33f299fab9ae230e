import { z } from 'zod';
import { PORTAL_MESSAGE_MAX, PORTAL_STATES_SWITCHED } from '../domain/portal-outage.js';

export const PORTAL_STATUS_MESSAGES = {
  state: `The portal status must be one of ${PORTAL_STATES_SWITCHED.join(', ')}.`,
  message: 'Say what is wrong with the portal: travellers read this message on every page while it is down.',
  tooLong: `The message must be at most ${PORTAL_MESSAGE_MAX} characters.`,
} as const;

/**
 * POST /api/admin/portal-status, `evisa portal-status` and the admin form (decision 0032): `down`
 * needs a message (shown to travellers); `up` takes none (one sent is ignored).
 */
export const portalStatusSchema = z
  .object({
    state: z.enum(PORTAL_STATES_SWITCHED, { error: PORTAL_STATUS_MESSAGES.state }),
    message: z
      .string({ error: PORTAL_STATUS_MESSAGES.message })
      .trim()
      .max(PORTAL_MESSAGE_MAX, PORTAL_STATUS_MESSAGES.tooLong)
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((input, ctx) => {
    if (input.state === 'down' && input.message === null) ctx.addIssue({ code: 'custom', path: ['message'], message: PORTAL_STATUS_MESSAGES.message });
  });

export type PortalStatusInput = z.input<typeof portalStatusSchema>;
