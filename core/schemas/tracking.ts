import { z } from 'zod';
import { APPLICATION_NUMBER_MESSAGE, APPLICATION_NUMBER_PATTERN, normaliseApplicationNumber, TRACKING_CODE_FORMAT_MESSAGE } from '../domain/tracking.js';
import { emailField } from './fields.js';

/** An application number as typed ('ev-2611-7k3qx9 ' too), read as issued (docs/product.md §16.1). */
export const applicationNumberField = z
  .string({ error: APPLICATION_NUMBER_MESSAGE })
  .max(40, APPLICATION_NUMBER_MESSAGE)
  .transform(normaliseApplicationNumber)
  .pipe(z.string().regex(APPLICATION_NUMBER_PATTERN, APPLICATION_NUMBER_MESSAGE));

/** The mailed 6-digit code; spaces typed between its digits are dropped. */
export const trackingCodeField = z
  .string({ error: TRACKING_CODE_FORMAT_MESSAGE })
  .max(20, TRACKING_CODE_FORMAT_MESSAGE)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TRACKING_CODE_FORMAT_MESSAGE));

/** POST /api/track/request: which application, and the email of its account. */
export const trackRequestSchema = z.object({ applicationNumber: applicationNumberField, email: emailField });
export type TrackRequestInput = z.output<typeof trackRequestSchema>;

/** POST /api/track/verify: the same, and the mailed code. */
export const trackVerifySchema = z.object({ applicationNumber: applicationNumberField, email: emailField, code: trackingCodeField });
export type TrackVerifyInput = z.output<typeof trackVerifySchema>;

/** POST /api/track/forgot: the address whose application numbers to mail. */
export const trackForgotSchema = z.object({ email: emailField });
export type TrackForgotInput = z.output<typeof trackForgotSchema>;
