import { z } from 'zod';
import { PASSWORD_RESET_INVALID_MESSAGE } from '../domain/password-reset.js';
import { emailField } from './fields.js';
import { newPasswordField } from './profile.js';

/** POST /api/password-reset: the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequestInput = z.output<typeof passwordResetRequestSchema>;

/** POST /api/password-reset/confirm: the link's token and the new password (the password rules of docs/product.md §5.8). */
export const passwordResetSchema = z.object({
  token: z.string({ error: PASSWORD_RESET_INVALID_MESSAGE }).trim().min(1, PASSWORD_RESET_INVALID_MESSAGE).max(200, PASSWORD_RESET_INVALID_MESSAGE),
  newPassword: newPasswordField,
});
export type PasswordResetInput = z.output<typeof passwordResetSchema>;
