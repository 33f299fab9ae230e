import { z } from 'zod';
import { PASSWORD_MAX } from './fields.js';

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes';

/** A code as an authenticator app shows it (spaces allowed: "123 456"). */
export const oneTimeCodeField = z
  .string({ error: CODE_MESSAGE })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/** POST /api/user/two-factor/enable: the first code from the app confirms the set-up. */
export const enableTwoFactorSchema = z.object({ code: oneTimeCodeField });
export type EnableTwoFactorInput = z.output<typeof enableTwoFactorSchema>;

/** POST /api/user/two-factor/disable: the account's password turns it off (the phone may be lost). */
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(PASSWORD_MAX, 'Please enter your password'),
});
export type DisableTwoFactorInput = z.output<typeof disableTwoFactorSchema>;

/** POST /api/login/two-factor: a code from the app, or one of the recovery codes. */
export const secondStepSchema = z.union(
  [z.object({ code: oneTimeCodeField }), z.object({ recoveryCode: z.string({ error: RECOVERY_CODE_MESSAGE }).trim().min(8, RECOVERY_CODE_MESSAGE).max(64, RECOVERY_CODE_MESSAGE) })],
  { error: CODE_MESSAGE },
);
export type SecondStepInput = z.output<typeof secondStepSchema>;
