import { z } from 'zod';
import { PASSWORD_MAX, phoneField } from './fields.js';
import { PASSWORDS_DONT_MATCH } from './auth.js';

/** SPEC §5 Profile: only the phone number can be changed. */
export const profileSchema = z.object({ phoneNumber: phoneField });
export type ProfileInput = z.output<typeof profileSchema>;

/** What the server accepts (PUT /api/user/change-password). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, 'Current password is required'),
  newPassword: z
    .string({ error: 'New password must be at least 6 characters' })
    .min(6, 'New password must be at least 6 characters')
    .max(PASSWORD_MAX, 'New password must be at most 200 characters'),
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The profile page's form: plus the confirmation, checked here and never sent. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: 'Please confirm your new password' })
      .min(6, 'Please confirm your new password'),
  })
  .superRefine((value, ctx) => {
    const v = value as { newPassword?: unknown; confirmPassword?: unknown };
    if (typeof v.confirmPassword === 'string' && v.confirmPassword.length >= 6 && v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });
    }
  }, { when: () => true });
export type ChangePasswordFormInput = z.output<typeof changePasswordFormSchema>;
